// The default policy, object for object, against data derived from kube's bootstrap policy (sources below)
// (testdata/bootstrap-policy-1.33.json: names, labels, annotations, aggregationRule, rules, roleRef, subjects).
//
// Provenance. No stored copy of kubernetes/kubernetes is a 1.33 checkout (the repository is too large to fetch; the
// code index keeps one version of each file), so the data is 1.33 rebuilt from the nearest sources, by content:
// - Controller roles and bindings, namespaced Roles and RoleBindings: testdata controller-roles.yaml,
//   namespace-roles.yaml, namespace-role-bindings.yaml at 008b3652959ca58af8be3fb5b6ecfe9ae7638282 (1.34+: no
//   `creationTimestamp: null`), without the roles whose gate is off by default in 1.33 (controller_policy.go at
//   003e3121c8bd85960c626aca0031f3ac1a32dd24 gates them): resource-claim-controller (DynamicResourceAllocation,
//   beta off), volumeattributesclass-protection-controller (VolumeAttributesClass, beta off),
//   device-taint-eviction-controller (DRADeviceTaints, alpha). selinux-warning-controller (SELinuxChangePolicy, beta
//   on) and service-cidrs-controller (MultiCIDRServiceAllocator, GA) stay.
// - ClusterRoles: testdata cluster-roles.yaml at 025f2834a128798cef30018a5e6a6ae82b5ad885 (1.28-1.31: after the
//   scheduler lost its endpoints rules, kubernetes#117140) brought forward with what policy.go at
//   e95b42fc6c18555f46ea19b0ee33c34cd011ca06 (checkpoint-restore/kubernetes, 1.35) adds before 1.34 or behind a gate
//   on in 1.33: the slash-ended issuer-discovery URLs (kubernetes#117455), the scheduler's volumeattachments
//   (kubernetes#127757, 1.32) and coordinated-leader-election rules, kubelet-api-admin's nodes/configz, nodes/healthz
//   and nodes/pods (KubeletFineGrainedAuthz, beta on), node-proxier's servicecidrs (MultiCIDRServiceAllocator, GA;
//   kube-proxy's ServiceCIDR informer, KEP-3866). Left out: system:monitoring's nodes/metrics
//   (kubernetes#132178, 1.34) and every rule gated by DynamicResourceAllocation, ClusterTrustBundle, ComponentStatusz,
//   ComponentFlagz, KubeletServiceAccountTokenForCredentialProviders or PodCertificateRequest (off in 1.33).
// - ClusterRoleBindings: ClusterRoleBindings() of that policy.go with the same gates.
// - Cross-check: policy.go at 4bcd6c07dd5a0a46807af727ed3c518bccbc49bc (aramase/kubernetes; 1.33 development by
//   content: it has the KubeletServiceAccountTokenForCredentialProviders gate, new in 1.33, and not system:monitoring's
//   nodes/metrics of 1.34) gives, with 1.33's default gates, exactly these ClusterRoles and ClusterRoleBindings,
//   including the scheduler's ungated leasecandidates rule and node-proxier's gated servicecidrs rule. The
//   leader-locking Roles' leasecandidates rule still rests on the 1.34+ testdata only.
// The aggregated roles (admin, edit, view) are compared by the rules the aggregation controller gives them, computed
// here from the data with kube's algorithm (selectors in order, matching roles by name, identical rules once).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  bindingObject,
  clusterRoleObject,
  DEFAULT_CLUSTER_ROLE_BINDINGS,
  DEFAULT_CLUSTER_ROLES,
  DEFAULT_CONTROLLER_ROLES,
  DEFAULT_ROLE_BINDINGS,
  DEFAULT_ROLES,
  roleObject,
} from './bootstrap-policy.js';
import { aggregatedRules } from '../../controllers/clusterrole-aggregation.js';
import type { KObject } from '../../api/object.js';

interface Rule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}
interface RoleData {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  aggregationRule?: { clusterRoleSelectors: { matchLabels: Record<string, string> }[] };
  rules: Rule[] | null;
}
interface BindingData {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  roleRef: { apiGroup: string; kind: string; name: string };
  subjects?: Record<string, string>[];
}
interface PolicyData {
  clusterRoles: RoleData[];
  controllerRoles: RoleData[];
  clusterRoleBindings: BindingData[];
  controllerRoleBindings: BindingData[];
  namespaceRoles: RoleData[];
  namespaceRoleBindings: BindingData[];
}

// dist/src/authz/rbac/*.test.js → the source tree's data file.
const DATA: PolicyData = JSON.parse(readFileSync(new URL('../../../../src/authz/rbac/testdata/bootstrap-policy-1.33.json', import.meta.url), 'utf8'));

const key = (o: { name: string; namespace?: string }) => (o.namespace ? `${o.namespace}/${o.name}` : o.name);
const byKey = <T extends { name: string; namespace?: string }>(items: T[]) => new Map(items.map((i) => [key(i), i]));

