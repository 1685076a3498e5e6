// Opens the SQLite file with the settings the engine relies on and reads back the stored revision.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

export type Synchronous = 'FULL' | 'NORMAL';

export interface OpenedDatabase {
  db: Database.Database;
  /** The last committed revision. */
  rev: number;
}

export function openDatabase(path: string, synchronous: Synchronous): OpenedDatabase {
  const created = path === ':memory:' || !existsSync(path);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    // FULL: fsync on every commit, so an acknowledged write survives power loss (etcd's guarantee).
    db.pragma(`synchronous = ${synchronous}`);
    // Another process (e.g. the sqlite3 CLI) may briefly hold a lock.
    db.pragma('busy_timeout = 5000');
    db.exec(`
      CREATE TABLE IF NOT EXISTS kv (
        key TEXT PRIMARY KEY,
        create_rev INTEGER NOT NULL,
        mod_rev INTEGER NOT NULL,
        value BLOB NOT NULL
      );
      CREATE TABLE IF NOT EXISTS meta (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
    `);
    // Start with an empty WAL, so a file left large by a crash does not slow every later read (a file created just
    // now has only its tables in the WAL).
    if (!created) db.pragma('wal_checkpoint(TRUNCATE)');
    const stored = db.prepare("SELECT value FROM meta WHERE name = 'revision'").pluck().get() as number | undefined;
    // The counter is written in the same transaction as every change; max(mod_rev) only guards a hand-edited file.
    const maxMod = (db.prepare('SELECT max(mod_rev) FROM kv').pluck().get() as number | null) ?? 0;
    return { db, rev: Math.max(stored ?? 0, maxMod) };
  } catch (err) {
    db.close();
    throw err;
  }
}
