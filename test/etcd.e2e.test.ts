// kubelite on a real etcd: objects laid out as kube-apiserver lays them out (so etcdctl reads them like a real
// cluster's), two servers sharing one etcd, consistent reads while others write outside the prefix, health checks.
// Without an etcd binary these tests skip (and fail in CI, which must run them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Etcd3 } from 'etcd3';
import { ensureCertificates } from '../src/server/certificates.js';
import { etcdSkipReason, startEtcd, type EtcdProcess } from '../src/testing/etcd.js';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const skip = etcdSkipReason();
let etcd: EtcdProcess;
let raw: Etcd3;
before(async () => {
  if (skip) return;
  etcd = await startEtcd();
  raw = new Etcd3({ hosts: etcd.url });
});
after(async () => {
  raw?.close();
  await etcd?.stop();
});

const JSON_CT = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cm = (name: string, v = '1') => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { v } });

function onEtcd(prefix?: string): Promise<TestServer> {
  return startTestServer({ etcdServers: [etcd.url], ...(prefix ? { etcdPrefix: prefix } : {}) });
}

/** Reads a watch stream line by line. */
function watch(s: TestServer, path: string): { events: { type: string; object: any }[]; close(): void } { // eslint-disable-line @typescript-eslint/no-explicit-any
  const events: { type: string; object: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const u = new URL(path, s.url);
  let buf = '';
  const req = httpsRequest(
    { hostname: u.hostname, port: u.port, path: u.pathname + u.search, ca: s.ca, cert: s.admin.cert, key: s.admin.key, agent: false },
    (res) => {
      res.on('data', (c: Buffer) => {
        buf += c.toString();
        for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) if (buf.slice(0, i).trim()) events.push(JSON.parse(buf.slice(0, i)));
      });
      res.on('error', () => undefined);
    },
  );
  req.on('error', () => undefined);
  req.end();
  return { events, close: () => req.destroy() };
}

async function until<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 5000): Promise<T> {
  for (const end = Date.now() + ms; ; await sleep(20)) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
  }
}

test('objects live under kube\'s keys as JSON without resourceVersion; resourceVersion is the mod revision', { skip }, async () => {
  const s = await onEtcd();
  const other = await onEtcd('/elsewhere/');
  try {
    const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('layout'), headers: JSON_CT });
    assert.equal(r.status, 201, r.body);
    const kv = (await raw.get('/registry/configmaps/default/layout').exec()).kvs[0]!;
    const stored = JSON.parse(kv.value.toString());
    assert.deepEqual([stored.kind, stored.apiVersion, stored.metadata.name, stored.metadata.namespace, stored.data], ['ConfigMap', 'v1', 'layout', 'default', { v: '1' }]);
    assert.equal(stored.metadata.resourceVersion, undefined);
    assert.equal(r.json().metadata.resourceVersion, kv.mod_revision);
    assert.equal(r.json().metadata.uid, stored.metadata.uid);
    // Cluster-scoped objects and the group-qualified CRD prefix are where kube puts them.
    assert.ok((await raw.get('/registry/namespaces/default').exec()).kvs.length === 1);
    // --etcd-prefix moves the root, normalized as kube normalizes it.
    const o = await other.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('moved'), headers: JSON_CT });
    assert.equal(o.status, 201, o.body);
    assert.equal((await raw.get('/elsewhere/configmaps/default/moved').exec()).kvs.length, 1);
    assert.equal((await raw.get('/registry/configmaps/default/moved').exec()).kvs.length, 0);
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps/moved')).status, 404);
  } finally {
    await Promise.all([s.close(), other.close()]);
  }
});

