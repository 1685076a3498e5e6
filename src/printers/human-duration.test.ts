import { test } from 'node:test';
import assert from 'node:assert/strict';
import { humanDuration, since } from './human-duration.js';
import { parseRFC3339, timeField, GO_ZERO_TIME_MS } from '../golang/time.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

test('humanDuration at every boundary of kube duration.HumanDuration', () => {
  const cases: [number, string][] = [
    [-3 * S, '<invalid>'],
    [-2 * S, '<invalid>'],
    [-1999, '0s'],
    [-1 * S, '0s'],
    [-1, '0s'],
    [0, '0s'],
    [999, '0s'],
    [1 * S, '1s'],
    [59 * S, '59s'],
    [2 * M - 1, '119s'],
    [2 * M, '2m'],
    [2 * M + S, '2m1s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M - 1, '9m59s'],
    [10 * M, '10m'],
    [10 * M + 59 * S, '10m'],
    [3 * H - 1, '179m'],
    [3 * H, '3h'],
    [3 * H + M, '3h1m'],
    [8 * H - 1, '7h59m'],
    [8 * H, '8h'],
    [8 * H + 59 * M, '8h'],
    [48 * H - 1, '47h'],
    [48 * H, '2d'],
    [49 * H, '2d1h'],
    [8 * D - 1, '7d23h'],
    [8 * D, '8d'],
    [730 * D - 1, '729d'],
    [730 * D, '2y'],
    [731 * D, '2y1d'],
    [8 * 365 * D - 1, '7y364d'],
    [8 * 365 * D, '8y'],
    [3000 * D, '8y'],
    [40 * 365 * D, '40y'],
  ];
  for (const [ms, text] of cases) assert.equal(humanDuration(ms), text, `${ms} ms`);
});

test('since: zero times are <unknown>, a clock 2 s ahead is <invalid>', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  assert.equal(since(undefined, now), '<unknown>');
  assert.equal(since(null, now), '<unknown>');
  assert.equal(since('', now), '<unknown>');
  assert.equal(since('0001-01-01T00:00:00Z', now), '<unknown>');
  assert.equal(since('2025-06-01T11:55:00Z', now), '5m');
  assert.equal(since('2025-06-01T12:00:01Z', now), '0s');
  assert.equal(since('2025-06-01T12:00:02Z', now), '<invalid>');
  assert.equal(since('2025-05-30T10:00:00Z', now), '2d2h');
  // MicroTime precision and offsets.
  assert.equal(since('2025-06-01T11:59:58.500000Z', now), '1s');
  assert.equal(since('2025-06-01T13:00:00+02:00', now), '60m');
});

test('parseRFC3339 follows time.Parse(time.RFC3339)', () => {
  assert.equal(parseRFC3339('2025-06-01T10:00:00Z'), Date.parse('2025-06-01T10:00:00Z'));
  assert.equal(parseRFC3339('2025-06-01T10:00:00.25-01:30'), Date.parse('2025-06-01T11:30:00.250Z'));
  assert.equal(parseRFC3339('0001-01-01T00:00:00Z'), GO_ZERO_TIME_MS);
  assert.equal(new Date(GO_ZERO_TIME_MS).toISOString(), '0001-01-01T00:00:00.000Z');
  for (const bad of ['2025-06-01', '2025-06-01 10:00:00Z', '2025-02-30T00:00:00Z', '2025-06-01T24:00:00Z', 'yesterday', '2025-06-01T10:00:00']) {
    assert.equal(parseRFC3339(bad), null, bad);
  }
  assert.equal(timeField('0001-01-01T00:00:00Z'), null);
  assert.equal(timeField(42), null);
});
