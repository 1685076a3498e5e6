import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../errors/status.js';
import { decodeContinue, encodeContinue } from './continue-token.js';

const b64 = (s: string) => Buffer.from(s).toString('base64url');
function message(token: string): string {
  try {
    decodeContinue(token);
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.equal(e.code, 400);
    assert.equal(e.reason, 'BadRequest');
    return e.status.message!;
  }
  assert.fail('expected 400');
}

test('encodes kube\'s etcd form and the watch cache form', () => {
  assert.equal(encodeContinue(1234, 'default/cm1\u0000'), 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTIzNCwic3RhcnQiOiJkZWZhdWx0L2NtMVx1MDAwMCJ9');
  assert.equal(Buffer.from(encodeContinue(7, 'cm1\u0000', { fromCache: true }), 'base64url').toString(), '{"v":"meta.k8s.io/v1","rv":7,"start":"/cm1\\u0000"}');
  assert.equal(Buffer.from(encodeContinue(-1, 'a<b\u0000'), 'base64url').toString(), '{"v":"meta.k8s.io/v1","rv":-1,"start":"a\\u003cb\\u0000"}');
});

test('decodes both forms to the same relative start key', () => {
  assert.deepEqual(decodeContinue(encodeContinue(9, 'cm1\u0000')), { rv: 9, start: 'cm1\u0000' });
  assert.deepEqual(decodeContinue(encodeContinue(9, 'cm1\u0000', { fromCache: true })), { rv: 9, start: 'cm1\u0000' });
  assert.deepEqual(decodeContinue(encodeContinue(-1, 'ns/cm1\u0000')), { rv: -1, start: 'ns/cm1\u0000' });
});

test('invalid tokens answer kube\'s texts', () => {
  const p = 'invalid continue token: continue key is not valid: ';
  assert.equal(message('abc$def'), p + 'illegal base64 data at input byte 3');
  assert.equal(message(b64('{"v":"meta.k8s.io/v1","rv":5,"start":"a"}') + '='), p + 'illegal base64 data at input byte ' + b64('{"v":"meta.k8s.io/v1","rv":5,"start":"a"}').length);
  assert.equal(message(b64('nope')), p + "invalid character 'o' in literal null (expecting 'u')");
  assert.equal(message(b64('{"v":"v2","rv":5,"start":"a"}')), p + 'server does not recognize this encoded version v2');
  assert.equal(message(b64('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}')), p + 'incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  assert.equal(message(b64('{"v":"meta.k8s.io/v1","rv":3,"start":""}')), p + 'encoded start key empty (version meta.k8s.io/v1)');
  assert.equal(message(b64('{"v":"meta.k8s.io/v1","rv":3,"start":"../other/x"}')), p + '../other/x');
  assert.equal(message(b64('{"v":"meta.k8s.io/v1","rv":"3","start":"a"}')), p + 'json: cannot unmarshal string into Go struct field continueToken.rv of type int64');
});
