// The default RBAC policy written to an empty store in one storage batch: the bytes each object would get from the
// create path (GenericStore.create with the server's own operation context), in the order that path gives them
// revisions, built from constant JSON with only the uid and creationTimestamp filled in per start.
//
// Only for a store that held nothing when the server started: then no admission webhook or policy exists, the
// built-in admission plug-ins pass the server's own writes, and the validation of these constant objects has nothing
// to say (bootstrap-bulk.test.ts compares this path's stored bytes and revision order with the create path's).
import { randomUUID } from 'node:crypto';
import { nowRFC3339 } from '../api/object.js';
import {
  bindingObject,
  clusterRoleObject,
  DEFAULT_CLUSTER_ROLE_BINDINGS,
  DEFAULT_CLUSTER_ROLES,
  DEFAULT_CONTROLLER_ROLES,
  DEFAULT_ROLE_BINDINGS,
  DEFAULT_ROLES,
  roleObject,
} from '../authz/rbac/bootstrap-policy.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { ControllerContext } from './controller-context.js';

const RBAC = 'rbac.authorization.k8s.io';
type RbacResource = 'clusterroles' | 'clusterrolebindings' | 'roles' | 'rolebindings';

/** One default object as stored: its place and its JSON split around the uid and the creationTimestamp. */
export interface StoredDefault {
  resource: RbacResource;
  namespace: string;
  name: string;
  parts: [string, string, string];
}

const UID = '\u0000uid\u0000';
const TS = '\u0000ts\u0000';

function sortedMap(m: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const k of Object.keys(m).sort()) out[k] = m[k]!;
  return out;
}

/** The object in the field order Go writes it (TypeMeta, ObjectMeta in declaration order, then the body). */
function goOrdered(o: Record<string, unknown>, body: string[]): Record<string, unknown> {
  const md = o.metadata as Record<string, unknown>;
  const out: Record<string, unknown> = {
    kind: o.kind,
    apiVersion: o.apiVersion,
    metadata: {
      name: md.name,
      ...(md.namespace ? { namespace: md.namespace } : {}),
      uid: UID,
      creationTimestamp: TS,
      labels: sortedMap(md.labels as Record<string, string>),
      annotations: sortedMap(md.annotations as Record<string, string>),
    },
  };
  for (const k of body) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

function stored(resource: RbacResource, o: Record<string, unknown>, body: string[]): StoredDefault {
  const md = o.metadata as { name: string; namespace?: string };
  const json = JSON.stringify(goOrdered(o, body));
  const [a, rest] = json.split(JSON.stringify(UID).slice(1, -1)) as [string, string];
  const [b, c] = rest.split(JSON.stringify(TS).slice(1, -1)) as [string, string];
  return { resource, namespace: md.namespace ?? '', name: md.name, parts: [a, b, c] };
}

let cached: StoredDefault[] | undefined;

/**
 * Every default object in the revision order the create path gives them: ClusterRoles, ClusterRoleBindings, then per
 * namespace its Roles and its RoleBindings. Built once per process.
 */
export function storedDefaults(): StoredDefault[] {
  if (cached) return cached;
  const roleBody = ['rules', 'aggregationRule'];
  const bindingBody = ['subjects', 'roleRef'];
  const out: StoredDefault[] = [
    ...[...DEFAULT_CLUSTER_ROLES, ...DEFAULT_CONTROLLER_ROLES].map((d) => stored('clusterroles', clusterRoleObject(d), roleBody)),
    ...DEFAULT_CLUSTER_ROLE_BINDINGS.map((d) => stored('clusterrolebindings', bindingObject(d), bindingBody)),
  ];
  const namespaces = [...new Set(DEFAULT_ROLES.map((r) => r.namespace))];
  for (const ns of namespaces) {
    out.push(...DEFAULT_ROLES.filter((r) => r.namespace === ns).map((d) => stored('roles', roleObject(d), roleBody)));
    out.push(...DEFAULT_ROLE_BINDINGS.filter((b) => b.namespace === ns).map((d) => stored('rolebindings', bindingObject(d), bindingBody)));
  }
  return (cached = out);
}

/** The stored JSON of one default object with its uid and creationTimestamp. */
export function storedJSON(d: StoredDefault, uid: string, creationTimestamp: string): string {
  return d.parts[0] + uid + d.parts[1] + creationTimestamp + d.parts[2];
}

const encoder = new TextEncoder();

/**
 * Writes the whole default policy to an empty store: every put is queued in the same tick, so the embedded engines
 * commit them in one transaction, in this order. False (nothing assumed written) when a store is missing or any
 * object already exists; the caller then reconciles object by object.
 */
export async function writeDefaultPolicy(cc: ControllerContext): Promise<boolean> {
  const stores = new Map<RbacResource, GenericStore>();
  for (const resource of ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'] as const) {
    const s = cc.registry.storeFor({ group: RBAC, resource });
    if (!s) return false;
    stores.set(resource, s);
  }
  for (const s of stores.values()) if ((await s.list('', { limit: 1 })).count > 0) return false;
  const now = nowRFC3339();
  const writes = storedDefaults().map((d) => {
    const s = stores.get(d.resource)!;
    return s.deps.storage.put(s.key(d.namespace, d.name), encoder.encode(storedJSON(d, randomUUID(), now)), 0);
  });
  const results = await Promise.all(writes);
  return results.every((r) => r.ok);
}
