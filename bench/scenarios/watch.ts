// Watch fan-out: N watchers of the namespace's ConfigMaps while one writer updates 10 of them in turn.
import { cpuNote, type RunContext } from '../context.js';
import { NS, createNamespace } from './setup.js';

export async function watchScenario(ctx: RunContext, watchers: number): Promise<void> {
  const r = await ctx.both(`watch-${watchers}`, async (t) => {
    await createNamespace(t);
    return ctx.measure(t, {
      kind: 'watch',
      target: t.endpoint,
      ns: NS,
      watchers,
      streamsPerSession: 100,
      objects: 10,
      window: 4,
      warmupMs: ctx.warmupMs,
      durationMs: ctx.durationMs,
    });
  });
  for (const [res, name] of [[r.kubelite, 'kubelite'], [r.floor, 'floor']] as const) {
    if (res.errors || res.lost) console.warn(`  watch-${watchers} (${name}): ${res.errors} errors, ${res.lost} changes lost; first: ${res.firstError}`);
  }
  const scenario = `watch, ${watchers.toLocaleString('en-US')} watchers`;
  const floorIs = 'floor: group commit, event encoded once, written to every watcher stream';
  const note = `${r.kubelite.changes} vs ${r.floor.changes} changes written; ${cpuNote(r)}`;
  ctx.add({ scenario, metric: 'deliveries/s', unit: 'events/s', better: 'higher', kubelite: r.kubelite.deliveriesPerSecond, baseline: r.floor.deliveriesPerSecond, baselineIs: floorIs, note });
  ctx.add({ scenario, metric: 'delivery p50', unit: 'ms', better: 'lower', kubelite: r.kubelite.latency.p50, baseline: r.floor.latency.p50, baselineIs: floorIs });
  ctx.add({ scenario, metric: 'delivery p99', unit: 'ms', better: 'lower', kubelite: r.kubelite.latency.p99, baseline: r.floor.latency.p99, baselineIs: floorIs });
}

/** The same fan-out with Protobuf watch streams (client-go's typed informers), next to kubelite's JSON streams. */
export async function watchProtobufScenario(ctx: RunContext, watchers: number): Promise<void> {
  const job = (accept?: string) => ({
    kind: 'watch' as const, ns: NS, watchers, streamsPerSession: 100, objects: 10, window: 4, accept, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs,
  });
  // Each on a fresh kubelite, as every scenario runs.
  const run = (accept?: string) =>
    ctx.withTarget('kubelite', `watch-${accept ? 'protobuf' : 'json'}-${watchers}`, async (t) => {
      await createNamespace(t);
      return ctx.measure(t, { ...job(accept), target: t.endpoint });
    });
  const json = await run();
  const pb = await run('application/vnd.kubernetes.protobuf');
  if (pb.errors || pb.lost) console.warn(`  watch-protobuf-${watchers}: ${pb.errors} errors, ${pb.lost} changes lost; first: ${pb.firstError}`);
  const scenario = `watch in Protobuf, ${watchers.toLocaleString('en-US')} watchers`;
  const baselineIs = "kubelite's JSON watch streams, same load";
  ctx.add({ scenario, metric: 'deliveries/s', unit: 'events/s', better: 'higher', kubelite: pb.deliveriesPerSecond, baseline: json.deliveriesPerSecond, baselineIs });
  ctx.add({ scenario, metric: 'delivery p50', unit: 'ms', better: 'lower', kubelite: pb.latency.p50, baseline: json.latency.p50, baselineIs });
  ctx.add({ scenario, metric: 'delivery p99', unit: 'ms', better: 'lower', kubelite: pb.latency.p99, baseline: json.latency.p99, baselineIs });
}
