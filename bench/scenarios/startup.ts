// Start-up: in-process startServer() to ready (fresh data dir, and with existing certificates), and the kubelite
// command to /readyz ok; each repeated in fresh processes, median reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Child } from '../child.js';
import type { RunContext } from '../context.js';
import { median } from '../stats.js';
import { timeCommandToReady } from '../startup/command-start.js';

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

async function inProcess(ctx: RunContext, mode: string): Promise<{ importMs: number; startMs: number }> {
  const { child, hello } = await Child.fork<{ importMs: number; startMs: number }>(here('../startup/startup-child.js'), { args: [mode, ctx.certDir] });
  await new Promise((r) => child.proc.once('exit', r));
  return hello;
}

export async function startupScenario(ctx: RunContext): Promise<void> {
  const reps = ctx.opts.quick ? 3 : 5;
  const runs: Record<string, { importMs: number; startMs: number }[]> = { 'kubelite-fresh': [], 'kubelite-certs': [], floor: [] };
  const cmd: { kubelite: number[]; floor: number[] } = { kubelite: [], floor: [] };
  for (let i = 0; i < reps; i++) {
    for (const mode of Object.keys(runs)) runs[mode]!.push(await inProcess(ctx, mode));
    const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-bench-cli-'));
    try {
      cmd.kubelite.push(await timeCommandToReady([here('../../src/cli/kubelite.js'), '--secure-port=0', `--data-dir=${dataDir}`], () => join(dataDir, 'pki')));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    cmd.floor.push(await timeCommandToReady([here('../baselines/floor-server.js'), ctx.certDir], () => ctx.certDir));
  }
  const m = (mode: string, k: 'importMs' | 'startMs') => median(runs[mode]!.map((x) => x[k]));
  const floorIs = 'raw better-sqlite3 open (same pragmas) + raw HTTP/2 TLS listen';
  ctx.add({
    scenario: 'start-up, in-process startServer()',
    metric: 'to ready, fresh data dir',
    unit: 'ms',
    better: 'lower',
    kubelite: m('kubelite-fresh', 'startMs'),
    baseline: m('floor', 'startMs'),
    baselineIs: floorIs,
    note: `includes generating the CA and two certificates; module import ${Math.round(m('kubelite-fresh', 'importMs'))} ms vs ${Math.round(m('floor', 'importMs'))} ms, not included`,
  });
  ctx.add({
    scenario: 'start-up, in-process startServer()',
    metric: 'to ready, existing certificates',
    unit: 'ms',
    better: 'lower',
    kubelite: m('kubelite-certs', 'startMs'),
    baseline: m('floor', 'startMs'),
    baselineIs: floorIs,
  });
  ctx.add({
    scenario: 'start-up, command',
    metric: 'spawn to /readyz ok',
    unit: 'ms',
    better: 'lower',
    kubelite: median(cmd.kubelite),
    baseline: median(cmd.floor),
    baselineIs: 'node floor-server.js (better-sqlite3 + HTTP/2, existing certificates) to /readyz ok',
    note: 'kubelite: node dist/src/cli/kubelite.js (the bin, bundled) --secure-port=0 --data-dir=<fresh tmp>',
  });
}
