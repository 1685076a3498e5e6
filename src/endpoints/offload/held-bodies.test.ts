import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeldBodies } from './held-bodies.js';

test('a held body is found until released', () => {
  const h = new HeldBodies<string>(4, 1000, () => 0);
  const id = h.hold('a');
  assert.equal(h.get(id), 'a');
  h.release(id);
  assert.equal(h.get(id), undefined);
  assert.equal(h.size, 0);
});

test('bodies never released are evicted oldest first past the bound', () => {
  const h = new HeldBodies<number>(3, 1000, () => 0);
  const ids = [1, 2, 3, 4, 5].map((v) => h.hold(v));
  assert.equal(h.size, 3);
  assert.deepEqual(ids.map((id) => h.get(id)), [undefined, undefined, 3, 4, 5]);
});

test('bodies never released expire after the time to live', () => {
  let now = 0;
  const h = new HeldBodies<string>(10, 1000, () => now);
  const old = h.hold('old');
  now = 600;
  const young = h.hold('young');
  now = 1200;
  assert.equal(h.get(old), undefined);
  assert.equal(h.get(young), 'young');
  h.hold('next'); // pruning on hold drops what expired
  now = 1700;
  assert.equal(h.get(young), undefined);
  assert.equal(h.size, 1);
});
