// Server CPU per write of two builds side by side, for a change's before/after on a loaded machine: one kubelite
// child from this build and one from another checkout's build (`--other DIR`, its `dist/` built), both started
// at once, then batches of writes sent to each in turn (A B A B …) so that the machine's load weighs on both alike.
//   node dist/bench/write-ab.js --other DIR [--rounds 8] [--requests 600] [--warmup 3000] [--other-flags '…'] [--scenarios create-64,update,patch,apply]
// Prints per scenario each side's batches (after `--warmup` unmeasured writes per side), their medians and new/other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCertificates } from '../src/server/certificates.js';
import { Child } from './child.js';
import { RunContext, type Target } from './context.js';
import type { RequestSpec } from './load/jobs.js';
import { parseOptions } from './options.js';
import { createNamespace, NS, objectName, seed } from './scenarios/setup.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const other = arg('other', '');
if (!other) throw new Error('usage: write-ab --other DIR [--rounds N] [--requests N] [--scenarios …]');
const rounds = Math.max(2, Number(arg('rounds', '8')));
const requests = Number(arg('requests', '600'));
const warmup = Number(arg('warmup', '3000'));
// Node/V8 flags for the other side only (e.g. to weigh a flag: --other . --other-flags --max-semi-space-size=32).
const otherFlags = arg('other-flags', '').split(' ').filter(Boolean);
const scenarios = arg('scenarios', 'create-64,update,patch,apply').split(',');

function spec(scenario: string, side: string, round: number): { spec: RequestSpec; inFlight: number } {
  const names = (p: string) => Array.from({ length: 64 }, (_, i) => objectName(p, i));
  switch (scenario) {
    case 'create-1':
      return { spec: { op: 'create', ns: NS, prefix: `${side}${round}-`, start: 0 }, inFlight: 1 };
    case 'create-64':
      return { spec: { op: 'create', ns: NS, prefix: `${side}${round}-`, start: 0 }, inFlight: 64 };
    case 'update':
      return { spec: { op: 'update', ns: NS, names: names('cm-') }, inFlight: 64 };
    case 'patch':
      return { spec: { op: 'patch', ns: NS, names: names('cm-'), body: 'smp-configmap' }, inFlight: 64 };
    case 'apply':
      return { spec: { op: 'patch', ns: NS, names: names('web-'), body: 'apply-deployment' }, inFlight: 64 };
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'kubelite-write-ab-'));
  const certDir = join(work, 'pki');
  await ensureCertificates({ certDir, sans: [] });
  const ctx = await RunContext.create(parseOptions([]), certDir, join(work, 'profiles'));
  const modules: Record<string, string> = {
    new: fileURLToPath(new URL('./targets/kubelite-target.js', import.meta.url)),
    other: resolve(other, 'dist/bench/targets/kubelite-target.js'),
  };
  const targets: Record<string, { t: Target; child: Child }> = {};
  try {
    for (const [side, module] of Object.entries(modules)) {
      const execArgv = ['--expose-gc', ...(side === 'other' ? otherFlags : [])];
      const { child, hello } = await Child.fork<{ url: string }>(module, { args: [certDir], execArgv });
      const t: Target = { kind: 'kubelite', endpoint: ctx.endpoint(hello.url), rss: async () => 0, cpu: () => child.call<number>({ cpu: true }) };
      targets[side] = { t, child };
      await createNamespace(t);
      // The ConfigMaps updates and patches write.
      if (scenarios.includes('update') || scenarios.includes('patch')) await seed(ctx, t, 'cm-', 0, 64);
    }
    for (const scenario of scenarios) {
      const perWrite: Record<string, number[]> = { new: [], other: [] };
      // The JIT takes thousands of writes to settle: unmeasured writes first, on each side.
      for (const side of ['new', 'other']) {
        const { spec: s, inFlight } = spec(scenario, side, -1);
        await ctx.run({ kind: 'requests', target: targets[side]!.t.endpoint, spec: s, inFlight, sessions: 1, warmupMs: 0, durationMs: 300_000, maxRequests: warmup });
      }
      for (let round = 0; round < rounds; round++) {
        // Alternate which side goes first, so neither always follows the other's garbage.
        const order = round % 2 ? ['other', 'new'] : ['new', 'other'];
        for (const side of order) {
          const { t } = targets[side]!;
          const { spec: s, inFlight } = spec(scenario, side, round);
          const c0 = await t.cpu();
          const r = await ctx.run({ kind: 'requests', target: t.endpoint, spec: s, inFlight, sessions: 1, warmupMs: 0, durationMs: 120_000, maxRequests: requests });
          const cpu = (await t.cpu()) - c0;
          if (r.errors) throw new Error(`${scenario} (${side}): ${r.errors} errors (${r.firstError})`);
          perWrite[side]!.push(cpu / r.succeeded);
        }
      }
      const m = (side: string) => median(perWrite[side]!);
      console.log(`${scenario.padEnd(10)} server CPU µs per write: new ${m('new').toFixed(0)}, other ${m('other').toFixed(0)}, new/other ${(m('new') / m('other')).toFixed(2)}`);
      for (const side of ['new', 'other']) console.log(`  ${side.padEnd(6)} ${perWrite[side]!.map((x) => x.toFixed(0)).join(' ')}`);
    }
  } finally {
    for (const { child } of Object.values(targets)) await child.stop(30_000);
    await ctx.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
