// kube's post-start hook rbac/bootstrap-roles (auth.md §7.5): creates the 1.33 default policy and reconciles it
// in union mode at every start. Objects annotated rbac.authorization.kubernetes.io/autoupdate=false are left alone;
// otherwise missing labels, annotations, rules, aggregation selectors and subjects are added, nothing is removed,
// and a binding whose roleRef differs is deleted and recreated.
import type { Logger } from 'pino';
import {
  AUTOUPDATE_ANNOTATION,
  bindingObject,
  clusterRoleObject,
  DEFAULT_CLUSTER_ROLE_BINDINGS,
  DEFAULT_CLUSTER_ROLES,
  DEFAULT_CONTROLLER_ROLES,
  DEFAULT_ROLE_BINDINGS,
  DEFAULT_ROLES,
  roleObject,
} from '../authz/rbac/bootstrap-policy.js';
import { uncoveredRules } from '../authz/rbac/escalation.js';
import type { PolicyRule } from '../authz/rbac/rules.js';
import { StatusError } from '../errors/status.js';
import type { KObject } from '../api/object.js';
import { internalOperation } from '../registry/operation-context.js';
import type { ControllerContext } from './controller-context.js';
import { storedDefaults, storedJSON, writeDefaultPolicy, type StoredDefault } from './rbac-bootstrap-bulk.js';

const RBAC = 'rbac.authorization.k8s.io';

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The existing object with the default merged in, or undefined when nothing changes. */
function reconcileRole(existing: KObject, wanted: KObject): KObject | undefined {
  const out: KObject = structuredClone(existing);
  const md = out.metadata;
  md.labels = { ...(wanted.metadata.labels ?? {}), ...(md.labels ?? {}) };
  md.annotations = { ...(wanted.metadata.annotations ?? {}), ...(md.annotations ?? {}) };
  const missing = uncoveredRules((existing.rules ?? []) as PolicyRule[], (wanted.rules ?? []) as PolicyRule[]);
  if (missing.length) out.rules = [...(existing.rules ?? []), ...missing];
  if (wanted.aggregationRule) {
    const have: unknown[] = existing.aggregationRule?.clusterRoleSelectors ?? [];
    const add = (wanted.aggregationRule.clusterRoleSelectors as unknown[]).filter((s) => !have.some((h) => sameJSON(h, s)));
    if (add.length || !existing.aggregationRule) out.aggregationRule = { ...(existing.aggregationRule ?? {}), clusterRoleSelectors: [...have, ...add] };
  } else if (existing.aggregationRule) {
    delete out.aggregationRule;
  }
  return sameJSON(out, existing) ? undefined : out;
}

function reconcileBinding(existing: KObject, wanted: KObject): KObject | undefined {
  const out: KObject = structuredClone(existing);
  const md = out.metadata;
  md.labels = { ...(wanted.metadata.labels ?? {}), ...(md.labels ?? {}) };
  md.annotations = { ...(wanted.metadata.annotations ?? {}), ...(md.annotations ?? {}) };
  const have: KObject[] = existing.subjects ?? [];
  const add = ((wanted.subjects ?? []) as KObject[]).filter((s) => !have.some((h) => h.kind === s.kind && h.name === s.name && (h.namespace ?? '') === (s.namespace ?? '')));
  if (add.length) out.subjects = [...have, ...add];
  return sameJSON(out, existing) ? undefined : out;
}

const UID_AND_CREATED = /"uid":"([^"]*)","creationTimestamp":"([^"]*)"/;

/** True when the stored bytes are the default object's with some uid and creationTimestamp. */
function storedAsDefault(value: Uint8Array, d: StoredDefault): boolean {
  const text = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8');
  const m = UID_AND_CREATED.exec(text);
  return !!m && text === storedJSON(d, m[1]!, m[2]!);
}

/**
 * `emptyStore`: the storage held nothing when this server started; the policy is then written in one batch
 * (rbac-bootstrap-bulk.ts) instead of object by object through the create path.
 */
export async function reconcileDefaultPolicy(cc: ControllerContext, log: Logger, opts: { emptyStore?: boolean } = {}): Promise<void> {
  if (opts.emptyStore && (await writeDefaultPolicy(cc))) return;
  const store = (resource: string) => cc.registry.storeFor({ group: RBAC, resource });
  const defaults = new Map(storedDefaults().map((d) => [`${d.resource}/${d.namespace}/${d.name}`, d]));
  const ensure = async (resource: string, wanted: KObject, merge: (e: KObject, w: KObject) => KObject | undefined) => {
    const s = store(resource);
    if (!s) return;
    const ns: string = wanted.metadata.namespace ?? '';
    const name: string = wanted.metadata.name;
    // An object stored exactly as the default (only its uid and creationTimestamp its own) has nothing to reconcile.
    const d = defaults.get(`${resource}/${ns}/${name}`);
    const cache = await s.cache();
    await cache.consistentRev();
    const entry = cache.get(s.key(ns, name));
    if (d && entry && storedAsDefault(entry.value, d)) return;
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const existing = await s.getCached(ns, name);
        if (!existing) {
          await s.create(ns, structuredClone(wanted), internalOperation());
          return;
        }
        if (existing.metadata?.annotations?.[AUTOUPDATE_ANNOTATION] === 'false') {
          log.info({ resource, name }, 'skipped reconcile-protected RBAC object');
          return;
        }
        if (wanted.roleRef && !sameJSON(existing.roleRef, wanted.roleRef)) {
          // roleRef is immutable: recreate the binding.
          await s.removeIfUnchanged((await s.getKV(ns, name))!);
          continue;
        }
        const updated = merge(existing, wanted);
        if (!updated) return;
        await s.update(ns, name, () => updated, { ...internalOperation(), subresource: '', allowCreate: false });
        return;
      } catch (e) {
        if (!(e instanceof StatusError) || (e.reason !== 'Conflict' && e.reason !== 'AlreadyExists')) throw e;
      }
    }
  };
  // Independent objects: written concurrently (the store batches the writes).
  await Promise.all([
    ...[...DEFAULT_CLUSTER_ROLES, ...DEFAULT_CONTROLLER_ROLES].map((d) => ensure('clusterroles', clusterRoleObject(d) as KObject, reconcileRole)),
    ...DEFAULT_CLUSTER_ROLE_BINDINGS.map((d) => ensure('clusterrolebindings', bindingObject(d) as KObject, reconcileBinding)),
    ...DEFAULT_ROLES.map((d) => ensure('roles', roleObject(d) as KObject, reconcileRole)),
    ...DEFAULT_ROLE_BINDINGS.map((d) => ensure('rolebindings', bindingObject(d) as KObject, reconcileBinding)),
  ]);
}
