// Kills a writing child process with SIGKILL at random points, many times, and checks after each restart that
// every acknowledged write is there, the revision never went backwards, and the file passes integrity_check.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStorage } from './sqlite-storage.js';

const here = fileURLToPath(import.meta.url);
const childFile = join(dirname(here), here.endsWith('.ts') ? 'crash-child.ts' : 'crash-child.js');
const childArgs = (args: string[]): string[] => (childFile.endsWith('.ts') ? ['--import', 'tsx', childFile, ...args] : [childFile, ...args]);

interface Acks {
  created: Map<string, number>;
  deleted: Map<string, number>;
  /** Keys whose delete was issued: they may be gone even without an acknowledgement. */
  deleting: Set<string>;
  counter: { value: number; rev: number };
  maxRev: number;
}

/** Runs the child until it is killed `killAfterMs` after it reports ready; collects its acknowledgements. */
function runChild(path: string, tag: string, killAfterMs: number, acks: Acks): Promise<{ startRev: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, childArgs([path, tag]), { stdio: ['ignore', 'pipe', 'pipe'] });
    let startRev = -1;
    let lines = 0;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      const parts = line.split(' ');
      const [kind, a] = parts;
      if (kind === 'ready') {
        startRev = Number(a);
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        return;
      }
      // A line torn by the kill lacks its end marker and proves nothing.
      if (parts[parts.length - 1] !== '.') return;
      if (kind === 'd') {
        acks.deleting.add(a!);
        return;
      }
      lines++;
      const rev = Number(parts[2]);
      acks.maxRev = Math.max(acks.maxRev, rev);
      if (kind === 'A') acks.created.set(a!, rev);
      else if (kind === 'D') acks.deleted.set(a!, rev);
      else if (kind === 'C' && rev > acks.counter.rev) acks.counter = { value: Number(a), rev };
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      rl.close();
      if (signal !== 'SIGKILL') reject(new Error(`child exited with ${code} ${signal}: ${stderr}`));
      else resolve({ startRev, lines });
    });
  });
}

it('keeps every acknowledged write through repeated SIGKILLs', { timeout: 60_000 }, async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'kubelite-crash-'));
  const path = join(dir, 'state.db');
  const acks: Acks = { created: new Map(), deleted: new Map(), deleting: new Set(), counter: { value: 0, rev: 0 }, maxRev: 0 };
  const started = Date.now();
  // Child start-up costs ~0.1 s from dist and more under tsx; stay well inside the time budget either way.
  const budgetMs = 8_000;
  let runs = 0;
  let lastRev = 0;
  let totalAcks = 0;
  try {
    while (runs < 20 && (runs < 6 || Date.now() - started < budgetMs)) {
      const killAfterMs = runs === 0 ? 0 : Math.floor(Math.random() * 250);
      const { startRev, lines } = await runChild(path, `r${runs}`, killAfterMs, acks);
      runs++;
      totalAcks += lines;
      assert.ok(startRev >= lastRev, `run ${runs}: the child started at revision ${startRev} < ${lastRev}`);

      const raw = new Database(path);
      assert.deepEqual(raw.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
      raw.close();

      const s = await openSqliteStorage({ path });
      const rev = await s.currentRevision();
      assert.ok(rev >= acks.maxRev, `run ${runs}: revision ${rev} is behind an acknowledged ${acks.maxRev}`);
      assert.ok(rev >= lastRev, `run ${runs}: revision went back from ${lastRev} to ${rev}`);
      lastRev = rev;
      const { kvs } = await s.list('/crash/');
      const stored = new Map(kvs.map((kv) => [kv.key, kv]));
      for (const [key, ackRev] of acks.created) {
        const kv = stored.get(key);
        if (acks.deleting.has(key) && !acks.deleted.has(key)) continue; // either outcome is correct
        if (acks.deleted.has(key)) {
          assert.equal(kv, undefined, `run ${runs}: ${key} was deleted at ${acks.deleted.get(key)}`);
          continue;
        }
        assert.ok(kv, `run ${runs}: acknowledged create of ${key} at ${ackRev} is lost`);
        assert.equal(kv.modRev, ackRev);
        assert.equal(Buffer.from(kv.value).toString().split('|')[0], key);
      }
      const counter = stored.get('/crash/counter');
      if (acks.counter.rev > 0) {
        assert.ok(counter, 'counter lost');
        assert.ok(Number(Buffer.from(counter.value).toString()) >= acks.counter.value, 'acknowledged counter increment lost');
        assert.ok(counter.modRev >= acks.counter.rev);
      }
      for (const kv of kvs) assert.ok(kv.modRev <= rev && kv.createRev <= kv.modRev);
      await s.close();
    }
    t.diagnostic(`${runs} kills, ${totalAcks} acknowledged writes checked, final revision ${lastRev}`);
    assert.ok(totalAcks > 1000, `only ${totalAcks} writes were acknowledged`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
