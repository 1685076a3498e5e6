// Golden bytes of kube's CBOR encoding (apimachinery's cbor serializer, deterministic mode), written out by hand
// from its rules, and the decoder's acceptance and refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeObject, listBody, encodeItem, watchEvent } from './cbor-wire.js';
import { decodeCbor, CborDecodeError } from './cbor-decode.js';

const hex = (s: string) => s.replace(/\s+|#[^\n]*/g, '');

test('golden: a Secret as kube writes it (byte-string text, keys sorted by encoded bytes, []byte in tag 22)', () => {
  const secret = { kind: 'Secret', apiVersion: 'v1', metadata: { name: 's', namespace: 'ns' }, immutable: true, data: { k: 'aGk=' }, type: 'Opaque' };
  const golden = hex(`
    d9d9f7                         # self-described CBOR
    a6                             # map, 6 pairs
    44 64617461                    # "data" (4-byte keys first, then bytewise)
      a1 41 6b d6 42 6869          #   {"k": 22(h'6869')}  ([]byte: raw bytes, "expected base64" tag)
    44 6b696e64  46 536563726574   # "kind": "Secret"
    44 74797065  46 4f7061717565   # "type": "Opaque"
    48 6d65746164617461            # "metadata"
      a2 44 6e616d65 41 73         #   {"name": "s",
         49 6e616d657370616365 42 6e73 # "namespace": "ns"}
    49 696d6d757461626c65  f5      # "immutable": true
    4a 61706956657273696f6e  42 7631 # "apiVersion": "v1"
  `);
  assert.equal(encodeObject(secret).toString('hex'), golden);
});

test('numbers: integers in their shortest head, Go float fields as the shortest exact float', () => {
  assert.equal(encodeItem(0).toString('hex'), '00');
  assert.equal(encodeItem(23).toString('hex'), '17');
  assert.equal(encodeItem(24).toString('hex'), '1818');
  assert.equal(encodeItem(-1).toString('hex'), '20');
  assert.equal(encodeItem(65536).toString('hex'), '1a00010000');
  assert.equal(encodeItem(2 ** 40).toString('hex'), '1b0000010000000000');
  assert.equal(encodeItem(1.5).toString('hex'), 'f93e00');
  assert.equal(encodeItem(100000.5).toString('hex'), 'fa47c35040');
  assert.equal(encodeItem(0.1).toString('hex'), 'fb3fb999999999999a');
  assert.equal(encodeItem(null).toString('hex'), 'f6');
  assert.equal(encodeItem([true, false]).toString('hex'), '82f5f4');
});

test('a list spliced from item bytes equals the list encoded whole', () => {
  const items = [{ a: 1 }, { b: 'x' }];
  const whole = encodeObject({ kind: 'ThingList', apiVersion: 'example.com/v1', metadata: { resourceVersion: '7' }, items });
  const spliced = listBody('example.com/v1', 'ThingList', { resourceVersion: '7' }, items.map((i) => encodeItem(i)));
  assert.equal(spliced.toString('hex'), whole.toString('hex'));
});

test('a watch event: self-described {type, object} whose object is itself self-described', () => {
  assert.equal(
    watchEvent('ADDED', encodeItem({ a: 1 })).toString('hex'),
    hex('d9d9f7 a2 44 74797065 45 4144444544 46 6f626a656374 d9d9f7 a1 41 61 01'),
  );
});

test('decoding: self-described optional, text and byte strings alike, expected-encoding tags, time tags', () => {
  assert.deepEqual(decodeCbor(Buffer.from(hex('d9d9f7 a2 41 61 01 61 62 62 6869'), 'hex'), undefined), { a: 1, b: 'hi' });
  assert.deepEqual(decodeCbor(Buffer.from(hex('a1 41 61 d6 42 0102'), 'hex')), { a: 'AQI=' });
  assert.deepEqual(decodeCbor(Buffer.from(hex('a1 41 61 d7 42 0aff'), 'hex')), { a: '0aff' });
  assert.deepEqual(decodeCbor(Buffer.from(hex('a1 41 61 c1 1a 5f000000'), 'hex')), { a: '2020-07-04T04:05:20Z' });
  // Indefinite lengths are allowed.
  assert.deepEqual(decodeCbor(Buffer.from(hex('bf 41 61 9f 01 02 ff ff'), 'hex')), { a: [1, 2] });
});

test('decoding refuses what kube refuses, in fxamacker/cbor\'s words', () => {
  const refuse = (h: string, message: string) =>
    assert.throws(() => decodeCbor(Buffer.from(hex(h), 'hex')), (e: unknown) => e instanceof CborDecodeError && e.message === message);
  refuse('a2 41 61 01 61 61 02', 'cbor: found duplicate map key "a" at map element index 1');
  refuse('a1 41 61 1b ffffffffffffffff', "cbor: cannot unmarshal positive integer into Go value of type int64 (18446744073709551615 overflows Go's int64)");
  refuse('a1 41 61 c2 41 01', 'cbor: bignum tag (2) is forbidden');
  refuse('a1 41 61 f9 7e00', 'cbor: floating-point number NaN not allowed');
  refuse('a1 41 61 f9 7c00', 'cbor: floating-point infinity not allowed');
  refuse('a1 01 02', 'cbor: cannot unmarshal integer into Go value of type string');
  refuse('a1 41', 'unexpected EOF');
  assert.throws(() => decodeCbor(Buffer.from([0x99, 0x04, 0x01, ...new Array(1025).fill(0)])), /exceeded max number of elements 1024/);
});
