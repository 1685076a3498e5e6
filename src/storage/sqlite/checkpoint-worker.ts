// The checkpoint worker: copies the WAL into the database file on a connection of its own. SQLite's automatic
// checkpoint runs inside the COMMIT that crosses its threshold, on the thread serving requests: ~1,000 pages and an
// fsync of the database file, a 100–250 ms stall of every request in flight. A PASSIVE checkpoint here runs beside
// the main thread's commits (it never blocks a writer).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  path: string;
  synchronous: 'FULL' | 'NORMAL';
}

/** passive: copy what can be copied now; truncate: also empty the WAL file (asked for when writes pause). */
export type CheckpointRequest = 'passive' | 'truncate' | 'close';

const port = parentPort!;
const { path, synchronous } = workerData as CheckpointWorkerData;
const db = new Database(path);
db.pragma(`synchronous = ${synchronous}`);
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');

port.on('message', (m: CheckpointRequest) => {
  if (m === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    db.pragma(m === 'truncate' ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
  } catch {
    // busy: the next request retries
  }
  port.postMessage('done');
});
