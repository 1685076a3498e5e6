// The load generator's process: it receives one job at a time over IPC, runs it and sends the result back. It runs
// apart from the server under test so the two share the machine's two cores instead of one event loop.
import type { Job } from './jobs.js';
import { runRequests } from './request-load.js';
import { runWatch } from './watch-load.js';

interface Message {
  id: number;
  job: Job;
  stop?: boolean;
}

process.on('message', (m: Message) => {
  if (m.stop) process.exit(0);
  const run = m.job.kind === 'watch' ? runWatch(m.job) : runRequests(m.job);
  run.then(
    (result) => process.send!({ id: m.id, result }),
    (e: Error) => process.send!({ id: m.id, error: e.stack ?? e.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, result: 'ready' });
