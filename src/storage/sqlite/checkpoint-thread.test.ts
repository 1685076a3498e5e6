// In-thread commits leave the WAL's checkpoint to the checkpoint worker: the engine's connection has SQLite's
// automatic checkpoint off, a checkpoint's worth of committed pages makes the worker run one, and what was written
// reads back whole after a reopen.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStorage } from './sqlite-storage.js';

it('runs the checkpoint in the checkpoint worker once about 1,000 pages were committed, not in a commit', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kubelite-checkpoint-'));
  const path = join(dir, 'state.db');
  try {
    const s = await openSqliteStorage({ path, synchronous: 'NORMAL' });
    try {
      assert.equal(s.commitThread, 'main');
      const value = Buffer.alloc(64 * 1024, 'v');
      for (let i = 0; i < 80; i++) assert.ok((await s.put(`/k/${i}`, value, 0)).ok); // ~1,300 pages
      const deadline = Date.now() + 20_000;
      while (s.checkpointsInWorker === 0) {
        assert.ok(Date.now() < deadline, 'the checkpoint worker ran a checkpoint');
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await s.close();
    }
    const db = new Database(path, { readonly: true });
    try {
      assert.equal(db.prepare('SELECT count(*) FROM kv WHERE key LIKE ?').pluck().get('/k/%'), 80);
    } finally {
      db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('turns SQLite automatic checkpoint off on the connection that commits in-thread', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kubelite-checkpoint-'));
  const path = join(dir, 'state.db');
  try {
    const s = await openSqliteStorage({ path });
    try {
      const db = (s as unknown as { db: Database.Database }).db;
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 0);
    } finally {
      await s.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
