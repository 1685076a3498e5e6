// Micro-benchmark of the per-request instrumentation of a GET (issue 21's "under 5 % of GET cost"): the audit event
// path at Metadata level (policy, RequestReceived and ResponseComplete built, written to a log file in blocking
// mode), the request-metrics filter and the authentication and authorization metrics, each timed in CPU µs per
// request against the same calls without it. Run: node dist/bench/micro/observability.js [iterations]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withAudit } from '../../src/filters/audit.js';
import { instrumentAuthenticator } from '../../src/filters/authentication-metrics.js';
import { withRequestMetrics } from '../../src/filters/request-metrics.js';
import { withAuthorization } from '../../src/filters/authorization.js';
import type { Filter } from '../../src/filters/filter.js';
import type { RequestContext, UserInfo } from '../../src/http/request-context.js';
import { parseRequestInfo } from '../../src/http/request-info.js';
import { Auditor } from '../../src/observability/audit/auditor.js';
import { LogBackend } from '../../src/observability/audit/log-backend.js';
import { parsePolicy, PolicyEvaluator } from '../../src/observability/audit/policy.js';
import { ApiserverMetrics } from '../../src/observability/metrics/apiserver-metrics.js';
import type { Authorizer } from '../../src/authz/authorizer.js';
import type { RequestAuthenticator } from '../../src/authn/authenticator.js';

const N = Number(process.argv[2] ?? 200_000);
const PATH = '/api/v1/namespaces/bench/configmaps/cm-000000';
const session = {};
const socket = { remoteAddress: '::ffff:127.0.0.1' };
const extra = { 'authentication.kubernetes.io/credential-id': ['X509SHA256=3f1d8b0c2a9e4f6d7c5b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c'] };
const admin: UserInfo = { name: 'kubelite-admin', uid: '', groups: ['system:masters', 'system:authenticated'], extra };
let auditN = 0;

/** A GET as the pipeline hands it to the filters (authenticated; the response written, 200). */
function getContext(): RequestContext {
  const query = new URLSearchParams();
  const headers: Record<string, string> = { 'user-agent': 'kubelite-bench/0.1 (linux/amd64) kubernetes/none', accept: 'application/json' };
  const sent: Record<string, string> = {};
  return {
    req: { url: PATH, headers, socket, stream: { session }, httpVersionMajor: 2 } as never,
    res: { statusCode: 200, headersSent: true, getHeader: (n: string) => sent[n], setHeader: (n: string, v: string) => (sent[n] = v) } as never,
    http2: true,
    method: 'GET',
    path: PATH,
    query,
    receivedAt: Date.now(),
    auditId: `0b7c5e0e-3c3a-4d7e-9a55-${String(auditN++).padStart(12, '0')}`,
    requestInfo: parseRequestInfo('GET', PATH, query),
    user: { ...admin, groups: [...admin.groups] },
    warnings: [],
    signal: undefined as never,
    timedOut: false,
    longRunning: false,
  };
}

const handler = async (ctx: RequestContext) => {
  (ctx.res as unknown as { setHeader: (n: string, v: string) => void }).setHeader('content-length', '412');
};

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

type Chain = (ctx: RequestContext) => Promise<void>;

const chainOf = (filters: Filter[]): Chain => filters.reduceRight<Chain>((inner, f) => (ctx) => f(ctx, () => inner(ctx)), handler);

/** One wave of 64 requests at once (as 64 in flight), then a turn of the event loop (the log backend writes there). */
async function wave(chain: Chain): Promise<void> {
  const all: Promise<void>[] = [];
  for (let j = 0; j < 64; j++) all.push(chain(getContext()));
  await Promise.all(all);
  await new Promise((r) => setImmediate(r));
}

/**
 * CPU µs per request of each chain. The chains take turns wave by wave, so a loaded machine (other processes taking
 * the cores and their caches) weighs on each alike; the figure is the mean over `n` requests per chain.
 */
async function run(chains: Chain[], n: number): Promise<number[]> {
  const total = chains.map(() => 0);
  for (let i = 0; i < n; i += 64) {
    for (let k = 0; k < chains.length; k++) {
      const c = (k + i / 64) % chains.length;
      const start = cpuMicros();
      await wave(chains[c]!);
      total[c]! += cpuMicros() - start;
    }
  }
  return total.map((t) => t / n);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-micro-audit-'));
  try {
    const metrics = new ApiserverMetrics({ processMetrics: false });
    const backend = new LogBackend({ path: process.env.MICRO_LOG ?? join(dir, 'audit.log'), format: 'json', maxSizeMB: 0, maxBackups: 0, maxAgeDays: 0, mode: 'blocking', batch: { bufferSize: 1, maxBatchSize: 1, maxWaitMs: 0 }, onDrop: () => undefined, onError: (e) => { throw e; } });
    const auditor = new Auditor(new PolicyEvaluator(parsePolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n')), backend, metrics);
    // The same auditor with a backend that drops the events: what building them costs without writing them.
    const building = new Auditor(new PolicyEvaluator(parsePolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n')), { name: 'none', processEvents: () => true, shutdown: async () => undefined }, metrics);
    const authorizer: Authorizer = { authorize: () => ({ decision: 'allow', reason: '' }) } as unknown as Authorizer;
    const authenticator: RequestAuthenticator = { name: 'x509', authenticate: (ctx) => ({ kind: 'user', user: ctx.user! }) };
    const authn = (a: RequestAuthenticator): Filter => async (ctx, next) => {
      const r = a.authenticate(ctx);
      if (r instanceof Promise) await r;
      return next();
    };
    const plain: Filter[] = [authn(authenticator), withAuthorization(authorizer)];
    const cases: [string, Filter[]][] = [
      ['plain (authentication, authorization)', plain],
      ['+ audit (Metadata, log file, blocking)', [authn(authenticator), withAudit(auditor), withAuthorization(authorizer)]],
      ['+ audit events built, not written', [authn(authenticator), withAudit(building), withAuthorization(authorizer)]],
      ['+ authentication metrics', [authn(instrumentAuthenticator(authenticator, metrics)), withAuthorization(authorizer)]],
      ['+ authorization metrics', [authn(authenticator), withAuthorization(authorizer, metrics)]],
      ['+ request metrics', [...plain, withRequestMetrics(metrics)]],
      ['all', [authn(instrumentAuthenticator(authenticator, metrics)), withAudit(auditor), withAuthorization(authorizer, metrics), withRequestMetrics(metrics)]],
    ];
    // MICRO_CASE=<substring>: only the matching cases (and the plain one), e.g. to profile one with --cpu-prof.
    const only = process.env.MICRO_CASE;
    if (only) cases.splice(1, cases.length, ...cases.slice(1).filter(([name]) => name.includes(only)));
    const chains = cases.map(([, f]) => chainOf(f));
    await run(chains, Math.min(N, 20_000)); // warm up
    const perRequest = await run(chains, N);
    const base = perRequest[0]!;
    cases.forEach(([name], i) => {
      const us = perRequest[i]!;
      console.log(`${name.padEnd(42)} ${us.toFixed(2).padStart(7)} µs/request${i === 0 ? '' : `  (+${(us - base).toFixed(2)})`}`);
    });
    await backend.shutdown();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
