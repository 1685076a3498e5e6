// Large writes do not freeze the server (issue 12 item 4): three concurrent writes of a ConfigMap of tens of
// thousands of keys — merge patch, strategic merge patch, JSON patch, server-side apply, PUT, POST — against kubelite
// in a child process, while /readyz, /livez and a GET of a small object are sent every 20 ms over TLS. Their decode,
// patch, validation, managedFields and the store's preparation run in the write worker, and the event loop makes no
// pass over the object: every probe is answered within PROBE_FLOOR_MS more than twice the worst probe before the
// writes (on a loaded machine the worst probe before the writes varies as much as a pass over a 30,000-key object
// takes, so this size cannot tell the two apart; test/stress/large-writes, at 150,000 keys, can), and every write
// succeeds with the data it wrote.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from './stress/child-server.js';
import { formatFigures, LARGE_WRITE_KINDS, measureLargeWrites, probeBoundMs } from './large-writes-load.js';

const KEYS = Number(process.env.KUBELITE_TEST_LARGE_WRITE_KEYS ?? 30_000);
// YAML decoding of an apply body is the slowest stage (in the worker, but the third of three waits for the others
// and each request has 60 s).
const APPLY_KEYS = Math.round(KEYS / 4);
const PROBE_FLOOR_MS = 250;

let dir: string;
let srv: ChildServer;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-heavy-'));
  srv = await startChildServer(dir);
});
after(async () => {
  await srv?.kill();
  rmSync(dir, { recursive: true, force: true });
});

for (const kind of LARGE_WRITE_KINDS) {
  test(`/readyz, /livez and a small GET answer promptly during three concurrent large ${kind} writes`, { timeout: 600_000 }, async () => {
    const keys = kind === 'apply' ? APPLY_KEYS : KEYS;
    const f = await measureLargeWrites(srv, kind, { keys });
    const bound = probeBoundMs(f.quietWorstMs, PROBE_FLOOR_MS);
    if (process.env.KUBELITE_TEST_REPORT) console.error(`heavy writes: ${formatFigures(f)}; bound ${bound} ms`);
    for (const p of f.probes) {
      assert.ok(p.count >= 3, `${p.path}: only ${p.count} answers while the writes ran (${formatFigures(f)})`);
      assert.ok(p.worstMs < bound, `${p.path} waited ${p.worstMs} ms (bound ${bound} ms): ${formatFigures(f)}`);
    }
  });
}
