// The RBAC objects as the authorizer reads them: roles by name and bindings indexed by subject, so that a
// request looks up only the bindings naming its user, its groups or its service account (the per-request cost
// does not grow with the number of bindings in the cluster). Fed from the shared informers (rbac-source.ts).
import type { UserInfo } from '../../http/request-context.js';
import { goQuote } from '../../golang/strconv.js';
import type { PolicyRule } from './rules.js';

export interface Subject {
  kind: string;
  name: string;
  namespace?: string;
  apiGroup?: string;
}

export interface RoleRef {
  kind: string;
  name: string;
  apiGroup?: string;
}

export interface RoleObject {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  rules?: PolicyRule[] | null;
}

export interface BindingObject {
  metadata: { name: string; namespace?: string };
  subjects?: Subject[] | null;
  roleRef: RoleRef;
}

/** One subject of one binding, as found under a subject key. */
export interface BindingEntry {
  /** ClusterRoleBinding: name; RoleBinding: namespace/name. */
  key: string;
  namespace: string;
  binding: BindingObject;
  /** Position of the subject in the binding (kube reports the first one that matches). */
  subjectIndex: number;
  /** kube's description of the binding as a rule's source, made when first asked (the entry never changes). */
  source?: () => string;
}

export const serviceAccountUsername = (namespace: string, name: string) => `system:serviceaccount:${namespace}:${name}`;

/** The subject key a binding subject is found under, or undefined when it can never match (kube's appliesTo). */
export function subjectKey(s: Subject, bindingNamespace: string): string | undefined {
  switch (s.kind) {
    case 'User':
      return `u:${s.name}`;
    case 'Group':
      return `g:${s.name}`;
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns ? `u:${serviceAccountUsername(ns, s.name)}` : undefined;
    }
    default:
      return undefined;
  }
}

/** kube's describeSubject. */
export function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} ${goQuote(`${s.name}/${s.namespace || bindingNamespace}`)}`;
  return `${s.kind} ${goQuote(s.name)}`;
}

/** The bindings under one subject key, and the same in key order once a lookup asked for them. */
interface SubjectBindings {
  byKey: Map<string, BindingEntry>;
  sorted?: BindingEntry[];
}

const byBindingKey = (a: BindingEntry, b: BindingEntry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const NO_BINDINGS: readonly BindingEntry[] = Object.freeze([]);

class SubjectIndex {
  /** Users (service accounts by their user name) and groups apart: a lookup builds no key strings. */
  private readonly byUser = new Map<string, SubjectBindings>();
  private readonly byGroup = new Map<string, SubjectBindings>();
  private readonly keysOf = new Map<string, string[]>();

  private mapOf(k: string): Map<string, SubjectBindings> {
    return k.startsWith('u:') ? this.byUser : this.byGroup;
  }

  put(key: string, namespace: string, b: BindingObject): void {
    this.remove(key);
    const keys: string[] = [];
    (b.subjects ?? []).forEach((s, i) => {
      const k = subjectKey(s, namespace);
      if (k === undefined) return;
      const map = this.mapOf(k);
      let m = map.get(k.slice(2));
      if (!m) map.set(k.slice(2), (m = { byKey: new Map() }));
      if (m.byKey.has(key)) return; // an earlier subject of the same binding already matches
      m.byKey.set(key, { key, namespace, binding: b, subjectIndex: i });
      m.sorted = undefined;
      keys.push(k);
    });
    this.keysOf.set(key, keys);
  }

  remove(key: string): void {
    for (const k of this.keysOf.get(key) ?? []) {
      const map = this.mapOf(k);
      const m = map.get(k.slice(2));
      if (!m) continue;
      m.byKey.delete(key);
      m.sorted = undefined;
      if (m.byKey.size === 0) map.delete(k.slice(2));
    }
    this.keysOf.delete(key);
  }

  /**
   * The bindings naming the user (by name, group or service account), each once with its first matching subject, in
   * key order. Read-only: when one subject holds them all (the usual case) this is that subject's kept array.
   */
  lookup(user: UserInfo): readonly BindingEntry[] {
    let only = this.byUser.get(user.name);
    let found: Map<string, BindingEntry> | undefined;
    for (const g of user.groups) {
      const m = this.byGroup.get(g);
      if (!m) continue;
      if (!only) {
        only = m;
        continue;
      }
      found ??= new Map(only.byKey);
      for (const e of m.byKey.values()) {
        const prev = found.get(e.key);
        if (!prev || e.subjectIndex < prev.subjectIndex) found.set(e.key, e);
      }
    }
    if (found) return [...found.values()].sort(byBindingKey);
    if (!only) return NO_BINDINGS;
    return (only.sorted ??= [...only.byKey.values()].sort(byBindingKey));
  }

  get size(): number {
    return this.keysOf.size;
  }

  keys(): IterableIterator<string> {
    return this.keysOf.keys();
  }
}

export class PolicyIndex {
  readonly clusterRoles = new Map<string, RoleObject>();
  /** namespace/name → Role. */
  readonly roles = new Map<string, RoleObject>();
  private readonly clusterBindings = new SubjectIndex();
  /** namespace → its RoleBindings by subject. */
  private readonly namespaceBindings = new Map<string, SubjectIndex>();

  putClusterRole(o: RoleObject): void {
    this.clusterRoles.set(o.metadata.name, o);
  }
  deleteClusterRole(name: string): void {
    this.clusterRoles.delete(name);
  }
  putRole(o: RoleObject): void {
    this.roles.set(`${o.metadata.namespace}/${o.metadata.name}`, o);
  }
  deleteRole(namespace: string, name: string): void {
    this.roles.delete(`${namespace}/${name}`);
  }
  putClusterRoleBinding(o: BindingObject): void {
    this.clusterBindings.put(o.metadata.name, '', o);
  }
  deleteClusterRoleBinding(name: string): void {
    this.clusterBindings.remove(name);
  }
  putRoleBinding(o: BindingObject): void {
    const ns = o.metadata.namespace ?? '';
    let idx = this.namespaceBindings.get(ns);
    if (!idx) this.namespaceBindings.set(ns, (idx = new SubjectIndex()));
    idx.put(`${ns}/${o.metadata.name}`, ns, o);
  }
  deleteRoleBinding(namespace: string, name: string): void {
    const idx = this.namespaceBindings.get(namespace);
    if (!idx) return;
    idx.remove(`${namespace}/${name}`);
    if (idx.size === 0) this.namespaceBindings.delete(namespace);
  }

  /** Keys of the bindings held: `/name` for ClusterRoleBindings, `namespace/name` for RoleBindings. */
  bindingKeys(namespaced: boolean): string[] {
    if (!namespaced) return [...this.clusterBindings.keys()].map((k) => `/${k}`);
    return [...this.namespaceBindings.values()].flatMap((idx) => [...idx.keys()]);
  }

  clusterBindingsFor(user: UserInfo): readonly BindingEntry[] {
    return this.clusterBindings.lookup(user);
  }

  roleBindingsFor(user: UserInfo, namespace: string): readonly BindingEntry[] {
    return this.namespaceBindings.get(namespace)?.lookup(user) ?? NO_BINDINGS;
  }
}
