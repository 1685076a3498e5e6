import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { storageConformance } from '../conformance/storage-conformance.js';
import { openDatabase } from './sqlite-open.js';
import { openSqliteStorage, type SqliteStorage } from './sqlite-storage.js';

storageConformance('sqlite', async (opts) => {
  const dir = await mkdtemp(join(tmpdir(), 'kubelite-sqlite-'));
  const path = join(dir, 'state.db');
  let storage: SqliteStorage = await openSqliteStorage({ path, ...opts });
  return {
    storage,
    commits: () => storage.commits,
    reopen: async () => {
      await storage.close();
      storage = await openSqliteStorage({ path, ...opts });
      return storage;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('sqlite engine specifics', () => {
  it('truncates the WAL once writes pause, and stores the revision in meta', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kubelite-sqlite-'));
    const path = join(dir, 'state.db');
    const s = await openSqliteStorage({ path, idleCheckpointMs: 50, synchronous: 'NORMAL' });
    try {
      await Promise.all(Array.from({ length: 100 }, (_, i) => s.put(`/r/k/${i}`, Buffer.alloc(1000, 1), 0)));
      assert.ok(statSync(`${path}-wal`).size > 100_000, 'the commit went to the WAL');
      await new Promise((r) => setTimeout(r, 150));
      assert.equal(statSync(`${path}-wal`).size, 0);
      const peek = new Database(path, { readonly: true });
      assert.equal(peek.prepare("SELECT value FROM meta WHERE name = 'revision'").pluck().get(), 100);
      assert.equal(peek.prepare('SELECT count(*) FROM kv').pluck().get(), 100);
      assert.equal(peek.pragma('journal_mode', { simple: true }), 'wal');
      peek.close();
    } finally {
      await s.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs with synchronous=FULL by default and NORMAL on request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kubelite-sqlite-'));
    try {
      const full = openDatabase(join(dir, 'a.db'), 'FULL').db;
      assert.equal(full.pragma('synchronous', { simple: true }), 2);
      full.close();
      const normal = openDatabase(join(dir, 'b.db'), 'NORMAL').db;
      assert.equal(normal.pragma('synchronous', { simple: true }), 1);
      normal.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
