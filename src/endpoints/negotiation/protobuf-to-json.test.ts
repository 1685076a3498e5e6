import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDuration, formatTime } from './protobuf-to-json.js';

test('metav1.Duration is written as Go\'s time.Duration.String()', () => {
  const cases: [bigint, string][] = [
    [0n, '0s'],
    [1n, '1ns'],
    [1500n, '1.5µs'],
    [1500000n, '1.5ms'],
    [100000000n, '100ms'],
    [1000000000n, '1s'],
    [90000000000n, '1m30s'],
    [3600000000000n, '1h0m0s'],
    [3723500000000n, '1h2m3.5s'],
    [-2000000000n, '-2s'],
    [86400000000000n, '24h0m0s'],
  ];
  for (const [ns, text] of cases) assert.equal(formatDuration(ns), text, `${ns}ns`);
});

test('metav1.Time is RFC 3339 with seconds, MicroTime with six fraction digits, the zero time is omitted', () => {
  assert.equal(formatTime(0, 0, false), undefined);
  assert.equal(formatTime(0, 0, true), undefined);
  assert.equal(formatTime(1748772000, 987654321, false), '2025-06-01T10:00:00Z');
  assert.equal(formatTime(1748772000, 987654321, true), '2025-06-01T10:00:00.987654Z');
  assert.equal(formatTime(1748772000, 1000, true), '2025-06-01T10:00:00.000001Z');
  assert.equal(formatTime(-1, 0, false), '1969-12-31T23:59:59Z');
});
