import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FastCounter, FastHistogram } from './fast-metrics.js';

test('a frozen label set reused across observations counts into the same series as equal fresh label objects', () => {
  const c = new FastCounter('requests_total', 'help', ['verb', 'code'] as const);
  const shared = Object.freeze({ verb: 'GET', code: '200' });
  c.inc(shared);
  c.inc(shared);
  c.inc({ code: '200', verb: 'GET' });
  c.inc(Object.freeze({ verb: 'GET', code: '404' }));
  assert.deepEqual(c.get().values, [
    { labels: { verb: 'GET', code: '200' }, value: 3 },
    { labels: { verb: 'GET', code: '404' }, value: 1 },
  ]);
  c.reset();
  c.inc(shared);
  assert.deepEqual(c.get().values, [{ labels: { verb: 'GET', code: '200' }, value: 1 }]);
});

test('histogram observations through a shared frozen label set land in one series', () => {
  const h = new FastHistogram('duration_seconds', 'help', ['verb'] as const, [0.1, 1]);
  const shared = Object.freeze({ verb: 'LIST' });
  h.observe(shared, 0.05);
  h.observe({ verb: 'LIST' }, 0.5);
  const count = h.get().values.find((v) => v.metricName === 'duration_seconds_count');
  assert.deepEqual(count, { labels: { verb: 'LIST' }, value: 2, metricName: 'duration_seconds_count' });
});
