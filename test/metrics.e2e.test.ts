// /metrics (issue 21): the exposition parses as Prometheus text with kube's names, help texts and stability
// markers, is authorized as the non-resource URL /metrics, and every metric moves when it should.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as h2connect } from 'node:http2';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { parsePrometheusText, sampleValue, type Family } from '../src/testing/prometheus-text.js';
import { startServer } from '../src/index.js';
import { etcdSkipReason, startEtcd } from '../src/testing/etcd.js';

let s: TestServer;
const bob = { cert: false, headers: { authorization: 'Bearer secret-bob', 'content-type': 'application/json' } };
const monitor = { cert: false, headers: { authorization: 'Bearer secret-mon' } };

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-metrics-'));
  const tokens = join(dir, 'tokens.csv');
  writeFileSync(tokens, 'secret-bob,bob,1001\nsecret-mon,prometheus,1002,system:monitoring\n');
  s = await startTestServer({ dataDir: dir, storageBackend: 'memory', tokenAuthFile: tokens, etcdCountMetricPollPeriodMs: 200 });
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'bob-edits' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }] };
  const r = await s.request('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(binding) });
  assert.equal(r.status, 201, r.body);
  for (let i = 0; i < 100 && (await s.request('GET', '/api/v1/namespaces/default/configmaps', bob)).status !== 200; i++) await new Promise((res) => setTimeout(res, 20));
});
after(async () => {
  await s.close();
});

async function scrape(server: TestServer = s): Promise<Map<string, Family>> {
  const r = await server.request('GET', '/metrics');
  assert.equal(r.status, 200, r.body);
  assert.equal(r.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores');
  return parsePrometheusText(r.body);
}

const v = (m: Map<string, Family>, name: string, labels: Record<string, string> = {}) => sampleValue(m, name, labels) ?? 0;
const cm = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
const LIST_CM = { verb: 'LIST', dry_run: '', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'namespace', component: 'apiserver' };

test('the exposition is Prometheus text with kube help texts and stability markers; hidden metrics are absent', async () => {
  const m = await scrape();
  assert.equal(m.get('apiserver_request_total')?.type, 'counter');
  assert.equal(m.get('apiserver_request_total')?.help, '[STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.');
  assert.equal(m.get('apiserver_request_duration_seconds')?.type, 'histogram');
  assert.equal(m.get('apiserver_current_inflight_requests')?.help, '[STABLE] Maximal number of currently used inflight request limit of this apiserver per request kind in last second.');
  assert.equal(m.get('authentication_attempts')?.help, '[ALPHA] Counter of authenticated attempts.');
  assert.equal(m.get('apiserver_cel_compilation_duration_seconds')?.help, '[BETA] CEL compilation time in seconds.');
  assert.equal(m.get('apiserver_request_slo_duration_seconds'), undefined);
  for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds', 'nodejs_heap_size_used_bytes']) {
    assert.ok(m.has(name) && m.get(name)!.samples.length > 0, name);
  }
});

test('a list, a create and a get move apiserver_request_total, the latency and response size histograms', async () => {
  const before = await scrape();
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps')).status, 200);
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps?dryRun=All', { headers: { 'content-type': 'application/json' }, body: cm('dry') })).status, 201);
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps/missing')).status, 404);
  const after = await scrape();
  assert.equal(v(after, 'apiserver_request_total', { ...LIST_CM, code: '200' }) - v(before, 'apiserver_request_total', { ...LIST_CM, code: '200' }), 1);
  const post = { verb: 'POST', dry_run: 'All', resource: 'configmaps', scope: 'resource', code: '201' };
  assert.equal(v(after, 'apiserver_request_total', post) - v(before, 'apiserver_request_total', post), 1);
  const get404 = { verb: 'GET', resource: 'configmaps', scope: 'resource', code: '404' };
  assert.equal(v(after, 'apiserver_request_total', get404) - v(before, 'apiserver_request_total', get404), 1);
  const { dry_run: _, ...listShort } = LIST_CM; // eslint-disable-line @typescript-eslint/no-unused-vars
  assert.equal(v(after, 'apiserver_request_duration_seconds_count', LIST_CM) - v(before, 'apiserver_request_duration_seconds_count', LIST_CM), 1);
  assert.equal(v(after, 'apiserver_response_sizes_count', listShort) - v(before, 'apiserver_response_sizes_count', listShort), 1);
  assert.ok(v(after, 'apiserver_response_sizes_sum', listShort) > v(before, 'apiserver_response_sizes_sum', listShort));
  assert.equal(v(after, 'apiserver_request_sli_duration_seconds_count', listShort) - v(before, 'apiserver_request_sli_duration_seconds_count', listShort), 1);
  // health probes: GET with the path as subresource
  await s.request('GET', '/livez');
  const probes = await scrape();
  assert.ok(v(probes, 'apiserver_request_total', { verb: 'GET', group: '', resource: '', subresource: '/livez', scope: '', code: '200' }) >= 1);
});

