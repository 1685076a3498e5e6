import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepClone } from './object.js';

test('deepClone copies JSON values deeply: nothing is shared with the original', () => {
  const o = { a: { b: [1, { c: 'd' }] }, e: null, f: true };
  const c = deepClone(o);
  assert.deepEqual(c, o);
  assert.notEqual(c.a, o.a);
  assert.notEqual(c.a.b, o.a.b);
  assert.notEqual(c.a.b[1], o.a.b[1]);
  (c.a.b[1] as { c: string }).c = 'x';
  assert.equal((o.a.b[1] as { c: string }).c, 'd');
});

test('deepClone keeps an own "__proto__" key a key and never changes the prototype', () => {
  const o = JSON.parse('{"__proto__":{"polluted":true},"x":1}') as Record<string, unknown>;
  const c = deepClone(o);
  assert.equal(Object.getPrototypeOf(c), Object.prototype);
  assert.deepEqual(Object.keys(c), ['__proto__', 'x']);
  assert.equal((c as { polluted?: boolean }).polluted, undefined);
  assert.deepEqual(Object.getOwnPropertyDescriptor(c, '__proto__')?.value, { polluted: true });
});

test('deepClone copies values that are not plain JSON (Buffers, Dates) as structuredClone does', () => {
  const o = { b: Buffer.from('ab'), d: new Date(0), u: undefined };
  const c = deepClone(o);
  assert.notEqual(c.b, o.b);
  assert.deepEqual([...c.b], [...o.b]);
  assert.equal(c.d.getTime(), 0);
  assert.ok('u' in c);
});
