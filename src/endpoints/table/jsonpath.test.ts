import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateJsonPath, parseJsonPath, JsonPathError } from './jsonpath.js';

const run = (path: string, data: unknown): unknown[] => evaluateJsonPath(parseJsonPath(path), data);

const widget = {
  metadata: { name: 'w', labels: { app: 'web', 'app.kubernetes.io/name': 'dotted', a: { b: 'nested' } } },
  spec: { replicas: 3, ratio: 0.5, enabled: false, tags: ['x', 'y', 'z'], empty: null },
  status: {
    conditions: [
      { type: 'Progressing', status: 'True', count: 1 },
      { type: 'Ready', status: 'False', count: 2 },
      { status: 'Unknown' },
    ],
  },
};

test('fields, missing keys and null values', () => {
  assert.deepEqual(run('.spec.replicas', widget), [3]);
  assert.deepEqual(run('.metadata.labels.app', widget), ['web']);
  assert.deepEqual(run('.spec.missing', widget), []);
  assert.deepEqual(run('.nothing.at.all', widget), []);
  assert.deepEqual(run('.spec.empty', widget), [null]);
  assert.deepEqual(run('.spec.empty.deeper', widget), []);
  assert.deepEqual(run('.spec.replicas.deeper', widget), []);
});

test("quoted keys are re-parsed as fields, so dots split unless escaped (kube's parser)", () => {
  assert.deepEqual(run("['spec']['replicas']", widget), [3]);
  assert.deepEqual(run(".metadata.labels['app.kubernetes.io/name']", widget), []);
  assert.deepEqual(run(".metadata.labels['a.b']", widget), ['nested']);
  assert.deepEqual(run(".metadata.labels['app\\.kubernetes\\.io/name']", widget), ['dotted']);
  assert.deepEqual(run('.metadata.labels.app\\.kubernetes\\.io/name', widget), ['dotted']);
});

test('indexes, slices, wildcards and unions', () => {
  assert.deepEqual(run('.spec.tags[0]', widget), ['x']);
  assert.deepEqual(run('.spec.tags[-1]', widget), ['z']);
  assert.deepEqual(run('.spec.tags[0:2]', widget), ['x', 'y']);
  assert.deepEqual(run('.spec.tags[::2]', widget), ['x', 'z']);
  assert.deepEqual(run('.spec.tags[*]', widget), ['x', 'y', 'z']);
  assert.deepEqual(run('.spec.tags[0,2]', widget), ['x', 'z']);
  assert.deepEqual(run('.status.conditions[*].type', widget), ['Progressing', 'Ready']);
  assert.deepEqual(run('.metadata.labels.*', widget).length, 3);
  assert.throws(() => run('.spec.tags[5]', widget), JsonPathError);
  assert.throws(() => run('.metadata[0]', widget), JsonPathError);
});

test('filters compare one value of the same kind', () => {
  assert.deepEqual(run('.status.conditions[?(@.type=="Ready")].status', widget), ['False']);
  assert.deepEqual(run(".status.conditions[?(@.type == 'Ready')].status", widget), ['False']);
  assert.deepEqual(run('.status.conditions[?(@.type!="Ready")].status', widget), ['True']);
  assert.deepEqual(run('.status.conditions[?(@.count>1)].type', widget), ['Ready']);
  assert.deepEqual(run('.status.conditions[?(@.count<=1)].type', widget), ['Progressing']);
  assert.deepEqual(run('.status.conditions[?(@.type)].status', widget), ['True', 'False']);
  assert.deepEqual(run('.status.conditions[?(@.type=="Nope")].status', widget), []);
  // int against string, int against float: Go's template comparison refuses.
  assert.throws(() => run('.status.conditions[?(@.count=="1")].type', widget), JsonPathError);
  assert.throws(() => run('.status.conditions[?(@.count==1.0)].type', widget), JsonPathError);
  assert.throws(() => run('.spec[?(@.x=="y")]', widget), JsonPathError);
});

test('recursive descent', () => {
  assert.deepEqual(run('..status', { a: { status: 1 }, b: [{ status: 2 }] }), [1, 2]);
});

test('syntax errors', () => {
  assert.throws(() => parseJsonPath('.spec.tags[x]'), JsonPathError);
  assert.throws(() => parseJsonPath('.a[?(@.b=="c"'), JsonPathError);
  assert.throws(() => parseJsonPath('.a[0'), JsonPathError);
});