test('admission steps and plug-ins are timed, rejected or not', async () => {
  const before = await scrape();
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: cm('admitted') })).status, 201);
  assert.equal((await s.request('POST', '/api/v1/namespaces/nowhere/configmaps', { headers: { 'content-type': 'application/json' }, body: cm('refused') })).status, 404);
  const after = await scrape();
  const d = (name: string, labels: Record<string, string>) => v(after, name, labels) - v(before, name, labels);
  assert.equal(d('apiserver_admission_step_admission_duration_seconds_count', { type: 'admit', operation: 'CREATE', rejected: 'false' }), 1);
  assert.equal(d('apiserver_admission_step_admission_duration_seconds_count', { type: 'validate', operation: 'CREATE', rejected: 'false' }), 1);
  assert.equal(d('apiserver_admission_step_admission_duration_seconds_count', { type: 'admit', operation: 'CREATE', rejected: 'true' }), 1);
  assert.equal(d('apiserver_admission_controller_admission_duration_seconds_count', { name: 'NamespaceLifecycle', type: 'admit', operation: 'CREATE', rejected: 'true' }), 1);
  assert.equal(d('apiserver_admission_controller_admission_duration_seconds_count', { name: 'NamespaceLifecycle', type: 'admit', operation: 'CREATE', rejected: 'false' }), 1);
});

test('a watch is a long-running request while it lasts and counts the events it sends', async () => {
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const stream = session.request({ ':path': '/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=0' });
  let received = '';
  stream.on('data', (c: Buffer) => (received += c));
  await new Promise((r) => stream.once('response', r));
  await new Promise((r) => setTimeout(r, 100));
  const watching = await scrape();
  const long = { verb: 'WATCH', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'namespace', component: 'apiserver' };
  assert.equal(v(watching, 'apiserver_longrunning_requests', long), 1);
  const events = { group: '', version: 'v1', kind: 'ConfigMap' };
  const sent = v(watching, 'apiserver_watch_events_total', events);
  assert.ok(sent >= 1); // the initial ADDED events of resourceVersion=0
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: cm('watched') })).status, 201);
  for (let i = 0; i < 50 && !received.includes('"watched"'); i++) await new Promise((r) => setTimeout(r, 20));
  const later = await scrape();
  assert.equal(v(later, 'apiserver_watch_events_total', events) - sent, 1);
  assert.equal(v(later, 'apiserver_watch_events_sizes_count', events) - v(watching, 'apiserver_watch_events_sizes_count', events), 1);
  stream.close();
  session.close();
  let done = later;
  for (let i = 0; i < 50 && v(done, 'apiserver_longrunning_requests', long) !== 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    done = await scrape();
  }
  assert.equal(v(done, 'apiserver_longrunning_requests', long), 0);
  assert.ok(v(done, 'apiserver_request_total', { verb: 'WATCH', resource: 'configmaps', code: '200' }) >= 1);
});

test('authentication attempts and authorization decisions are counted by result', async () => {
  const before = await scrape();
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps', bob)).status, 200);
  assert.equal((await s.request('GET', '/api/v1/namespaces/kube-system/secrets', bob)).status, 403);
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps', { cert: false, headers: { authorization: 'Bearer wrong' } })).status, 401);
  const after = await scrape();
  const d = (name: string, labels: Record<string, string>) => v(after, name, labels) - v(before, name, labels);
  assert.ok(d('authentication_attempts', { result: 'success' }) >= 2);
  assert.equal(d('authentication_attempts', { result: 'error' }), 1);
  assert.ok(d('authentication_duration_seconds_count', { result: 'success' }) >= 2);
  // bob twice and the admin's scrape, compressed as kube does
  assert.equal(d('authenticated_user_requests', { username: 'other' }), 3);
  assert.equal(d('apiserver_authorization_decisions_total', { type: 'RBAC', name: 'rbac', decision: 'allowed' }), 1);
  assert.equal(d('authorization_attempts_total', { result: 'no-opinion' }), 1);
  assert.ok(d('authorization_attempts_total', { result: 'allowed' }) >= 2);
});

test('/metrics is the non-resource URL /metrics: forbidden to bob, allowed to the system:monitoring group', async () => {
  const denied = await s.request('GET', '/metrics', bob);
  assert.equal(denied.status, 403);
  assert.equal(denied.json().message, 'forbidden: User "bob" cannot get path "/metrics"');
  const allowed = await s.request('GET', '/metrics', monitor);
  assert.equal(allowed.status, 200);
  assert.ok(parsePrometheusText(allowed.body).has('apiserver_request_total'));
});

test('apiserver_storage_objects follows the stored objects at --etcd-count-metric-poll-period', async () => {
  const count = async () => (await s.request('GET', '/api/v1/configmaps')).json().items.length as number;
  const n = await count();
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(v(await scrape(), 'apiserver_storage_objects', { resource: 'configmaps' }), n);
  assert.equal((await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: cm('counted') })).status, 201);
  await new Promise((r) => setTimeout(r, 500));
  const m = await scrape();
  assert.equal(v(m, 'apiserver_storage_objects', { resource: 'configmaps' }), n + 1);
  assert.ok(v(m, 'apiserver_storage_objects', { resource: 'clusterroles.rbac.authorization.k8s.io' }) > 10);
});

