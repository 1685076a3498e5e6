import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WatchHub } from './watch-hub.js';

interface Ev {
  rev: number;
  key: string;
}

const live = () => new Promise((r) => queueMicrotask(() => r(undefined)));

test('watchers of one prefix are handed the same batch array; other prefixes and late joiners get their own', async () => {
  const hub = new WatchHub<Ev>((e) => e.key);
  const got: Record<string, Ev[][]> = { a1: [], a2: [], b: [], late: [] };
  const sink = (name: string) => ({ events: (batch: Ev[]) => void got[name]!.push(batch), error: () => undefined });
  hub.add('/a/', 0, sink('a1'), [], 0);
  hub.add('/a/', 0, sink('a2'), [], 0);
  hub.add('/b/', 0, sink('b'), [], 0);
  // Starts after revision 1: of the next batch it must get only revision 2.
  hub.add('/a/', 1, sink('late'), [], 1);
  await live();
  hub.publish([{ rev: 1, key: '/a/x' }, { rev: 2, key: '/a/y' }, { rev: 3, key: '/b/z' }], 3);
  assert.equal(got.a1!.length, 1);
  assert.equal(got.a1![0], got.a2![0]);
  assert.deepEqual(got.a1![0]!.map((e) => e.rev), [1, 2]);
  assert.deepEqual(got.b![0]!.map((e) => e.rev), [3]);
  assert.deepEqual(got.late![0]!.map((e) => e.rev), [2]);
  hub.publish([{ rev: 4, key: '/b/z' }], 4);
  assert.equal(got.a1!.length, 1);
  assert.deepEqual(got.b![1]!.map((e) => e.rev), [4]);
});
