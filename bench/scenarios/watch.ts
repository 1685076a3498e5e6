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
