// CPU per create on etcd, per process, the measure that survives a loaded machine best: kubelite on a fresh etcd
// (creates at 64 in flight, in batches of a fixed count after a JIT warm-up), then the etcd floor (baselines/
// floor-etcd.ts) on another fresh etcd. For each batch: kubelite's CPU per create (all threads), etcd's CPU per
// transaction, the load generator's CPU per request, and etcd's read system calls per transaction (how many
// transactions reach etcd in one socket read: the client's HTTP/2 batching).
//   node dist/bench/etcd-cpu.js [--rounds 4] [--requests 3000] [--in-flight 64] [--floor-seconds 4] [--profile]
// With --profile kubelite's last batch is CPU-profiled and its main thread split into the etcd client (samples with
// a grpc-js, etcd3 or etcd-rpc frame on the stack), the etcd engine (nearest kubelite frame in storage/etcd) and
// the rest; the top functions of the first two are listed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCertificates } from '../src/server/certificates.js';
import { createEtcdClient } from '../src/storage/etcd/etcd-client.js';
import { etcdSkipReason, startEtcd } from '../src/testing/etcd.js';
import { Child } from './child.js';
import { RunContext } from './context.js';
import type { EtcdFloorJob } from './baselines/floor-etcd.js';
import type { RequestResult } from './load/jobs.js';
import { parseOptions } from './options.js';
import { NS, createNamespace } from './scenarios/setup.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const rounds = Math.max(2, Number(arg('rounds', '4')));
const requests = Number(arg('requests', '3000'));
const inFlight = Number(arg('in-flight', '64'));
const floorSeconds = Number(arg('floor-seconds', '4'));
const profiling = process.argv.includes('--profile');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Main-thread µs per create of the etcd client, the etcd engine and the rest, with each part's top functions (self time). */
function splitProfile(path: string, creates: number): void {
  const prof = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const client = /@grpc\/grpc-js|\/etcd3\/|cockatiel|storage\/etcd\/etcd-rpc/;
  // A sample belongs to the nearest frame on its stack that is not Node's or V8's own (node:internal, natives): the
  // etcd client's code (grpc-js, etcd3, etcd-rpc.ts), the engine's (storage/etcd) or the rest of kubelite.
  const partOf = (id: number): string => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const url = byId.get(cur)!.callFrame.url;
      if (!url || url.startsWith('node:')) continue;
      if (client.test(url)) return 'etcd client';
      return url.includes('/storage/etcd/') ? 'etcd engine' : 'rest';
    }
    return 'rest';
  };
  const parts = new Map<string, { us: number; fns: Map<string, number> }>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    const us = prof.timeDeltas[i + 1] ?? prof.timeDeltas[i] ?? 0;
    total += us;
    const part = partOf(id);
    const p = parts.get(part) ?? { us: 0, fns: new Map<string, number>() };
    parts.set(part, p);
    p.us += us;
    const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${f.lineNumber + 1}`;
    p.fns.set(name, (p.fns.get(name) ?? 0) + us);
  });
  const keep = process.argv.indexOf('--keep-profile');
  if (keep > 0 && process.argv[keep + 1]) writeFileSync(process.argv[keep + 1]!, JSON.stringify(prof));
  console.log(`  main thread (profiled batch), µs per create: ${(total / creates).toFixed(0)}`);
  for (const [part, p] of [...parts].sort((a, b) => b[1].us - a[1].us)) {
    console.log(`    ${part.padEnd(12)} ${(p.us / creates).toFixed(0).padStart(5)}  (${((100 * p.us) / total).toFixed(1)} %)`);
    if (part === 'rest') continue;
    for (const [fn, us] of [...p.fns].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`      ${(us / creates).toFixed(1).padStart(6)}  ${fn}`);
  }
}

/** A process's CPU time (user + system, all threads) in µs, from /proc. */
function procCpu(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(parts[11]) + Number(parts[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** A process's read system calls so far. */
function procReads(pid: number): number {
  const m = /syscr: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return Number(m?.[1] ?? 0);
}

const line = (what: string, xs: number[]): string => {
  const rest = xs.slice(1).sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)] ?? NaN;
  return `${what.padEnd(44)} median ${median.toFixed(median < 10 ? 2 : 0).padStart(6)}  (batches: ${xs.map((x) => x.toFixed(x < 10 ? 2 : 0)).join(' ')})`;
};

async function main(): Promise<void> {
  const skip = etcdSkipReason();
  if (skip) throw new Error(skip);
  const work = mkdtempSync(join(tmpdir(), 'kubelite-etcd-cpu-'));
  const certDir = join(work, 'pki');
  await ensureCertificates({ certDir, sans: [] });
  const profileDir = join(work, 'profiles');
  const ctx = await RunContext.create(parseOptions(profiling ? ['--profile'] : []), certDir, profileDir);
  try {
    const etcd = await startEtcd();
    try {
      await ctx.withTarget('kubelite', 'etcd-cpu', async (t) => {
        await createNamespace(t);
        const server: number[] = [];
        const etcdCpu: number[] = [];
        const generator: number[] = [];
        const reads: number[] = [];
        const rate: number[] = [];
        const p50: number[] = [];
        const mean: number[] = [];
        let profiled: { path: string; creates: number } | undefined;
        for (let round = 0; round < rounds; round++) {
          const spec = { op: 'create', ns: NS, prefix: `r${round}-`, start: 0 } as const;
          const last = round === rounds - 1;
          if (last) await t.profile?.start();
          const c0 = await t.cpu();
          const e0 = procCpu(etcd.pid);
          const r0 = procReads(etcd.pid);
          const w0 = performance.now();
          const r: RequestResult = await ctx.run({ kind: 'requests', target: t.endpoint, spec, inFlight, sessions: 1, warmupMs: 0, durationMs: 300_000, maxRequests: requests });
          const wall = performance.now() - w0;
          if (r.errors) throw new Error(`${r.errors} errors (${r.firstError})`);
          const n = r.succeeded;
          if (last && t.profile) {
            await t.profile.stop();
            profiled = { path: join(profileDir, 'etcd-cpu.cpuprofile'), creates: n };
          }
          server.push(((await t.cpu()) - c0) / n);
          etcdCpu.push((procCpu(etcd.pid) - e0) / n);
          reads.push((procReads(etcd.pid) - r0) / n);
          generator.push((r.loadCpuPct / 100) * wall * 1000 / n);
          rate.push(n / (wall / 1000));
          p50.push(r.latency.p50);
          mean.push(r.latency.mean);
        }
        console.log(`kubelite on etcd, creates at ${inFlight} in flight, ${requests} per batch (the first batch warms up):`);
        console.log(line('  kubelite CPU per create, µs', server));
        console.log(line('  etcd CPU per create, µs', etcdCpu));
        console.log(line('  generator CPU per create, µs', generator));
        console.log(line('  etcd read syscalls per create', reads));
        console.log(line('  creates/s', rate));
        console.log(line('  latency p50, ms', p50));
        console.log(line('  latency mean, ms', mean));
        // The size of what kubelite stores for one of these ConfigMaps (the floor's value has that size).
        const client = await createEtcdClient({ endpoints: [etcd.url] });
        try {
          const stored = await client.getAll().prefix(`/registry/configmaps/${NS}/r1-`).limit(1).buffers();
          console.log(`  stored value of one ConfigMap: ${Object.values(stored)[0]?.length} bytes`);
        } finally {
          client.close();
        }
        if (profiled) splitProfile(profiled.path, profiled.creates);
      }, [etcd.url]);
    } finally {
      await etcd.stop();
    }
    const floorEtcd = await startEtcd();
    try {
      const { child } = await Child.fork(fileURLToPath(new URL('./baselines/floor-etcd.js', import.meta.url)));
      try {
        const client: number[] = [];
        const etcdCpu: number[] = [];
        const reads: number[] = [];
        const rate: number[] = [];
        let valueBytes = 0;
        for (let round = 0; round < rounds; round++) {
          const e0 = procCpu(floorEtcd.pid);
          const r0 = procReads(floorEtcd.pid);
          const job: EtcdFloorJob = { url: floorEtcd.url, op: 'create', inFlight, warmupMs: 0, durationMs: floorSeconds * 1000, keyPrefix: `r${round}-` };
          const r = await child.call<RequestResult>({ job });
          const n = r.succeeded;
          etcdCpu.push((procCpu(floorEtcd.pid) - e0) / n);
          reads.push((procReads(floorEtcd.pid) - r0) / n);
          client.push((r.loadCpuPct / 100) * r.seconds * 1e6 / n);
          rate.push(r.perSecond);
          valueBytes = r.bodyBytes;
        }
        console.log(`floor (the engine's etcd client alone), creates at ${inFlight} in flight, ${floorSeconds} s per batch:`);
        console.log(line('  floor client CPU per Txn, µs', client));
        console.log(line('  etcd CPU per Txn, µs', etcdCpu));
        console.log(line('  etcd read syscalls per Txn', reads));
        console.log(line('  Txns/s', rate));
        console.log(`  value of each Txn's put: ${valueBytes} bytes`);
      } finally {
        await child.stop();
      }
    } finally {
      await floorEtcd.stop();
    }
  } finally {
    await ctx.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
