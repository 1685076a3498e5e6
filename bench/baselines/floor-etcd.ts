// The etcd floor: what the etcd client library itself costs, with no HTTP and no API server around it. Forked by
// the runner into a process of its own; it receives one job at a time and runs a closed loop against etcd of the
// transactions kubelite's engine sends for the same request, from as many slots as kubelite has requests in flight:
// - a create is one Txn conditional on the key's absence (If mod_revision == 0 Then Put Else Range), the value of
//   the size kubelite stores for the load's ConfigMap (its system fields and managedFields added) under its
//   /registry key;
// - a get is one linearizable Range (what a consistent GET costs kubelite: the current revision from etcd, then the
//   object from its watch cache).
// The client is the engine's own (src/storage/etcd/etcd-client.ts: the etcd3 library's pool with kubelite's gRPC
// options, call deadlines and fault policies, one gRPC channel and so one HTTP/2 connection per member; the calls
// go through etcd-rpc.ts with the engine's message codec), so only what kubelite does around the transaction
// differs. It warms up as kubelite does: the run's JIT warm-up requests, then the time-based warm-up.
import { createEtcdClient } from '../../src/storage/etcd/etcd-client.js';
import { EtcdRpc } from '../../src/storage/etcd/etcd-rpc.js';
import { configMapBody } from '../load/configmap.js';
import type { RequestResult } from '../load/jobs.js';
import { cpuPercent } from '../load/request-load.js';
import { summarize } from '../stats.js';

export interface EtcdFloorJob {
  url: string;
  op: 'create' | 'get';
  inFlight: number;
  /** Requests sent first and not measured (the run's JIT warm-up, as kubelite gets), for at most `warmupMaxMs`. */
  warmupRequests?: number;
  warmupMaxMs?: number;
  /** Then this long of requests, not measured either, before the measured window. */
  warmupMs: number;
  durationMs: number;
  /** Names of created keys start with this (default `cm-`), so several jobs can create on one etcd. */
  keyPrefix?: string;
}

/** The request body as kubelite stores it: uid, creationTimestamp and the creating manager's managedFields entry. */
function storedShape(body: string): string {
  const obj = JSON.parse(body);
  const fields: Record<string, unknown> = { 'f:data': Object.fromEntries(Object.keys(obj.data).map((k) => [`f:${k}`, {}])), 'f:metadata': { 'f:labels': Object.fromEntries(Object.keys(obj.metadata.labels).map((k) => [`f:${k}`, {}])) } };
  obj.metadata = {
    ...obj.metadata,
    uid: '0b9c3f5e-6a41-4f7e-9d0c-2f8e1a7b5c3d',
    creationTimestamp: '2026-01-01T00:00:00Z',
    managedFields: [{ manager: 'kubelite-bench', operation: 'Update', apiVersion: 'v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: fields }],
  };
  return JSON.stringify(obj);
}

async function run(job: EtcdFloorJob): Promise<RequestResult> {
  const client = await createEtcdClient({ endpoints: [job.url] });
  const rpc = await EtcdRpc.create(client, 10_000);
  const value = Buffer.from(storedShape(configMapBody('bench', 'cm-000000', 'create')));
  const getKey = Buffer.from('/registry/configmaps/bench/floor-get');
  await client.kv.put({ key: getKey, value });
  let next = 0;
  let prefix = `warm-${job.keyPrefix ?? 'cm-'}`;
  const op =
    job.op === 'create'
      ? async () => {
          const key = Buffer.from(`/registry/configmaps/bench/${prefix}${String(next++).padStart(6, '0')}`);
          const r = await rpc.txn({ compare: [{ key, result: 'Equal', modRevision: 0 }], success: [{ put: { key, value } }], failure: [{ range: { key } }] });
          if (!r.succeeded) throw new Error('create conflicted');
        }
      : async () => {
          const r = await rpc.range({ key: getKey });
          if (r.kvs.length !== 1) throw new Error('get found nothing');
        };
  if (job.warmupRequests) {
    // The JIT warm-up: the same requests under their own names, in the same number of slots.
    const until = performance.now() + (job.warmupMaxMs ?? Infinity);
    let sent = 0;
    const warm = async (): Promise<void> => {
      while (sent < job.warmupRequests! && performance.now() < until) {
        sent++;
        await op();
      }
    };
    await Promise.all(Array.from({ length: job.inFlight }, warm));
  }
  prefix = job.keyPrefix ?? 'cm-';
  next = 0;
  const wall0 = performance.now();
  const start = wall0 + job.warmupMs;
  const end = start + job.durationMs;
  // The client's CPU over the measured window only (after the warm-up).
  let cpu0 = process.cpuUsage();
  let cpuWall0 = wall0;
  const windowOpens = setTimeout(() => {
    cpu0 = process.cpuUsage();
    cpuWall0 = performance.now();
  }, job.warmupMs);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let succeeded = 0;
  const slot = async (): Promise<void> => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await op();
        succeeded++;
      } catch (e) {
        errors++;
        firstError ??= (e as Error).message;
      }
      const t1 = performance.now();
      if (t0 >= start && t1 <= end) latencies.push(t1 - t0);
    }
  };
  await Promise.all(Array.from({ length: job.inFlight }, slot));
  clearTimeout(windowOpens);
  const loadCpuPct = cpuPercent(cpu0, cpuWall0);
  client.close();
  const seconds = job.durationMs / 1000;
  return { requests: latencies.length, succeeded, errors, firstError, seconds, perSecond: latencies.length / seconds, latency: summarize(latencies), bodyBytes: value.length, loadCpuPct };
}

process.on('message', (m: { id: number; job?: EtcdFloorJob; stop?: boolean }) => {
  if (m.stop) process.exit(0);
  if (!m.job) return;
  run(m.job).then(
    (result) => process.send!({ id: m.id, result }),
    (e: Error) => process.send!({ id: m.id, error: e.stack ?? e.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, result: 'ready' });
