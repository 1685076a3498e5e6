// The commit worker: owns the SQLite write connection of one SqliteStorage, so that a commit's fsync blocks this
// thread and not the one serving requests. Batches arriving while a transaction runs wait in the port and are
// committed together by the next one (group commit across the main thread's turns).
import { parentPort, workerData } from 'node:worker_threads';
import { BatchWriter, openWriteConnection, type WireBatch } from './batch-writer.js';

export interface CommitWorkerData {
  path: string;
  synchronous: 'FULL' | 'NORMAL';
}

export type CommitWorkerMessage =
  | { type: 'batch'; batch: WireBatch }
  | { type: 'rev'; rev: number }
  | { type: 'checkpoint' }
  | { type: 'close' };

/** Posted once the write connection is open: batches may come. */
export interface CommitWorkerReady {
  ready: true;
}

const port = parentPort!;
const { path, synchronous } = workerData as CommitWorkerData;
const db = openWriteConnection(path, synchronous);
const writer = new BatchWriter(db, 0);
let inbox: WireBatch[] = [];
let scheduled = false;

function drain(): void {
  scheduled = false;
  const batches = inbox;
  inbox = [];
  if (batches.length === 0) return;
  for (const reply of writer.commit(batches)) port.postMessage(reply);
  // After the answers are sent: batches arriving meanwhile wait, the ones just committed do not.
  writer.passiveCheckpoint();
}

port.on('message', (m: CommitWorkerMessage) => {
  if (m.type === 'batch') {
    inbox.push(m.batch);
    if (!scheduled) {
      scheduled = true;
      // After every message already waiting has been read: they go into one transaction.
      setImmediate(drain);
    }
  } else if (m.type === 'rev') {
    writer.resetRev(m.rev);
  } else if (m.type === 'checkpoint') {
    if (inbox.length === 0) writer.checkpoint();
  } else {
    drain();
    db.close();
    port.close();
  }
});

port.postMessage({ ready: true } satisfies CommitWorkerReady);
