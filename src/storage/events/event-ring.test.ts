import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EventRing } from './event-ring.js';

const ev = (...revs: number[]) => revs.map((rev) => ({ rev }));
const revs = (xs: { rev: number }[] | undefined) => xs?.map((x) => x.rev);

it('keeps events after its base and answers undefined before it', () => {
  const r = new EventRing<{ rev: number }>(10, { maxEvents: 3 });
  assert.deepEqual(revs(r.since(10)), []);
  assert.equal(r.since(9), undefined);
  r.push(ev(11, 12, 13));
  assert.deepEqual(revs(r.since(10)), [11, 12, 13]);
  assert.deepEqual(revs(r.since(12)), [13]);
  assert.deepEqual(revs(r.since(20)), []);
  r.push(ev(15)); // 11 falls out: history now starts after 11
  assert.equal(r.base, 11);
  assert.equal(r.since(10), undefined);
  assert.deepEqual(revs(r.since(11)), [12, 13, 15]);
  assert.deepEqual(revs(r.since(14)), [15]);
});

it('drops events older than its age limit when new ones arrive', () => {
  const r = new EventRing<{ rev: number }>(0, { maxAgeMs: 1000 });
  r.push(ev(1, 2), 10_000);
  r.push(ev(3), 10_900);
  assert.equal(r.size, 3);
  r.push(ev(4), 11_500); // 1 and 2 are 1.5 s old
  assert.equal(r.base, 2);
  assert.deepEqual(revs(r.since(2)), [3, 4]);
});

it('compacts up to a revision, even past its newest event', () => {
  const r = new EventRing<{ rev: number }>(0);
  r.push(ev(1, 2, 3, 4));
  r.compact(2);
  assert.equal(r.base, 2);
  assert.deepEqual(revs(r.since(2)), [3, 4]);
  r.compact(7);
  assert.equal(r.size, 0);
  assert.equal(r.base, 7);
  assert.equal(r.since(6), undefined);
});

it('stays correct across internal reclaiming of the consumed front', () => {
  const r = new EventRing<{ rev: number }>(0, { maxEvents: 100 });
  for (let i = 1; i <= 5000; i++) r.push(ev(i));
  assert.equal(r.size, 100);
  assert.equal(r.base, 4900);
  assert.deepEqual(revs(r.since(4997)), [4998, 4999, 5000]);
});
