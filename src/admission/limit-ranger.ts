// LimitRanger admission (kube's limitranger): the LimitRanges of the namespace give a new pod's containers their
// default requests and limits (recorded in the kubernetes.io/limit-ranger annotation), then bound each container,
// the pod as a whole, and each claim's storage request by min, max and maxLimitRequestRatio, refusing with kube's
// texts. Pod updates and sub-resources are left alone, as kube does.
import type { KubeObject } from '../api/object.js';
import { hasObject, type AdmissionAttributes, type AdmissionOperation } from '../registry/admission.js';
import { parseQuantity, type Quantity } from '../registry/validation/quantity.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionForbidden } from './forbidden.js';

const ANNOTATION = 'kubernetes.io/limit-ranger';
type Resources = Record<string, string>;

const q = (v: unknown): Quantity | undefined => (v === undefined || v === null ? undefined : parseQuantity(String(v)));
const qs = (v: unknown) => q(v)?.toString() ?? String(v);
const sortedKeys = (r: Resources | undefined) => Object.keys(r ?? {}).sort();

function minConstraint(type: string, name: string, enforced: string, request: Resources, limit: Resources): string | undefined {
  const min = q(enforced)!;
  if (!(name in request)) return `minimum ${name} usage per ${type} is ${qs(enforced)}.  No request is specified`;
  if (q(request[name])!.cmp(min) < 0) return `minimum ${name} usage per ${type} is ${qs(enforced)}, but request is ${qs(request[name])}`;
  if (name in limit && q(limit[name])!.cmp(min) < 0) return `minimum ${name} usage per ${type} is ${qs(enforced)}, but limit is ${qs(limit[name])}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: string, request: Resources, limit: Resources): string | undefined {
  const max = q(enforced)!;
  if (!(name in limit)) return `maximum ${name} usage per ${type} is ${qs(enforced)}.  No limit is specified`;
  if (q(limit[name])!.cmp(max) > 0) return `maximum ${name} usage per ${type} is ${qs(enforced)}, but limit is ${qs(limit[name])}`;
  if (name in request && q(request[name])!.cmp(max) > 0) return `maximum ${name} usage per ${type} is ${qs(enforced)}, but request is ${qs(request[name])}`;
  return undefined;
}

function maxRequestConstraint(type: string, name: string, enforced: string, request: Resources): string | undefined {
  if (!(name in request)) return `maximum ${name} usage per ${type} is ${qs(enforced)}.  No request is specified`;
  if (q(request[name])!.cmp(q(enforced)!) > 0) return `maximum ${name} usage per ${type} is ${qs(enforced)}, but request is ${qs(request[name])}`;
  return undefined;
}

function ratioConstraint(type: string, name: string, enforced: string, request: Resources, limit: Resources): string | undefined {
  const req = name in request ? q(request[name])!.asApproximateFloat() : 0;
  const lim = name in limit ? q(limit[name])!.asApproximateFloat() : 0;
  if (req === 0) return `${name} max limit to request ratio per ${type} is ${qs(enforced)}, but no request is specified or request is 0`;
  if (lim === 0) return `${name} max limit to request ratio per ${type} is ${qs(enforced)}, but no limit is specified or limit is 0`;
  const ratio = lim / req;
  if (ratio > q(enforced)!.asApproximateFloat()) return `${name} max limit to request ratio per ${type} is ${qs(enforced)}, but provided ratio is ${ratio.toFixed(6)}`;
  return undefined;
}

/** The requests or limits of a whole pod: the containers' sum, at least each init container's, plus the overhead. */
function podTotal(spec: KubeObject, field: 'requests' | 'limits'): Resources {
  const sum = new Map<string, Quantity>();
  const add = (r: Resources | undefined, combine: (a: Quantity, b: Quantity) => Quantity) => {
    for (const [k, v] of Object.entries(r ?? {})) {
      const x = q(v);
      if (!x) continue;
      const cur = sum.get(k);
      sum.set(k, cur ? combine(cur, x) : x);
    }
  };
  for (const c of spec.containers ?? []) add(c?.resources?.[field], (a, b) => a.add(b));
  for (const c of spec.initContainers ?? []) add(c?.resources?.[field], (a, b) => (b.cmp(a) > 0 ? b : a));
  add(spec.overhead, (a, b) => a.add(b));
  return Object.fromEntries([...sum].map(([k, v]) => [k, v.toString()]));
}

/** Go's error aggregate text: one message bare, several (duplicates dropped) in brackets. */
function aggregate(errs: string[]): string {
  const unique = [...new Set(errs)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

export class LimitRanger implements AdmissionPlugin {
  readonly name = 'LimitRanger';
  readonly operations = new Set<AdmissionOperation>(['CREATE', 'UPDATE']);
  readonly resources = [['', 'pods'], ['', 'persistentvolumeclaims']] as const;

  constructor(private readonly listLimitRanges: (namespace: string) => Promise<KubeObject[]>) {}

  private kindOf(a: AdmissionAttributes): 'pod' | 'pvc' | undefined {
    if (a.subresource || !hasObject(a) || a.resource.group !== '') return undefined;
    if (a.resource.resource === 'pods') return a.operation === 'CREATE' ? 'pod' : undefined;
    if (a.resource.resource === 'persistentvolumeclaims') return 'pvc';
    return undefined;
  }

  async admit(a: AdmissionAttributes): Promise<void> {
    if (this.kindOf(a) !== 'pod') return;
    const ranges = await this.listLimitRanges(a.namespace);
    for (const lr of ranges) {
      const defaults = { requests: {} as Resources, limits: {} as Resources };
      let any = false;
      for (const item of lr.spec?.limits ?? []) {
        if (item?.type !== 'Container') continue;
        any = true;
        Object.assign(defaults.requests, item.defaultRequest ?? {});
        Object.assign(defaults.limits, item.default ?? {});
      }
      if (any) mergePodDefaults(a.object!, defaults);
    }
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    const kind = this.kindOf(a);
    if (!kind) return;
    if (a.object!.metadata?.deletionTimestamp) return;
    const errs: string[] = [];
    for (const lr of await this.listLimitRanges(a.namespace)) {
      for (const item of lr.spec?.limits ?? []) {
        const type: string = item?.type ?? '';
        if (kind === 'pvc') {
          if (type !== 'PersistentVolumeClaim') continue;
          const requests: Resources = a.object!.spec?.resources?.requests ?? {};
          for (const k of sortedKeys(item.min)) push(errs, minConstraint(type, k, item.min[k], requests, {}));
          for (const k of sortedKeys(item.max)) push(errs, maxRequestConstraint(type, k, item.max[k], requests));
          continue;
        }
        const spec = a.object!.spec ?? {};
        const check = (request: Resources, limit: Resources) => {
          for (const k of sortedKeys(item.min)) push(errs, minConstraint(type, k, item.min[k], request, limit));
          for (const k of sortedKeys(item.max)) push(errs, maxConstraint(type, k, item.max[k], request, limit));
          for (const k of sortedKeys(item.maxLimitRequestRatio)) push(errs, ratioConstraint(type, k, item.maxLimitRequestRatio[k], request, limit));
        };
        if (type === 'Container') {
          for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) check(c?.resources?.requests ?? {}, c?.resources?.limits ?? {});
        } else if (type === 'Pod') {
          check(podTotal(spec, 'requests'), podTotal(spec, 'limits'));
        }
      }
    }
    if (errs.length) throw admissionForbidden(a, aggregate(errs));
  }
}

function push(errs: string[], e: string | undefined): void {
  if (e) errs.push(e);
}

/** kube's mergePodResourceRequirements, with its annotation text. */
function mergePodDefaults(pod: KubeObject, defaults: { requests: Resources; limits: Resources }): void {
  const notes: string[] = [];
  const merge = (c: KubeObject, what: string) => {
    const resources = (c.resources ??= {});
    const setLimits: string[] = [];
    const setRequests: string[] = [];
    for (const [k, v] of Object.entries(defaults.limits)) {
      if (!(k in (resources.limits ?? {}))) {
        (resources.limits ??= {})[k] = v;
        setLimits.push(k);
      }
    }
    for (const [k, v] of Object.entries(defaults.requests)) {
      if (!(k in (resources.requests ?? {}))) {
        (resources.requests ??= {})[k] = v;
        setRequests.push(k);
      }
    }
    if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${what} ${c.name}`);
    if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${what} ${c.name}`);
  };
  const spec = pod.spec ?? {};
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) merge(c, 'container');
  for (const c of Array.isArray(spec.initContainers) ? spec.initContainers : []) merge(c, 'init container');
  if (notes.length) (pod.metadata ??= {}).annotations = { ...(pod.metadata.annotations ?? {}), [ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}
