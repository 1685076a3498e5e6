import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Attributes } from '../authorizer.js';
import { NodeAuthorizer, nodeIdentity } from './node-authorizer.js';

const node = { name: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };
const attrs = (o: Partial<Attributes>): Attributes => ({ user: node, verb: 'get', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: '', subresource: '', name: '', ...o });
// The graph: n1 runs a pod that mounts secret s1 in ns1.
const authz = new NodeAuthorizer({ related: async (n, resource, ns, name) => n === 'n1' && resource === 'secrets' && ns === 'ns1' && name === 's1' });
const decide = async (o: Partial<Attributes>) => await authz.authorize(attrs(o));

test('node identity needs both the user prefix and the system:nodes group', () => {
  assert.equal(nodeIdentity(node), 'n1');
  assert.equal(nodeIdentity({ name: 'system:node:n1', groups: [] }), undefined);
  assert.equal(nodeIdentity({ name: 'alice', groups: ['system:nodes'] }), undefined);
  assert.equal(nodeIdentity({ name: 'system:node:', groups: ['system:nodes'] }), '');
});

test('secrets: only reads of related objects, by name, with kube\'s reasons', async () => {
  assert.deepEqual(await decide({ resource: 'secrets', namespace: 'ns1', name: 's1' }), { decision: 'allow', reason: '' });
  assert.deepEqual(await decide({ resource: 'secrets', namespace: 'ns1', name: 's2' }), { decision: 'noOpinion', reason: "no relationship found between node 'n1' and this object" });
  assert.deepEqual(await decide({ resource: 'secrets', namespace: 'ns1', verb: 'list' }), { decision: 'noOpinion', reason: 'No Object name found' });
  assert.deepEqual(await decide({ resource: 'secrets', namespace: 'ns1', name: 's1', verb: 'update' }), { decision: 'noOpinion', reason: 'can only read resources of this type' });
});

test('nodes: only its own Node is readable; leases only in kube-node-lease under its own name', async () => {
  assert.equal((await decide({ resource: 'nodes', name: 'n1' })).decision, 'allow');
  assert.deepEqual(await decide({ resource: 'nodes', name: 'n2' }), { decision: 'noOpinion', reason: "node 'n1' cannot read 'n2', only its own Node object" });
  assert.deepEqual(await decide({ resource: 'nodes', verb: 'list' }), { decision: 'noOpinion', reason: "node 'n1' cannot read all nodes, only its own Node object" });
  assert.equal((await decide({ resource: 'nodes', name: 'n1', subresource: 'status', verb: 'patch' })).decision, 'allow');
  assert.equal((await decide({ apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease', name: 'n1', verb: 'update' })).decision, 'allow');
  assert.deepEqual(await decide({ apiGroup: 'coordination.k8s.io', resource: 'leases', namespace: 'default', name: 'n1' }), { decision: 'noOpinion', reason: 'can only access leases in the "kube-node-lease" system namespace' });
});

test('other resources follow the system:node rules; non-nodes get no opinion and complete empty rules', async () => {
  assert.equal((await decide({ resource: 'services', verb: 'list' })).decision, 'allow');
  assert.equal((await decide({ resource: 'deployments', apiGroup: 'apps', verb: 'list' })).decision, 'noOpinion');
  assert.deepEqual(await authz.authorize(attrs({ user: { name: 'alice', groups: [] }, resource: 'services', verb: 'list' })), { decision: 'noOpinion', reason: '' });
  assert.deepEqual(authz.rulesFor(node), { resourceRules: [], nonResourceRules: [], incomplete: true, errors: ['node authorizer does not support user rule resolution'] });
});
