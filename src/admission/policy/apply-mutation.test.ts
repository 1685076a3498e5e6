import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KObject } from '../../api/object.js';
import { builtinObjectType } from '../../apply/schema-types.js';
import { jsonValue } from '../../cel/index.js';
import { compileMutatingPolicy } from '../../cel/mutating-admission-policy.js';
import { applyMutation } from './apply-mutation.js';
import { Group } from './evaluate.js';

const deployment: KObject = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas: 1, selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
  },
};
const type = builtinObjectType({ group: 'apps', version: 'v1', kind: 'Deployment' });

function run(patchType: 'ApplyConfiguration' | 'JSONPatch', expression: string, object: KObject = deployment) {
  const spec = patchType === 'JSONPatch' ? { jsonPatch: { expression } } : { applyConfiguration: { expression } };
  const policy = compileMutatingPolicy({ mutations: [{ patchType, ...spec }] });
  const m = policy.mutations[0]!;
  const group = new Group(policy, { object: jsonValue(object), oldObject: null, request: null, namespaceObject: null }, true, 10_000_000);
  return applyMutation(m, group, object, type);
}

test('apply configuration: list-map items merge by key and untouched fields stay', () => {
  const r = run('ApplyConfiguration', "Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: 'app', image: 'nginx:2'}, Object.spec.template.spec.containers{name: 'sidecar', image: 'envoy'}]}}}}");
  assert.ok('object' in r);
  assert.deepEqual(r.object.spec.template.spec.containers, [{ name: 'app', image: 'nginx:2' }, { name: 'sidecar', image: 'envoy' }]);
  assert.equal(r.object.spec.replicas, 1);
  assert.deepEqual(deployment.spec.template.spec.containers, [{ name: 'app', image: 'nginx' }]);
});

test('apply configuration: atomic structs and fields outside the schema are refused with kube\'s texts', () => {
  assert.deepEqual(run('ApplyConfiguration', "Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {'a': 'b'}}}}"),
    { error: 'error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector' });
  assert.deepEqual(run('ApplyConfiguration', 'Object{spec: Object.spec{replica: 2}}'),
    { error: 'error applying patch: failed to convert patch object to typed object: .spec.replica: field not declared in schema' });
});

test('json patch: operations apply in order; a failed test keeps the object; a missing path is json-patch\'s error', () => {
  const r = run('JSONPatch', "[JSONPatch{op: 'replace', path: '/spec/replicas', value: 3}, JSONPatch{op: 'add', path: '/metadata/labels/' + jsonpatch.escapeKey('a/b'), value: 'c'}]");
  assert.ok('object' in r);
  assert.equal(r.object.spec.replicas, 3);
  assert.deepEqual(r.object.metadata.labels, { app: 'web', 'a/b': 'c' });
  const kept = run('JSONPatch', "[JSONPatch{op: 'test', path: '/spec/replicas', value: 5}, JSONPatch{op: 'remove', path: '/spec'}]");
  assert.deepEqual(kept, { object: deployment });
  assert.deepEqual(run('JSONPatch', "[JSONPatch{op: 'remove', path: '/status/x'}]"),
    { error: 'JSON Patch: remove operation does not apply: doc is missing path: "/status/x": missing value' });
});

test('evaluation errors are reported with kube\'s text', () => {
  assert.deepEqual(run('JSONPatch', "[JSONPatch{op: 'add', path: '/x', value: object.nope}]"),
    { error: "expression '[JSONPatch{op: 'add', path: '/x', value: object.nope}]' resulted in error: no such key: nope" });
});
