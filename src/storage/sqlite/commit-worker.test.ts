// The commit worker: while a batch is being committed off the main thread, reads answer the acknowledged state (even
// once the commit has landed in the file and its answer is not yet read), conditional writes are checked against the
// pending writes, and a failed commit fails every batch built on it without leaving a gap in the revisions.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { KV } from '../interface.js';
import { openSqliteStorage, type SqliteStorage } from './sqlite-storage.js';

const enc = (s: string): Buffer => Buffer.from(s);
const dec = (kv: KV | undefined): string => (kv ? Buffer.from(kv.value).toString() : '-');
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

async function withWorkerStorage(fn: (s: SqliteStorage, path: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'kubelite-commit-worker-'));
  const path = join(dir, 'state.db');
  const s = await openSqliteStorage({ path, synchronous: 'NORMAL', commitThread: 'worker', commitWorkerDelayMs: 0, commitWorkerMinWrites: 1 });
  try {
    // The first write starts the worker (and is committed in-thread until it is ready; this engine's batches of 1 write qualify).
    assert.ok((await s.put('/start', enc('x'), 0)).ok);
    const deadline = Date.now() + 20_000;
    while (s.commitThread !== 'worker') {
      assert.ok(Date.now() < deadline, 'the commit worker started');
      await new Promise((r) => setTimeout(r, 10));
    }
    await fn(s, path);
  } finally {
    await s.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Blocks this thread until the file itself shows `key` at `modRev` (the worker committed, its answer unread). */
function waitForFile(path: string, key: string, modRev: number | undefined): void {
  const peek = new Database(path, { readonly: true });
  try {
    const deadline = Date.now() + 10_000;
    const stmt = peek.prepare('SELECT mod_rev FROM kv WHERE key = ?').pluck();
    while ((stmt.get(key) as number | undefined) !== modRev) assert.ok(Date.now() < deadline, `the file shows ${key}@${modRev}`);
  } finally {
    peek.close();
  }
}

describe('sqlite commit worker', () => {
  it('answers reads with acknowledged versions while a committed batch awaits its acknowledgement', async () => {
    await withWorkerStorage(async (s, path) => {
      const r0 = await s.currentRevision();
      for (const k of ['a', 'b', 'c', 'd']) assert.ok((await s.put(`/r/k/${k}`, enc(`${k}1`), 0)).ok);
      const b = (await s.get('/r/k/b')).kv!;
      const c = (await s.get('/r/k/c')).kv!;
      const writes = [s.put('/r/k/b', enc('b2'), b.modRev), s.delete('/r/k/c', c.modRev), s.put('/r/k/bb', enc('bb1'), 0)];
      await turn(); // the batch is with the worker
      waitForFile(path, '/r/k/bb', r0 + 7);
      // Synchronously, before this thread reads the worker's answer: the file has the batch, reads must not.
      const reads = [s.get('/r/k/b'), s.get('/r/k/c'), s.get('/r/k/bb'), s.list('/r/k/'), s.list('/r/k/', { limit: 2 }), s.list('/r/k/', { limit: 2, startKey: '/r/k/b\0' })];
      const rev = s.currentRevision();
      const [gb, gc, gbb, all, page1, page2] = (await Promise.all(reads)) as [
        { kv?: KV },
        { kv?: KV },
        { kv?: KV },
        { kvs: KV[]; rev: number; more: boolean; count: number },
        { kvs: KV[]; more: boolean; count: number },
        { kvs: KV[]; more: boolean; count: number },
      ];
      assert.equal(await rev, r0 + 4);
      assert.deepEqual([dec(gb.kv), dec(gc.kv), dec(gbb.kv)], ['b1', 'c1', '-']);
      assert.deepEqual(all.kvs.map((kv) => `${kv.key}=${dec(kv)}@${kv.modRev - r0}`), ['/r/k/a=a1@1', '/r/k/b=b1@2', '/r/k/c=c1@3', '/r/k/d=d1@4']);
      assert.equal(all.rev, r0 + 4);
      assert.deepEqual([page1.kvs.map(dec), page1.more, page1.count], [['a1', 'b1'], true, 4]);
      assert.deepEqual([page2.kvs.map(dec), page2.more, page2.count], [['c1', 'd1'], false, 2]);
      const [wb, wc, wbb] = await Promise.all(writes);
      assert.ok(wb!.ok && wc!.ok && wbb!.ok);
      assert.deepEqual((await s.list('/r/k/')).kvs.map((kv) => `${kv.key}=${dec(kv)}@${kv.modRev - r0}`), [
        '/r/k/a=a1@1',
        '/r/k/b=b2@5',
        '/r/k/bb=bb1@7',
        '/r/k/d=d1@4',
      ]);
      assert.equal(await s.currentRevision(), r0 + 7);
    });
  });

  it('checks conditional writes against writes still being committed', async () => {
    await withWorkerStorage(async (s) => {
      const r0 = await s.currentRevision();
      const first = s.put('/r/k/x', enc('x1'), 0);
      await turn(); // x1 is with the worker, not acknowledged
      const again = s.put('/r/k/x', enc('x-again'), 0); // create-if-absent sees the pending create
      const update = s.put('/r/k/x', enc('x2'), r0 + 1); // update-if-modRev on the pending revision
      const del = s.delete('/r/k/x', r0 + 1); // stale by then: x2 comes first in this turn
      const [f, a, u, d] = await Promise.all([first, again, update, del]);
      assert.ok(f.ok && f.kv.modRev === r0 + 1);
      assert.ok(!a.ok && a.current?.modRev === r0 + 1 && dec(a.current) === 'x1');
      assert.ok(u.ok && u.kv.modRev === r0 + 2 && u.kv.createRev === r0 + 1);
      assert.ok(!d.ok && d.current?.modRev === r0 + 2);
      assert.equal(dec((await s.get('/r/k/x')).kv), 'x2');
    });
  });

  it('fails a batch whose commit fails and every batch built on it, then goes on from the acknowledged revision', async () => {
    await withWorkerStorage(async (s, path) => {
      const r0 = await s.currentRevision();
      const side = new Database(path);
      side.exec("CREATE TRIGGER refuse BEFORE INSERT ON kv WHEN NEW.key = '/r/k/refused' BEGIN SELECT RAISE(ABORT, 'refused'); END");
      const events: number[] = [];
      const w = s.watch('/r/', { afterRev: r0 }, { events: (evs) => events.push(...evs.map((e) => e.rev - r0)), error() {} });
      // Holding the write lock keeps the worker waiting on the first batch while the second is built on it.
      side.exec('BEGIN IMMEDIATE');
      const refused = s.put('/r/k/refused', enc('no'), 0);
      const sameBatch = s.put('/r/k/same', enc('no'), 0);
      await turn();
      const builtOn = s.put('/r/k/next', enc('no'), 0); // the next batch, on the revisions of the first
      await turn();
      await turn();
      side.exec('COMMIT');
      side.close();
      const outcomes = await Promise.allSettled([refused, sameBatch, builtOn]);
      for (const o of outcomes) assert.ok(o.status === 'rejected' && (o.reason as { code: string }).code === 'Unavailable');
      assert.equal(await s.currentRevision(), r0);
      const ok = await s.put('/r/k/after', enc('yes'), 0);
      assert.ok(ok.ok && ok.kv.modRev === r0 + 1, 'no revision is skipped');
      assert.deepEqual((await s.list('/r/k/')).kvs.map((kv) => kv.key), ['/r/k/after']);
      assert.deepEqual(events, [1]);
      w.stop();
    });
  });
});
