// Lists and watches end to end against a real kubelite: every cell of the seed's resource-version tables (list, watch,
// get), selectors, pagination with kube's continue tokens, bookmarks, streaming lists, selector transitions, both
// HTTP versions, @kubernetes/client-node's informer (with a forced 410 and relist) and kubectl 1.33.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect as h2connect } from 'node:http2';
import { parse as parseYAML } from 'yaml';
import { request as httpsRequest } from 'node:https';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';
import { watchTuning } from '../src/endpoints/list/watch-session.js';

const skipKubectl = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
let gated: TestServer; // WatchList on
before(async () => {
  [s, gated] = await Promise.all([startTestServer(), startTestServer({ featureGates: { WatchList: true } })]);
});
after(async () => {
  await Promise.all([s.close(), gated.close().catch(() => undefined)]);
});

const JSON_CT = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cmBody = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = { v: '1' }) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });

async function mkns(srv: TestServer, name: string) {
  const r = await srv.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }), headers: JSON_CT });
  assert.equal(r.status, 201, r.body);
  // The root CA ConfigMap is a controller's work, as in kube: wait for it (on etcd it lands a round trip later).
  for (let i = 0; (await srv.request('GET', `/api/v1/namespaces/${name}/configmaps/kube-root-ca.crt`)).status !== 200; i++) {
    assert.ok(i < 100, `kube-root-ca.crt in ${name}`);
    await sleep(20);
  }
}
async function create(srv: TestServer, ns: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const r = await srv.request('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: cmBody(name, labels), headers: JSON_CT });
  assert.equal(r.status, 201, r.body);
  return Number(r.json().metadata.resourceVersion);
}
async function patch(srv: TestServer, ns: string, name: string, p: object): Promise<number> {
  const r = await srv.request('PATCH', `/api/v1/namespaces/${ns}/configmaps/${name}`, { body: JSON.stringify(p), headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(r.status, 200, r.body);
  return Number(r.json().metadata.resourceVersion);
}
async function del(srv: TestServer, ns: string, name: string) {
  const r = await srv.request('DELETE', `/api/v1/namespaces/${ns}/configmaps/${name}`);
  assert.equal(r.status, 200, r.body);
}
async function list(path: string, http2 = false) {
  const r = await s.request('GET', path, { http2 });
  return { status: r.status, body: r.json(), headers: r.headers };
}
const names = (l: { items: { metadata: { name: string } }[] }) => l.items.map((i) => i.metadata.name);
const tokenOf = (t: string) => JSON.parse(Buffer.from(t, 'base64url').toString());

interface WatchEvent {
  type: string;
  object: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
interface OpenWatch {
  status: Promise<{ status: number; headers: Record<string, unknown> }>;
  events: WatchEvent[];
  raw: string[];
  ended: Promise<void>;
  waitFor(n: number, ms?: number): Promise<WatchEvent[]>;
  close(): void;
}

/** Streams a watch over HTTP/1.1 or HTTP/2, parsing events as they arrive. */
function openWatch(srv: TestServer, path: string, o: { http2?: boolean; headers?: Record<string, string> } = {}): OpenWatch {
  const events: WatchEvent[] = [];
  const raw: string[] = [];
  let buf = '';
  let resolveStatus!: (v: { status: number; headers: Record<string, unknown> }) => void;
  let resolveEnd!: () => void;
  const status = new Promise<{ status: number; headers: Record<string, unknown> }>((r) => (resolveStatus = r));
  const ended = new Promise<void>((r) => (resolveEnd = r));
  const onData = (c: Buffer) => {
    buf += c.toString('utf8');
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      raw.push(line);
      if (line.trim()) events.push(JSON.parse(line));
    }
  };
  let close: () => void;
  if (o.http2) {
    const session = h2connect(srv.url, { ca: srv.ca, cert: srv.admin.cert, key: srv.admin.key });
    session.on('error', () => resolveEnd());
    const req = session.request({ ':method': 'GET', ':path': path, ...(o.headers ?? {}) });
    req.on('response', (h) => resolveStatus({ status: Number(h[':status']), headers: h }));
    req.on('data', onData);
    req.on('end', () => {
      if (buf) raw.push(buf);
      resolveEnd();
      session.close();
    });
    req.on('error', () => resolveEnd());
    req.end();
    close = () => {
      req.close();
      session.close();
    };
  } else {
    const u = new URL(path, srv.url);
    const req = httpsRequest(
      { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method: 'GET', headers: o.headers, ca: srv.ca, cert: srv.admin.cert, key: srv.admin.key, agent: false },
      (res) => {
        resolveStatus({ status: res.statusCode ?? 0, headers: res.headers });
        res.on('data', onData);
        res.on('end', () => {
          if (buf) raw.push(buf);
          resolveEnd();
        });
        res.on('error', () => resolveEnd());
      },
    );
    req.on('error', () => resolveEnd());
    req.end();
    close = () => req.destroy();
  }
  const waitFor = async (n: number, ms = 5000) => {
    const until = Date.now() + ms;
    while (events.length < n && Date.now() < until) await sleep(10);
    assert.ok(events.length >= n, `expected ${n} events, got ${JSON.stringify(events.map((e) => e.type))}`);
    return events;
  };
  return { status, events, raw, ended, waitFor, close: () => close() };
}
const summary = (evs: WatchEvent[]) => evs.map((e) => `${e.type} ${e.object.metadata?.name ?? ''}`.trim());

// ---------------------------------------------------------------------------------------------------------------
// LIST

test('list: label and field selectors, and their 400s', async () => {
  await mkns(s, 'sel');
  await create(s, 'sel', 'a', { color: 'blue', size: '1' });
  await create(s, 'sel', 'b', { color: 'red', size: '2' });
  await create(s, 'sel', 'c', { size: '3' });
  const base = '/api/v1/namespaces/sel/configmaps';
  assert.deepEqual(names((await list(`${base}?labelSelector=color%3Dblue`)).body), ['a']);
  assert.deepEqual(names((await list(`${base}?labelSelector=color!%3Dblue,size`, true)).body), ['b', 'c']);
  assert.deepEqual(names((await list(`${base}?labelSelector=color%20in%20(red,blue),size%3E1`)).body), ['b']);
  assert.deepEqual(names((await list(`${base}?labelSelector=!color`)).body), ['c', 'kube-root-ca.crt']);
  assert.deepEqual(names((await list(`${base}?fieldSelector=metadata.name%3Db`)).body), ['b']);
  assert.deepEqual(names((await list(`${base}?fieldSelector=metadata.name!%3Db,metadata.namespace%3D%3Dsel&labelSelector=size`)).body), ['a', 'c']);
  const bad = await list(`${base}?labelSelector=a%20b`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.message, "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
  const unknown = await list(`${base}?fieldSelector=spec.foo%3Dx`);
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.reason, 'BadRequest');
  assert.equal(unknown.body.message, '"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"');
  const secrets = await list('/api/v1/namespaces/sel/secrets?fieldSelector=foo%3Dx');
  assert.equal(secrets.body.message, 'field label not supported: foo');
  assert.equal((await list('/api/v1/namespaces/sel/secrets?fieldSelector=type%3DOpaque')).status, 200);
  const parse = await list(`${base}?fieldSelector=nope`);
  assert.equal(parse.body.message, "invalid selector: 'nope'; can't understand 'nope'");
  assert.equal((await list(`${base}?limit=x`)).body.message, 'strconv.ParseInt: parsing "x": invalid syntax');
});

test('list: pages pinned to one snapshot, kube\'s tokens and remainingItemCount', async () => {
  await mkns(s, 'pg');
  // a1…a5 sort before the namespace's kube-root-ca.crt.
  for (const n of ['a1', 'a2', 'a3', 'a4', 'a5']) await create(s, 'pg', n, { k: 'v' });
  const base = '/api/v1/namespaces/pg/configmaps';
  const p1 = await list(`${base}?limit=2`);
  assert.deepEqual(names(p1.body), ['a1', 'a2']);
  assert.equal(p1.body.metadata.remainingItemCount, 4);
  const snap = Number(p1.body.metadata.resourceVersion);
  // The first page of a consistent list comes from the watch cache: its token's key has a leading "/".
  assert.deepEqual(tokenOf(p1.body.metadata.continue), { v: 'meta.k8s.io/v1', rv: snap, start: '/a2\u0000' });
  // Changes after the snapshot stay out of the remaining pages.
  await create(s, 'pg', 'a25');
  const p3rv = await patch(s, 'pg', 'a3', { data: { v: '2' } });
  assert.ok(p3rv > snap);
  const p2 = await list(`${base}?limit=2&continue=${p1.body.metadata.continue}`, true);
  assert.deepEqual(names(p2.body), ['a3', 'a4']);
  assert.equal(p2.body.items[0].data.v, '1');
  assert.equal(p2.body.metadata.resourceVersion, String(snap));
  assert.equal(p2.body.metadata.remainingItemCount, 2);
  assert.deepEqual(tokenOf(p2.body.metadata.continue), { v: 'meta.k8s.io/v1', rv: snap, start: 'a4\u0000' });
  const p3 = await list(`${base}?limit=2&continue=${p2.body.metadata.continue}&resourceVersion=0`);
  assert.deepEqual(names(p3.body), ['a5', 'kube-root-ca.crt']);
  assert.deepEqual(p3.body.metadata, { resourceVersion: String(snap) });
  // Exactly `limit` items left: no token, no count.
  const exact = await list(`${base}?limit=7`);
  assert.equal(exact.body.items.length, 7);
  assert.equal(exact.body.metadata.continue, undefined);
  // With a selector the count is omitted.
  const withSel = await list(`${base}?limit=2&labelSelector=k%3Dv`);
  assert.ok(withSel.body.metadata.continue);
  assert.equal(withSel.body.metadata.remainingItemCount, undefined);
  // All namespaces: the start key names the namespace.
  const all = await list('/api/v1/configmaps?limit=1');
  assert.equal(tokenOf(all.body.metadata.continue).start, `/${all.body.items[0].metadata.namespace}/${all.body.items[0].metadata.name}\u0000`);
  // rv=N with a continue token is 400; a bad token is 400.
  const bad = await list(`${base}?limit=2&continue=${p1.body.metadata.continue}&resourceVersion=${snap}`);
  assert.deepEqual([bad.status, bad.body.message], [400, 'specifying resource version is not allowed when using continue']);
  const garbage = await list(`${base}?limit=2&continue=abc$`);
  assert.deepEqual([garbage.status, garbage.body.message], [400, 'invalid continue token: continue key is not valid: illegal base64 data at input byte 3']);
});

test('list: an expired continue token is 410 with kube\'s text and an rv -1 token that continues at the latest', async () => {
  const old = Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"a2\\u0000"}').toString('base64url');
  const r = await list(`/api/v1/namespaces/pg/configmaps?limit=2&continue=${old}`);
  assert.equal(r.status, 410);
  assert.equal(r.body.reason, 'Expired');
  assert.equal(
    r.body.message,
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
  assert.deepEqual(tokenOf(r.body.metadata.continue), { v: 'meta.k8s.io/v1', rv: -1, start: 'a2\u0000' });
  const next = await list(`/api/v1/namespaces/pg/configmaps?limit=2&continue=${r.body.metadata.continue}`);
  assert.equal(next.status, 200);
  assert.deepEqual(names(next.body), ['a25', 'a3']);
  assert.equal(next.body.items[1].data.v, '2', 'served at the latest revision');
});

test('list: every cell of the seed\'s resource-version table', async () => {
  await mkns(s, 'rv');
  const base = '/api/v1/namespaces/rv/configmaps';
  const r1 = await create(s, 'rv', 'ax');
  await create(s, 'rv', 'ay');
  const r3 = await patch(s, 'rv', 'ax', { data: { v: 'new' } });
  const cur = async (q: string) => list(`${base}?${q}`);
  // unset / limit unset: most recent.
  let r = await cur('');
  assert.equal(r.body.items.find((i: any) => i.metadata.name === 'ax').data.v, 'new'); // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.ok(Number(r.body.metadata.resourceVersion) >= r3);
  // rv=0 / limit unset and limit=n: any, served whole (the cache ignores limit).
  r = await cur('resourceVersion=0&limit=1');
  assert.deepEqual(names(r.body), ['ax', 'ay', 'kube-root-ca.crt']);
  assert.equal(r.body.metadata.continue, undefined);
  // rv=N / limit unset: not older than.
  r = await cur(`resourceVersion=${r1}`);
  assert.ok(Number(r.body.metadata.resourceVersion) >= r3);
  assert.deepEqual(names(r.body), ['ax', 'ay', 'kube-root-ca.crt']);
  // unset / limit=n: most recent, paged.
  r = await cur('limit=1');
  assert.deepEqual(names(r.body), ['ax']);
  assert.ok(r.body.metadata.continue);
  // rv=N / limit=n: exact (legacy rule): the state at N.
  r = await cur(`resourceVersion=${r1}&limit=5`);
  assert.equal(r.body.metadata.resourceVersion, String(r1));
  assert.deepEqual(names(r.body), ['ax', 'kube-root-ca.crt']);
  assert.equal(r.body.items[0].data.v, '1');
  // Exact: invalid without RV or with 0; exact at N with and without limit.
  for (const q of ['resourceVersionMatch=Exact', 'resourceVersionMatch=Exact&limit=1', 'resourceVersionMatch=Exact&resourceVersion=0', 'resourceVersionMatch=Exact&resourceVersion=0&limit=1']) {
    const e = await cur(q);
    assert.equal(e.status, 400, q);
    assert.match(e.body.message, /^ListOptions\.meta\.k8s\.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch (is forbidden unless resourceVersion is provided|"exact" is forbidden for resourceVersion "0")$/);
  }
  r = await cur(`resourceVersionMatch=Exact&resourceVersion=${r1}`);
  assert.deepEqual([r.body.metadata.resourceVersion, names(r.body), r.body.items[0].data.v], [String(r1), ['ax', 'kube-root-ca.crt'], '1']);
  r = await cur(`resourceVersionMatch=Exact&resourceVersion=${r1}&limit=1`);
  assert.deepEqual([r.body.metadata.resourceVersion, names(r.body)], [String(r1), ['ax']]);
  // Exact pages are what kube serves from etcd: the token's key has no leading "/".
  assert.deepEqual(tokenOf(r.body.metadata.continue), { v: 'meta.k8s.io/v1', rv: r1, start: 'ax\u0000' });
  // NotOlderThan: invalid without RV; any with 0; not older than N (limit honoured).
  for (const q of ['resourceVersionMatch=NotOlderThan', 'resourceVersionMatch=NotOlderThan&limit=1']) {
    const e = await cur(q);
    assert.deepEqual([e.status, e.body.message], [400, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'], q);
  }
  for (const q of ['resourceVersionMatch=NotOlderThan&resourceVersion=0', 'resourceVersionMatch=NotOlderThan&resourceVersion=0&limit=1']) {
    r = await cur(q);
    assert.deepEqual([names(r.body), r.body.metadata.continue], [['ax', 'ay', 'kube-root-ca.crt'], undefined], q);
  }
  r = await cur(`resourceVersionMatch=NotOlderThan&resourceVersion=${r1}`);
  assert.ok(Number(r.body.metadata.resourceVersion) >= r3);
  r = await cur(`resourceVersionMatch=NotOlderThan&resourceVersion=${r1}&limit=1`);
  assert.deepEqual(names(r.body), ['ax']);
  assert.equal(r.body.items[0].data.v, 'new');
  assert.equal(tokenOf(r.body.metadata.continue).start, '/ax\u0000');
  // Continuation with rv=0 is accepted and treated as the continuation.
  const page = await cur('limit=1');
  r = await cur(`limit=1&resourceVersion=0&continue=${page.body.metadata.continue}`);
  assert.deepEqual(names(r.body), ['ay']);
  // Exact too old: 410.
  r = await cur('resourceVersionMatch=Exact&resourceVersion=1');
  assert.deepEqual([r.status, r.body.reason, r.body.message], [410, 'Expired', 'The resourceVersion for the provided list is too old.']);
  r = await cur('resourceVersion=1&limit=2');
  assert.equal(r.status, 410);
  // Other errors: unsupported match (422, with kube's supported list), non-numeric RV (400).
  r = await cur('resourceVersionMatch=Newest&resourceVersion=5');
  assert.deepEqual([r.status, r.body.reason], [422, 'Invalid']);
  assert.equal(r.body.message, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""');
  assert.deepEqual(r.body.details, { group: 'meta.k8s.io', kind: 'ListOptions', causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""', field: 'resourceVersionMatch' }] });
  r = await cur('resourceVersion=abc');
  assert.deepEqual([r.status, r.body.message], [400, 'invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax']);
  r = await cur('sendInitialEvents=true');
  assert.deepEqual([r.status, r.body.message], [422, 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list']);
});

test('get and list: a resourceVersion the cache has not reached is 504 after the wait (get: not older than)', async () => {
  const rv = await create(s, 'rv', 'g');
  const future = rv + 1_000_000;
  const [l, g] = await Promise.all([
    s.request('GET', `/api/v1/namespaces/rv/configmaps?resourceVersionMatch=NotOlderThan&resourceVersion=${future}`),
    s.request('GET', `/api/v1/namespaces/rv/configmaps/g?resourceVersion=${future}`),
  ]);
  for (const r of [l, g]) {
    assert.equal(r.status, 504);
    assert.equal(r.headers['retry-after'], '1');
    const st = r.json();
    assert.equal(st.reason, 'Timeout');
    assert.match(st.message, new RegExp(`^Timeout: Too large resource version: ${future}, current: \\d+$`));
    assert.deepEqual(st.details.causes, [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
  }
});

test('get: resourceVersion unset = latest, 0 = any, N = not older than; bad values', async () => {
  const r1 = await create(s, 'rv', 'gg');
  const r2 = await patch(s, 'rv', 'gg', { data: { v: '2' } });
  for (const q of ['', '?resourceVersion=0', `?resourceVersion=${r1}`, `?resourceVersion=${r2}`]) {
    const r = await s.request('GET', `/api/v1/namespaces/rv/configmaps/gg${q}`, { http2: true });
    assert.equal(r.status, 200, q);
    assert.equal(r.json().metadata.resourceVersion, String(r2), q);
  }
  const missing = await s.request('GET', '/api/v1/namespaces/rv/configmaps/nope?resourceVersion=0');
  assert.deepEqual([missing.status, missing.json().message], [404, 'configmaps "nope" not found']);
  const bad = await s.request('GET', '/api/v1/namespaces/rv/configmaps/gg?resourceVersion=abc');
  assert.equal(bad.status, 500);
  assert.equal(bad.json().reason, undefined);
  assert.equal(bad.json().message, 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax');
});

// ---------------------------------------------------------------------------------------------------------------
// WATCH

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';
  test(`${proto} watch: RV unset and "0" get the state, then changes; headers before the first event`, async () => {
    const ns = `w${http2 ? 2 : 1}`;
    await mkns(s, ns);
    await create(s, ns, 'a');
    for (const q of ['', '&resourceVersion=0']) {
      const w = openWatch(s, `/api/v1/namespaces/${ns}/configmaps?watch=1&timeoutSeconds=3${q}`, { http2 });
      const st = await w.status;
      assert.equal(st.status, 200);
      assert.equal(st.headers['content-type'], 'application/json');
      if (http2) assert.equal(st.headers['transfer-encoding'], undefined);
      else assert.equal(st.headers['transfer-encoding'], 'chunked');
      await w.waitFor(2); // a, kube-root-ca.crt
      assert.deepEqual(summary(w.events), ['ADDED a', 'ADDED kube-root-ca.crt']);
      const rv = await patch(s, ns, 'a', { data: { v: q } });
      await create(s, ns, `b${q ? 0 : ''}`);
      await del(s, ns, `b${q ? 0 : ''}`);
      const evs = await w.waitFor(5);
      assert.deepEqual(summary(evs.slice(2)), ['MODIFIED a', `ADDED b${q ? 0 : ''}`, `DELETED b${q ? 0 : ''}`]);
      assert.equal(evs[2]!.object.metadata.resourceVersion, String(rv));
      assert.ok(Number(evs[4]!.object.metadata.resourceVersion) > Number(evs[3]!.object.metadata.resourceVersion), 'DELETED carries the deletion\'s RV');
      w.close();
    }
    // Nothing to send yet: the 200 and its headers are flushed at once all the same.
    const now = (await list(`/api/v1/namespaces/${ns}/configmaps`, http2)).body.metadata.resourceVersion;
    const quiet = openWatch(s, `/api/v1/namespaces/${ns}/configmaps?watch=1&timeoutSeconds=5&resourceVersion=${now}`, { http2 });
    const t0 = Date.now();
    assert.equal((await quiet.status).status, 200);
    assert.ok(Date.now() - t0 < 1000);
    assert.equal(quiet.events.length, 0);
    quiet.close();
  });

  test(`${proto} watch: RV=N starts after N without synthetic events; a gone RV is one ERROR 410 in a 200`, async () => {
    const ns = `n${http2 ? 2 : 1}`;
    await mkns(s, ns);
    const rv = await create(s, ns, 'a');
    await patch(s, ns, 'a', { data: { v: 'x' } });
    const r = await s.request('GET', `/api/v1/namespaces/${ns}/configmaps?watch=true&timeoutSeconds=1&resourceVersion=${rv}`, { http2 });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.trim().split('\n').map((l) => JSON.parse(l).type), ['MODIFIED']);
    const old = await s.request('GET', `/api/v1/namespaces/${ns}/configmaps?watch=true&resourceVersion=1`, { http2 });
    assert.equal(old.status, 200);
    const ev = JSON.parse(old.body);
    assert.equal(ev.type, 'ERROR');
    assert.equal(ev.object.code, 410);
    assert.equal(ev.object.reason, 'Expired');
    const m = /^too old resource version: 1 \((\d+)\)$/.exec(ev.object.message);
    assert.ok(m && Number(m[1]) > 1 && Number(m[1]) < rv, ev.object.message);
    assert.equal(old.body.split('\n').filter(Boolean).length, 1);
  });
}

test('watch: selector transitions (enter = ADDED, leave = DELETED with the new RV), single-object forms', async () => {
  await mkns(s, 'tr');
  const w = openWatch(s, '/api/v1/namespaces/tr/configmaps?watch=1&timeoutSeconds=5&labelSelector=color%3Dblue');
  await w.status;
  await sleep(100);
  await create(s, 'tr', 'o', { color: 'red' });
  await patch(s, 'tr', 'o', { metadata: { labels: { color: 'blue' } } });
  await patch(s, 'tr', 'o', { data: { v: 'blue2' } });
  const leaveRV = await patch(s, 'tr', 'o', { metadata: { labels: { color: 'red' } } });
  await patch(s, 'tr', 'o', { data: { v: 'red2' } });
  const evs = await w.waitFor(3);
  await sleep(100);
  assert.deepEqual(summary(w.events), ['ADDED o', 'MODIFIED o', 'DELETED o']);
  assert.equal(evs[2]!.object.metadata.resourceVersion, String(leaveRV));
  assert.equal(evs[2]!.object.metadata.labels.color, 'blue', 'the last state that matched');
  w.close();
  // One object: fieldSelector metadata.name, and the /watch/ path form; a conflicting name is 400.
  await create(s, 'tr', 'other');
  const byField = await s.request('GET', '/api/v1/namespaces/tr/configmaps?watch=1&timeoutSeconds=1&fieldSelector=metadata.name%3Dother');
  assert.deepEqual(byField.body.trim().split('\n').map((l) => JSON.parse(l).object.metadata.name), ['other']);
  const byPath = await s.request('GET', '/api/v1/watch/namespaces/tr/configmaps/other?timeoutSeconds=1', { http2: true });
  assert.equal(byPath.status, 200);
  assert.deepEqual(byPath.body.trim().split('\n').map((l) => JSON.parse(l).object.metadata.name), ['other']);
  const conflict = await s.request('GET', '/api/v1/watch/namespaces/tr/configmaps/other?fieldSelector=metadata.name%3Do');
  assert.deepEqual([conflict.status, conflict.json().message], [400, "fieldSelector metadata.name doesn't match requested name"]);
});

test('watch: bookmarks carry the progress revision, periodically and 2 s before the deadline', async () => {
  await mkns(s, 'bm');
  const w = openWatch(s, '/api/v1/namespaces/bm/configmaps?watch=1&timeoutSeconds=3&allowWatchBookmarks=true&labelSelector=none%3Dnone');
  await w.status;
  await sleep(100);
  const rv = await create(s, 'sel', 'elsewhere'); // moves the global revision, not this watch's selection
  const t0 = Date.now();
  await w.ended;
  assert.ok(Date.now() - t0 >= 2000, 'the stream ends at the deadline');
  assert.equal(w.events.length, 1);
  assert.deepEqual(w.events[0], { type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(rv), creationTimestamp: null } } });
  // A shorter bookmark period (tests only) gives periodic bookmarks.
  const saved = watchTuning.bookmarkFrequencyMs;
  watchTuning.bookmarkFrequencyMs = 200;
  try {
    const p = openWatch(s, '/api/v1/namespaces/bm/configmaps?watch=1&timeoutSeconds=3&allowWatchBookmarks=true', { http2: true });
    await p.status;
    await sleep(50);
    await create(s, 'bm', 'z');
    await sleep(700);
    p.close();
    const types = p.events.map((e) => e.type);
    assert.equal(types[0], 'ADDED'); // kube-root-ca.crt
    assert.ok(types.filter((t) => t === 'BOOKMARK').length >= 2, types.join());
  } finally {
    watchTuning.bookmarkFrequencyMs = saved;
  }
  // Without allowWatchBookmarks, none.
  const now = (await list('/api/v1/namespaces/bm/configmaps')).body.metadata.resourceVersion;
  const quiet = s.request('GET', '/api/v1/namespaces/bm/configmaps?watch=1&timeoutSeconds=3&resourceVersion=' + now);
  await sleep(100);
  await create(s, 'sel', 'elsewhere2');
  const none = await quiet;
  assert.equal(none.body, '');
});

test('watch: 406 for YAML, 422 for streaming lists with the WatchList gate off (1.33 default), 500 for a bad RV', async () => {
  const y = await s.request('GET', '/api/v1/namespaces/default/configmaps?watch=1', { headers: { accept: 'application/yaml, application/json' } });
  // The error itself is negotiated like any Status: YAML, the first acceptable type.
  assert.equal(y.headers['content-type'], 'application/yaml');
  assert.deepEqual([y.status, parseYAML(y.body).message], [406, 'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch']);
  const g = await s.request('GET', '/api/v1/namespaces/default/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true');
  assert.equal(g.status, 422);
  assert.deepEqual(g.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
    reason: 'Invalid',
    details: { group: 'meta.k8s.io', kind: 'ListOptions', causes: [{ reason: 'FieldValueForbidden', message: 'Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled', field: 'sendInitialEvents' }] },
    code: 422,
  });
  const m = await s.request('GET', '/api/v1/namespaces/default/configmaps?watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=5');
  assert.deepEqual([m.status, m.json().message], [422, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided']);
  const bad = await s.request('GET', '/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=abc');
  assert.deepEqual([bad.status, bad.json().reason, bad.json().message], [500, undefined, 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax']);
});

test('watch: Table events are one-row Tables, column definitions only in the first', async () => {
  await mkns(s, 'tb');
  await create(s, 'tb', 't1');
  const w = openWatch(s, '/api/v1/namespaces/tb/configmaps?watch=1&timeoutSeconds=2', { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io, application/json' } });
  await w.waitFor(2);
  await create(s, 'tb', 't2');
  const evs = await w.waitFor(3);
  assert.equal(evs[0]!.object.kind, 'Table');
  assert.ok(Array.isArray(evs[0]!.object.columnDefinitions) && evs[0]!.object.columnDefinitions.length > 0);
  assert.equal(evs[1]!.object.columnDefinitions, null);
  assert.equal(evs[2]!.object.columnDefinitions, null);
  assert.equal(evs[2]!.object.rows.length, 1);
  assert.equal(evs[2]!.object.rows[0].cells[0], 't2');
  assert.equal(evs[2]!.object.rows[0].object.kind, 'PartialObjectMetadata');
  w.close();
});

test('watch (WatchList on): initial events, then the initial-events-end bookmark, then changes', async () => {
  await mkns(gated, 'wl');
  await create(gated, 'wl', 'a');
  const w = openWatch(gated, '/api/v1/namespaces/wl/configmaps?watch=1&timeoutSeconds=3&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true');
  const evs = await w.waitFor(3);
  assert.deepEqual(summary(evs), ['ADDED a', 'ADDED kube-root-ca.crt', 'BOOKMARK']);
  assert.deepEqual(evs[2]!.object.metadata.annotations, { 'k8s.io/initial-events-end': 'true' });
  assert.ok(Number(evs[2]!.object.metadata.resourceVersion) >= Number(evs[0]!.object.metadata.resourceVersion));
  await create(gated, 'wl', 'b');
  assert.deepEqual(summary((await w.waitFor(4)).slice(3)), ['ADDED b']);
  w.close();
  // A streaming list never answers 410, however old the RV: it sends the current state.
  const oldRV = await gated.request('GET', '/api/v1/namespaces/wl/configmaps?watch=1&timeoutSeconds=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=1');
  assert.deepEqual(oldRV.body.trim().split('\n').map((l) => JSON.parse(l).type), ['ADDED', 'ADDED', 'ADDED']);
  // With the gate on, a legacy watch is defaulted into a streaming list (end bookmark when bookmarks are allowed).
  const legacy = await gated.request('GET', '/api/v1/namespaces/wl/configmaps?watch=1&timeoutSeconds=1&resourceVersion=0&allowWatchBookmarks=true');
  const types = legacy.body.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(types.slice(0, 4).map((e: WatchEvent) => e.type), ['ADDED', 'ADDED', 'ADDED', 'BOOKMARK']);
  assert.equal(types[3].object.metadata.annotations['k8s.io/initial-events-end'], 'true');
  // sendInitialEvents=true without RV match: 422.
  const bad = await gated.request('GET', '/api/v1/namespaces/wl/configmaps?watch=1&sendInitialEvents=true');
  assert.deepEqual([bad.status, bad.json().message], [422, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan']);
  // A future RV is one ERROR 504 event after the wait.
  const fut = await gated.request('GET', '/api/v1/namespaces/wl/configmaps?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=99999999');
  const ev = JSON.parse(fut.body);
  assert.deepEqual([fut.status, ev.type, ev.object.code, ev.object.reason], [200, 'ERROR', 504, 'Timeout']);
  assert.match(ev.object.message, /^Timeout: Too large resource version: 99999999, current: \d+$/);
});

test('watch: the stream ends when the server stops', async () => {
  const w = openWatch(gated, '/api/v1/namespaces/wl/configmaps?watch=1', { http2: true });
  await w.waitFor(3);
  const t0 = Date.now();
  await gated.close();
  await w.ended;
  assert.ok(Date.now() - t0 < 5000);
  assert.ok(w.events.every((e) => e.type === 'ADDED'));
});

test('custom resources: selectableFields select, objects read as their version (defaults), unstructured bookmarks', async () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gizmos.lw.example.com' },
    spec: {
      group: 'lw.example.com',
      scope: 'Namespaced',
      names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer', default: 3 } } } } } },
          selectableFields: [{ jsonPath: '.spec.color' }],
        },
      ],
    },
  };
  const c = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: JSON.stringify(crd), headers: JSON_CT });
  assert.equal(c.status, 201, c.body);
  await mkns(s, 'cr');
  const base = '/apis/lw.example.com/v1/namespaces/cr/gizmos';
  const w = openWatch(s, `${base}?watch=1&timeoutSeconds=3&allowWatchBookmarks=true&fieldSelector=spec.color%3Dblue`, { http2: true });
  assert.equal((await w.status).status, 200);
  await sleep(50);
  for (const [name, color] of [['g1', 'blue'], ['g2', 'red']]) {
    const r = await s.request('POST', base, { body: JSON.stringify({ apiVersion: 'lw.example.com/v1', kind: 'Gizmo', metadata: { name }, spec: { color } }), headers: JSON_CT });
    assert.equal(r.status, 201, r.body);
  }
  await w.ended;
  assert.deepEqual(summary(w.events), ['ADDED g1', 'BOOKMARK']);
  assert.deepEqual(w.events[0]!.object.spec, { color: 'blue', size: 3 });
  assert.deepEqual(Object.keys(w.events[1]!.object), ['apiVersion', 'kind', 'metadata']);
  assert.deepEqual(w.events[1]!.object.metadata, { resourceVersion: w.events[1]!.object.metadata.resourceVersion });
  const l = await list(`${base}?fieldSelector=spec.color%3Dred&limit=1`);
  assert.deepEqual(names(l.body), ['g2']);
  const bad = await list(`${base}?fieldSelector=spec.size%3D3`);
  assert.deepEqual([bad.status, bad.body.message], [400, 'field label not supported: spec.size']);
});

// ---------------------------------------------------------------------------------------------------------------
// Clients

test('@kubernetes/client-node informer: lists, watches, survives a forced 410 and relists', async () => {
  const k8s = await import('@kubernetes/client-node');
  const kc = new k8s.KubeConfig();
  kc.loadFromString(s.kubeconfig);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  await mkns(s, 'inf');
  await mkns(s, 'inf-other');
  await create(s, 'inf', 'one');
  let lists = 0;
  const listFn = () => {
    lists++;
    return core.listNamespacedConfigMap({ namespace: 'inf' });
  };
  const informer = k8s.makeInformer(kc, '/api/v1/namespaces/inf/configmaps', listFn);
  const added: string[] = [];
  informer.on('add', (o: any) => added.push(o.metadata.name)); // eslint-disable-line @typescript-eslint/no-explicit-any
  const savedTimeout = watchTuning.minRequestTimeoutSeconds;
  const realNow = Date.now;
  watchTuning.minRequestTimeoutSeconds = 1; // watches without timeoutSeconds end after 1–2 s
  try {
    await informer.start();
    const waitUntil = async (cond: () => boolean, what: string) => {
      const until = realNow() + 8000;
      while (!cond() && realNow() < until) await sleep(20);
      assert.ok(cond(), what);
    };
    await waitUntil(() => added.includes('one'), 'listed');
    assert.equal(lists, 1);
    await create(s, 'inf', 'two');
    await waitUntil(() => added.includes('two'), 'watched');
    // Push the history past the informer's last RV with events it does not see, 6 minutes "later": its next
    // re-watch (after the server ends this one) gets ERROR 410 and it relists.
    await create(s, 'inf-other', 'filler');
    Date.now = () => realNow() + 360_000;
    await create(s, 'inf-other', 'filler2');
    await waitUntil(() => lists >= 2, 'relisted after 410');
    await create(s, 'inf', 'three');
    await waitUntil(() => added.includes('three'), 'watching again');
    assert.deepEqual(informer.list('inf').map((o) => o.metadata!.name).sort(), ['kube-root-ca.crt', 'one', 'three', 'two']);
  } finally {
    Date.now = realNow;
    watchTuning.minRequestTimeoutSeconds = savedTimeout;
    await informer.stop();
  }
});

test('kubectl: get -w --output-watch-events, --chunk-size, -l, --field-selector, -A', { skip: skipKubectl }, async () => {
  await mkns(s, 'kc');
  for (const n of ['k1', 'k2', 'k3']) await create(s, 'kc', n, { tier: n === 'k2' ? 'back' : 'front' });
  const saved = watchTuning.minRequestTimeoutSeconds;
  watchTuning.minRequestTimeoutSeconds = 2; // the server ends kubectl's watch, and kubectl exits
  try {
    const run = s.kubectl(['get', 'configmaps', '-n', 'kc', '-w', '--output-watch-events', '-l', 'tier=front']);
    await sleep(1200);
    await patch(s, 'kc', 'k1', { data: { v: 'x' } });
    const r = await run;
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0]!, /^EVENT\s+NAME\s+DATA\s+AGE$/);
    assert.deepEqual(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 2).join(' ')), ['ADDED k1', 'ADDED k3', 'MODIFIED k1']);
  } finally {
    watchTuning.minRequestTimeoutSeconds = saved;
  }
  const chunked = await s.kubectl(['get', 'configmaps', '-n', 'kc', '--chunk-size=1', '-o', 'name', '-v=6']);
  assert.equal(chunked.code, 0, chunked.stderr);
  assert.deepEqual(chunked.stdout.trim().split('\n'), ['configmap/k1', 'configmap/k2', 'configmap/k3', 'configmap/kube-root-ca.crt']);
  assert.ok((chunked.stderr.match(/continue=/g) ?? []).length >= 3, 'kubectl followed the continue tokens');
  const fs = await s.kubectl(['get', 'configmaps', '-n', 'kc', '--field-selector', 'metadata.name=k2', '-o', 'name']);
  assert.equal(fs.stdout.trim(), 'configmap/k2');
  const badFs = await s.kubectl(['get', 'configmaps', '-n', 'kc', '--field-selector', 'spec.x=1']);
  assert.equal(
    badFs.stderr.trim(),
    'Error from server (BadRequest): Unable to find "/v1, Resource=configmaps" that match label selector "", field selector "spec.x=1": "spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"',
  );
  const all = await s.kubectl(['get', 'configmaps', '-A', '-l', 'tier=back', '--chunk-size=1']);
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /^NAMESPACE\s+NAME\s+DATA\s+AGE\nkc\s+k2\s+1\s+\S+\n$/);
});
