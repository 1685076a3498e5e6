// The cost of authorization for an unprivileged user: GET of one ConfigMap by a bearer-token user (not in
// system:masters), 64 in flight, against kubelite with RBAC (the default Node,RBAC) and ~1,000 bindings naming
// other users and groups, next to the same kubelite with AlwaysAllow. Both authenticate the same token; the
// difference is the authorizer chain. The figure that matters is server CPU per GET, taken with both servers up in
// rounds that load both at once (bench/paired.ts): the median of the rounds, their spread in the note.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Row, RunContext, Target } from '../context.js';
import { closeSession, openSession, request } from '../load/h2-client.js';
import { pairedOptions, pairedRounds, roundsNote } from '../paired.js';
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
  const serve = <T>(modes: string[], withBindings: boolean, fn: (t: Target) => Promise<T>) =>
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
        return fn({ ...t, endpoint: asReader });
      },
      ['', JSON.stringify({ authorizationModes: modes, tokenAuthFile: tokens })],
    );
  // Both servers up at once, measured in rounds that load both together (bench/paired.ts).
  const p = await serve(['Node', 'RBAC'], true, (rbac) =>
    serve(['AlwaysAllow'], false, (allow) => {
      const job = (t: Target) => ({ kind: 'requests' as const, target: t.endpoint, spec: { op: 'get' as const, path, bearer: TOKEN }, inFlight: 64, sessions: 1 });
      return pairedRounds(ctx, { target: rbac, job: job(rbac) }, { target: allow, job: job(allow) }, pairedOptions(ctx));
    }),
  );
  const scenario = `get one ConfigMap as an unprivileged token user, ${BINDINGS} other bindings, 64 in flight`;
  const baselineIs = 'the same kubelite with --authorization-mode=AlwaysAllow';
  for (const [res, name] of [[p.a, 'RBAC'], [p.b, 'AlwaysAllow']] as const) if (res.errors) console.warn(`  rbac (${name}): ${res.errors} errors, first: ${res.firstError}`);
  const rows: Row[] = [
    { scenario, metric: 'req/s', unit: 'req/s', better: 'higher', kubelite: p.a.perSecond, baseline: p.b.perSecond, baselineIs },
    { scenario, metric: 'server CPU per GET', unit: 'µs', better: 'lower', kubelite: p.a.medianCpu, baseline: p.b.medianCpu, baselineIs, note: roundsNote(p, 'RBAC', 'AlwaysAllow') },
    { scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: p.a.latency.p50, baseline: p.b.latency.p50, baselineIs },
    { scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: p.a.latency.p99, baseline: p.b.latency.p99, baselineIs },
  ];
  for (const r of rows) ctx.add(r);
}
