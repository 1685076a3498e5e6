import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GO_ZERO_TIME_MS, parseRFC3339 } from './time.js';

test('RFC 3339 in seconds and UTC reads as the same instant as Date.parse', () => {
  for (const t of ['2026-11-26T15:46:33Z', '2024-02-29T23:59:59Z', '1970-01-01T00:00:00Z', '2000-12-31T00:00:01Z']) {
    assert.equal(parseRFC3339(t), Date.parse(t), t);
  }
  assert.equal(parseRFC3339('0001-01-01T00:00:00Z'), GO_ZERO_TIME_MS);
});

test('RFC 3339 with fractions and offsets', () => {
  assert.equal(parseRFC3339('2026-11-26T15:46:33.250Z'), Date.parse('2026-11-26T15:46:33.250Z'));
  assert.equal(parseRFC3339('2026-11-26T17:46:33+02:00'), Date.parse('2026-11-26T15:46:33Z'));
});

test('dates and times Go rejects do not parse', () => {
  for (const t of ['2023-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T00:60:00Z', '2026-01-01T00:00:60Z', '2026-01-00T00:00:00Z', '2026-1-01T00:00:00Zx', '2026-01-01 00:00:00Z', '20a6-01-01T00:00:00Z', '']) {
    assert.equal(parseRFC3339(t), null, t);
  }
});
