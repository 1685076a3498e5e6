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

test('an observation counts in the first bucket whose upper bound is at least the value; beyond the last only in +Inf', () => {
  const bounds = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
  const h = new FastHistogram('latency_seconds', 'help', [] as const, bounds);
  const values = [-1, 0, 0.001, 0.005, 0.0050001, 0.025, 0.07, 0.1, 1, 1.1, 7.9, 8, 59.99, 60, 60.5, 1e9, NaN];
  for (const v of values) h.observe(v);
  const cumulative = h.get().values.filter((v) => v.metricName === 'latency_seconds_bucket');
  bounds.forEach((bound, i) => {
    assert.equal(cumulative[i]!.labels.le, bound);
    assert.equal(cumulative[i]!.value, values.filter((v) => v <= bound).length, `le=${bound}`);
  });
  assert.deepEqual(cumulative[bounds.length], { labels: { le: '+Inf' }, value: values.length, metricName: 'latency_seconds_bucket' });
});
