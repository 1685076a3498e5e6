// PodSecurity admission (kube's pod-security-admission, built in): the namespace labels
// pod-security.kubernetes.io/{enforce,audit,warn}[-version] choose a level (privileged, baseline, restricted) and a
// policy version per mode; pods violating the enforce level are refused, the warn level adds a Warning, the audit
// level an audit annotation. Workload resources with a pod template get warnings and audit annotations only.
// Namespace writes must carry valid labels; raising a namespace's enforce level warns about the pods already there.
// Defaults and exemptions come from the PodSecurityConfiguration of --admission-control-config-file.
import { invalid } from '../errors/status.js';
import { aggregateFieldErrors, fieldErr, type FieldError } from '../errors/field-error.js';
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden } from './forbidden.js';
import { evaluatePod, forbiddenDetail, forbiddenReason, MAX_POLICY_MINOR, type Level, type Minor } from './pod-security-checks.js';

const PREFIX = 'pod-security.kubernetes.io/';
const MODES = ['enforce', 'audit', 'warn'] as const;
type Mode = (typeof MODES)[number];
const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];
const LATEST = Infinity;
const MAX_PODS_TO_CHECK = 3000;

interface LevelVersion {
  level: Level;
  minor: Minor;
}
type Policy = Record<Mode, LevelVersion>;

const lvString = (lv: LevelVersion) => `${lv.level}:${lv.minor === LATEST ? 'latest' : `v1.${lv.minor}`}`;
const sameLV = (a: LevelVersion, b: LevelVersion) => a.level === b.level && a.minor === b.minor;
const strictness = (l: Level) => LEVELS.indexOf(l);

function parseVersion(v: string): Minor | undefined {
  if (v === 'latest') return LATEST;
  const m = /^v1\.(0|[1-9][0-9]*)$/.exec(v);
  return m ? Number(m[1]) : undefined;
}

export interface PodSecurityConfig {
  defaults: Policy;
  exemptions: { usernames: string[]; namespaces: string[]; runtimeClasses: string[] };
}

/** The plug-in's configuration from a PodSecurityConfiguration object (absent: privileged everywhere, no exemptions). */
export function podSecurityConfig(doc: Record<string, unknown> | undefined): PodSecurityConfig {
  const d = (doc?.defaults ?? {}) as Record<string, string>;
  const ex = (doc?.exemptions ?? {}) as Record<string, string[]>;
  const policy = {} as Policy;
  for (const mode of MODES) {
    const level = d[mode] ?? 'privileged';
    const version = d[`${mode}-version`] ?? 'latest';
    if (!LEVELS.includes(level as Level)) throw new Error(`failed to read plugin config: defaults.${mode}: Invalid value: ${JSON.stringify(level)}: must be one of privileged, baseline, restricted`);
    const minor = parseVersion(version);
    if (minor === undefined) throw new Error(`failed to read plugin config: defaults.${mode}-version: Invalid value: ${JSON.stringify(version)}: must be "latest" or "v1.x"`);
    policy[mode] = { level: level as Level, minor };
  }
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return { defaults: policy, exemptions: { usernames: list(ex.usernames), namespaces: list(ex.namespaces), runtimeClasses: list(ex.runtimeClasses) } };
}

/** kube's PolicyToEvaluate: the labels over the defaults, with a field error per bad label. */
function policyFromLabels(labels: Record<string, string> | undefined, defaults: Policy): { policy: Policy; errs: FieldError[] } {
  const policy: Policy = { enforce: { ...defaults.enforce }, audit: { ...defaults.audit }, warn: { ...defaults.warn } };
  const errs: FieldError[] = [];
  if (!labels) return { policy, errs };
  for (const mode of MODES) {
    const levelLabel = PREFIX + mode;
    if (levelLabel in labels) {
      const v = labels[levelLabel]!;
      if (LEVELS.includes(v as Level)) policy[mode].level = v as Level;
      else {
        // An unreadable level enforces restricted and fails open for audit and warn.
        policy[mode].level = mode === 'enforce' ? 'restricted' : 'privileged';
        errs.push(fieldErr.invalid(`metadata.labels[${levelLabel}]`, v, `must be one of ${LEVELS.join(', ')}`));
      }
    }
    const versionLabel = `${levelLabel}-version`;
    if (versionLabel in labels) {
      const v = labels[versionLabel]!;
      const minor = parseVersion(v);
      policy[mode].minor = minor ?? LATEST;
      if (minor === undefined) errs.push(fieldErr.invalid(`metadata.labels[${versionLabel}]`, v, 'must be "latest" or "v1.x"'));
    }
  }
  return { policy, errs };
}

