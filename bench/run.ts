// `npm run bench`: kubelite next to its floor, scenario by scenario, in one run on one machine; prints one table
// and writes it as JSON under bench/results/. See bench/README.md.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCertificates } from '../src/server/certificates.js';
import { RunContext } from './context.js';
import { parseOptions } from './options.js';
import { runCompare } from './compare.js';
import { costFactor, ratio, renderNotes, renderTable } from './report.js';
import { celScenario } from './scenarios/cel.js';
import { applyScenario, createScenario, getProtobufScenario, getScenario, patchScenario, updateScenario, versionScenario } from './scenarios/requests.js';
import { rbacScenario } from './scenarios/rbac.js';
import { admissionPolicyScenario } from './scenarios/admission-policy.js';
import { observabilityScenario } from './scenarios/observability.js';
import { startupScenario } from './scenarios/startup.js';
import { storageEngineScenario } from './scenarios/storage-engine.js';
import { storeScenarios } from './scenarios/store.js';
import { watchProtobufScenario, watchScenario } from './scenarios/watch.js';
import { etcdCreateScenario, etcdGetScenario } from './scenarios/etcd.js';

const SCENARIOS: Record<string, (ctx: RunContext, selected: Set<string>) => Promise<void>> = {
  version: versionScenario,
  'create-1': (ctx) => createScenario(ctx, 1),
  'create-64': (ctx) => createScenario(ctx, 64),
  get: getScenario,
  'get-protobuf': getProtobufScenario,
  update: updateScenario,
  patch: patchScenario,
  apply: applyScenario,
  rbac: rbacScenario,
  'admission-policy': admissionPolicyScenario,
  observability: observabilityScenario,
  // list and memory share one filled server per target when both run.
  list: (ctx, sel) => storeScenarios(ctx, { list: true, memory: sel.has('memory') }),
  memory: (ctx, sel) => (sel.has('list') ? Promise.resolve() : storeScenarios(ctx, { list: false, memory: true })),
  'watch-10': (ctx) => watchScenario(ctx, 10),
  'watch-100': (ctx) => watchScenario(ctx, 100),
  'watch-1000': (ctx) => watchScenario(ctx, 1000),
  'watch-protobuf-100': (ctx) => watchProtobufScenario(ctx, 100),
  startup: startupScenario,
  storage: storageEngineScenario,
  'etcd-create-1': (ctx) => etcdCreateScenario(ctx, 1),
  'etcd-create-64': (ctx) => etcdCreateScenario(ctx, 64),
  'etcd-get': etcdGetScenario,
  cel: celScenario,
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--compare') {
    if (args.length !== 3) {
      console.error('usage: npm run bench -- --compare <before.json> <after.json>');
      process.exit(2);
    }
    runCompare(args[1]!, args[2]!);
    return;
  }
  let opts;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const unknown = opts.scenarios.filter((s) => !(s in SCENARIOS));
  if (unknown.length) {
    console.error(`unknown scenario(s) ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  const selected = new Set(opts.scenarios.length ? opts.scenarios : Object.keys(SCENARIOS));
  const work = mkdtempSync(join(tmpdir(), 'kubelite-bench-run-'));
  const certDir = join(work, 'pki');
  await ensureCertificates({ certDir, sans: [] });
  const profileDir = join(work, 'profiles');
  const ctx = await RunContext.create(opts, certDir, profileDir);
  const started = Date.now();
  console.log(`kubelite bench: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${opts.durationS} s per measurement${opts.quick ? ', quick' : ''}`);
  try {
    for (const name of Object.keys(SCENARIOS)) {
      if (!selected.has(name)) continue;
      if (name === 'memory' && selected.has('list')) {
        console.log('  memory ... measured with list');
        continue;
      }
      const t0 = Date.now();
      process.stdout.write(`  ${name} ...`);
      await SCENARIOS[name]!(ctx, selected);
      process.stdout.write(` ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await ctx.close();
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${renderTable(ctx.rows)}\n`);
  console.log(`ratio = kubelite / baseline; x floor = how many times worse than the floor (throughput inverted).`);
  console.log(`Baselines:\n${renderNotes(ctx.rows)}`);
  for (const [label, lines] of Object.entries(ctx.profiles)) {
    console.log(`\nkubelite CPU profile, ${label} (self time, % of busy samples):`);
    for (const l of lines) console.log(`  ${l.selfPct.toFixed(1).padStart(5)}%  ${l.fn}  ${l.where}`);
  }
  console.log(`\ntotal ${seconds.toFixed(0)} s`);

  const resultsDir = fileURLToPath(new URL('../../bench/results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date(started).toISOString().replace(/[:.]/g, '-');
  const file = join(resultsDir, `${stamp}.json`);
  const json = {
    startedAt: new Date(started).toISOString(),
    seconds,
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    options: opts,
    rows: ctx.rows.map((r) => ({ ...r, ratio: ratio(r), xFloor: costFactor(r) })),
    profiles: ctx.profiles,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`written ${join('bench', 'results', `${stamp}.json`)}`);
  if (opts.profile && existsSync(profileDir)) {
    cpSync(profileDir, join(resultsDir, `${stamp}-profiles`), { recursive: true });
    console.log(`profiles in ${join('bench', 'results', `${stamp}-profiles`)} (open in Chrome DevTools)`);
  }
  rmSync(work, { recursive: true, force: true });
}

await main();
