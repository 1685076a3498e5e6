// Where a write's server CPU goes, by stage, from a bench run with --profile:
//   node dist/bench/write-stages.js bench/results/<run>.json ['managedFields' 'sqlite engine' …: stages to detail]
// For each profiled request scenario: server CPU per request (from the run's CPU note) and main-thread CPU per
// request split by stage. A sample belongs to the stage of the nearest kubelite frame on its stack (a JSON.parse
// called from the body decoder is decoding), found by the frame's file and function (`STAGES`, first match wins);
// samples with no kubelite frame are Node's own work (HTTP/2, TLS, streams, timers) or V8's (GC, compilation).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface CpuProfile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Stage of a kubelite frame: [stage, file fragment, optional function names]. */
const STAGES: [string, string, string[]?][] = [
  ['managedFields', '/apply/'],
  ['managedFields', '/endpoints/apply/'],
  ['body decode', '/endpoints/field-validation/json-body'],
  ['body decode', '/endpoints/negotiation/decode-body'],
  ['body decode', '/endpoints/serializers/'],
  ['body decode', '/golang/encoding-json'],
  ['patch', '/patch/'],
  ['patch', '/endpoints/patch/'],
  ['field validation + defaults', '/endpoints/field-validation/'],
  ['field validation + defaults', '/schema/type-defaulting'],
  ['field validation + defaults', '/schema/schema-node'],
  ['go shape', '/schema/go-shape'],
  ['admission', '/admission/'],
  ['admission', '/registry/admission'],
  ['validation', '/registry/validation/'],
  ['validation', '/validation/'],
  ['stored encode/decode', '/registry/stored-codec'],
  ['store (generic-store)', '/registry/generic-store'],
  ['strategy', '/registry/'],
  ['watch cache', '/storage/cacher/'],
  ['sqlite engine', '/storage/'],
  ['response', '/endpoints/negotiation/'],
  ['response', '/endpoints/handlers/'],
  ['response', '/endpoints/resource-scope'],
  ['router', '/endpoints/'],
  ['audit + metrics', '/observability/'],
  ['filters + auth', '/filters/'],
  ['filters + auth', '/authn/'],
  ['filters + auth', '/authz/'],
  ['http (kubelite)', '/http/'],
  ['http (kubelite)', '/server/'],
  ['controllers', '/controllers/'],
  ['object helpers', '/api/'],
];

function stageOf(f: Frame): string | undefined {
  if (!f.url.includes('/dist/src/')) return undefined;
  const path = f.url.slice(f.url.indexOf('/dist/src/') + 9);
  for (const [stage, frag, fns] of STAGES) if (path.includes(frag) && (!fns || fns.includes(f.functionName))) return stage;
  return `other kubelite (${path.split('/').slice(0, 2).join('/')})`;
}

function nodeStage(f: Frame): string {
  if (f.functionName === '(garbage collector)') return 'V8: GC';
  if (f.functionName === '(program)') return 'V8: program';
  if (f.url.startsWith('node:internal/http2') || f.url.startsWith('node:http2')) return 'Node: http2';
  if (f.url.includes('tls') || f.url.includes('net')) return 'Node: tls/net';
  if (f.url.includes('streams')) return 'Node: streams';
  if (f.url.includes('node_modules/better-sqlite3')) return 'sqlite engine';
  return 'Node/V8: other';
}

export function stagesOf(path: string): { total: number; stages: Map<string, number>; fns: Map<string, Map<string, number>> } {
  const prof = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const hit = memo.get(id);
    if (hit) return hit;
    const leaf = byId.get(id)!.callFrame;
    let s: string | undefined;
    for (let cur: number | undefined = id; cur !== undefined && !s; cur = parent.get(cur)) s = stageOf(byId.get(cur)!.callFrame);
    s ??= nodeStage(leaf);
    memo.set(id, s);
    return s;
  };
  const stages = new Map<string, number>();
  // Per stage, inclusive time of each kubelite function that is the stage's nearest frame (what to look at next).
  const fns = new Map<string, Map<string, number>>();
  const nearest = (id: number): string => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (stageOf(f)) return `${f.functionName || '(anonymous)'} ${f.url.slice(f.url.indexOf('/dist/src/') + 10)}:${f.lineNumber + 1}`;
    }
    return byId.get(id)!.callFrame.functionName || '(anonymous)';
  };
  let total = 0;
  prof.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    // timeDeltas[i] is the time before sample i; the sample stands for the interval after it, approximately.
    const us = prof.timeDeltas[i + 1] ?? prof.timeDeltas[i] ?? 0;
    total += us;
    const s = stageOfNode(id);
    stages.set(s, (stages.get(s) ?? 0) + us);
    const m = fns.get(s) ?? new Map<string, number>();
    fns.set(s, m);
    const n = nearest(id);
    m.set(n, (m.get(n) ?? 0) + us);
  });
  return { total, stages, fns };
}

interface Row {
  scenario: string;
  metric: string;
  kubelite: number;
  note?: string;
}

const SCENARIO_OF_PROFILE: Record<string, string> = {
  'create-1': 'create ConfigMap (~1.5 KB), 1 in flight',
  'create-64': 'create ConfigMap (~1.5 KB), 64 in flight',
  update: 'update with resourceVersion, 64 objects in flight',
  patch: 'strategic merge patch (~1 KB), 64 objects in flight',
};

/** Prints one profile's stages per request; `detail` names stages whose functions are listed too. */
export function printStages(file: string, requests: number, detail: string[] = []): void {
  const { total, stages, fns } = stagesOf(file);
  console.log(`  main thread profiled ${(total / requests).toFixed(0)} µs per request (wall-clock sampling: inflated on a loaded machine)`);
  for (const [s, us] of [...stages.entries()].sort((a, b) => b[1] - a[1])) {
    if ((100 * us) / total < 0.5) continue;
    console.log(`  ${(us / requests).toFixed(1).padStart(7)} µs  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${s}`);
    if (!detail.includes(s)) continue;
    for (const [fn, fus] of [...fns.get(s)!.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`            ${((100 * fus) / total).toFixed(1).padStart(5)} %  ${fn}`);
    }
  }
}

function main(resultsPath: string, detail: string[]): void {
  const run = JSON.parse(readFileSync(resultsPath, 'utf8')) as { options: { durationS: number }; rows: Row[] };
  const dir = join(dirname(resultsPath), `${basename(resultsPath, '.json')}-profiles`);
  for (const [label, scenario] of Object.entries(SCENARIO_OF_PROFILE)) {
    const file = join(dir, `${label}.cpuprofile`);
    const row = run.rows.find((r) => r.scenario === scenario && r.metric.endsWith('/s'));
    if (!existsSync(file) || !row) continue;
    const requests = row.kubelite * run.options.durationS;
    const cpuPct = Number(/kubelite (\d+)%/.exec(row.note ?? '')?.[1] ?? NaN);
    const serverUs = (cpuPct / 100) * 1e6 / row.kubelite;
    console.log(`\n${label}: ${row.kubelite.toFixed(0)} req/s; server CPU ${serverUs.toFixed(0)} µs per request (all threads)`);
    printStages(file, requests, detail);
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: node dist/bench/write-stages.js bench/results/<run>.json [stage to detail]...');
  main(path, process.argv.slice(3));
}
