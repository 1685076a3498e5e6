// What every scenario gets: the options, the run's certificates, the load generator, and a way to run the same
// measurement against kubelite and then against its floor, each in its own child process, one at a time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Child } from './child.js';
import type { Endpoint } from './load/h2-client.js';
import type { Job, RequestJob, RequestResult, WatchJob, WatchResult } from './load/jobs.js';
import { JIT_WARMUP_MAX_MS, type BenchOptions } from './options.js';
import { summarizeProfile, type ProfileLine } from './profile-summary.js';
import { summarize } from './stats.js';

export type TargetKind = 'kubelite' | 'floor';

export interface Target {
  kind: TargetKind;
  endpoint: Endpoint;
  /** RSS in bytes after garbage collection. */
  rss(): Promise<number>;
  /** CPU time the server process has used, microseconds. */
  cpu(): Promise<number>;
  /** With --profile, kubelite only: CPU profiling of the measurement window (start-up and seeding left out). */
  profile?: { start(): Promise<void>; stop(): Promise<void> };
}

/** A load job's result with the server's CPU use over the same time (percent of one core). */
export type Measured<R> = R & { serverCpuPct: number };

export interface Row {
  scenario: string;
  metric: string;
  unit: string;
  better: 'higher' | 'lower';
  kubelite: number;
  baseline: number;
  /** What the baseline figure comes from. */
  baselineIs: string;
  note?: string;
}

/** Which process was the bottleneck: CPU of server and load generator, kubelite's run vs the floor's. */
export function cpuNote(r: { kubelite: Measured<{ loadCpuPct: number }>; floor: Measured<{ loadCpuPct: number }> }): string {
  const p = (x: number): string => `${Math.round(x)}%`;
  return `CPU server/generator: kubelite ${p(r.kubelite.serverCpuPct)}/${p(r.kubelite.loadCpuPct)}, floor ${p(r.floor.serverCpuPct)}/${p(r.floor.loadCpuPct)}`;
}

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

export class RunContext {
  readonly rows: Row[] = [];
  readonly profiles: Record<string, ProfileLine[]> = {};
  private constructor(
    readonly opts: BenchOptions,
    readonly certDir: string,
    readonly profileDir: string,
    private readonly load: Child,
  ) {}

  /** Further load generator processes, forked when a job first asks for more than one. */
  private readonly extraLoads: Child[] = [];

  private async loads(n: number): Promise<Child[]> {
    while (this.extraLoads.length < n - 1) {
      const { child } = await Child.fork(here('./load/load-worker.js'), { inheritStderr: true });
      this.extraLoads.push(child);
    }
    return [this.load, ...this.extraLoads.slice(0, n - 1)];
  }

  /** A request job spread over `job.generators` processes (the in-flight slots divided among them), results merged. */
  private async runSpread(job: RequestJob): Promise<RequestResult> {
    const n = Math.max(1, Math.min(job.generators ?? 1, job.inFlight));
    if (n === 1) return this.load.call<RequestResult>({ job });
    const workers = await this.loads(n);
    const parts = await Promise.all(
      workers.map((w, i) => {
        const inFlight = Math.floor(job.inFlight / n) + (i < job.inFlight % n ? 1 : 0);
        const maxRequests = job.maxRequests === undefined ? undefined : Math.floor(job.maxRequests / n) + (i < job.maxRequests % n ? 1 : 0);
        return w.call<RequestResult>({ job: { ...job, inFlight, maxRequests, generators: 1, keepLatencies: true } });
      }),
    );
    const latencies = parts.flatMap((p) => p.latencies ?? []);
    const seconds = Math.max(...parts.map((p) => p.seconds));
    const sum = (f: (p: RequestResult) => number) => parts.reduce((a, p) => a + f(p), 0);
    return {
      requests: latencies.length,
      succeeded: sum((p) => p.succeeded),
      errors: sum((p) => p.errors),
      firstError: parts.find((p) => p.firstError)?.firstError,
      seconds,
      perSecond: sum((p) => p.perSecond),
      latency: summarize(latencies),
      bodyBytes: latencies.length ? sum((p) => p.bodyBytes * p.requests) / latencies.length : 0,
      loadCpuPct: sum((p) => p.loadCpuPct),
    };
  }

  static async create(opts: BenchOptions, certDir: string, profileDir: string): Promise<RunContext> {
    const { child } = await Child.fork(here('./load/load-worker.js'), { inheritStderr: true });
    return new RunContext(opts, certDir, profileDir, child);
  }

  get warmupMs(): number {
    return Math.max(500, (this.opts.durationS * 1000) / 5);
  }

  get durationMs(): number {
    return this.opts.durationS * 1000;
  }

  endpoint(url: string): Endpoint {
    const pem = (n: string): string => readFileSync(join(this.certDir, n), 'utf8');
    return { url, ca: pem('ca.crt'), cert: pem('admin.crt'), key: pem('admin.key') };
  }