test('two servers on one etcd: B watches A\'s writes in order, and a stale write on B is kube\'s 409', { skip }, async () => {
  const [a, b] = await Promise.all([onEtcd('/shared-ab'), onEtcd('/shared-ab')]);
  try {
    const w = watch(b, '/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=20&fieldSelector=metadata.name%3Dx');
    await sleep(200);
    const c = await a.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('x'), headers: JSON_CT });
    assert.equal(c.status, 201, c.body);
    const u = await a.request('PUT', '/api/v1/namespaces/default/configmaps/x', { body: JSON.stringify({ ...c.json(), data: { v: '2' } }), headers: JSON_CT });
    assert.equal(u.status, 200, u.body);
    const evs = await until('three events on B', () => w.events.length >= 2 && w.events);
    assert.deepEqual(evs.map((e) => [e.type, e.object.metadata.resourceVersion]), [
      ['ADDED', c.json().metadata.resourceVersion],
      ['MODIFIED', u.json().metadata.resourceVersion],
    ]);
    // B's read (resourceVersion unset: consistent) sees A's latest write; B then writes from a stale copy.
    const got = await b.request('GET', '/api/v1/namespaces/default/configmaps/x');
    assert.equal(got.json().metadata.resourceVersion, u.json().metadata.resourceVersion);
    const stale = await b.request('PUT', '/api/v1/namespaces/default/configmaps/x', { body: JSON.stringify({ ...c.json(), data: { v: 'b' } }), headers: JSON_CT });
    assert.equal(stale.status, 409, stale.body);
    assert.equal(stale.json().message, 'Operation cannot be fulfilled on configmaps "x": the object has been modified; please apply your changes to the latest version and try again');
    assert.equal(stale.json().reason, 'Conflict');
    const d = await b.request('DELETE', '/api/v1/namespaces/default/configmaps/x');
    assert.equal(d.status, 200, d.body);
    await until('DELETED on B', () => w.events.length >= 3);
    assert.equal(w.events[2]!.type, 'DELETED');
    w.close();
    // A's cache saw B's delete.
    assert.equal((await a.request('GET', '/api/v1/namespaces/default/configmaps/x')).status, 404);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test('a consistent list is not held up by writes outside the prefix', { skip }, async () => {
  const s = await onEtcd('/quiet');
  try {
    await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('q'), headers: JSON_CT });
    const put = await raw.put('/someone-else/key').value('x').exec();
    const started = Date.now();
    const r = await s.request('GET', '/api/v1/namespaces/default/configmaps');
    assert.equal(r.status, 200, r.body);
    assert.ok(Date.now() - started < 1000, `answered in ${Date.now() - started} ms`);
    assert.ok(Number(r.json().metadata.resourceVersion) >= Number(put.header.revision));
  } finally {
    await s.close();
  }
});

test('readyz and livez carry kube\'s etcd checks', { skip }, async () => {
  const s = await onEtcd('/health');
  try {
    const ready = await s.request('GET', '/readyz?verbose');
    assert.equal(ready.status, 200);
    assert.ok(ready.body.includes('[+]etcd ok\n[+]etcd-readiness ok\n'), ready.body);
    const live = await s.request('GET', '/livez?verbose');
    assert.ok(live.body.includes('[+]etcd ok\n'), live.body);
    assert.ok(!live.body.includes('etcd-readiness'), live.body);
  } finally {
    await s.close();
  }
});

test('--etcd-cafile, --etcd-certfile and --etcd-keyfile reach an etcd that requires client certificates', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-etcd-tls-'));
  await ensureCertificates({ certDir: dir, sans: [] }); // a CA, a serving pair for 127.0.0.1 and a client pair
  const f = (n: string) => join(dir, n);
  const own = await startEtcd({ tls: { certFile: f('apiserver.crt'), keyFile: f('apiserver.key'), caFile: f('ca.crt') } });
  try {
    assert.ok(own.url.startsWith('https://'));
    const s = await startTestServer({ etcdServers: [own.url], etcdCAFile: f('ca.crt'), etcdCertFile: f('admin.crt'), etcdKeyFile: f('admin.key') });
    try {
      const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('tls'), headers: JSON_CT });
      assert.equal(r.status, 201, r.body);
      assert.equal((await s.request('GET', '/readyz')).status, 200);
    } finally {
      await s.close();
    }
    // Without a client certificate etcd refuses the connection and the server does not start.
    await assert.rejects(startTestServer({ etcdServers: [own.url], etcdCAFile: f('ca.crt'), requestTimeoutMs: 3000 }), /cannot reach etcd/);
  } finally {
    await own.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--storage-backend=etcd3 without --etcd-servers is refused as kube refuses it', async () => {
  await assert.rejects(startTestServer({ storageBackend: 'etcd3', etcdServers: [] }), /--etcd-servers must be specified/);
});