/** Only the fields the data carries, from an object as we serve it. */
function roleFields(o: Record<string, unknown>): Omit<RoleData, 'rules'> & { rules: unknown } {
  const md = o.metadata as Record<string, unknown>;
  const out: Record<string, unknown> = { name: md.name, labels: md.labels, annotations: md.annotations, rules: o.rules };
  if (md.namespace) out.namespace = md.namespace;
  if (o.aggregationRule) out.aggregationRule = o.aggregationRule;
  return out as Omit<RoleData, 'rules'> & { rules: unknown };
}

function bindingFields(o: Record<string, unknown>): BindingData {
  const md = o.metadata as Record<string, unknown>;
  const out: Record<string, unknown> = { name: md.name, labels: md.labels, annotations: md.annotations, roleRef: o.roleRef };
  if (md.namespace) out.namespace = md.namespace;
  if (o.subjects) out.subjects = o.subjects;
  return out as unknown as BindingData;
}

/** kube's aggregation over the data: per selector, matching roles sorted by name, each distinct rule once. */
function expectedAggregation(role: RoleData, all: RoleData[]): Rule[] {
  const out: Rule[] = [];
  const seen = new Set<string>();
  const sorted = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const sel of role.aggregationRule!.clusterRoleSelectors) {
    for (const other of sorted) {
      if (other.name === role.name) continue;
      if (!Object.entries(sel.matchLabels).every(([k, v]) => other.labels[k] === v)) continue;
      for (const r of other.rules ?? []) {
        const id = JSON.stringify([r.verbs, r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? []]);
        if (!seen.has(id)) (seen.add(id), out.push(r));
      }
    }
  }
  return out;
}

function compareRoles(kind: string, ours: Record<string, unknown>[], theirs: RoleData[]): void {
  const mine = byKey(ours.map(roleFields));
  assert.deepEqual([...mine.keys()].sort(), theirs.map(key).sort(), `${kind}: the same names`);
  for (const t of theirs) {
    const m = mine.get(key(t))!;
    if (t.rules === null) {
      // Aggregated: the data has no rules of its own; the rules are the controller's, compared below.
      assert.deepEqual({ ...m, rules: null }, t, `${kind} ${key(t)}`);
    } else {
      assert.deepEqual(m, t, `${kind} ${key(t)}`);
    }
  }
}

function compareBindings(kind: string, ours: Record<string, unknown>[], theirs: BindingData[]): void {
  const mine = byKey(ours.map(bindingFields));
  assert.deepEqual([...mine.keys()].sort(), theirs.map(key).sort(), `${kind}: the same names`);
  for (const t of theirs) assert.deepEqual(mine.get(key(t)), t, `${kind} ${key(t)}`);
}

test('ClusterRoles: every name, label, annotation, aggregationRule and rule as in 1.33', () => {
  compareRoles('ClusterRole', DEFAULT_CLUSTER_ROLES.map(clusterRoleObject), DATA.clusterRoles);
});

test('controller ClusterRoles (system:controller:*) as in 1.33', () => {
  compareRoles('ClusterRole', DEFAULT_CONTROLLER_ROLES.map(clusterRoleObject), DATA.controllerRoles);
});

test('admin, edit and view end with the rules kube\'s aggregation controller gives them', () => {
  const allTheirs = [...DATA.clusterRoles, ...DATA.controllerRoles];
  const allOurs = [...DEFAULT_CLUSTER_ROLES, ...DEFAULT_CONTROLLER_ROLES].map((d) => clusterRoleObject(d) as unknown as KObject);
  // Aggregation runs to a fixed point (admin aggregates edit, which aggregates view).
  for (let pass = 0; pass < 3; pass++) {
    for (const r of allTheirs) if (r.aggregationRule) r.rules = expectedAggregation(r, allTheirs);
    for (const o of allOurs) if (o.aggregationRule) o.rules = aggregatedRules(o, allOurs) as KObject[];
  }
  for (const name of ['admin', 'edit', 'view']) {
    const theirs = allTheirs.find((r) => r.name === name)!;
    const ours = allOurs.find((o) => o.metadata.name === name)!;
    assert.ok(theirs.rules!.length > 0, `${name} aggregates something`);
    assert.deepEqual(ours.rules, theirs.rules, name);
  }
});

test('ClusterRoleBindings, controller bindings included, as in 1.33', () => {
  compareBindings('ClusterRoleBinding', DEFAULT_CLUSTER_ROLE_BINDINGS.map(bindingObject), [...DATA.clusterRoleBindings, ...DATA.controllerRoleBindings]);
});

test('namespaced Roles and RoleBindings of kube-system and kube-public as in 1.33', () => {
  compareRoles('Role', DEFAULT_ROLES.map(roleObject), DATA.namespaceRoles);
  compareBindings('RoleBinding', DEFAULT_ROLE_BINDINGS.map(bindingObject), DATA.namespaceRoleBindings);
});
