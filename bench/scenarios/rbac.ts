// The cost of authorization for an unprivileged user: GET of one ConfigMap by a bearer-token user (not in
// system:masters), 64 in flight, against kubelite with RBAC (the default Node,RBAC) and ~1,000 bindings naming
// other users and groups, next to the same kubelite with AlwaysAllow. Both authenticate the same token; the
// difference is the authorizer chain. The figure that matters is server CPU per GET.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunContext, Target } from '../context.js';
import { closeSession, openSession, request } from '../load/h2-client.js';
import type { Measured, Row } from '../context.js';
import type { RequestResult } from '../load/jobs.js';
import { NS, createNamespace, objectName, seed } from './setup.js';

const TOKEN = 'bench-reader-token';
const BINDINGS = 1000;

async function grant(t: Target): Promise<void> {
  const s = await openSession(t.endpoint);
  const post = async (path: string, obj: object) => {
    const r = await request(s, 'POST', path, JSON.stringify(obj));
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.body}`);
  };
  try {
    const rbac = '/apis/rbac.authorization.k8s.io/v1';
    const ref = { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' };
    // Bindings that name other users and groups: half in the namespace, half cluster-wide.
    for (let i = 0; i < BINDINGS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => i + j).map((n) =>
          n % 2
            ? post(`${rbac}/namespaces/${NS}/rolebindings`, { metadata: { name: `other-${n}` }, roleRef: ref, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: `user-${n}` }] })
            : post(`${rbac}/clusterrolebindings`, { metadata: { name: `other-${n}` }, roleRef: ref, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: `group-${n}` }] }),
        ),
      );
    }
    await post(`${rbac}/namespaces/${NS}/rolebindings`, { metadata: { name: 'reader' }, roleRef: ref, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bench-reader' }] });
  } finally {
    await closeSession(s);
  }
}

export async function rbacScenario(ctx: RunContext): Promise<void> {
  const tokens = join(ctx.certDir, '..', 'bench-tokens.csv');
  writeFileSync(tokens, `${TOKEN},bench-reader,bench-reader-uid,"readers"\n`);
  const path = `/api/v1/namespaces/${NS}/configmaps/${objectName('cm-', 0)}`;
  const run = (modes: string[], withBindings: boolean) =>
    ctx.withTarget(
      'kubelite',
      `rbac-${modes.join('-')}`,
      async (t) => {
        await createNamespace(t);
        await seed(ctx, t, 'cm-', 0, 1);
        if (withBindings) await grant(t);
        const asReader = { ...t.endpoint, cert: undefined, key: undefined };
        // Until the binding reaches the authorizer (it reads through the informers), the reader is refused.
        for (let i = 0; i < 100; i++) {
          const s = await openSession(asReader);
          const r = await request(s, 'GET', path, undefined, { authorization: `Bearer ${TOKEN}` });
          await closeSession(s);
          if (r.status === 200) break;
          await new Promise((res) => setTimeout(res, 50));
        }
        return ctx.measure({ ...t, endpoint: asReader }, { kind: 'requests', target: asReader, spec: { op: 'get', path, bearer: TOKEN }, inFlight: 64, sessions: 1, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs });
      },
      ['', JSON.stringify({ authorizationModes: modes, tokenAuthFile: tokens })],
    );
  const rbac = await run(['Node', 'RBAC'], true);
  const allow = await run(['AlwaysAllow'], false);
  const scenario = `get one ConfigMap as an unprivileged token user, ${BINDINGS} other bindings, 64 in flight`;
  const baselineIs = 'the same kubelite with --authorization-mode=AlwaysAllow';
  for (const [res, name] of [[rbac, 'RBAC'], [allow, 'AlwaysAllow']] as const) if (res.errors) console.warn(`  rbac (${name}): ${res.errors} errors, first: ${res.firstError}`);
  const cpuPerGet = (r: Measured<RequestResult>) => (r.serverCpuPct / 100 / r.perSecond) * 1e6;
  const rows: Row[] = [
    { scenario, metric: 'req/s', unit: 'req/s', better: 'higher', kubelite: rbac.perSecond, baseline: allow.perSecond, baselineIs, note: `CPU server: RBAC ${Math.round(rbac.serverCpuPct)}%, AlwaysAllow ${Math.round(allow.serverCpuPct)}%` },
    { scenario, metric: 'server CPU per GET', unit: 'µs', better: 'lower', kubelite: cpuPerGet(rbac), baseline: cpuPerGet(allow), baselineIs },
    { scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: rbac.latency.p50, baseline: allow.latency.p50, baselineIs },
    { scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: rbac.latency.p99, baseline: allow.latency.p99, baselineIs },
  ];
  for (const r of rows) ctx.add(r);
}
