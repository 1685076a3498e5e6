// Request scenarios: the pipeline's fixed cost (/version), creates with 1 and 64 in flight, get of one object,
// update with resourceVersion. Each is a closed loop for --duration seconds after a warm-up.
import type { RunContext } from '../context.js';
import type { RequestSpec } from '../load/jobs.js';
import { NS, createNamespace, objectName, seed } from './setup.js';

const FLOOR_WRITE = 'floor: HTTP/2 TLS, parse body, one SQLite row by group commit (FULL), answer';
const FLOOR_READ = 'floor: HTTP/2 TLS, cached object bytes';

/** `generators` > 1 spreads the load over several generator processes (each with its own connection). */
async function closedLoop(ctx: RunContext, label: string, inFlight: number, prepare: (t: import('../context.js').Target) => Promise<RequestSpec>, generators = 1) {
  return ctx.both(label, async (t) => {
    await createNamespace(t);
    const spec = await prepare(t);
    return ctx.measure(t, { kind: 'requests', target: t.endpoint, spec, inFlight, sessions: 1, generators, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs });
  });
}

export async function versionScenario(ctx: RunContext): Promise<void> {
  const r = await closedLoop(ctx, 'version', 64, async () => ({ op: 'get', path: '/version' }), ctx.opts.generators);
  ctx.addRequestRows('GET /version, 64 in flight', 'req', r, 'raw Node HTTP/2 answering a constant', `the whole filter chain on the smallest request; ${ctx.opts.generators} generator processes`);
}

export async function createScenario(ctx: RunContext, inFlight: number): Promise<void> {
  const r = await closedLoop(ctx, `create-${inFlight}`, inFlight, async () => ({ op: 'create', ns: NS, prefix: 'cm-', start: 0 }));
  ctx.addRequestRows(`create ConfigMap (~1.5 KB), ${inFlight} in flight`, 'req', r, FLOOR_WRITE);
}

export async function getScenario(ctx: RunContext): Promise<void> {
  const r = await closedLoop(ctx, 'get', 64, async (t) => {
    await seed(ctx, t, 'cm-', 0, 1);
    return { op: 'get', path: `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}` };
  }, ctx.opts.generators);
  ctx.addRequestRows('get one ConfigMap, 64 in flight', 'req', r, FLOOR_READ, `${ctx.opts.generators} generator processes`);
}

export async function updateScenario(ctx: RunContext): Promise<void> {
  const r = await closedLoop(ctx, 'update', 64, async (t) => {
    await seed(ctx, t, 'cm-', 0, 64);
    return { op: 'update', ns: NS, names: Array.from({ length: 64 }, (_, i) => objectName('cm-', i)) };
  });
  ctx.addRequestRows('update with resourceVersion, 64 objects in flight', 'req', r, `${FLOOR_WRITE}, resourceVersion checked`);
}

/** get in Protobuf (client-go's typed clients): the object's shared message bytes in the `k8s\0` envelope. */
export async function getProtobufScenario(ctx: RunContext): Promise<void> {
  const r = await closedLoop(ctx, 'get-protobuf', 64, async (t) => {
    await seed(ctx, t, 'cm-', 0, 1);
    return { op: 'get', path: `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}`, accept: 'application/vnd.kubernetes.protobuf' };
  });
  ctx.addRequestRows('get one ConfigMap in Protobuf, 64 in flight', 'req', r, `${FLOOR_READ} (JSON)`);
}

/** A ~1 KB strategic merge patch, 64 objects each with one patch in flight; the floor is the create floor's rate. */
export async function patchScenario(ctx: RunContext): Promise<void> {
  const names = Array.from({ length: 64 }, (_, i) => objectName('cm-', i));
  const r = await closedLoop(ctx, 'patch', 64, async (t) => {
    if (t.kind === 'floor') return { op: 'create', ns: NS, prefix: 'cm-', start: 0 };
    await seed(ctx, t, 'cm-', 0, 64);
    return { op: 'patch', ns: NS, names, body: 'smp-configmap' };
  });
  ctx.addRequestRows('strategic merge patch (~1 KB), 64 objects in flight', 'req', r, `the create floor (${FLOOR_WRITE}), 64 in flight`);
}

/** Server-side apply of a 3-container Deployment, 64 Deployments each with one apply in flight: server CPU per apply. */
export async function applyScenario(ctx: RunContext): Promise<void> {
  const TARGET_US = 300;
  const names = Array.from({ length: 64 }, (_, i) => objectName('web-', i));
  const r = await ctx.withTarget('kubelite', 'apply', async (t) => {
    await createNamespace(t);
    return ctx.measure(t, { kind: 'requests', target: t.endpoint, spec: { op: 'patch', ns: NS, names, body: 'apply-deployment' }, inFlight: 64, sessions: 1, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs });
  });
  if (r.errors) console.warn(`  apply: ${r.errors} errors, first: ${r.firstError}`);
  const scenario = 'server-side apply of a 3-container Deployment, 64 objects in flight';
  const cpuUs = (r.serverCpuPct / 100 / r.perSecond) * 1e6;
  const baselineIs = `issue 22's target, ${TARGET_US} µs of server CPU per apply (no floor program)`;
  ctx.add({ scenario, metric: 'server CPU per apply', unit: 'µs', better: 'lower', kubelite: cpuUs, baseline: TARGET_US, baselineIs, note: `${Math.round(r.perSecond)} applies/s, p50 ${r.latency.p50.toFixed(1)} ms; CPU server/generator ${Math.round(r.serverCpuPct)}%/${Math.round(r.loadCpuPct)}%` });
}
