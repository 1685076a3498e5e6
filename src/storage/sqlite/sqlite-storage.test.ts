import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageConformance } from '../conformance/storage-conformance.js';
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
