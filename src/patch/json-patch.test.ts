import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch } from './json-patch.js';
import { decodePatchBody } from '../endpoints/patch/apply-patch-body.js';
import { ApiserverPanic } from './patch-errors.js';
import { StatusError } from '../errors/status.js';

const cm = () => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'default', resourceVersion: '123', labels: { a: '1' } },
  data: { x: '1', n: 1, f: 1.5, html: '<b>&' },
  arr: [1, 2, 3],
});

const apply = (patch: unknown, doc: unknown = cm(), fieldValidation?: 'Ignore' | 'Warn' | 'Strict') =>
  applyJsonPatch(doc, decodePatchBody(typeof patch === 'string' ? patch : JSON.stringify(patch)), { fieldValidation });

function statusOf(fn: () => unknown): ReturnType<StatusError['toJSON']> {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected StatusError, got ${e}`);
    return e.toJSON();
  }
  assert.fail('expected an error');
}

const GENERIC_422 = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server rejected our request due to an error in our request',
  reason: 'Invalid',
  details: {},
  code: 422,
};

const fails422 = (patch: unknown, doc?: unknown) => assert.deepEqual(statusOf(() => apply(patch, doc)), GENERIC_422);

test('add, remove, replace, move, copy on objects and arrays', () => {
  const { result } = apply([
    { op: 'add', path: '/metadata/labels/b', value: '2' },
    { op: 'remove', path: '/metadata/labels/a' },
    { op: 'replace', path: '/data/x', value: 'y' },
    { op: 'move', from: '/data/n', path: '/data/m' },
    { op: 'copy', from: '/arr', path: '/arr2' },
    { op: 'add', path: '/arr/1', value: 9 },
    { op: 'add', path: '/a~1b~0c', value: true },
  ]) as { result: any };
  assert.deepEqual(result.metadata.labels, { b: '2' });
  assert.deepEqual(result.data, { x: 'y', f: 1.5, html: '<b>&', m: 1 });
  assert.deepEqual(result.arr, [1, 9, 2, 3]);
  assert.deepEqual(result.arr2, [1, 2, 3]);
  assert.equal(result['a/b~c'], true);
});

test('replace on a missing object member adds it (RFC says error)', () => {
  const { result } = apply([{ op: 'replace', path: '/metadata/labels/new', value: 'v' }]) as { result: any };
  assert.deepEqual(result.metadata.labels, { a: '1', new: 'v' });
  // ...but a missing parent still fails
  fails422([{ op: 'replace', path: '/spec/x', value: 1 }]);
  // ...and so does an array index past the end
  fails422([{ op: 'replace', path: '/arr/3', value: 1 }]);
});

test('negative array indices', () => {
  const r = (patch: unknown) => (apply(patch).result as any).arr;
  assert.deepEqual(r([{ op: 'replace', path: '/arr/-1', value: 9 }]), [1, 2, 9]);
  assert.deepEqual(r([{ op: 'remove', path: '/arr/-3' }]), [2, 3]);
  assert.deepEqual(r([{ op: 'test', path: '/arr/-1', value: 3 }]), [1, 2, 3]);
  // add counts from len+1: -1 appends, like '-'
  assert.deepEqual(r([{ op: 'add', path: '/arr/-1', value: 4 }]), [1, 2, 3, 4]);
  assert.deepEqual(r([{ op: 'add', path: '/arr/-', value: 4 }]), [1, 2, 3, 4]);
  assert.deepEqual(r([{ op: 'add', path: '/arr/-4', value: 0 }]), [0, 1, 2, 3]);
  fails422([{ op: 'add', path: '/arr/-5', value: 0 }]);
  fails422([{ op: 'remove', path: '/arr/-4' }]);
  fails422([{ op: 'test', path: '/arr/-4', value: 1 }]);
  // strconv.Atoi accepts a sign and leading zeros
  assert.deepEqual(r([{ op: 'replace', path: '/arr/+01', value: 7 }]), [1, 7, 3]);
});

test('test of a missing member against null passes; other values fail', () => {
  assert.ok(apply([{ op: 'test', path: '/metadata/labels/zz', value: null }]));
  fails422([{ op: 'test', path: '/metadata/labels/zz', value: 'x' }]);
  fails422([{ op: 'test', path: '/nope/zz', value: null }]);
});

test('test compares scalars by JSON text, objects by members in any order', () => {
  assert.ok(apply([{ op: 'test', path: '/data/n', value: 1 }]));
  fails422('[{"op":"test","path":"/data/n","value":1.0}]');
  fails422('[{"op":"test","path":"/data/n","value":1e0}]');
  fails422('[{"op":"test","path":"/data/x","value":"\\u0031"}]');
  assert.ok(apply('[{"op":"test","path":"/data/x","value":"1"}]'));
  assert.ok(apply([{ op: 'test', path: '/metadata/labels', value: { a: '1' } }]));
  assert.ok(apply('[{"op":"test","path":"/metadata","value":{"resourceVersion":"123","labels":{"a":"1"},"namespace":"default","name":"cm"}}]'));
  // The live object is Go-encoded (HTML-safe), so a literal '<' never matches it.
  fails422([{ op: 'test', path: '/data/html', value: '<b>&' }]);
  assert.ok(apply('[{"op":"test","path":"/data/html","value":"\\u003cb\\u003e\\u0026"}]'));
  // a value the same patch added keeps the patch's own text
  assert.ok(apply('[{"op":"add","path":"/data/y","value":1.0},{"op":"test","path":"/data/y","value":1.0}]'));
});

test('a test on metadata.resourceVersion is the optimistic lock', () => {
  assert.ok(apply([{ op: 'test', path: '/metadata/resourceVersion', value: '123' }]));
  fails422([
    { op: 'test', path: '/metadata/resourceVersion', value: '122' },
    { op: 'add', path: '/data/z', value: 'z' },
  ]);
});

test('operation errors are all the generic 422', () => {
  fails422([{ op: 'add', path: '/spec/containers/0', value: {} }]); // missing parent
  fails422([{ op: 'add', path: '/arr/4', value: 1 }]); // index > length
  fails422([{ op: 'remove', path: '/metadata/labels/nope' }]);
  fails422([{ op: 'frobnicate', path: '/data' }]);
  fails422([{ path: '/data' }]); // no op
  fails422([{ op: 'add', value: 1 }]); // no path
  fails422([{ op: 'add', path: '', value: 1 }]);
  fails422([{ op: 'move', from: '/data/nope', path: '/data/x' }]);
  fails422([{ op: 'replace', path: '', value: 'scalar' }]);
  fails422('[null]');
});

test('quirks: first path segment unchecked, copy of a missing member adds null, add without value adds null', () => {
  assert.deepEqual((apply([{ op: 'add', path: 'whatever/k', value: 1 }]).result as any).k, 1);
  assert.equal((apply([{ op: 'copy', from: '/data/none', path: '/data/c' }]).result as any).data.c, null);
  assert.equal((apply([{ op: 'add', path: '/data/v' }]).result as any).data.v, null);
  const replaced = apply([{ op: 'replace', path: '', value: { a: 1 } }]).result;
  assert.deepEqual(replaced, { a: 1 });
});

test('copy is limited to 3 MiB in total', () => {
  const big = 'x'.repeat(1024 * 1024);
  const doc = { data: { big } };
  const ok = apply([
    { op: 'copy', from: '/data/big', path: '/data/c1' },
    { op: 'copy', from: '/data/big', path: '/data/c2' },
  ], doc);
  assert.equal((ok.result as any).data.c2.length, big.length);
  // three copies of 1 MiB + 2 quote bytes each exceed 3145728
  fails422([
    { op: 'copy', from: '/data/big', path: '/data/c1' },
    { op: 'copy', from: '/data/big', path: '/data/c2' },
    { op: 'copy', from: '/data/big', path: '/data/c3' },
  ], doc);
});

test('more than 10000 operations: 413', () => {
  const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/data/x', value: '1' }));
  assert.deepEqual(statusOf(() => apply(ops)), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001',
    reason: 'RequestEntityTooLarge',
    code: 413,
  });
  assert.ok(apply(ops.slice(1)));
});

test('malformed bodies: 400 with the decoder text, prefixed unless fieldValidation=Ignore', () => {
  const bad = (body: string, fv?: 'Ignore' | 'Warn' | 'Strict') => {
    const s = statusOf(() => apply(body, cm(), fv));
    assert.equal(s.code, 400);
    assert.equal(s.reason, 'BadRequest');
    assert.equal(s.details, undefined);
    return s.message;
  };
  assert.equal(bad('x'), "error decoding patch: invalid character 'x' looking for beginning of value");
  assert.equal(bad('x', 'Strict'), "error decoding patch: invalid character 'x' looking for beginning of value");
  assert.equal(bad('x', 'Ignore'), "invalid character 'x' looking for beginning of value");
  assert.equal(bad(''), 'error decoding patch: unexpected end of JSON input');
  assert.equal(bad('[{"op":"add",}]'), "error decoding patch: invalid character '}' looking for beginning of object key string");
  assert.equal(bad('{"op":"add"}'), 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp');
  assert.equal(bad('{"op":"add"}', 'Ignore'), 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  assert.equal(bad('["add"]'), 'error decoding patch: json: cannot unmarshal string into Go value of type handlers.jsonPatchOp');
  assert.equal(bad('["add"]', 'Ignore'), 'json: cannot unmarshal string into Go value of type jsonpatch.Operation');
  assert.equal(bad('[{"op":1,"path":"/a"}]'), 'error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string');
  assert.equal(bad('[{"op":"add","path":["a"]}]'), 'error decoding patch: json: cannot unmarshal array into Go struct field jsonPatchOp.path of type string');
  assert.equal(bad('[{"op":"add","path":"/a","value":1e400}]'), 'error decoding patch: json: cannot unmarshal number 1e400 into Go struct field jsonPatchOp.value of type float64');
  // with Ignore the same operation reaches the library, which cannot read op: generic 422
  assert.deepEqual(statusOf(() => apply('[{"op":1,"path":"/a"}]', cm(), 'Ignore')), GENERIC_422);
  // null is an empty patch
  assert.deepEqual(apply('null').result, cm());
});

test('unknown and duplicate keys in operations are strict errors (Warn/Strict), not failures', () => {
  const r = apply('[{"op":"add","path":"/data/v","vaule":"x","value":"y"},{"op":"test","op":"test","path":"/data/x","value":"1","value2":1,"vaule":2}]');
  assert.deepEqual(r.strictErrors, [
    'json patch unknown field "[0].vaule"',
    'json patch duplicate field "[1].op"',
    'json patch unknown field "[1].value2"',
    'json patch unknown field "[1].vaule"',
  ]);
  assert.equal((r.result as any).data.v, 'y');
  // duplicates inside a value are found too; Ignore reports nothing
  assert.deepEqual(apply('[{"op":"add","path":"/data/o","value":{"a":1,"a":2}}]').strictErrors, ['json patch duplicate field "[0].value.a"']);
  assert.deepEqual(apply('[{"op":"add","path":"/data/v","vaule":"x"}]', cm(), 'Ignore').strictErrors, []);
});

test('where kube-apiserver panics', () => {
  // test of a missing member without a value: nil dereference in the library
  assert.throws(() => apply([{ op: 'test', path: '/data/nope' }]), ApiserverPanic);
  // traversing through a null the same patch added
  assert.throws(() => apply([{ op: 'add', path: '/data/o', value: null }, { op: 'add', path: '/data/o/k', value: 1 }]), ApiserverPanic);
});

test('the patched document is not the input object', () => {
  const doc = cm();
  apply([{ op: 'add', path: '/metadata/labels/b', value: '2' }], doc);
  assert.deepEqual(doc, cm());
});
