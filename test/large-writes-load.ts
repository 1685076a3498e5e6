// Large writes against a running kubelite while health probes are timed (issue 12 item 4): three concurrent writes
// of a ConfigMap of `keys` keys, as a merge patch, a strategic merge patch, a JSON patch, a server-side apply, a PUT
// or a POST, while /readyz, /livez and a GET of a small object are sent every 20 ms, each on its own connection.
// Used by the e2e regression test (CI scale), the stress suite (150,000 keys) and for measuring by hand.
import assert from 'node:assert/strict';
import { H2Client, type Credentials } from './stress/h2-client.js';

export const LARGE_WRITE_KINDS = ['merge', 'strategic', 'json', 'apply', 'put', 'post'] as const;
export type LargeWriteKind = (typeof LARGE_WRITE_KINDS)[number];

const CMS = '/api/v1/namespaces/default/configmaps';
const PROBES = ['/readyz', '/livez', `${CMS}/small`] as const;

export interface ProbeFigures {
  path: string;
  count: number;
  worstMs: number;
  p99Ms: number;
}

export interface LargeWritesFigures {
  kind: LargeWriteKind;
  /** Bytes of one write's body. */
  bodyBytes: number;
  /** The worst probe latency before the writes started (how loaded the machine is). */
  quietWorstMs: number;
  /** Each write's time from sending to its answer. */
  writeMs: number[];
  probes: ProbeFigures[];
}

const key = (i: number) => `k${String(i).padStart(6, '0')}`;

/** The data of writer n (0 for the object as created first). */
function dataOf(keys: number, n: number): Record<string, string> {
  const d: Record<string, string> = {};
  for (let i = 0; i < keys; i++) d[key(i)] = `${'vpqrs'[n] ?? 'x'}${i % 1000}`;
  return d;
}

function configMap(name: string, data: Record<string, string>): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
}

interface Write {
  method: string;
  path: string;
  contentType: string;
  body: Buffer;
  /** The name of the object the write leaves. */
  name: string;
}