  run(job: RequestJob): Promise<RequestResult>;
  run(job: WatchJob): Promise<WatchResult>;
  run(job: Job): Promise<unknown> {
    return job.kind === 'requests' ? this.runSpread(job) : this.load.call({ job });
  }

  /** Runs a load job against `t` and measures the server's CPU use meanwhile. */
  async measure(t: Target, job: RequestJob): Promise<Measured<RequestResult>>;
  async measure(t: Target, job: WatchJob): Promise<Measured<WatchResult>>;
  async measure(t: Target, job: Job): Promise<Measured<RequestResult | WatchResult>> {
    if (job.kind === 'requests') await this.jitWarmup(job);
    await t.profile?.start();
    const c0 = await t.cpu();
    const w0 = performance.now();
    const r = job.kind === 'requests' ? await this.runSpread(job) : await this.load.call<WatchResult>({ job });
    const serverCpuPct = (((await t.cpu()) - c0) / 1000 / (performance.now() - w0)) * 100;
    await t.profile?.stop();
    return { ...r, serverCpuPct };
  }

  /**
   * Each target is a fresh process: without this, the short time-based warm-up measured kubelite (hundreds of
   * functions on a request's path) while V8 was still compiling it, against a floor whose few functions compile at
   * once. The same requests go to both targets (creates under a name prefix of their own); not measured.
   */
  private async jitWarmup(job: RequestJob): Promise<void> {
    if (this.opts.jitWarmup <= 0 || job.maxRequests !== undefined) return;
    const spec = job.spec.op === 'create' ? { ...job.spec, prefix: `warm-${job.spec.prefix}` } : job.spec;
    await this.runSpread({ ...job, spec, warmupMs: 0, durationMs: JIT_WARMUP_MAX_MS, maxRequests: this.opts.jitWarmup });
  }

  /** Runs `fn` against a fresh kubelite, then against a fresh floor server. */
  async both<T>(label: string, fn: (t: Target) => Promise<T>): Promise<{ kubelite: T; floor: T }> {
    const kubelite = await this.withTarget('kubelite', label, fn);
    const floor = await this.withTarget('floor', label, fn);
    return { kubelite, floor };
  }

  /** `args` go to the target after the certificate dir (kubelite: an etcd URL to serve from or '', then server options as JSON). */
  async withTarget<T>(kind: TargetKind, label: string, fn: (t: Target) => Promise<T>, args: string[] = []): Promise<T> {
    const profiling = kind === 'kubelite' && this.opts.profile;
    const profileName = `${label}.cpuprofile`;
    const profilePath = join(this.profileDir, profileName);
    const module = kind === 'kubelite' ? here('./targets/kubelite-target.js') : here('./baselines/floor-server.js');
    const { child, hello } = await Child.fork<{ url: string }>(module, { args: [this.certDir, ...args], execArgv: ['--expose-gc'] });
    const target: Target = {
      kind,
      endpoint: this.endpoint(hello.url),
      rss: async () => (await child.call<{ rss: number }>({ rss: true })).rss,
      cpu: () => child.call<number>({ cpu: true }),
      ...(profiling ? { profile: { start: () => child.call<void>({ profile: 'start' }), stop: () => child.call<void>({ profile: 'stop', path: profilePath }) } } : {}),
    };
    try {
      return await fn(target);
    } finally {
      await child.stop(30_000);
      if (profiling) this.profiles[label] = summarizeProfile(profilePath);
    }
  }

  add(row: Row): void {
    this.rows.push(row);
  }

  /** Adds the usual three rows of a request measurement: requests/s, p50 and p99. */
  addRequestRows(scenario: string, what: string, r: { kubelite: Measured<RequestResult>; floor: Measured<RequestResult> }, baselineIs: string, note?: string): void {
    for (const [res, name] of [[r.kubelite, 'kubelite'], [r.floor, 'floor']] as const) {
      if (res.errors) console.warn(`  ${scenario} (${name}): ${res.errors} errors, first: ${res.firstError}`);
    }
    const cpu = cpuNote(r);
    this.add({ scenario, metric: `${what}/s`, unit: `${what}/s`, better: 'higher', kubelite: r.kubelite.perSecond, baseline: r.floor.perSecond, baselineIs, note: note ? `${note}; ${cpu}` : cpu });
    this.add({ scenario, metric: 'p50', unit: 'ms', better: 'lower', kubelite: r.kubelite.latency.p50, baseline: r.floor.latency.p50, baselineIs });
    this.add({ scenario, metric: 'p99', unit: 'ms', better: 'lower', kubelite: r.kubelite.latency.p99, baseline: r.floor.latency.p99, baselineIs });
  }

  async close(): Promise<void> {
    await Promise.all([this.load, ...this.extraLoads].map((c) => c.stop()));
  }
}
