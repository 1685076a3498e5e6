// Scenarios over a filled store, sharing one server per target: memory (RSS idle, then after 10,000 and after
// 100,000 ConfigMaps, per object against the object's JSON size) and list of 10,000 objects (JSON and Table),
// measured when the store holds exactly 10,000.
import { cpuNote, type Measured, type RunContext, type Target } from '../context.js';
import { closeSession, openSession, request } from '../load/h2-client.js';
import type { RequestResult } from '../load/jobs.js';
import { NS, createNamespace, objectName, seed } from './setup.js';
import { shardOf } from '../load/configmap.js';

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const SMALL = 10_000;

interface StoreFigures {
  rssIdle: number;
  rssSmall: number;
  rssLarge?: number;
  objectJson: number;
  list?: Measured<RequestResult>;
  table?: Measured<RequestResult>;
  /** kubelite only: the list with a label selector matching a tenth of the objects (baseline: the whole JSON list). */
  selected?: Measured<RequestResult>;
  /** kubelite only: the same list in Protobuf (its baseline is kubelite's own JSON list). */
  protobuf?: Measured<RequestResult>;
  seedPerSecond: number;
}

async function objectJsonSize(t: Target): Promise<number> {
  const s = await openSession(t.endpoint);
  try {
    return (await request(s, 'GET', `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}`)).body.length;
  } finally {
    await closeSession(s);
  }
}

