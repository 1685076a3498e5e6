// What kube 1.33 warns about around CRDs with CEL rules: nothing on the CRD write (its strategy has no warnings and
// its status only kube's conditions), and, on custom resource writes,
// finalizers the write adds that are not domain-qualified (customResourceStrategy.WarningsOnCreate/Update).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;

before(async () => {
  if (skip) return;
  s = await startTestServer({ storageBackend: 'memory' });
});
after(async () => {
  await s?.close();
});

const CRD_NAME = 'gadgets.warn.example.com';

function crd(rules: object[]) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: CRD_NAME },
    spec: {
      group: 'warn.example.com', scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
      versions: [{
        name: 'v1', served: true, storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object', 'x-kubernetes-validations': rules,
                properties: { items: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 256 } }, name: { type: 'string', maxLength: 256 } },
              },
            },
          },
        },
      }],
    },
  };
}

async function waitEstablished() {
  for (let i = 0; i < 100; i++) {
    const r = (await s.request('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${CRD_NAME}`)).json();
    if (r.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True')) return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('CRD not established');
}

test('creating and updating a CRD with CEL rules returns no warnings and only kube\'s conditions', { skip }, async () => {
  const created = await s.kubectl(['apply', '-f', '-'], { input: JSON.stringify(crd([{ rule: 'self.items.all(i, i.size() < 64)' }])) });
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stderr, '');
  const established = await waitEstablished();
  assert.deepEqual(established.status.conditions.map((c: { type: string }) => c.type).sort(), ['Established', 'NamesAccepted']);
  const updated = await s.kubectl(['apply', '-f', '-'], { input: JSON.stringify(crd([{ rule: 'self.items.all(i, self.items.exists(j, i == j))' }, { rule: "self.name.matches('^[a-z]+$')" }])) });
  assert.equal(updated.code, 0, updated.stderr);
  assert.equal(updated.stderr, '');
});

test('a custom resource write warns about each finalizer it adds that is not domain-qualified', { skip }, async () => {
  await waitEstablished();
  const gadget = (finalizers: string[]) => JSON.stringify({
    apiVersion: 'warn.example.com/v1', kind: 'Gadget', metadata: { name: 'g1', namespace: 'default', finalizers }, spec: { items: ['a'], name: 'abc' },
  });
  const c = await s.kubectl(['apply', '-f', '-'], { input: gadget(['example.com/cleanup', 'kubernetes', 'cleanup', 'example.com']) });
  assert.equal(c.code, 0, c.stderr);
  assert.equal(c.stderr, [
    'Warning: metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers',
    'Warning: metadata.finalizers: "example.com": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers',
    '',
  ].join('\n'));
  // Finalizers the object already had are not warned about again.
  const u = await s.kubectl(['apply', '-f', '-'], { input: gadget(['example.com/cleanup', 'kubernetes', 'cleanup', 'example.com', 'later']) });
  assert.equal(u.code, 0, u.stderr);
  assert.equal(u.stderr, [
    'Warning: metadata.finalizers: "later": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers',
    '',
  ].join('\n'));
  const patched = await s.request('PATCH', '/apis/warn.example.com/v1/namespaces/default/gadgets/g1', {
    body: JSON.stringify({ metadata: { finalizers: null } }), headers: { 'content-type': 'application/merge-patch+json' },
  });
  assert.equal(patched.status, 200);
  assert.equal(patched.headers.warning, undefined);
});
