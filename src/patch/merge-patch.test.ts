import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from './merge-patch.js';
import { decodePatchBody } from '../endpoints/patch/apply-patch-body.js';
import { StatusError } from '../errors/status.js';

const deploy = () => ({
  metadata: { name: 'web', labels: { a: '1', b: '2' }, annotations: { x: 'y' } },
  spec: {
    replicas: 1,
    template: { spec: { containers: [{ name: 'app', image: 'app:1' }, { name: 'side', image: 'side:1' }] } },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
  },
});

const merge = (patch: unknown, doc: unknown = deploy(), fieldValidation?: 'Ignore' | 'Warn' | 'Strict') =>
  applyMergePatch(doc, decodePatchBody(typeof patch === 'string' ? patch : JSON.stringify(patch)), { fieldValidation });

function statusOf(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected StatusError, got ${e}`);
    return e.toJSON();
  }
  assert.fail('expected an error');
}

const bad = (message: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 });

test('null deletes, objects merge, scalars replace', () => {
  const { result } = merge({ metadata: { labels: { a: null, c: '3' }, annotations: null }, spec: { replicas: 3 } }) as { result: any };
  assert.deepEqual(result.metadata, { name: 'web', labels: { b: '2', c: '3' } });
  assert.equal(result.spec.replicas, 3);
  assert.deepEqual(result.spec.strategy, deploy().spec.strategy);
  // deleting a missing member is fine
  assert.deepEqual((merge({ metadata: { nope: null } }).result as any).metadata, deploy().metadata);
});

test('a merge patch on a list-map replaces the whole list', () => {
  const { result } = merge({ spec: { template: { spec: { containers: [{ name: 'app', image: 'app:2' }] } } } }) as { result: any };
  assert.deepEqual(result.spec.template.spec.containers, [{ name: 'app', image: 'app:2' }]);
});

test('nulls in new values are pruned from objects but kept in arrays', () => {
  const { result } = merge({ spec: { extra: { a: null, b: { c: null, d: 1 }, l: [null, { e: null, f: 2 }] } } }) as { result: any };
  assert.deepEqual(result.spec.extra, { b: { d: 1 }, l: [null, { f: 2 }] });
  // a scalar replaced by an object: pruned too
  assert.deepEqual((merge({ spec: { replicas: { a: null, b: 1 } } }).result as any).spec.replicas, { b: 1 });
  // an object replaced by a non-object: taken as is (the library does not prune there)
  assert.deepEqual((merge({ spec: { strategy: [{ a: null }] } }).result as any).spec.strategy, [{ a: null }]);
});

test('managedFields reset body (E14) lands as given', () => {
  const doc = { metadata: { name: 'cm', managedFields: [{ manager: 'm', operation: 'Apply' }] } };
  assert.deepEqual(merge({ metadata: { managedFields: [{}] } }, doc).result, { metadata: { name: 'cm', managedFields: [{}] } });
});

test('malformed bodies under Warn (default) and Strict: error decoding patch', () => {
  for (const fv of [undefined, 'Warn', 'Strict'] as const) {
    assert.deepEqual(statusOf(() => merge('x', deploy(), fv)), bad("error decoding patch: invalid character 'x' looking for beginning of value"));
    assert.deepEqual(statusOf(() => merge('"s"', deploy(), fv)), bad('error decoding patch: json: cannot unmarshal string into Go value of type map[string]interface {}'));
    assert.deepEqual(statusOf(() => merge('1', deploy(), fv)), bad('error decoding patch: json: cannot unmarshal number into Go value of type map[string]interface {}'));
    assert.deepEqual(statusOf(() => merge('true', deploy(), fv)), bad('error decoding patch: json: cannot unmarshal bool into Go value of type map[string]interface {}'));
    assert.deepEqual(statusOf(() => merge('[]', deploy(), fv)), bad('error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}'));
    assert.deepEqual(statusOf(() => merge('null', deploy(), fv)), bad('Invalid JSON Patch'));
  }
});

test('malformed bodies under Ignore: Invalid JSON Patch; an array becomes the result', () => {
  for (const body of ['x', '"s"', '1', 'true', 'null', '{"a":']) assert.deepEqual(statusOf(() => merge(body, deploy(), 'Ignore')), bad('Invalid JSON Patch'));
  assert.deepEqual(merge('[{"a":null,"b":1},null]', deploy(), 'Ignore').result, [{ b: 1 }, null]);
});

test('duplicate keys are strict errors (Warn/Strict); the last value wins', () => {
  const r = merge('{"metadata":{"labels":{"a":"x","a":"y"}},"spec":{"replicas":2},"spec":{"replicas":5}}');
  assert.deepEqual(r.strictErrors, ['duplicate field "metadata.labels.a"', 'duplicate field "spec"']);
  assert.equal((r.result as any).metadata.labels.a, 'y');
  assert.equal((r.result as any).spec.replicas, 5);
  assert.deepEqual(merge('{"a":1,"a":2}', deploy(), 'Ignore').strictErrors, []);
});

test('the result shares nothing with the input document', () => {
  const doc = deploy();
  const { result } = merge({ metadata: { labels: { a: null } } }, doc) as { result: any };
  assert.deepEqual(doc, deploy());
  result.spec.template.spec.containers[0].image = 'changed';
  assert.equal(doc.spec.template.spec.containers[0].image, 'app:1');
});
