// Server CPU per watch delivery, the measure that survives a loaded machine: one fresh kubelite child (SQLite, FULL)
// per watcher count, the watch scenario's load (N watchers of a namespace's ConfigMaps, one writer updating 10 of
// them with 4 changes in flight) driven from this process, and the server's CPU time over the measurement window
// divided by the changes written. What a change costs beyond the 1-watcher run, divided by the extra watchers, is
// the cost of one delivery; the 1-watcher figure is mostly the update itself.
//   node dist/bench/watch-cpu.js [--watchers 1,10,100,1000] [--rounds 3] [--duration 4] [--profile]
// With --profile the last round of each count is CPU-profiled over its window (bench/results/watch-cpu-profiles/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCertificates } from '../src/server/certificates.js';
import { RunContext } from './context.js';
import { runWatch } from './load/watch-load.js';
import { parseOptions } from './options.js';
import { closeSession, openSession, request } from './load/h2-client.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const counts = arg('watchers', '1,10,100,1000').split(',').map(Number);
const rounds = Math.max(1, Number(arg('rounds', '3')));
const durationMs = Number(arg('duration', '4')) * 1000;
const profiling = process.argv.includes('--profile');

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'kubelite-watch-cpu-'));
  const certDir = join(work, 'pki');
  await ensureCertificates({ certDir, sans: [] });
  const profileDir = join('bench', 'results', 'watch-cpu-profiles');
  const ctx = await RunContext.create(parseOptions(profiling ? ['--profile'] : []), certDir, profileDir);
  const perChange = new Map<number, number>();
  try {
    for (const watchers of counts) {
      await ctx.withTarget('kubelite', `watch-cpu-${watchers}`, async (t) => {
        const figures: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const last = round === rounds - 1;
          // Each round in a namespace of its own (the job creates its objects).
          const ns = `watch-cpu-${round}`;
          const s = await openSession(t.endpoint);
          await request(s, 'POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
          await closeSession(s);
          let c0 = 0;
          let cpu = 0;
          const r = await runWatch(
            { kind: 'watch', target: t.endpoint, ns, watchers, streamsPerSession: 100, objects: 10, window: 4, warmupMs: 1000, durationMs },
            {
              start: async () => {
                if (last) await t.profile?.start();
                c0 = await t.cpu();
              },
              end: async () => {
                cpu = (await t.cpu()) - c0;
                if (last) await t.profile?.stop();
              },
            },
          );
          if (r.errors || r.lost) throw new Error(`watch-${watchers}: ${r.errors} errors, ${r.lost} lost (${r.firstError})`);
          figures.push(cpu / r.changes);
          console.log(`  ${watchers} watchers, round ${round + 1}: ${r.changes} changes, ${r.deliveriesPerSecond.toFixed(0)} deliveries/s, p99 ${r.latency.p99.toFixed(1)} ms, server CPU ${(cpu / r.changes).toFixed(0)} µs per change`);
        }
        const sorted = figures.slice().sort((a, b) => a - b);
        perChange.set(watchers, sorted[0]!);
      });
    }
    const base = perChange.get(1);
    for (const [watchers, us] of perChange) {
      const perDelivery = base !== undefined && watchers > 1 ? ` → ${((us - base) / (watchers - 1)).toFixed(2)} µs per extra delivery` : '';
      console.log(`${String(watchers).padStart(5)} watchers: server CPU ${us.toFixed(0)} µs per change (best of ${rounds})${perDelivery}`);
    }
  } finally {
    await ctx.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
