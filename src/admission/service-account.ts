// ServiceAccount admission (kube's plugin/pkg/admission/serviceaccount): a new pod runs as the service account
// "default" unless it names one; the account must exist; unless automounting is turned off (the pod's choice wins
// over the account's) every container and init container mounts a projected volume kube-api-access-<5 chars> with
// a bound token, the cluster CA and the namespace; the account's imagePullSecrets are copied to a pod that has none.
// Mirror pods are refused any service account or secret; the account's mountable-secrets annotation is enforced.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden } from './forbidden.js';

export const DEFAULT_SERVICE_ACCOUNT = 'default';
const VOLUME_PREFIX = 'kube-api-access-';
const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
const ENFORCE_MOUNTABLE = 'kubernetes.io/enforce-mountable-secrets';
/** kube's WarnOnlyBoundTokenExpirationSeconds: one hour and seven seconds. */
const TOKEN_EXPIRATION_SECONDS = 3607;
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** The projected volume source kube mounts (defaultMode set explicitly: in-tree admission runs after defaulting). */
export function tokenVolumeSource(): KubeObject {
  return {
    sources: [
      { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
    defaultMode: 420,
  };
}

function suffix(): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return s;
}

export class ServiceAccountAdmission implements AdmissionPlugin {
  readonly name = 'ServiceAccount';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['', 'pods']] as const;

  /** `getAccount` reads the cache first and the store when missing; `retryMs` spaces the retries for "default". */
  constructor(
    private readonly getAccount: (namespace: string, name: string) => Promise<KubeObject | undefined>,
    private readonly retryMs = () => 100 + randomInt(100),
  ) {}

  private ignored(a: AdmissionAttributes): boolean {
    return a.resource.group !== '' || a.resource.resource !== 'pods' || (a.subresource !== '' && a.subresource !== 'ephemeralcontainers') || !a.object;
  }

  /** The account, waiting a little for "default" (its controller creates it just after the namespace). */
  private async account(a: AdmissionAttributes, name: string): Promise<KubeObject> {
    const attempts = name === DEFAULT_SERVICE_ACCOUNT ? 10 : 1;
    for (let i = 0; i < attempts; i++) {
      if (i) await sleep(this.retryMs());
      const sa = await this.getAccount(a.namespace, name);
      if (sa) return sa;
    }
    throw admissionForbidden(a, `error looking up service account ${a.namespace}/${name}: serviceaccount ${JSON.stringify(name)} not found`);
  }

  async admit(a: AdmissionAttributes): Promise<void> {
    if (this.ignored(a) || a.operation !== 'CREATE') return;
    const pod = a.object!;
    if (pod.metadata?.annotations?.[MIRROR_ANNOTATION] !== undefined) return;
    const spec = (pod.spec ??= {});
    if (!spec.serviceAccountName) spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT;
    const sa = await this.account(a, spec.serviceAccountName);
    const automount = spec.automountServiceAccountToken ?? sa.automountServiceAccountToken ?? true;
    if (automount) this.mountToken(spec);
    if (!Array.isArray(spec.imagePullSecrets) || spec.imagePullSecrets.length === 0) {
      const copied = (Array.isArray(sa.imagePullSecrets) ? sa.imagePullSecrets : []).map((r: KubeObject) => ({ name: r?.name ?? '' }));
      if (copied.length) spec.imagePullSecrets = copied;
      else delete spec.imagePullSecrets;
    }
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    if (this.ignored(a)) return;
    const pod = a.object!;
    const spec = pod.spec ?? {};
    if (a.operation === 'UPDATE' && a.subresource === 'ephemeralcontainers') {
      if (!spec.serviceAccountName) throw admissionForbidden(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
      const sa = await this.account(a, spec.serviceAccountName);
      if (enforcesMountable(sa)) {
        const problem = secretReferenceProblem(sa, spec.ephemeralContainers, 'ephemeral container');
        if (problem) throw admissionForbidden(a, problem);
      }
      return;
    }
    if (a.operation !== 'CREATE') return;
    if (pod.metadata?.annotations?.[MIRROR_ANNOTATION] !== undefined) {
      if (spec.serviceAccountName) throw admissionForbidden(a, 'a mirror pod may not reference service accounts');
      if (referencesSecrets(spec)) throw admissionForbidden(a, 'a mirror pod may not reference secrets');
      for (const v of spec.volumes ?? []) {
        if ((v?.projected?.sources ?? []).some((s: KubeObject) => s?.serviceAccountToken)) throw admissionForbidden(a, 'a mirror pod may not use ServiceAccountToken volume projections');
      }
      return;
    }
    if (!spec.serviceAccountName) throw admissionForbidden(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
    const sa = await this.account(a, spec.serviceAccountName);
    if (!enforcesMountable(sa)) return;
    const mountable = new Set<string>((sa.secrets ?? []).map((s: KubeObject) => s?.name));
    for (const v of spec.volumes ?? []) {
      const secretName = v?.secret?.secretName;
      if (v?.secret && !mountable.has(secretName)) {
        throw admissionForbidden(a, `volume with secret.secretName="${secretName ?? ''}" is not allowed because service account ${sa.metadata?.name} does not reference that secret`);
      }
    }
    const problem = secretReferenceProblem(sa, spec.initContainers, 'init container') ?? secretReferenceProblem(sa, spec.containers, 'container');
    if (problem) throw admissionForbidden(a, problem);
    const pullable = new Set<string>((sa.imagePullSecrets ?? []).map((s: KubeObject) => s?.name));
    (spec.imagePullSecrets ?? []).forEach((r: KubeObject, i: number) => {
      if (!pullable.has(r?.name)) {
        throw admissionForbidden(a, `imagePullSecrets[${i}].name="${r?.name ?? ''}" is not allowed because service account ${sa.metadata?.name} does not reference that imagePullSecret`);
      }
    });
  }

  private mountToken(spec: KubeObject): void {
    const volumes: KubeObject[] = Array.isArray(spec.volumes) ? spec.volumes : [];
    const existing = volumes.find((v) => typeof v?.name === 'string' && v.name.startsWith(VOLUME_PREFIX));
    const volumeName: string = existing?.name ?? VOLUME_PREFIX + suffix();
    let needed = false;
    for (const list of [spec.initContainers, spec.containers]) {
      for (const c of Array.isArray(list) ? list : []) {
        const mounts: KubeObject[] = Array.isArray(c.volumeMounts) ? c.volumeMounts : [];
        if (mounts.some((m) => m?.mountPath === TOKEN_MOUNT_PATH)) continue;
        c.volumeMounts = [...mounts, { name: volumeName, readOnly: true, mountPath: TOKEN_MOUNT_PATH }];
        needed = true;
      }
    }
    if (!existing && needed) spec.volumes = [...volumes, { name: volumeName, projected: tokenVolumeSource() }];
  }
}

function enforcesMountable(sa: KubeObject): boolean {
  const v = sa.metadata?.annotations?.[ENFORCE_MOUNTABLE];
  return v !== undefined && ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(v);
}

/** kube's texts for a container's env or envFrom naming a secret the account does not list. */
function secretReferenceProblem(sa: KubeObject, containers: unknown, what: string): string | undefined {
  const mountable = new Set<string>((sa.secrets ?? []).map((s: KubeObject) => s?.name));
  const account = sa.metadata?.name ?? '';
  for (const c of Array.isArray(containers) ? (containers as KubeObject[]) : []) {
    for (const e of c.env ?? []) {
      const ref = e?.valueFrom?.secretKeyRef;
      if (ref && !mountable.has(ref.name)) {
        return `${what} ${c.name} with envVar ${e.name} referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${account} does not reference that secret`;
      }
    }
    for (const e of c.envFrom ?? []) {
      const ref = e?.secretRef;
      if (ref && !mountable.has(ref.name)) {
        return `${what} ${c.name} with envFrom referencing secret.secretName="${ref.name ?? ''}" is not allowed because service account ${account} does not reference that secret`;
      }
    }
  }
  return undefined;
}

/** Whether a pod names any secret (volumes, projected sources, env, envFrom, image pull secrets). */
function referencesSecrets(spec: KubeObject): boolean {
  if ((spec.imagePullSecrets ?? []).length) return true;
  for (const v of spec.volumes ?? []) {
    if (v?.secret || v?.azureFile || v?.cephfs?.secretRef || v?.cinder?.secretRef || v?.flexVolume?.secretRef || v?.rbd?.secretRef || v?.scaleIO?.secretRef || v?.iscsi?.secretRef || v?.storageos?.secretRef || v?.csi?.nodePublishSecretRef) return true;
    if ((v?.projected?.sources ?? []).some((s: KubeObject) => s?.secret)) return true;
  }
  for (const list of [spec.initContainers, spec.containers, spec.ephemeralContainers]) {
    for (const c of Array.isArray(list) ? list : []) {
      if ((c.env ?? []).some((e: KubeObject) => e?.valueFrom?.secretKeyRef)) return true;
      if ((c.envFrom ?? []).some((e: KubeObject) => e?.secretRef)) return true;
    }
  }
  return false;
}
