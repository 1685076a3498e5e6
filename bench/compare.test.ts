import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRows, regressions, renderComparison, type ResultRow } from './compare.js';

const row = (scenario: string, metric: string, better: 'higher' | 'lower', kubelite: number, baseline: number): ResultRow => ({ scenario, metric, unit: '', better, kubelite, baseline });

test('compareRows: x floor change per row, throughput inverted, new and gone rows kept', () => {
  const before = [row('get', 'req/s', 'higher', 500, 1000), row('get', 'p99', 'lower', 4, 2), row('old', 'req/s', 'higher', 1, 1)];
  const after = [row('get', 'req/s', 'higher', 250, 1000), row('get', 'p99', 'lower', 2, 2), row('new', 'req/s', 'higher', 1, 2)];
  const c = compareRows(before, after);
  assert.deepEqual(c, [
    { scenario: 'get', metric: 'req/s', before: 2, after: 4, change: 2 },
    { scenario: 'get', metric: 'p99', before: 2, after: 1, change: 0.5 },
    { scenario: 'new', metric: 'req/s', before: undefined, after: 2, change: undefined },
    { scenario: 'old', metric: 'req/s', before: 1 },
  ]);
  assert.deepEqual(regressions(c).map((r) => r.metric), ['req/s']);
  const table = renderComparison(c);
  assert.match(table, /\| get +\| req\/s +\| +2\.00 \| +4\.00 \| +\+100% \| WORSE +\|/);
  assert.match(table, /\| get +\| p99 +\| +2\.00 \| +1\.00 \| +-50% \| better \|/);
  assert.match(table, /\| new .*\| +new \|/);
  assert.match(table, /\| old .*\| +gone \|/);
});
