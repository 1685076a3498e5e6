import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedBytes, storedText } from './stored-text.js';

test('stored bytes survive the text form byte for byte, UTF-8 and invalid sequences included', () => {
  const bytes = new Uint8Array([...Buffer.from('{"name":"ümlaut ✓ 😀"}'), 0xff, 0xc3, 0x00, 0x80]);
  const text = storedText(bytes);
  assert.equal(text.length, bytes.length);
  assert.deepEqual([...storedBytes(text)], [...bytes]);
});

test('one text per value: the same bytes, or bytes made from a text, give back that very string', () => {
  const bytes = Buffer.from('{"kind":"ConfigMap"}');
  const text = storedText(bytes);
  assert.equal(storedText(bytes), text);
  const again = storedBytes(text);
  assert.notEqual(again, bytes);
  assert.equal(storedText(again), text);
  // A view of part of a larger allocation reads only its own bytes.
  const big = Buffer.from('xx{"a":1}yy');
  assert.equal(storedText(new Uint8Array(big.buffer, big.byteOffset + 2, 7)), '{"a":1}');
});
