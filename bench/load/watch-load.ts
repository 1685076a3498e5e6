// Watch fan-out: `watchers` watch streams on one collection, and one writer updating a few objects in turn. Each
// change carries a sequence number in its data; a watcher that sees it records the time since the writer sent the
// update. The writer keeps at most `window` changes that have not yet reached every watcher (and so at most that
// many updates in flight), so the measured latency is delivery, not an ever-growing queue.
import type { ClientHttp2Session, ClientHttp2Stream } from 'node:http2';
import { configMapBody, resourceVersionOf } from './configmap.js';
import { closeSession, openSession, request } from './h2-client.js';
import type { WatchJob, WatchResult } from './jobs.js';
import { summarize } from '../stats.js';
import { cpuPercent } from './request-load.js';

const MARKER = Buffer.from('"mode":"seq-');
/** In Protobuf the data value follows its map entry's key: `mode`, the value's tag and length, then `seq-`. */
const PROTOBUF_MARKER = Buffer.from('seq-');
const LOST_AFTER_MS = 10_000;

interface Change {
  sentAt: number;
  remaining: number;
  measured: boolean;
  done: () => void;
}

/** Called in-process (bench/watch-cpu.ts) when the measurement window opens and once its last change has arrived. */
export interface WatchWindowHooks {
  start(): Promise<void>;
  end(): Promise<void>;
}

