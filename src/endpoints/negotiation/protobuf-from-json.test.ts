import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonToMessage, parseDuration, parseTime } from './protobuf-from-json.js';
import { protoType } from './protobuf-types.js';

test('RFC 3339 times keep their fraction to the nanosecond and honour offsets', () => {
  assert.deepStrictEqual(parseTime('2025-06-01T10:00:00Z'), { seconds: 1748772000, nanos: 0 });
  assert.deepStrictEqual(parseTime('2025-06-01T10:00:00.123456Z'), { seconds: 1748772000, nanos: 123456000 });
  assert.deepStrictEqual(parseTime('2025-06-01T12:00:00.000000001+02:00'), { seconds: 1748772000, nanos: 1 });
  assert.equal(parseTime('yesterday'), undefined);
});

test('Go duration texts', () => {
  assert.equal(parseDuration('0'), 0);
  assert.equal(parseDuration('0s'), 0);
  assert.equal(parseDuration('1h0m0s'), 3600e9);
  assert.equal(parseDuration('1.5µs'), 1500);
  assert.equal(parseDuration('2m3.5s'), 123.5e9);
  assert.equal(parseDuration('-100ms'), -100e6);
  assert.throws(() => parseDuration('10'), /time: invalid duration "10"/);
});

test('repeated scalars are written unpacked, as gogo writes proto2', () => {
  const t = protoType('k8s.io.api.core.v1.PodSecurityContext');
  assert.equal(Buffer.from(t.encode(jsonToMessage(t, { supplementalGroups: [1, 2] })).finish()).toString('hex'), '20012002');
});
