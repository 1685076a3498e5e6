import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors/status.js';
import { customResourceFieldSet, jsonPathSegments } from './custom-resource-fields.js';
import { parseFieldSelector } from './field-selector.js';
import { convertFieldSelector } from './field-sets.js';

const widgets = customResourceFieldSet({ namespaced: true, selectableFields: ['.spec.color', '.spec.size', '.spec.enabled', ".spec['dotted.key']"] });
const clusterWidgets = customResourceFieldSet({ namespaced: false, selectableFields: ['.spec.color'] });

const rejected = (sel: string, set = widgets): string => {
  try {
    convertFieldSelector(parseFieldSelector(sel), set);
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.equal(e.code, 400);
    assert.equal(e.reason, 'BadRequest');
    return e.status.message!;
  }
  assert.fail(`expected ${sel} to be rejected`);
};

test('labels: metadata ones plus each selectable field without its leading dot', () => {
  assert.deepEqual(widgets.labels, ['metadata.name', 'metadata.namespace', 'spec.color', 'spec.size', 'spec.enabled', "spec['dotted.key']"]);
  assert.deepEqual(clusterWidgets.labels, ['metadata.name', 'spec.color']);
  assert.deepEqual(customResourceFieldSet({ namespaced: true }).labels, ['metadata.name', 'metadata.namespace']);
});

test('unknown labels use the apiextensions message; cluster-scoped kinds reject metadata.namespace', () => {
  assert.equal(rejected('spec.shape=round'), 'field label not supported: spec.shape');
  assert.equal(rejected('.spec.color=red'), 'field label not supported: .spec.color');
  assert.equal(rejected('metadata.namespace=a', clusterWidgets), 'field label not supported: metadata.namespace');
  assert.equal(rejected('spec.color=red', customResourceFieldSet({ namespaced: true })), 'field label not supported: spec.color');
});

test('values are printed like fmt.Sprint; missing reads ""', () => {
  const obj = { metadata: { name: 'w', namespace: 'a' }, spec: { color: 'red', size: 3, enabled: false, 'dotted.key': 'v' } };
  assert.deepEqual(widgets.fields(obj), {
    'metadata.name': 'w',
    'metadata.namespace': 'a',
    'spec.color': 'red',
    'spec.size': '3',
    'spec.enabled': 'false',
    "spec['dotted.key']": 'v',
  });
  assert.deepEqual(clusterWidgets.fields({ metadata: { name: 'c' } }), { 'metadata.name': 'c', 'spec.color': '' });
  const sel = convertFieldSelector(parseFieldSelector('spec.color=red,spec.size!=4,spec.enabled=false'), widgets);
  assert.ok(sel.matches(widgets.fields(obj)));
  assert.ok(!sel.matches(widgets.fields({ ...obj, spec: { ...obj.spec, color: 'blue' } })));
});

test('JSONPath segments', () => {
  assert.deepEqual(jsonPathSegments('.spec.color'), ['spec', 'color']);
  assert.deepEqual(jsonPathSegments(".spec['a.b'].c"), ['spec', 'a.b', 'c']);
  assert.deepEqual(jsonPathSegments('.spec["x"]'), ['spec', 'x']);
  assert.throws(() => jsonPathSegments('.spec.items[0]'), /unsupported selectable field path/);
});
