// The cost of a ValidatingAdmissionPolicy on writes: ConfigMap creates (1 and 64 in flight) against kubelite with a
// policy and Deny binding matching every ConfigMap create (`object.metadata.name.startsWith('forbidden-') == false`,
// which the load's objects pass, so every create evaluates it), next to the same kubelite without the policy.
import type { RunContext, Target } from '../context.js';
import { closeSession, openSession, request } from '../load/h2-client.js';
import { NS, createNamespace } from './setup.js';

const AR = '/apis/admissionregistration.k8s.io/v1';

async function installPolicy(t: Target): Promise<void> {
  const s = await openSession(t.endpoint);
  const post = async (path: string, obj: object) => {
    const r = await request(s, 'POST', path, JSON.stringify(obj));
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${r.body}`);
  };
  try {
    await post(`${AR}/validatingadmissionpolicies`, {
      metadata: { name: 'no-forbidden-configmaps' },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
        validations: [{ expression: "!object.metadata.name.startsWith('forbidden-')", message: 'forbidden name' }],
      },
    });
    await post(`${AR}/validatingadmissionpolicybindings`, { metadata: { name: 'no-forbidden-configmaps' }, spec: { policyName: 'no-forbidden-configmaps', validationActions: ['Deny'] } });
    // Until the binding is in force a forbidden name is still created (dry-run: nothing is kept).
    for (let i = 0; i < 200; i++) {
      const r = await request(s, 'POST', `/api/v1/namespaces/${NS}/configmaps?dryRun=All`, JSON.stringify({ metadata: { name: 'forbidden-probe' } }));
      if (r.status === 422) return;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error('the policy never took effect');
  } finally {
    await closeSession(s);
  }
}

export async function admissionPolicyScenario(ctx: RunContext): Promise<void> {
  for (const inFlight of [1, 64]) {
    const run = (withPolicy: boolean) =>
      ctx.withTarget('kubelite', `admission-policy-${inFlight}-${withPolicy ? 'on' : 'off'}`, async (t) => {
        await createNamespace(t);
        if (withPolicy) await installPolicy(t);
        return ctx.measure(t, {
          kind: 'requests', target: t.endpoint, spec: { op: 'create', ns: NS, prefix: 'cm-', start: 0 }, inFlight, sessions: 1, warmupMs: ctx.warmupMs, durationMs: ctx.durationMs,
        });
      });
    const off = await run(false);
    const on = await run(true);
    for (const [r, name] of [[on, 'policy'], [off, 'none']] as const) if (r.errors) console.warn(`  admission-policy (${name}): ${r.errors} errors, first: ${r.firstError}`);
    const scenario = `create ConfigMap with a ValidatingAdmissionPolicy, ${inFlight} in flight`;
    const baselineIs = 'the same kubelite without the policy';
    ctx.add({ scenario, metric: 'req/s', unit: 'req/s', better: 'higher', kubelite: on.perSecond, baseline: off.perSecond, baselineIs, note: `CPU server: policy ${Math.round(on.serverCpuPct)}%, none ${Math.round(off.serverCpuPct)}%` });
    const cpuPerCreate = (r: typeof on) => (r.serverCpuPct / 100 / r.perSecond) * 1e6;
    ctx.add({ scenario, metric: 'server CPU per create', unit: 'µs', better: 'lower', kubelite: cpuPerCreate(on), baseline: cpuPerCreate(off), baselineIs });
    ctx.add({ scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: on.latency.p50, baseline: off.latency.p50, baselineIs });
    ctx.add({ scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: on.latency.p99, baseline: off.latency.p99, baselineIs });
  }
}
