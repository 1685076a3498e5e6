import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneDecoded, duplicateEntries, findingsOf } from './decode-findings.js';
import { countKeyTokens, JsonBodySyntaxError, parseJsonBody } from './json-body.js';
import { parseYamlBody } from './yaml-body.js';
import { builtinKindSchema } from '../../schema/builtin-schemas.js';
import { decodeTyped } from '../../schema/typed-decode.js';

const cm = builtinKindSchema('', 'v1', 'ConfigMap')!;

test('JSON bodies without repeated keys take the JSON.parse path and record nothing', () => {
  const body = Buffer.from('{"a": {"b:": "c\\"d:", "e" :[{"f":1}]}, "g\\\\":"h"}');
  assert.equal(countKeyTokens(body), 5);
  const v = parseJsonBody(body) as object;
  assert.deepEqual(v, { a: { 'b:': 'c"d:', e: [{ f: 1 }] }, 'g\\': 'h' });
  assert.equal(findingsOf(v), undefined);
});

test('JSON bodies with repeated keys keep every entry for the typed decoder', () => {
  const body = Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","name":"b"},"data":{"k":"1","k":"2"},"foo":1}');
  const v = parseJsonBody(body) as Record<string, unknown>;
  assert.deepEqual(v, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { k: '2' }, foo: 1 });
  const f = findingsOf(v)!;
  assert.equal(f.duplicated.length, 2);
  const r = decodeTyped(v, cm, { duplicates: duplicateEntries(f) });
  assert.deepEqual(r.strictErrors, ['duplicate field "metadata.name"', 'duplicate field "data.k"', 'unknown field "foo"']);
  // A clone (the update handler retries on copies) carries the findings.
  const copy = cloneDecoded(v);
  assert.notEqual(copy, v);
  const r2 = decodeTyped(copy, cm, { duplicates: duplicateEntries(findingsOf(copy)) });
  assert.deepEqual(r2.strictErrors, r.strictErrors);
});

test('malformed JSON fails with Go texts', () => {
  assert.throws(() => parseJsonBody(Buffer.from('{"a":1,}')), (e: unknown) => e instanceof JsonBodySyntaxError && e.message === "invalid character '}' looking for beginning of object key string");
  assert.throws(() => parseJsonBody(Buffer.from('{"a":')), { message: 'unexpected end of JSON input' });
});

test('YAML duplicate keys: yaml.v2 strict text, value line numbers, last value kept', () => {
  const body = Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\ndata:\n  x: "1"\n  x: "2"\nkind: ConfigMap\n');
  const v = parseYamlBody(body) as Record<string, unknown>;
  assert.deepEqual(v, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { x: '2' } });
  assert.deepEqual(findingsOf(v)!.leading, ['yaml: unmarshal errors:\n  line 5: key "name" already set in map\n  line 8: key "x" already set in map\n  line 9: key "kind" already set in map']);
  const clean = parseYamlBody(Buffer.from('a: 1\nb: [1, 2]\n')) as object;
  assert.equal(findingsOf(clean), undefined);
});

test('findings survive a shallow copy of the decoded root (decodeBody reorders TypeMeta first)', () => {
  const v = parseJsonBody(Buffer.from('{"metadata":{"name":"a"},"kind":"ConfigMap","kind":"ConfigMap","apiVersion":"v1"}')) as Record<string, unknown>;
  const { kind, apiVersion, ...rest } = v;
  const copy = { kind, apiVersion, ...rest };
  const r = decodeTyped(copy, cm, { duplicates: duplicateEntries(findingsOf(copy)) });
  assert.deepEqual(r.strictErrors, ['duplicate field "kind"']);
});

test('unstructured (custom resource) bodies: repeated keys at any depth, in decode order', async () => {
  const { unstructuredStrictErrors } = await import('./unstructured-strict-errors.js');
  const v = parseJsonBody(Buffer.from('{"spec":{"a":1,"a":2,"list":[{"x":1,"x":2}]},"metadata":{"name":"w"},"spec":{"b":1}}')) as object;
  assert.deepEqual(unstructuredStrictErrors(v), ['duplicate field "spec.a"', 'duplicate field "spec.list[0].x"', 'duplicate field "spec"']);
  assert.deepEqual(unstructuredStrictErrors(parseJsonBody(Buffer.from('{"a":1}')) as object), []);
  const y = parseYamlBody(Buffer.from('a: 1\na: 2\n')) as object;
  assert.deepEqual(unstructuredStrictErrors(y), ['yaml: unmarshal errors:\n  line 2: key "a" already set in map']);
});