test('etcd stopped for 10 s under load: readyz/livez name the etcd check, writes answer kube\'s 504 by the deadline, cached reads go on, and all recovers without a restart', { skip }, async () => {
  const own = await startEtcd();
  const s = await startTestServer({ etcdServers: [own.url], requestTimeoutMs: 3000 });
  try {
    assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm('before'), headers: JSON_CT })).status, 201);
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps?resourceVersion=0')).status, 200); // the cache is up
    const created: string[] = [];
    const failures: string[] = [];
    let slowest = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const started = Date.now();
        const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: cm(`w${w}-${i}`), headers: JSON_CT });
        slowest = Math.max(slowest, Date.now() - started);
        if (r.status === 201) created.push(`w${w}-${i}`);
        else failures.push(`${r.status} ${r.json().reason} ${r.json().message}`);
        if (r.status !== 201) await sleep(100);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await sleep(500);
    await own.pause();
    const down = Date.now();
    const ready = await s.request('GET', '/readyz?verbose');
    assert.equal(ready.status, 500);
    assert.ok(ready.body.includes('[-]etcd failed: reason withheld\n[-]etcd-readiness failed: reason withheld\n'), ready.body);
    assert.ok(ready.body.endsWith('readyz check failed\n'), ready.body);
    const live = await s.request('GET', '/livez');
    assert.equal(live.status, 500);
    assert.ok(live.body.includes('[-]etcd failed: reason withheld\n'), live.body);
    // A list that may be served from the cache still is.
    const cached = await s.request('GET', '/api/v1/namespaces/default/configmaps?resourceVersion=0');
    assert.equal(cached.status, 200);
    assert.ok(cached.json().items.some((o: { metadata: { name: string } }) => o.metadata.name === 'before'));
    await sleep(10_000 - (Date.now() - down));
    await own.restart();
    await until('readyz ok again', async () => (await s.request('GET', '/readyz')).status === 200 || undefined, 15_000).catch(async () => {
      assert.fail(`readyz after restart: ${(await s.request('GET', '/readyz?verbose')).body}`);
    });
    const countBefore = created.length;
    await until('writes succeeding again', () => created.length > countBefore + 4, 10_000);
    stop = true;
    await Promise.all(writers);
    assert.ok(failures.length > 0, 'some writes met the outage');
    // kube's two answers for a request stuck past its deadline: the handler's, or the timeout filter's if it fires first.
    const kubeTimeouts = [
      '504 Timeout Timeout: request did not complete within requested timeout - context deadline exceeded',
      '504 Timeout Timeout: request did not complete within the allotted timeout',
    ];
    for (const f of new Set(failures)) assert.ok(kubeTimeouts.includes(f), f);
    assert.ok(slowest < 3000 + 1500, `no write waited past the request timeout (slowest ${slowest} ms)`);
    // Every acknowledged create is there.
    const all = (await s.request('GET', '/api/v1/namespaces/default/configmaps')).json().items.map((o: { metadata: { name: string } }) => o.metadata.name);
    for (const n of created) assert.ok(all.includes(n), `${n} was acknowledged and is stored`);
  } finally {
    await s.close();
    await own.stop();
  }
});

test('two servers on one etcd elect one to run kube-controller-manager\'s controllers on a Lease; when it stops the other takes over', { skip }, async () => {
  const timing = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 250 };
  const a = await startTestServer({ etcdServers: [etcd.url], etcdPrefix: '/elect', leaderElection: timing });
  let b: TestServer | undefined;
  try {
    const lease = async (s: TestServer) => (await s.request('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager')).json();
    const first = await until('a lease', async () => {
      const l = await lease(a);
      return l.spec?.holderIdentity ? l : undefined;
    });
    assert.deepEqual([first.spec.leaseDurationSeconds, first.spec.leaseTransitions], [3, 0]);
    b = await startTestServer({ etcdServers: [etcd.url], etcdPrefix: '/elect', leaderElection: timing });
    await sleep(1000);
    const still = await lease(b);
    assert.equal(still.spec.holderIdentity, first.spec.holderIdentity, 'the second server respects the held lease');
    assert.ok(Number(still.metadata.resourceVersion) > Number(first.metadata.resourceVersion), 'the leader renews');
    await a.close();
    const next = await until('the other server holding the lease', async () => {
      const l = await lease(b!);
      return l.spec?.holderIdentity && l.spec.holderIdentity !== first.spec.holderIdentity ? l : undefined;
    });
    assert.equal(next.spec.leaseTransitions, 1);
    // The survivor's controllers work: a new namespace gets its root CA ConfigMap.
    const ns = await b.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'after-failover' } }), headers: JSON_CT });
    assert.equal(ns.status, 201, ns.body);
    await until('kube-root-ca.crt', async () => (await b!.request('GET', '/api/v1/namespaces/after-failover/configmaps/kube-root-ca.crt')).status === 200 || undefined);
  } finally {
    await Promise.all([a.close(), b?.close()]);
  }
});