/** The pod metadata and spec a workload object carries (kube's DefaultPodSpecExtractor). */
function podTemplateOf(resource: string, obj: KubeObject): { meta: KubeObject; spec: KubeObject } | undefined {
  const t =
    resource === 'podtemplates' ? obj.template : resource === 'cronjobs' ? obj.spec?.jobTemplate?.spec?.template : obj.spec?.template;
  if (!t || typeof t !== 'object') return resource === 'replicationcontrollers' ? undefined : { meta: {}, spec: {} };
  return { meta: t.metadata ?? {}, spec: t.spec ?? {} };
}

const WORKLOADS = new Set(['/podtemplates', '/replicationcontrollers', 'apps/replicasets', 'apps/deployments', 'apps/statefulsets', 'apps/daemonsets', 'batch/jobs', 'batch/cronjobs']);
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

export interface PodSecurityDeps {
  getNamespace(name: string): Promise<KubeObject | undefined>;
  listPods(namespace: string): Promise<KubeObject[]>;
}

export class PodSecurity implements AdmissionPlugin {
  readonly name = 'PodSecurity';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);

  constructor(
    private readonly deps: PodSecurityDeps,
    private readonly config: PodSecurityConfig = podSecurityConfig(undefined),
  ) {}

  async validate(a: AdmissionAttributes): Promise<void> {
    const { group, resource } = a.resource;
    if (group === '' && resource === 'namespaces') return this.validateNamespace(a);
    if (group === '' && resource === 'pods') return this.validatePod(a);
    if (WORKLOADS.has(`${group}/${resource}`)) return this.validateWorkload(a);
  }

  private exemptNamespace(ns: string): boolean {
    return ns !== '' && this.config.exemptions.namespaces.includes(ns);
  }

  private exemptUser(a: AdmissionAttributes): boolean {
    const user = a.user?.name ?? '';
    return user !== '' && this.config.exemptions.usernames.includes(user);
  }

  private async namespacePolicy(a: AdmissionAttributes) {
    const ns = await this.deps.getNamespace(a.namespace);
    return policyFromLabels(ns?.metadata?.labels, this.config.defaults);
  }

  private async validateNamespace(a: AdmissionAttributes): Promise<void> {
    if (a.subresource || !a.object) return;
    const now = policyFromLabels(a.object.metadata?.labels, this.config.defaults);
    const fail = () => invalid({ group: '', kind: 'Namespace' }, a.object?.metadata?.name ?? a.name, now.errs);
    if (a.operation === 'CREATE') {
      if (now.errs.length) throw fail();
      return;
    }
    const before = policyFromLabels(a.oldObject?.metadata?.labels, this.config.defaults);
    if (now.errs.length && (!before.errs.length || JSON.stringify(now.errs) !== JSON.stringify(before.errs))) throw fail();
    const next = now.policy.enforce;
    const prev = before.policy.enforce;
    if (sameLV(next, prev) || next.level === 'privileged') return;
    if (next.minor === prev.minor && strictness(next.level) <= strictness(prev.level)) return;
    const name: string = a.object.metadata?.name ?? a.name;
    if (this.exemptNamespace(name)) return;
    a.context.warnings.push(...(await this.existingPodWarnings(name, next)));
  }

  /** kube's EvaluatePodsInNamespace: one warning per distinct violation, naming the first pod and how many more. */
  private async existingPodWarnings(namespace: string, enforce: LevelVersion): Promise<string[]> {
    let pods: KubeObject[];
    try {
      pods = await this.deps.listPods(namespace);
    } catch {
      return ['failed to list pods while checking new PodSecurity enforce level'];
    }
    // One pod per controller first, then the other replicas.
    const seen = new Set<string>();
    const first: KubeObject[] = [];
    const rest: KubeObject[] = [];
    for (const p of pods) {
      const rc = p.spec?.runtimeClassName;
      if (rc && this.config.exemptions.runtimeClasses.includes(rc)) continue;
      const owner = (p.metadata?.ownerReferences ?? []).find((r: KubeObject) => r?.controller === true)?.uid;
      if (!owner) first.push(p);
      else if (seen.has(owner)) rest.push(p);
      else {
        seen.add(owner);
        first.push(p);
      }
    }
    const ordered = [...first, ...rest];
    const total = ordered.length;
    const checked = ordered.slice(0, MAX_PODS_TO_CHECK);
    const counts = new Map<string, { pod: string; n: number }>();
    const order: string[] = [];
    for (const p of checked) {
      const r = evaluatePod(enforce.level, enforce.minor, p.metadata ?? {}, p.spec ?? {});
      if (!r.length) continue;
      const w = forbiddenReason(r);
      const name = String(p.metadata?.name ?? '');
      const c = counts.get(w);
      if (!c) {
        counts.set(w, { pod: name, n: 1 });
        order.push(w);
      } else {
        c.n++;
        if (name < c.pod) c.pod = name;
      }
    }
    const out: string[] = [];
    if (checked.length < total) out.push(`new PodSecurity enforce level only checked against the first ${checked.length} of ${total} existing pods`);
    if (order.length) out.push(`existing pods in namespace ${JSON.stringify(namespace)} violate the new PodSecurity enforce level ${JSON.stringify(lvString(enforce))}`);
    const decorated = order.map((w) => {
      const c = counts.get(w)!;
      if (c.n === 1) return `${c.pod}: ${w}`;
      if (c.n === 2) return `${c.pod} (and 1 other pod): ${w}`;
      return `${c.pod} (and ${c.n - 1} other pods): ${w}`;
    });
    // Go's sort.Strings: byte order.
    decorated.sort((x, y) => (Buffer.compare(Buffer.from(x), Buffer.from(y))));
    return [...out, ...decorated];
  }

  private async validatePod(a: AdmissionAttributes): Promise<void> {
    if (IGNORED_POD_SUBRESOURCES.has(a.subresource) || !a.object) return;
    if (this.exemptNamespace(a.namespace) || this.exemptUser(a)) return;
    const { policy, errs } = await this.namespacePolicy(a);
    if (!errs.length && policy.enforce.level === 'privileged' && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
    if (a.operation === 'UPDATE' && a.oldObject && !significantPodUpdate(a.object, a.oldObject)) return;
    this.evaluate(a, policy, errs, a.object.metadata ?? {}, a.object.spec ?? {}, true);
  }

  private async validateWorkload(a: AdmissionAttributes): Promise<void> {
    if (a.subresource || !a.object) return;
    if (this.exemptNamespace(a.namespace) || this.exemptUser(a)) return;
    const { policy, errs } = await this.namespacePolicy(a);
    if (!errs.length && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
    const t = podTemplateOf(a.resource.resource, a.object);
    if (!t) return;
    this.evaluate(a, policy, errs, t.meta, t.spec, false);
  }

  private evaluate(a: AdmissionAttributes, policy: Policy, errs: FieldError[], meta: KubeObject, spec: KubeObject, enforce: boolean): void {
    const rc = spec.runtimeClassName;
    if (rc && this.config.exemptions.runtimeClasses.includes(rc)) return;
    const annotations: Record<string, string> = {};
    if (errs.length) annotations.error = `Failed to parse policy: ${aggregate(errs)}`;
    const cache = new Map<string, string>();
    const detail = (lv: LevelVersion) => {
      const key = lvString(lv);
      if (!cache.has(key)) cache.set(key, forbiddenDetail(evaluatePod(lv.level, lv.minor, meta, spec)));
      return cache.get(key)!;
    };
    let refusal: string | undefined;
    if (enforce) {
      annotations['enforce-policy'] = lvString(policy.enforce);
      const d = detail(policy.enforce);
      if (d) refusal = `violates PodSecurity ${JSON.stringify(lvString(policy.enforce))}: ${d}`;
    }
    const audit = detail(policy.audit);
    if (audit) annotations['audit-violations'] = `would violate PodSecurity ${JSON.stringify(lvString(policy.audit))}: ${audit}`;
    if (a.context.auditAnnotations) for (const [k, v] of Object.entries(annotations)) a.context.auditAnnotations[PREFIX + k] = v;
    else if (Object.keys(annotations).length) a.context.auditAnnotations = Object.fromEntries(Object.entries(annotations).map(([k, v]) => [PREFIX + k, v]));
    if (refusal) throw admissionForbidden(a, refusal);
    const warn = detail(policy.warn);
    if (warn) a.context.warnings.push(`would violate PodSecurity ${JSON.stringify(lvString(policy.warn))}: ${warn}`);
  }
}

/** Go's field.ErrorList.ToAggregate() text. */
const aggregate = (errs: FieldError[]) => aggregateFieldErrors(errs);

/** kube's isSignificantPodUpdate: only a changed image (or seccomp annotation) or container set is re-evaluated. */
function significantPodUpdate(pod: KubeObject, old: KubeObject): boolean {
  const list = (o: KubeObject, k: string): KubeObject[] => (Array.isArray(o.spec?.[k]) ? o.spec[k] : []);
  const ann = (o: KubeObject, k: string) => o.metadata?.annotations?.[k];
  const changed = (c: KubeObject, oc: KubeObject) => c.image !== oc.image || ann(pod, `container.seccomp.security.alpha.kubernetes.io/${c.name}`) !== ann(old, `container.seccomp.security.alpha.kubernetes.io/${c.name}`);
  for (const k of ['containers', 'initContainers']) {
    const now = list(pod, k);
    const before = list(old, k);
    if (now.length !== before.length) return true;
    if (now.some((c, i) => changed(c, before[i]!))) return true;
  }
  const beforeEphemeral = list(old, 'ephemeralContainers');
  for (const c of list(pod, 'ephemeralContainers')) {
    const oc = beforeEphemeral.find((x) => x.name === c.name);
    if (!oc || changed(c, oc)) return true;
  }
  return false;
}

export { MAX_POLICY_MINOR };
