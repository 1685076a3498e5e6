// ResourceQuota admission (kube's apiserver/pkg/admission/plugin/resourcequota): the last validating step. A create
// (or a claim's resize) is measured against every quota of the namespace whose scopes match; exceeding one refuses
// the write with kube's "exceeded quota" text, a quota without the usage of a requested resource in its status with
// "status unknown", a pod without the requests or limits a quota tracks with "must specify"; otherwise status.used
// of each quota is raised before the object is written, as kube does. A quota restricts nothing until its
// controller has filled status.hard.
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';
import { parseQuantity } from '../registry/validation/quantity.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden } from './forbidden.js';
import { masked, prettyPrint, scopesMatch, usageOf, type Usage } from './quota-usage.js';

export interface QuotaDeps {
  listQuotas(namespace: string): Promise<KubeObject[]>;
  /** Applies `change` to the quota's current status and writes it (retrying on conflicts); false when it is gone. */
  updateStatus(namespace: string, name: string, change: (quota: KubeObject) => void): Promise<boolean>;
}

const COMPUTE = ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory', 'cpu', 'memory'];

function diff(now: Usage, before: Usage): Usage {
  const out: Usage = new Map(now);
  for (const [k, v] of before) {
    const cur = out.get(k) ?? parseQuantity('0')!;
    out.set(k, cur.sub(v));
  }
  return out;
}

/** Resources a pod must state for a quota tracking them (kube's podComputeUsageHelper "must specify"). */
function missingCompute(pod: KubeObject, tracked: string[]): string[] {
  const need = tracked.filter((n) => COMPUTE.includes(n)).sort();
  const out: string[] = [];
  for (const n of need) {
    const [field, res] = n.includes('.') ? (n.split('.') as ['requests' | 'limits', string]) : (['requests', n] as const);
    const lacking = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]
      .filter((c: KubeObject) => !(res in (c?.resources?.[field] ?? {})))
      .map((c: KubeObject) => String(c?.name ?? ''));
    if (lacking.length) out.push(`${n} for: ${lacking.join(',')}`);
  }
  return out;
}

export class ResourceQuotaAdmission implements AdmissionPlugin {
  readonly name = 'ResourceQuota';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);

  constructor(private readonly deps: QuotaDeps) {}

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!a.namespace || !a.object || a.subresource) return;
    const { group, resource } = a.resource;
    if (a.operation === 'UPDATE' && !(group === '' && resource === 'persistentvolumeclaims')) return;
    // A quota restricts once its controller has filled status.hard (kube reads the tracked names from there).
    const quotas = (await this.deps.listQuotas(a.namespace)).filter((q) => Object.keys(q.status?.hard ?? {}).length);
    if (!quotas.length) return;
    const added = a.operation === 'UPDATE' && a.oldObject ? diff(usageOf(group, resource, a.object), usageOf(group, resource, a.oldObject)) : usageOf(group, resource, a.object);
    const increments: [KubeObject, Usage][] = [];
    for (const quota of quotas.sort((x, y) => String(x.metadata?.name).localeCompare(String(y.metadata?.name)))) {
      if (!scopesMatch(quota, group, resource, a.object)) continue;
      const hardNames = Object.keys(quota.status.hard);
      const requested = masked(added, hardNames.filter((n) => added.has(n)));
      if (group === '' && resource === 'pods' && a.operation === 'CREATE') {
        const missing = missingCompute(a.object, hardNames);
        if (missing.length) throw admissionForbidden(a, `failed quota: ${quota.metadata?.name}: must specify ${missing.join('; ')}`);
      }
      if (![...requested.values()].some((v) => !v.isZero())) continue;
      const statusHard: Record<string, string> = quota.status?.hard ?? {};
      const unknown = [...requested.keys()].filter((n) => !(n in statusHard) || !(n in (quota.status?.used ?? {}))).sort();
      if (unknown.length) throw admissionForbidden(a, `status unknown for quota: ${quota.metadata?.name}, resources: ${unknown.join(',')}`);
      const exceeded: string[] = [];
      for (const [n, v] of requested) {
        const used = parseQuantity(String(quota.status.used[n])) ?? parseQuantity('0')!;
        const hard = parseQuantity(String(statusHard[n]))!;
        if (v.isZero() || v.sign() < 0n) continue;
        if (used.add(v).cmp(hard) > 0) exceeded.push(n);
      }
      if (exceeded.length) {
        const pick = (src: (n: string) => string) => Object.fromEntries(exceeded.map((n) => [n, src(n)]));
        throw admissionForbidden(
          a,
          `exceeded quota: ${quota.metadata?.name}, requested: ${prettyPrint(pick((n) => requested.get(n)!.toString()))}, used: ${prettyPrint(pick((n) => parseQuantity(String(quota.status.used[n]))!.toString()))}, limited: ${prettyPrint(pick((n) => parseQuantity(String(statusHard[n]))!.toString()))}`,
        );
      }
      increments.push([quota, requested]);
    }
    if (a.dryRun) return;
    for (const [quota, requested] of increments) {
      await this.deps.updateStatus(a.namespace, String(quota.metadata?.name ?? ""), (current) => {
        const used: Record<string, string> = { ...(current.status?.used ?? {}) };
        for (const [n, v] of requested) {
          if (!(n in used)) continue;
          const next = (parseQuantity(String(used[n])) ?? parseQuantity('0')!).add(v);
          used[n] = next.sign() < 0n ? '0' : next.toString();
        }
        current.status = { ...(current.status ?? {}), used };
      });
    }
  }
}
