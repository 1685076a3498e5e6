// Server CPU per request of two targets running side by side, in rounds: both servers are up at once, and in each
// round both get the same fixed number of requests at the same time (one load generator, 64 in flight to each), so a
// load spike or a noisy neighbour weighs on the two sides of a round alike; each side's cost is the CPU its own
// process used over the round divided by the requests it answered. The per-round ratios' median and spread say how
// much the figure can be trusted. (Taking turns instead, one side then the other, left the two sides of a round
// under different load: on a machine at load average 20, rounds ranged 0.8-2.0 for one configuration.) Used where a
// scenario's answer is an overhead (instrumentation, an authorizer) rather than a throughput.
import type { RunContext, Target } from './context.js';
import type { RequestJob, RequestResult } from './load/jobs.js';
import { median, summarize, type LatencySummary } from './stats.js';

export interface PairedSide {
  target: Target;
  /** The job each of this side's turns runs (warm-up, request count and duration are set here). */
  job: Omit<RequestJob, 'warmupMs' | 'durationMs' | 'maxRequests'>;
}

export interface SideFigures {
  /** Server CPU µs per request, one per round. */
  cpuPerRequest: number[];
  /** Median of `cpuPerRequest`. */
  medianCpu: number;
  perSecond: number;
  latency: LatencySummary;
  errors: number;
  firstError?: string;
}

export interface PairedResult {
  a: SideFigures;
  b: SideFigures;
  /** a ÷ b of each round. */
  ratios: number[];
  medianRatio: number;
}

export interface PairedOptions {
  rounds: number;
  /** Requests per side per round. */
  requests: number;
  /** Unmeasured requests each side gets first (JIT compilation, caches). */
  warmup: number;
}

/** The longest one turn may take before it is cut short (a stalled server must not hang the run). */
const TURN_LIMIT_MS = 120_000;

async function turn(ctx: RunContext, side: PairedSide, requests: number): Promise<{ cpu: number; r: RequestResult }> {
  const c0 = await side.target.cpu();
  const r = await ctx.run({ ...side.job, warmupMs: 0, durationMs: TURN_LIMIT_MS, maxRequests: requests, keepLatencies: true });
  const c1 = await side.target.cpu();
  return { cpu: c1 - c0, r };
}

function figures(turns: { cpu: number; r: RequestResult }[]): SideFigures {
  const cpuPerRequest = turns.map((t) => t.cpu / Math.max(1, t.r.succeeded + t.r.errors));
  const latencies = turns.flatMap((t) => t.r.latencies ?? []);
  const seconds = turns.reduce((s, t) => s + t.r.seconds, 0);
  return {
    cpuPerRequest,
    medianCpu: median(cpuPerRequest),
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    latency: summarize(latencies),
    errors: turns.reduce((s, t) => s + t.r.errors, 0),
    firstError: turns.find((t) => t.r.firstError)?.r.firstError,
  };
}

/** Runs `opts.rounds` rounds against `a` and `b` together; profiles (with --profile) cover every measured round. */
export async function pairedRounds(ctx: RunContext, a: PairedSide, b: PairedSide, opts: PairedOptions): Promise<PairedResult> {
  if (opts.warmup > 0) await Promise.all([a, b].map((side) => ctx.run({ ...side.job, warmupMs: 0, durationMs: TURN_LIMIT_MS, maxRequests: opts.warmup })));
  await a.target.profile?.start();
  await b.target.profile?.start();
  const turnsA: { cpu: number; r: RequestResult }[] = [];
  const turnsB: { cpu: number; r: RequestResult }[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const [ta, tb] = await Promise.all([turn(ctx, a, opts.requests), turn(ctx, b, opts.requests)]);
    turnsA.push(ta);
    turnsB.push(tb);
  }
  await a.target.profile?.stop();
  await b.target.profile?.stop();
  const fa = figures(turnsA);
  const fb = figures(turnsB);
  const ratios = fa.cpuPerRequest.map((x, i) => x / fb.cpuPerRequest[i]!);
  return { a: fa, b: fb, ratios, medianRatio: median(ratios) };
}

/** The rounds of an overhead scenario: many short rounds (a load change then spoils one round, not a side). */
export function pairedOptions(ctx: RunContext): PairedOptions {
  return ctx.opts.quick ? { rounds: 5, requests: 4000, warmup: Math.max(ctx.opts.jitWarmup, 3000) } : { rounds: 11, requests: 8000, warmup: Math.max(ctx.opts.jitWarmup, 5000) };
}

/** "median ratio 1.030 (1.010–1.060 over 11 rounds); µs by round: on 90.1/…, off 88.0/…". */
export function roundsNote(p: PairedResult, a: string, b: string): string {
  const lo = Math.min(...p.ratios);
  const hi = Math.max(...p.ratios);
  const rounds = (xs: number[]) => xs.map((x) => x.toFixed(1)).join('/');
  return `median ratio ${p.medianRatio.toFixed(3)} (${lo.toFixed(3)}–${hi.toFixed(3)} over ${p.ratios.length} rounds); µs by round: ${a} ${rounds(p.a.cpuPerRequest)}, ${b} ${rounds(p.b.cpuPerRequest)}`;
}
