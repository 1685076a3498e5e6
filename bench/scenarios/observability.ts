// The cost of /metrics instrumentation and audit on GET: one ConfigMap, 64 in flight, against kubelite with its
// request metrics and an audit policy recording every request at Metadata level to a log file (blocking mode, as
// kube's default), next to the same kubelite with neither. The figure that matters is server CPU per GET.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Measured, Row, RunContext } from '../context.js';
import type { RequestResult } from '../load/jobs.js';
import { NS, createNamespace, objectName, seed } from './setup.js';

export async function observabilityScenario(ctx: RunContext): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-bench-audit-'));
  const policy = join(dir, 'policy.yaml');
  const log = join(dir, 'audit.log');
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n');
  const path = `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}`;
  const run = (label: string, options: object) =>
    ctx.withTarget(
      'kubelite',
      label,
      async (t) => {
        await createNamespace(t);
        await seed(ctx, t, 'cm-', 0, 1);
        return ctx.measure(t, { kind: 'requests', target: t.endpoint, spec: { op: 'get', path }, inFlight: 64, sessions: 1, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs });
      },
      ['', JSON.stringify(options)],
    );
  const cpuPerGet = (r: Measured<RequestResult>) => (r.serverCpuPct / 100 / r.perSecond) * 1e6;
  try {
    // On and off alternate (twice each unless --quick) and each side keeps its least disturbed run (lowest CPU per
    // GET): on a shared machine the load changes between runs more than the difference being measured.
    const rounds = ctx.opts.quick ? 1 : 2;
    const ons: Measured<RequestResult>[] = [];
    const offs: Measured<RequestResult>[] = [];
    let logged = 0;
    for (let i = 0; i < rounds; i++) {
      ons.push(await run(i ? `observability-on-${i + 1}` : 'observability-on', { auditPolicyFile: policy, auditLogPath: log }));
      logged = statSync(log).size;
      rmSync(log, { force: true });
      offs.push(await run(i ? `observability-off-${i + 1}` : 'observability-off', { instrumentation: false }));
    }
    const byCpu = (rs: Measured<RequestResult>[]) => [...rs].sort((a, b) => cpuPerGet(a) - cpuPerGet(b))[0]!;
    const on = byCpu(ons);
    const off = byCpu(offs);
    const scenario = 'get one ConfigMap, 64 in flight, with request metrics and audit (Metadata level, log file)';
    const baselineIs = 'the same kubelite without instrumentation and audit';
    for (const [res, name] of [[on, 'on'], [off, 'off']] as const) if (res.errors) console.warn(`  observability (${name}): ${res.errors} errors, first: ${res.firstError}`);
    const rows: Row[] = [
      { scenario, metric: 'req/s', unit: 'req/s', better: 'higher', kubelite: on.perSecond, baseline: off.perSecond, baselineIs, note: `CPU server: on ${Math.round(on.serverCpuPct)}%, off ${Math.round(off.serverCpuPct)}%; audit log ${Math.round(logged / 1024)} KiB; CPU per GET by run: on ${ons.map((r) => Math.round(cpuPerGet(r))).join('/')} µs, off ${offs.map((r) => Math.round(cpuPerGet(r))).join('/')} µs` },
      { scenario, metric: 'server CPU per GET', unit: 'µs', better: 'lower', kubelite: cpuPerGet(on), baseline: cpuPerGet(off), baselineIs },
      { scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: on.latency.p50, baseline: off.latency.p50, baselineIs },
      { scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: on.latency.p99, baseline: off.latency.p99, baselineIs },
    ];
    for (const r of rows) ctx.add(r);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
