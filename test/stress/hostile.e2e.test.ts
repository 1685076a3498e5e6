// Hostile input at scale (issue 24): a seeded stream of malformed and adversarial requests over real TLS (HTTP/2),
// 20,000 per `npm test`, 100,000 with `npm run stress`. Every answer must be the Status kube-apiserver sends (code,
// reason, message), no 5xx but kube's own, no request without an answer within its deadline, nothing stored, and the
// server still ready at the end. Replay a run with KUBELITE_STRESS_SEED=<seed printed>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../src/testing/test-server.js';
import { H2Client, HangError, pool } from './h2-client.js';
import { CMS, HostileGenerator, TARGET, type HostileRequest } from './hostile-requests.js';
import { prng, report, rssMB, scale, SEED } from './stress-config.js';

const REQUESTS = scale('hostile', 20_000, 100_000);
const WIDTH = 16;

let s: TestServer;
let client: H2Client;
before(async () => {
  s = await startTestServer();
  client = new H2Client({ url: s.url, ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const r = await s.request('POST', CMS, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: TARGET, labels: { app: 'x' } }, data: { k: 'v' } }),
  });
  assert.equal(r.status, 201, r.body);
});
after(async () => {
  client.close();
  await s.close();
});

// JavaScript's words, never kube's.
const JS_TEXT = /TypeError|RangeError|ReferenceError|is not a function|Cannot read prop|Cannot set prop|is not iterable|Maximum call stack|\[object Object\]/;

interface Outcome {
  status: number;
  mismatch?: string;
}

function judge(req: HostileRequest, status: number, body: string): Outcome {
  const { expect } = req;
  const where = `${req.category} ${req.method} ${req.path.slice(0, 100)}`;
  if (JS_TEXT.test(body)) return { status, mismatch: `${where}: JavaScript text in ${body.slice(0, 200)}` };
  if (status !== expect.code) return { status, mismatch: `${where}: ${status} instead of ${expect.code}: ${body.slice(0, 300)}` };
  if (expect.message === undefined && expect.reason === undefined) return { status };
  let st: { kind?: string; reason?: string; message?: string; code?: number };
  try {
    st = JSON.parse(body);
  } catch {
    return { status, mismatch: `${where}: not a Status: ${body.slice(0, 200)}` };
  }
  if (st.kind !== 'Status' || st.code !== expect.code) return { status, mismatch: `${where}: not a Status of code ${expect.code}: ${body.slice(0, 200)}` };
  if (expect.reason !== undefined && st.reason !== expect.reason) return { status, mismatch: `${where}: reason ${st.reason} instead of ${expect.reason}` };
  const m = expect.message;
  if (m !== undefined && (typeof m === 'string' ? st.message !== m : !m.test(st.message ?? ''))) {
    return { status, mismatch: `${where}: message ${JSON.stringify(st.message?.slice(0, 400))}, expected ${typeof m === 'string' ? JSON.stringify(m.slice(0, 400)) : m}` };
  }
  return { status };
}

test(`${REQUESTS} hostile requests (seed ${SEED}) get kube's answers: no unexpected 5xx, no hang, nothing stored`, { timeout: 900_000 }, async () => {
  const gen = new HostileGenerator(prng(SEED));
  // Start-up writes (system namespaces, RBAC bootstrap, controllers) settle first.
  let revBefore = await s.storage.currentRevision();
  for (let quiet = 0; quiet < 10; ) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await s.storage.currentRevision();
    quiet = now === revBefore ? quiet + 1 : 0;
    revBefore = now;
  }
  const targetBefore = (await s.request('GET', `${CMS}/${TARGET}`)).json().metadata.resourceVersion;
  const rssBefore = rssMB();
  let rssPeak = rssBefore;
  const mismatches: string[] = [];
  const byCategory = new Map<string, number>();
  const costs = new Map<string, number>();
  let unexpected5xx = 0;
  let kube5xx = 0;
  let hangs = 0;
  const started = Date.now();
  await pool(REQUESTS, WIDTH, async (i) => {
    const req = gen.next();
    byCategory.set(req.category, (byCategory.get(req.category) ?? 0) + 1);
    try {
      const t0 = Date.now();
      // One request in four over HTTP/1.1, where header values are checked differently.
      const a = await client.request(req.method, req.path, { headers: req.headers, body: req.body, deadlineMs: 60_000, http1: i % 4 === 3 });
      costs.set(req.category, (costs.get(req.category) ?? 0) + Date.now() - t0);
      const o = judge(req, a.status, a.body);
      if (a.status >= 500) {
        if (req.expect.code === a.status) kube5xx++;
        else unexpected5xx++;
      }
      if (o.mismatch && mismatches.length < 30) mismatches.push(`#${i} ${o.mismatch}`);
      else if (o.mismatch) mismatches.push('');
    } catch (e) {
      if (e instanceof HangError) hangs++;
      if (mismatches.length < 30) mismatches.push(`#${i} ${req.category} ${req.method} ${req.path.slice(0, 100)}: ${(e as Error).message}`);
      else mismatches.push('');
    }
    if (i % 500 === 0) rssPeak = Math.max(rssPeak, rssMB());
  });
  const seconds = (Date.now() - started) / 1000;
  const rssAfter = rssMB();
  const readyStarted = Date.now();
  const ready = await s.request('GET', '/readyz');
  const readyMs = Date.now() - readyStarted;
  const revAfter = await s.storage.currentRevision();
  const written = (await s.storage.list('/')).kvs.filter((kv) => kv.modRev > revBefore).map((kv) => kv.key);
  const targetAfter = (await s.request('GET', `${CMS}/${TARGET}`)).json().metadata.resourceVersion;
  report('hostile', {
    requests: REQUESTS,
    seconds: seconds.toFixed(0),
    mismatches: mismatches.length,
    unexpected5xx,
    kube5xx,
    hangs,
    stored: revAfter - revBefore,
    rssBeforeMB: rssBefore,
    rssPeakMB: rssPeak,
    rssAfterMB: rssAfter,
  });
  if (process.env.KUBELITE_STRESS_VERBOSE) console.log([...byCategory].sort().map(([c, n]) => `${c}=${n}/${Math.round((costs.get(c) ?? 0) / n)}ms`).join(' '));
  assert.equal(ready.status, 200);
  assert.ok(readyMs < 5000, `/readyz took ${readyMs} ms after the run`);
  assert.deepEqual(mismatches.filter(Boolean), [], `${mismatches.length} answers differ from kube's`);
  assert.equal(unexpected5xx, 0);
  assert.equal(hangs, 0);
  assert.deepEqual(written, [], 'a rejected request stored something');
  assert.equal(revAfter, revBefore, 'a rejected request deleted something');
  assert.equal(targetAfter, targetBefore);
  // Every category was exercised.
  assert.ok(byCategory.size >= 20, [...byCategory.keys()].join(','));
});
