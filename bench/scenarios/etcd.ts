// kubelite on etcd next to the etcd3 client library alone: creates (1 and 64 in flight) and gets of one object,
// each against a fresh etcd started for the scenario (src/testing/etcd.ts). kubelite runs the whole pipeline over
// HTTP/2 and its engine's transactions; the floor (baselines/floor-etcd.ts) sends the same transactions from a
// bare client in its own process. Without an etcd binary the scenarios say so and add no rows.
import { fileURLToPath } from 'node:url';
import { Child } from '../child.js';
import type { RunContext } from '../context.js';
import type { RequestResult } from '../load/jobs.js';
import type { EtcdFloorJob } from '../baselines/floor-etcd.js';
import { etcdSkipReason, startEtcd } from '../../src/testing/etcd.js';
import { NS, createNamespace, objectName, seed } from './setup.js';
import { JIT_WARMUP_MAX_MS } from '../options.js';

const FLOOR = "floor: the engine's etcd client alone (etcd3 pool, grpc-js, the engine's codec) sending the same transactions (create: one conditional Txn; get: one Range)";

async function onEtcd(ctx: RunContext, label: string, op: 'create' | 'get', inFlight: number): Promise<void> {
  const skip = etcdSkipReason();
  if (skip) {
    process.stdout.write(` skipped: ${skip}`);
    return;
  }
  const run = async (fn: (url: string) => Promise<RequestResult & { serverCpuPct: number }>) => {
    const etcd = await startEtcd();
    try {
      return await fn(etcd.url);
    } finally {
      await etcd.stop();
    }
  };
  const kubelite = await run((url) =>
    ctx.withTarget('kubelite', label, async (t) => {
      await createNamespace(t);
      if (op === 'get') await seed(ctx, t, 'cm-', 0, 1);
      const spec = op === 'create' ? { op, ns: NS, prefix: 'cm-', start: 0 } as const : { op, path: `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}` } as const;
      // measure() sends the run's JIT warm-up first (--jit-warmup requests), as for every request scenario.
      return ctx.measure(t, { kind: 'requests', target: t.endpoint, spec, inFlight, sessions: 1, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs });
    }, [url]),
  );
  const floor = await run(async (url) => {
    const { child } = await Child.fork(fileURLToPath(new URL('../baselines/floor-etcd.js', import.meta.url)));
    try {
      // The same JIT warm-up as kubelite's (the same number of requests, bounded by the same time), then the same
      // time-based warm-up and window.
      const job: EtcdFloorJob = { url, op, inFlight, warmupRequests: ctx.opts.jitWarmup, warmupMaxMs: JIT_WARMUP_MAX_MS, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs };
      const r = await child.call<RequestResult>({ job });
      return { ...r, serverCpuPct: 0 };
    } finally {
      await child.stop();
    }
  });
  const what = op === 'create' ? `create ConfigMap on etcd, ${inFlight} in flight` : `get one ConfigMap on etcd, ${inFlight} in flight`;
  ctx.addRequestRows(what, 'req', { kubelite, floor }, FLOOR, `kubelite CPU ${Math.round(kubelite.serverCpuPct)}% (server) / ${Math.round(kubelite.loadCpuPct)}% (generator), ${perRequest(kubelite.serverCpuPct, kubelite.perSecond)} µs of server CPU per request; floor client ${Math.round(floor.loadCpuPct)}%, ${perRequest(floor.loadCpuPct, floor.perSecond)} µs per request`);
}

/** CPU time per request, µs, from a CPU share (percent of one core) and a rate. */
function perRequest(cpuPct: number, perSecond: number): number {
  return perSecond > 0 ? Math.round((cpuPct * 10_000) / perSecond) : 0;
}

export const etcdCreateScenario = (ctx: RunContext, inFlight: number): Promise<void> => onEtcd(ctx, `etcd-create-${inFlight}`, 'create', inFlight);
export const etcdGetScenario = (ctx: RunContext): Promise<void> => onEtcd(ctx, 'etcd-get', 'get', 64);