export async function runWatch(job: WatchJob, hooks?: WatchWindowHooks): Promise<WatchResult> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const nSessions = Math.ceil(job.watchers / job.streamsPerSession);
  const writer = await openSession(job.target);
  const sessions: ClientHttp2Session[] = [];
  const streams: ClientHttp2Stream[] = [];
  let errors = 0;
  let stopping = false;
  let firstError: string | undefined;
  const fail = (msg: string): void => {
    errors++;
    firstError ??= msg;
  };
  try {
    for (let i = 0; i < nSessions; i++) sessions.push(await openSession(job.target));
    const base = `/api/v1/namespaces/${job.ns}/configmaps`;
    const names = Array.from({ length: job.objects }, (_, i) => `watched-${i}`);
    const rvs: string[] = [];
    for (const name of names) {
      const r = await request(writer, 'POST', base, configMapBody(job.ns, name, 'initial'));
      const rv = resourceVersionOf(r.body);
      if (r.status !== 201 || !rv) throw new Error(`watch: create ${name}: ${r.status} ${r.body.toString().slice(0, 200)}`);
      rvs.push(rv);
    }
    const listRv = resourceVersionOf((await request(writer, 'GET', `${base}?limit=1`)).body);

    const changes = new Map<number, Change>();
    const latencies: number[] = [];
    let deliveries = 0;
    let measuring = false;
    const onEvent = (seq: number): void => {
      const c = changes.get(seq);
      if (!c) return;
      const now = performance.now();
      if (c.measured && measuring) {
        latencies.push(now - c.sentAt);
        deliveries++;
      }
      if (--c.remaining === 0) c.done();
    };
    // Opens one watch stream; resolves when its response headers arrive.
    const openWatch = (s: ClientHttp2Session): Promise<void> =>
      new Promise((resolve, reject) => {
        const st = s.request({ ':method': 'GET', ':path': `${base}?watch=1&resourceVersion=${listRv ?? '0'}`, ...(job.accept ? { accept: job.accept } : {}) });
        const protobuf = job.accept?.includes('protobuf') ?? false;
        streams.push(st);
        let pending: Buffer | undefined;
        st.on('response', (h) => {
          const code = Number(h[':status']);
          if (code === 200) resolve();
          else reject(new Error(`watch answered ${code}`));
        });
        st.on('data', (chunk: Buffer) => {
          const buf = pending ? Buffer.concat([pending, chunk]) : chunk;
          if (protobuf) {
            // 4-byte big-endian length, then the WatchEvent; scan complete frames only.
            let at = 0;
            while (at + 4 <= buf.length && at + 4 + buf.readUInt32BE(at) <= buf.length) {
              const end = at + 4 + buf.readUInt32BE(at);
              const m = buf.indexOf(PROTOBUF_MARKER, at + 4);
              if (m >= 0 && m < end) {
                let seq = 0;
                for (let k = m + PROTOBUF_MARKER.length; k < end && buf[k]! >= 48 && buf[k]! <= 57; k++) seq = seq * 10 + buf[k]! - 48;
                onEvent(seq);
              }
              at = end;
            }
            pending = at < buf.length ? Buffer.from(buf.subarray(at)) : undefined;
            return;
          }
          const end = buf.lastIndexOf(10); // events are newline-terminated; scan complete ones only
          if (end < 0) {
            pending = buf;
            return;
          }
          let at = buf.indexOf(MARKER, 0);
          while (at >= 0 && at < end) {
            const from = at + MARKER.length;
            let seq = 0;
            for (let k = from; buf[k]! >= 48 && buf[k]! <= 57; k++) seq = seq * 10 + buf[k]! - 48;
            onEvent(seq);
            at = buf.indexOf(MARKER, from);
          }
          pending = end + 1 < buf.length ? Buffer.from(buf.subarray(end + 1)) : undefined;
        });
        st.on('error', (e) => fail(`watch stream: ${e.message}`));
        st.on('close', () => {
          if (!stopping) fail('a watch stream ended early');
        });
      });
    const opening: Promise<void>[] = [];
    for (let i = 0; i < job.watchers; i++) opening.push(openWatch(sessions[i % sessions.length]!));
    await Promise.all(opening);

    let lost = 0;
    let written = 0;
    const start = performance.now();
    const measureFrom = start + job.warmupMs;
    const deadline = measureFrom + job.durationMs;
    const inWindow = new Set<Promise<void>>();
    const busy: Promise<void>[] = names.map(() => Promise.resolve());
    let hooked = false;
    for (let seq = 1; performance.now() < deadline; seq++) {
      while (inWindow.size >= job.window) await Promise.race(inWindow);
      if (performance.now() >= deadline) break;
      measuring = performance.now() >= measureFrom;
      if (measuring && hooks && !hooked) {
        hooked = true;
        await hooks.start();
      }
      const slot = seq % names.length;
      const name = names[slot]!;
      // Up to `window` updates in flight (group commit applies), never two on the same object: each needs the
      // resourceVersion its previous update returned.
      await busy[slot];
      let settle!: () => void;
      const delivered = new Promise<void>((r) => (settle = r));
      const timer = setTimeout(() => {
        lost++;
        changes.delete(seq);
        settle();
      }, LOST_AFTER_MS);
      const c: Change = { sentAt: performance.now(), remaining: job.watchers, measured: measuring, done: () => (clearTimeout(timer), changes.delete(seq), settle()) };
      changes.set(seq, c);
      const tracked = delivered.then(() => void inWindow.delete(tracked));
      inWindow.add(tracked);
      busy[slot] = request(writer, 'PUT', `${base}/${name}`, configMapBody(job.ns, name, `seq-${seq}`, rvs[slot])).then(
        (r) => {
          const rv = r.status === 200 ? resourceVersionOf(r.body) : undefined;
          if (!rv) {
            fail(`update: ${r.status} ${r.body.toString().slice(0, 200)}`);
            c.done();
            return;
          }
          rvs[slot] = rv;
          if (c.measured) written++;
        },
        (e: Error) => {
          fail(`update: ${e.message}`);
          c.done();
        },
      );
    }
    await Promise.all(busy);
    // Let the last changes arrive (bounded), then count only what was measured.
    await Promise.race([Promise.all(inWindow), new Promise((r) => setTimeout(r, LOST_AFTER_MS))]);
    if (hooked) await hooks!.end();
    measuring = false;
    stopping = true;
    const seconds = (Math.max(deadline, performance.now()) - measureFrom) / 1000;
    return {
      changes: written,
      deliveries,
      lost,
      errors,
      firstError,
      seconds,
      deliveriesPerSecond: deliveries / seconds,
      latency: summarize(latencies),
      loadCpuPct: cpuPercent(cpu0, wall0),
    };
  } finally {
    stopping = true;
    for (const st of streams) st.close();
    await Promise.all([writer, ...sessions].map(closeSession));
  }
}
