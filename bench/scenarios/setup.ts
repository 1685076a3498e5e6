// Preparing a server for a scenario: the namespace every scenario uses, and N ConfigMaps created through the API.
import type { RunContext, Target } from '../context.js';
import { closeSession, openSession, request } from '../load/h2-client.js';
import type { RequestResult } from '../load/jobs.js';

export const NS = 'bench';

export async function createNamespace(t: Target): Promise<void> {
  const s = await openSession(t.endpoint);
  try {
    const r = await request(s, 'POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }));
    if (r.status !== 201) throw new Error(`create namespace: ${r.status} ${r.body}`);
  } finally {
    await closeSession(s);
  }
}

/**
 * Creates `count` ConfigMaps named `${prefix}NNNNNN` from `start`, 64 in flight, within `budgetMs`; fails on any
 * error, and unless all were made when `exact`.
 */
export async function seed(ctx: RunContext, t: Target, prefix: string, start: number, count: number, budgetMs = 300_000, exact = true): Promise<RequestResult> {
  const r = await ctx.run({
    kind: 'requests',
    target: t.endpoint,
    spec: { op: 'create', ns: NS, prefix, start },
    inFlight: 64,
    sessions: 1,
    warmupMs: 0,
    durationMs: budgetMs,
    maxRequests: count,
  });
  if (r.errors || (exact && r.succeeded !== count)) throw new Error(`seeding ${count} objects on ${t.kind}: ${r.succeeded} made, ${r.errors} errors (${r.firstError})`);
  return r;
}

export const objectName = (prefix: string, i: number): string => `${prefix}${String(i).padStart(6, '0')}`;
