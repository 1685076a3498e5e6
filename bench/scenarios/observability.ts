// The cost of /metrics instrumentation and audit on GET: one ConfigMap, 64 in flight, against kubelite with its
// request metrics and an audit policy recording every request at Metadata level to a log file (blocking mode, as
// kube's default), next to the same kubelite with neither. The figure that matters is server CPU per GET, taken in
// rounds that load both servers at once (bench/paired.ts): the median of the rounds, their spread in the note.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Row, RunContext, Target } from '../context.js';
import { pairedOptions, pairedRounds, roundsNote } from '../paired.js';
import { NS, createNamespace, objectName, seed } from './setup.js';

export async function observabilityScenario(ctx: RunContext): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-bench-audit-'));
  const policy = join(dir, 'policy.yaml');
  const log = join(dir, 'audit.log');
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n');
  const path = `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}`;
  const serve = <T>(label: string, options: object, fn: (t: Target) => Promise<T>) =>
    ctx.withTarget(
      'kubelite',
      label,
      async (t) => {
        await createNamespace(t);
        await seed(ctx, t, 'cm-', 0, 1);
        return fn(t);
      },
      ['', JSON.stringify(options)],
    );
  try {
    const p = await serve('observability-on', { auditPolicyFile: policy, auditLogPath: log }, (on) =>
      serve('observability-off', { instrumentation: false }, (off) => {
        const job = (t: Target) => ({ kind: 'requests' as const, target: t.endpoint, spec: { op: 'get' as const, path }, inFlight: 64, sessions: 1 });
        return pairedRounds(ctx, { target: on, job: job(on) }, { target: off, job: job(off) }, pairedOptions(ctx));
      }),
    );
    const logged = statSync(log).size;
    const scenario = 'get one ConfigMap, 64 in flight, with request metrics and audit (Metadata level, log file)';
    const baselineIs = 'the same kubelite without instrumentation and audit';
    for (const [res, name] of [[p.a, 'on'], [p.b, 'off']] as const) if (res.errors) console.warn(`  observability (${name}): ${res.errors} errors, first: ${res.firstError}`);
    const rows: Row[] = [
      { scenario, metric: 'req/s', unit: 'req/s', better: 'higher', kubelite: p.a.perSecond, baseline: p.b.perSecond, baselineIs, note: `audit log ${Math.round(logged / 1024)} KiB` },
      {
        scenario,
        metric: 'server CPU per GET',
        unit: 'µs',
        better: 'lower',
        kubelite: p.a.medianCpu,
        baseline: p.b.medianCpu,
        baselineIs,
        note: roundsNote(p, 'on', 'off'),
      },
      { scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: p.a.latency.p50, baseline: p.b.latency.p50, baselineIs },
      { scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: p.a.latency.p99, baseline: p.b.latency.p99, baselineIs },
    ];
    for (const r of rows) ctx.add(r);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
