// Server CPU per write, the measure that survives a loaded machine best: one kubelite child (SQLite, FULL), the
// usual load generator, and for each write scenario `rounds` batches of a fixed number of requests, each batch's
// server CPU time (all threads) divided by its requests. Prints every batch and the median and minimum of all but
// the first (warm-up) batch.
//   node dist/bench/write-cpu.js [--rounds 5] [--requests 2000] [--scenarios create-64,update,patch,create-1,apply] [--profile]
// With --profile the last batch is CPU-profiled and its main-thread time split by stage (write-stages.ts).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCertificates } from '../src/server/certificates.js';
import { RunContext, type Target } from './context.js';
import type { RequestSpec } from './load/jobs.js';
import { parseOptions } from './options.js';
import { createNamespace, objectName, seed } from './scenarios/setup.js';
import { NS } from './scenarios/setup.js';
import { printStages } from './write-stages.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const rounds = Math.max(2, Number(arg('rounds', '5')));
const requests = Number(arg('requests', '2000'));
const scenarios = arg('scenarios', 'create-64,update,patch').split(',');
const profiling = process.argv.includes('--profile');
const names = Array.from({ length: 64 }, (_, i) => objectName('cm-', i));
const applyNames = Array.from({ length: 64 }, (_, i) => objectName('web-', i));

async function specFor(ctx: RunContext, t: Target, scenario: string, round: number): Promise<{ spec: RequestSpec; inFlight: number }> {
  switch (scenario) {
    case 'create-1':
      return { spec: { op: 'create', ns: NS, prefix: `r${round}-`, start: 0 }, inFlight: 1 };
    case 'create-64':
      return { spec: { op: 'create', ns: NS, prefix: `r${round}-`, start: 0 }, inFlight: 64 };
    case 'update':
      if (round === 0) await seed(ctx, t, 'cm-', 0, 64);
      return { spec: { op: 'update', ns: NS, names }, inFlight: 64 };
    case 'patch':
      if (round === 0) await seed(ctx, t, 'cm-', 0, 64);
      return { spec: { op: 'patch', ns: NS, names, body: 'smp-configmap' }, inFlight: 64 };
    case 'apply':
      // 64 Deployments, one apply in flight each (the first apply creates, the rest are no-op or changing applies).
      return { spec: { op: 'patch', ns: NS, names: applyNames, body: 'apply-deployment' }, inFlight: 64 };
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'kubelite-write-cpu-'));
  const certDir = join(work, 'pki');
  await ensureCertificates({ certDir, sans: [] });
  const profileDir = join(work, 'profiles');
  const ctx = await RunContext.create(parseOptions(profiling ? ['--profile'] : []), certDir, profileDir);
  try {
    for (const scenario of scenarios) {
      await ctx.withTarget('kubelite', scenario, async (t) => {
        await createNamespace(t);
        const perWrite: number[] = [];
        for (let round = 0; round < rounds; round++) {
          const { spec, inFlight } = await specFor(ctx, t, scenario, round);
          const last = round === rounds - 1;
          if (last) await t.profile?.start();
          const c0 = await t.cpu();
          const r = await ctx.run({ kind: 'requests', target: t.endpoint, spec, inFlight, sessions: 1, warmupMs: 0, durationMs: 120_000, maxRequests: requests });
          const cpu = (await t.cpu()) - c0;
          if (last && t.profile) {
            await t.profile.stop();
            const keep = arg('keep-profiles', '');
            if (keep) copyFileSync(join(profileDir, `${scenario}.cpuprofile`), join(keep, `${scenario}.cpuprofile`));
            printStages(join(profileDir, `${scenario}.cpuprofile`), r.succeeded, process.argv.slice(process.argv.indexOf('--profile') + 1).filter((a) => !a.startsWith('--')));
          }
          if (r.errors) throw new Error(`${scenario}: ${r.errors} errors (${r.firstError})`);
          perWrite.push(cpu / r.succeeded);
        }
        // The first batch warms the JIT and the caches up: left out of the median and minimum.
        const sorted = perWrite.slice(1).sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)]!;
        console.log(`${scenario.padEnd(10)} server CPU µs per write: median ${median.toFixed(0)}, min ${sorted[0]!.toFixed(0)} (batches: ${perWrite.map((x) => x.toFixed(0)).join(' ')})`);
      });
    }
  } finally {
    await ctx.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