function writeOf(kind: LargeWriteKind, keys: number, n: number): Write {
  const data = dataOf(keys, n);
  const big = `${CMS}/big`;
  switch (kind) {
    case 'merge':
      return { method: 'PATCH', path: big, contentType: 'application/merge-patch+json', body: Buffer.from(JSON.stringify({ data })), name: 'big' };
    case 'strategic':
      return { method: 'PATCH', path: big, contentType: 'application/strategic-merge-patch+json', body: Buffer.from(JSON.stringify({ data })), name: 'big' };
    case 'json':
      return { method: 'PATCH', path: big, contentType: 'application/json-patch+json', body: Buffer.from(JSON.stringify([{ op: 'replace', path: '/data', value: data }])), name: 'big' };
    case 'apply':
      return { method: 'PATCH', path: `${big}?fieldManager=writer-${n}&force=true`, contentType: 'application/apply-patch+yaml', body: Buffer.from(configMap('big', data)), name: 'big' };
    case 'put':
      return { method: 'PUT', path: big, contentType: 'application/json', body: Buffer.from(configMap('big', data)), name: 'big' };
    case 'post':
      return { method: 'POST', path: CMS, contentType: 'application/json', body: Buffer.from(configMap(`big-${n}`, data)), name: `big-${n}` };
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Probes `path` every `intervalMs` until `stop()` resolves; each probe must answer 200. */
async function probeLoop(creds: Credentials, path: string, intervalMs: number, running: () => boolean): Promise<number[]> {
  const client = new H2Client(creds, 1);
  const latencies: number[] = [];
  try {
    while (running()) {
      const t0 = performance.now();
      const r = await client.request('GET', path, { deadlineMs: 120_000 });
      const ms = performance.now() - t0;
      assert.equal(r.status, 200, `${path}: ${r.body.slice(0, 300)}`);
      latencies.push(ms);
      await new Promise((res) => setTimeout(res, Math.max(0, intervalMs - ms)));
    }
  } finally {
    client.close();
  }
  return latencies;
}

/**
 * Runs one kind of large write `concurrency` times at once against the server, probing meanwhile, and checks that
 * every write succeeded and the stored object holds one writer's data.
 */
export async function measureLargeWrites(
  creds: Credentials,
  kind: LargeWriteKind,
  opts: {
    keys: number;
    concurrency?: number;
    intervalMs?: number;
    /** Called just before the writes are sent and once every write has answered (a harness marks its phase). */
    onWrites?: (stage: 'start' | 'end') => Promise<void>;
  },
): Promise<LargeWritesFigures> {
  const concurrency = opts.concurrency ?? 3;
  const client = new H2Client(creds, 1);
  // Every write on its own connection, as separate clients would send them.
  const writers = Array.from({ length: concurrency }, () => new H2Client(creds, 1));
  try {
    // The starting state (not measured): `big` with the first data, `small`, and no `big-<n>`.
    for (const name of ['big', 'small', ...writers.map((_, i) => `big-${i + 1}`)]) {
      const r = await client.request('DELETE', `${CMS}/${name}`, { deadlineMs: 120_000 });
      assert.ok(r.status === 200 || r.status === 404, r.body.slice(0, 300));
    }
    for (const body of [configMap('big', dataOf(opts.keys, 0)), configMap('small', { a: 'b' })]) {
      const r = await client.request('POST', CMS, { headers: { 'content-type': 'application/json' }, body, deadlineMs: 120_000 });
      assert.equal(r.status, 201, r.body.slice(0, 300));
    }
    const writes = writers.map((_, i) => writeOf(kind, opts.keys, i + 1));

    // The probes' latency on this machine without large writes, for a second.
    const quietUntil = performance.now() + 1000;
    const quiet = (await Promise.all(PROBES.map((p) => probeLoop(creds, p, opts.intervalMs ?? 20, () => performance.now() < quietUntil)))).flat();

    await opts.onWrites?.('start');
    let running = true;
    const probes = PROBES.map((p) => probeLoop(creds, p, opts.intervalMs ?? 20, () => running));
    const answers = await Promise.all(
      writes.map(async (w, i) => {
        const t0 = performance.now();
        try {
          const r = await writers[i]!.request(w.method, w.path, { headers: { 'content-type': w.contentType }, body: w.body, deadlineMs: 300_000 });
          return { r, ms: performance.now() - t0 };
        } catch (e) {
          running = false;
          throw e;
        }
      }),
    ).finally(() => (running = false));
    const latencies = await Promise.all(probes);
    await opts.onWrites?.('end');

    const expected = writes.map((_, i) => JSON.stringify(dataOf(opts.keys, i + 1)));
    for (const [i, { r }] of answers.entries()) {
      assert.equal(r.status, kind === 'post' ? 201 : 200, r.body.slice(0, 300));
      const obj = JSON.parse(r.body) as { metadata: { name: string }; data: Record<string, string> };
      assert.equal(obj.metadata.name, writes[i]!.name);
      assert.equal(JSON.stringify(obj.data), expected[i], `${kind} ${i + 1}: the answer holds the data written`);
    }
    // What is stored is one writer's data, whole.
    for (const name of new Set(writes.map((w) => w.name))) {
      const r = await client.request('GET', `${CMS}/${name}`, { deadlineMs: 120_000 });
      assert.equal(r.status, 200);
      const stored = JSON.stringify((JSON.parse(r.body) as { data: Record<string, string> }).data);
      assert.ok(expected.includes(stored), `${kind}: ${name} holds one writer's data`);
    }
    return {
      kind,
      bodyBytes: writes[0]!.body.length,
      quietWorstMs: Math.round(Math.max(...quiet)),
      writeMs: answers.map((a) => Math.round(a.ms)),
      probes: PROBES.map((path, i) => {
        const sorted = [...latencies[i]!].sort((a, b) => a - b);
        return { path, count: sorted.length, worstMs: Math.round(sorted.at(-1) ?? NaN), p99Ms: Math.round(percentile(sorted, 99)) };
      }),
    };
  } finally {
    client.close();
    for (const w of writers) w.close();
  }
}

export function formatFigures(f: LargeWritesFigures): string {
  const probes = f.probes.map((p) => `${p.path.replace(`${CMS}/`, 'GET ')} n=${p.count} worst=${p.worstMs} p99=${p.p99Ms}`).join('; ');
  return `${f.kind} (${(f.bodyBytes / 2 ** 20).toFixed(2)} MB): writes ${f.writeMs.join('/')} ms; ${probes}; worst before the writes ${f.quietWorstMs} ms`;
}