export async function storeScenarios(ctx: RunContext, want: { list: boolean; memory: boolean }): Promise<void> {
  // The large point is bounded in time: kubelite seeds towards it for at most `budgetMs`, and the floor then
  // seeds exactly as many as kubelite reached.
  const largeGoal = ctx.opts.quick ? 30_000 : 100_000;
  const budgetMs = ctx.opts.quick ? 30_000 : 60_000;
  let large = largeGoal;
  const listLoop = (t: Target, accept?: string, warmupMs = 500, query = '') =>
    ctx.measure(t, {
      kind: 'requests',
      target: t.endpoint,
      spec: { op: 'get', path: `/api/v1/namespaces/${NS}/configmaps${query}`, accept },
      inFlight: 1,
      sessions: 1,
      warmupMs,
      durationMs: ctx.durationMs,
    });
  const r = await ctx.both('store', async (t): Promise<StoreFigures> => {
    await createNamespace(t);
    const rssIdle = await t.rss();
    const seeded = await seed(ctx, t, 'cm-', 0, SMALL);
    const rssSmall = await t.rss();
    const objectJson = await objectJsonSize(t);
    const f: StoreFigures = { rssIdle, rssSmall, objectJson, seedPerSecond: seeded.perSecond };
    if (want.list) {
      f.list = await listLoop(t);
      f.table = await listLoop(t, TABLE);
      // The first Protobuf list encodes every object once (about 0.2 ms each); the warm-up covers it, later lists
      // splice the cached bytes as the JSON list does.
      if (t.kind === 'kubelite') f.protobuf = await listLoop(t, PROTOBUF, 8000);
      if (t.kind === 'kubelite') f.selected = await listLoop(t, undefined, 500, `?labelSelector=shard%3D${shardOf('3')}`);
    }
    if (want.memory) {
      const made = await seed(ctx, t, 'cm-', SMALL, large - SMALL, t.kind === 'kubelite' ? budgetMs : 300_000, t.kind === 'floor');
      if (t.kind === 'kubelite') large = SMALL + made.succeeded;
      f.rssLarge = await t.rss();
    }
    return f;
  });
  const k = r.kubelite;
  const fl = r.floor;
  if (want.list) {
    for (const [name, kr, fr, floorIs] of [
      ['list 10,000 ConfigMaps (JSON)', k.list!, fl.list!, 'floor: cached JSON of each object concatenated'],
      ['list 10,000 ConfigMaps (Table)', k.table!, fl.table!, 'floor: Table rows (3 cells + metadata) from cached objects, one JSON.stringify'],
    ] as const) {
      const note = `${(kr.bodyBytes / 1e6).toFixed(1)} MB vs ${(fr.bodyBytes / 1e6).toFixed(1)} MB per answer; ${cpuNote({ kubelite: kr, floor: fr })}`;
      ctx.add({ scenario: name, metric: 'p50', unit: 'ms', better: 'lower', kubelite: kr.latency.p50, baseline: fr.latency.p50, baselineIs: floorIs, note });
      ctx.add({ scenario: name, metric: 'p99', unit: 'ms', better: 'lower', kubelite: kr.latency.p99, baseline: fr.latency.p99, baselineIs: floorIs });
    }
  }
  if (want.list && k.protobuf) {
    const pb = k.protobuf;
    const baselineIs = "kubelite's JSON list of the same objects";
    const note = `${(pb.bodyBytes / 1e6).toFixed(1)} MB vs ${(k.list!.bodyBytes / 1e6).toFixed(1)} MB of JSON per answer`;
    ctx.add({ scenario: 'list 10,000 ConfigMaps (Protobuf)', metric: 'p50', unit: 'ms', better: 'lower', kubelite: pb.latency.p50, baseline: k.list!.latency.p50, baselineIs, note });
    ctx.add({ scenario: 'list 10,000 ConfigMaps (Protobuf)', metric: 'p99', unit: 'ms', better: 'lower', kubelite: pb.latency.p99, baseline: k.list!.latency.p99, baselineIs });
  }
  if (want.list && k.selected) {
    const sel = k.selected;
    const baselineIs = "kubelite's unfiltered JSON list of the same 10,000 objects";
    const note = `${(sel.bodyBytes / 1e6).toFixed(1)} MB vs ${(k.list!.bodyBytes / 1e6).toFixed(1)} MB per answer (labelSelector shard=${shardOf('3')}, 1,000 of 10,000)`;
    const scenario = 'list 10,000 ConfigMaps, label selector matching 10%';
    ctx.add({ scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: sel.latency.p50, baseline: k.list!.latency.p50, baselineIs, note });
    ctx.add({ scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: sel.latency.p99, baseline: k.list!.latency.p99, baselineIs });
  }
  if (!want.memory) return;
  const mb = 1024 * 1024;
  ctx.add({
    scenario: 'memory',
    metric: 'RSS idle',
    unit: 'MiB',
    better: 'lower',
    kubelite: k.rssIdle / mb,
    baseline: fl.rssIdle / mb,
    baselineIs: 'floor server process (raw HTTP/2 + better-sqlite3), idle',
  });
  const perObject = (rss: number, n: number, f: StoreFigures) => (rss - f.rssIdle) / n;
  ctx.add({
    scenario: 'memory',
    metric: `bytes/object, ${SMALL.toLocaleString('en-US')} ConfigMaps`,
    unit: 'B',
    better: 'lower',
    kubelite: perObject(k.rssSmall, SMALL, k),
    baseline: k.objectJson,
    baselineIs: "the object's JSON size as kubelite serves it",
    note: `floor process: ${Math.round(perObject(fl.rssSmall, SMALL, fl))} B/object; seeding ran at ${Math.round(k.seedPerSecond)} vs ${Math.round(fl.seedPerSecond)} creates/s`,
  });
  {
    ctx.add({
      scenario: 'memory',
      metric: `bytes/object, ${large.toLocaleString('en-US')} ConfigMaps`,
      unit: 'B',
      better: 'lower',
      kubelite: perObject(k.rssLarge!, large, k),
      baseline: k.objectJson,
      baselineIs: "the object's JSON size as kubelite serves it",
      note:
        `floor process: ${Math.round(perObject(fl.rssLarge!, large, fl))} B/object` +
        (large < largeGoal ? `; kubelite made ${large.toLocaleString('en-US')} of ${largeGoal.toLocaleString('en-US')} in the ${budgetMs / 1000} s budget` : ''),
    });
  }
}