test('apiserver_current_inflight_requests reports the peak of the last second per request kind', async () => {
  // A get for a resourceVersion the store has not reached waits (3 s) while it holds a read-only slot.
  const waiting = s.request('GET', '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan');
  await new Promise((r) => setTimeout(r, 1300));
  const m = await scrape();
  assert.ok(v(m, 'apiserver_current_inflight_requests', { request_kind: 'readOnly' }) >= 1);
  assert.equal(m.get('apiserver_current_inflight_requests')!.samples.filter((x) => x.labels.request_kind === 'mutating').length, 1);
  assert.equal((await waiting).status, 504);
});

test('compiling the CEL rules of a CRD is timed', async () => {
  const before = v(await scrape(), 'apiserver_cel_compilation_duration_seconds_count');
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gauges.metrics.example.com' },
    spec: {
      group: 'metrics.example.com',
      names: { plural: 'gauges', singular: 'gauge', kind: 'Gauge', listKind: 'GaugeList' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.min <= self.max' }], properties: { min: { type: 'integer' }, max: { type: 'integer' } } } } } } }],
    },
  };
  const r = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(crd) });
  assert.equal(r.status, 201, r.body);
  assert.ok(v(await scrape(), 'apiserver_cel_compilation_duration_seconds_count') > before);
});

test('--show-hidden-metrics-for-version=1.32 shows the hidden deprecated metrics; other versions are refused', async () => {
  const shown = await startTestServer({ storageBackend: 'memory', showHiddenMetricsForVersion: '1.32' });
  try {
    await shown.request('GET', '/api/v1/namespaces');
    const m = await scrape(shown);
    const slo = m.get('apiserver_request_slo_duration_seconds');
    assert.equal(slo?.help, '[ALPHA] (Deprecated since 1.27.0) Response latency distribution (not counting webhook duration and priority & fairness queue wait times) in seconds for each verb, group, version, resource, subresource, scope and component.');
    assert.ok(v(m, 'apiserver_request_slo_duration_seconds_count', { verb: 'LIST', resource: 'namespaces' }) >= 1);
  } finally {
    await shown.close();
  }
  await assert.rejects(startServer({ storageBackend: 'memory', securePort: 0, showHiddenMetricsForVersion: '1.30' }), {
    message: `invalid showHiddenMetricsForVersion: showHiddenMetricsForVersion: Invalid value: "1.30": must be omitted or have the value '1.32'; only the previous minor version is allowed`,
  });
});

test('on etcd: etcd_request_duration_seconds times the engine calls and apiserver_storage_objects counts in etcd', { skip: etcdSkipReason() }, async () => {
  const etcd = await startEtcd();
  const onEtcd = await startTestServer({ etcdServers: [etcd.url], leaderElection: false, etcdCountMetricPollPeriodMs: 200 });
  try {
    const before = await scrape(onEtcd);
    assert.equal((await onEtcd.request('POST', '/api/v1/namespaces/default/configmaps', { headers: { 'content-type': 'application/json' }, body: cm('in-etcd') })).status, 201);
    assert.equal((await onEtcd.request('PUT', '/api/v1/namespaces/default/configmaps/in-etcd', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'in-etcd' }, data: { changed: 'yes' } }) })).status, 200);
    await new Promise((r) => setTimeout(r, 500));
    const after = await scrape(onEtcd);
    assert.equal(after.get('etcd_request_duration_seconds')?.help, '[ALPHA] Etcd request latency in seconds for each operation and object type.');
    const d = (labels: Record<string, string>) => v(after, 'etcd_request_duration_seconds_count', labels) - v(before, 'etcd_request_duration_seconds_count', labels);
    assert.ok(d({ operation: 'create', type: 'configmaps' }) >= 1); // ours, and the controllers' kube-root-ca.crt
    assert.ok(d({ operation: 'update', type: 'configmaps' }) >= 1);
    assert.ok(v(after, 'etcd_requests_total', { operation: 'listWithCount', type: '/registry/configmaps/' }) >= 1);
    // The count is polled every 200 ms, and controllers may still be adding ConfigMaps (kube-root-ca.crt): the
    // gauge must reach the listed count within a few poll periods, however loaded the machine.
    const counted = async () => {
      const count = (await onEtcd.request('GET', '/api/v1/configmaps')).json().items.length as number;
      return { count, gauge: v(await scrape(onEtcd), 'apiserver_storage_objects', { resource: 'configmaps' }) };
    };
    let seen = await counted();
    for (const deadline = Date.now() + 10_000; seen.gauge !== seen.count && Date.now() < deadline; seen = await counted()) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(seen.gauge, seen.count);
  } finally {
    await onEtcd.close();
    await etcd.stop();
  }
});
