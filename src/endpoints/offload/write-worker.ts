// The write worker's thread (write-offload.ts starts it): runs the pure stages of large writes, one message each.
import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from '../../threads/on-demand-worker.js';
import { runWriteStages, type StagesInput, type StagesOutput } from './write-stages.js';

export interface StagesRequest {
  id: number;
  input: StagesInput;
}

export type StagesReply = WorkerReply<StagesOutput>;

parentPort!.on('message', (req: StagesRequest) => {
  runWriteStages(req.input).then(
    (result) => parentPort!.postMessage({ id: req.id, result } satisfies StagesReply),
    (e: unknown) => parentPort!.postMessage({ id: req.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies StagesReply),
  );
});