test('killing the leader (SIGKILL, no goodbye) moves the controllers to the other server once its Lease runs out', { skip }, async () => {
  const timing = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 250 };
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-leader-'));
  const index = new URL('../src/index.js', import.meta.url).href;
  const script = `const { startServer } = await import(${JSON.stringify(index)});
    const s = await startServer({ securePort: 0, dataDir: ${JSON.stringify(dataDir)}, writeKubeconfig: '', verbosity: -1,
      etcdServers: [${JSON.stringify(etcd.url)}], etcdPrefix: '/killed', leaderElection: ${JSON.stringify(timing)} });
    console.log('ready ' + s.url);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let b: TestServer | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => c.toString().includes('ready ') && resolve());
      child.once('exit', (code) => reject(new Error(`leader process exited (${code})`)));
    });
    b = await startTestServer({ etcdServers: [etcd.url], etcdPrefix: '/killed', leaderElection: timing });
    const lease = async () => (await b!.request('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager')).json();
    const first = await until('the first server holding the lease', async () => ((await lease()).spec?.holderIdentity ? lease() : undefined));
    await sleep(500);
    assert.equal((await lease()).spec.holderIdentity, first.spec.holderIdentity, 'the first server keeps it while alive');
    child.kill('SIGKILL');
    const killed = Date.now();
    const next = await until('the survivor holding the lease', async () => {
      const l = await lease();
      return l.spec?.holderIdentity !== first.spec.holderIdentity ? l : undefined;
    }, 10_000);
    const after = Date.now() - killed;
    assert.ok(after >= 2000, `the survivor waited for the lease to run out (${after} ms)`);
    assert.equal(next.spec.leaseTransitions, 1);
    // The namespace controller now runs on the survivor: a deleted namespace goes away.
    const mk = await b.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } }), headers: JSON_CT });
    assert.equal(mk.status, 201, mk.body);
    assert.equal((await b.request('DELETE', '/api/v1/namespaces/doomed')).status, 200);
    await until('the namespace removed by the namespace controller', async () => (await b!.request('GET', '/api/v1/namespaces/doomed')).status === 404 || undefined, 10_000);
  } finally {
    child.kill('SIGKILL');
    await b?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a CRD created on one server is served by the other, and its objects are shared', { skip }, async () => {
  const [a, b] = await Promise.all([onEtcd('/crd-ab'), onEtcd('/crd-ab')]);
  try {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'gizmos.example.net' },
      spec: { group: 'example.net', scope: 'Namespaced', names: { plural: 'gizmos', kind: 'Gizmo' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }] },
    };
    const c = await a.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: JSON.stringify(crd), headers: JSON_CT });
    assert.equal(c.status, 201, c.body);
    // The CRD is under kube's group-qualified key.
    assert.equal((await raw.get('/crd-ab/apiextensions.k8s.io/customresourcedefinitions/gizmos.example.net').exec()).kvs.length, 1);
    await until('B serving gizmos', async () => (await b.request('GET', '/apis/example.net/v1/namespaces/default/gizmos')).status === 200 || undefined);
    const g = await b.request('POST', '/apis/example.net/v1/namespaces/default/gizmos', { body: JSON.stringify({ apiVersion: 'example.net/v1', kind: 'Gizmo', metadata: { name: 'g1' }, spec: { size: 2 } }), headers: JSON_CT });
    assert.equal(g.status, 201, g.body);
    const onA = await until<{ spec: { size: number }; metadata: { resourceVersion: string } }>('A reading B\'s gizmo', async () => {
      const r = await a.request('GET', '/apis/example.net/v1/namespaces/default/gizmos/g1');
      return r.status === 200 ? r.json() : undefined;
    });
    assert.deepEqual([onA.spec.size, onA.metadata.resourceVersion], [2, g.json().metadata.resourceVersion]);
    assert.equal((await raw.get('/crd-ab/example.net/gizmos/default/g1').exec()).kvs.length, 1);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});
