// Match resources as kube's policy matcher decides them: rules (operations, groups, versions, resources and
// sub-resources, scope, resource names), exclusions, selectors (namespace from the store, object or old object),
// and matchPolicy Equivalent trying the other served versions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import { matches, type MatchingEnv, type MatchResources } from './matching.js';

const env: MatchingEnv = {
  getNamespace: async (name) => (name === 'prod' ? ({ metadata: { name, labels: { env: 'prod' } } } as KubeObject) : name === 'dev' ? ({ metadata: { name } } as KubeObject) : undefined),
  equivalents: (gvr) => (gvr.group === 'example.com' && gvr.resource === 'widgets'
    ? ['v1', 'v2'].map((version) => ({ resource: { group: 'example.com', version, resource: 'widgets' }, kind: { group: 'example.com', version, kind: 'Widget' } }))
    : [{ resource: gvr, kind: { group: gvr.group, version: gvr.version, kind: 'X' } }]),
};

function attrs(o: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE', kind: { group: '', version: 'v1', kind: 'ConfigMap' }, resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '', name: 'cm', namespace: 'prod',
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: { tier: 'web' } } } as KubeObject,
    dryRun: false, context: { dryRun: false, warnings: [] }, ...o,
  };
}

const rule = (o: object = {}) => ({ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'], ...o });
const m = (o: Partial<MatchResources>): MatchResources => ({ resourceRules: [rule()], ...o });

test('rules: operations, resources and sub-resources, scope and resource names', async () => {
  assert.equal((await matches(m({}), attrs(), env)).matches, true);
  assert.equal((await matches(m({}), attrs({ operation: 'UPDATE' }), env)).matches, false);
  assert.equal((await matches(m({ resourceRules: [rule({ operations: ['*'] })] }), attrs({ operation: 'DELETE' }), env)).matches, true);
  assert.equal((await matches(m({}), attrs({ subresource: 'status' }), env)).matches, false);
  assert.equal((await matches(m({ resourceRules: [rule({ resources: ['configmaps/*'] })] }), attrs({ subresource: 'status' }), env)).matches, true);
  assert.equal((await matches(m({ resourceRules: [rule({ resources: ['*/status'] })] }), attrs({ subresource: 'status' }), env)).matches, true);
  assert.equal((await matches(m({ resourceRules: [rule({ scope: 'Cluster' })] }), attrs(), env)).matches, false);
  assert.equal((await matches(m({ resourceRules: [rule({ scope: 'Namespaced' })] }), attrs(), env)).matches, true);
  assert.equal((await matches(m({ resourceRules: [rule({ resourceNames: ['other'] })] }), attrs(), env)).matches, false);
  assert.equal((await matches(m({ resourceRules: [rule({ resourceNames: ['cm'] })] }), attrs(), env)).matches, true);
});

test('excludeResourceRules win over resourceRules', async () => {
  assert.equal((await matches(m({ excludeResourceRules: [rule({ resourceNames: ['cm'] })] }), attrs(), env)).matches, false);
  assert.equal((await matches(m({ excludeResourceRules: [rule({ resourceNames: ['x'] })] }), attrs(), env)).matches, true);
});

test('namespace selector reads the namespace; a missing one is an error only when the rules match', async () => {
  const sel = m({ namespaceSelector: { matchLabels: { env: 'prod' } } });
  assert.equal((await matches(sel, attrs(), env)).matches, true);
  assert.equal((await matches(sel, attrs({ namespace: 'dev' }), env)).matches, false);
  await assert.rejects(matches(sel, attrs({ namespace: 'gone' }), env), /namespaces "gone" not found/);
  assert.equal((await matches({ ...sel, resourceRules: [rule({ resources: ['secrets'] })] }, attrs({ namespace: 'gone' }), env)).matches, false);
  // Cluster-scoped resources other than namespaces are never excluded by a namespace selector.
  const nodes = attrs({ namespace: '', resource: { group: '', version: 'v1', resource: 'nodes' } });
  assert.equal((await matches({ ...sel, resourceRules: [rule({ resources: ['nodes'] })] }, nodes, env)).matches, true);
});

test('object selector matches the object or the old object', async () => {
  const sel = m({ objectSelector: { matchLabels: { tier: 'db' } }, resourceRules: [rule({ operations: ['*'] })] });
  assert.equal((await matches(sel, attrs(), env)).matches, false);
  const old = { metadata: { name: 'cm', labels: { tier: 'db' } } } as KubeObject;
  assert.equal((await matches(sel, attrs({ operation: 'UPDATE', oldObject: old }), env)).matches, true);
  assert.equal((await matches(sel, attrs({ operation: 'DELETE', object: undefined, oldObject: old }), env)).matches, true);
});

test('matchPolicy Equivalent matches another served version and reports it; Exact does not', async () => {
  const v2 = attrs({ resource: { group: 'example.com', version: 'v2', resource: 'widgets' }, kind: { group: 'example.com', version: 'v2', kind: 'Widget' } });
  const rules = [rule({ apiGroups: ['example.com'], apiVersions: ['v1'], resources: ['widgets'] })];
  assert.deepEqual(await matches({ resourceRules: rules, matchPolicy: 'Equivalent' }, v2, env), {
    matches: true, resource: { group: 'example.com', version: 'v1', resource: 'widgets' }, kind: { group: 'example.com', version: 'v1', kind: 'Widget' },
  });
  assert.equal((await matches({ resourceRules: rules, matchPolicy: 'Exact' }, v2, env)).matches, false);
});
