// Audit (issue 21): a policy's levels and stages written by the log backend as audit.k8s.io/v1 Events (a watch, an
// impersonated request, a failed authentication, an error answer), nothing lost in blocking mode, the webhook
// backend receiving EventLists, and kube's start-up errors for bad audit options.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as h2connect } from 'node:http2';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { startServer } from '../src/index.js';
import { parsePrometheusText, sampleValue } from '../src/testing/prometheus-text.js';

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/livez*", "/readyz*", "/metrics", "/version"]
- level: Metadata
  verbs: ["watch"]
- level: Metadata
  resources:
  - group: ""
    resources: ["secrets"]
- level: Request
  resources:
  - group: ""
    resources: ["serviceaccounts"]
- level: RequestResponse
  omitManagedFields: true
  resources:
  - group: ""
    resources: ["configmaps"]
- level: Metadata
  omitStages: ["RequestReceived"]
`;

interface AuditEvent {
  kind: string;
  apiVersion: string;
  level: string;
  auditID: string;
  stage: string;
  requestURI: string;
  verb: string;
  user: { username?: string; groups?: string[] };
  impersonatedUser?: { username?: string; groups?: string[] };
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: Record<string, string>;
  responseStatus?: Record<string, unknown>;
  requestObject?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  responseObject?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

const MICRO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const KEYS = ['kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'impersonatedUser', 'sourceIPs', 'userAgent', 'objectRef', 'responseStatus', 'requestObject', 'responseObject', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations'];

/** Parses one JSON line as an audit.k8s.io/v1 Event, checking its shape. */
function parseEvent(line: string): AuditEvent {
  const e = JSON.parse(line) as AuditEvent;
  assert.equal(e.kind, 'Event');
  assert.equal(e.apiVersion, 'audit.k8s.io/v1');
  assert.ok(['Metadata', 'Request', 'RequestResponse'].includes(e.level), e.level);
  assert.ok(['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'].includes(e.stage), e.stage);
  assert.match(e.auditID, /\S/);
  assert.match(e.requestReceivedTimestamp, MICRO_TIME);
  assert.match(e.stageTimestamp, MICRO_TIME);
  assert.equal(typeof e.user, 'object');
  const keys = Object.keys(e);
  assert.deepEqual(keys, KEYS.filter((k) => keys.includes(k)), 'members in kube order');
  assert.deepEqual(keys.filter((k) => !KEYS.includes(k)), []);
  return e;
}

let s: TestServer;
let dir: string;
let webhook: Server;
const posted: { contentType?: string; body: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-audit-'));
  writeFileSync(join(dir, 'policy.yaml'), POLICY);
  writeFileSync(join(dir, 'tokens.csv'), 'secret-bob,bob,1001\n');
  webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posted.push({ contentType: req.headers['content-type'], body: JSON.parse(body) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: audit
  cluster:
    server: http://127.0.0.1:${(webhook.address() as AddressInfo).port}/audit
users:
- name: apiserver
  user: {}
contexts:
- name: default
  context: {cluster: audit, user: apiserver}
current-context: default
`;
  writeFileSync(join(dir, 'webhook.kubeconfig'), kubeconfig);
  s = await startTestServer({
    dataDir: join(dir, 'data'),
    storageBackend: 'memory',
    tokenAuthFile: join(dir, 'tokens.csv'),
    auditPolicyFile: join(dir, 'policy.yaml'),
    auditLogPath: join(dir, 'logs', 'audit.log'),
    auditWebhookConfigFile: join(dir, 'webhook.kubeconfig'),
    auditWebhookBatch: { bufferSize: 10000, maxBatchSize: 400, maxWaitMs: 100, throttleEnable: false, throttleQPS: 0, throttleBurst: 0 },
  });
});
after(async () => {
  await s.close();
  webhook.close();
});

function events(): AuditEvent[] {
  return readFileSync(join(dir, 'logs', 'audit.log'), 'utf8').split('\n').filter(Boolean).map(parseEvent);
}

const byId = (id: string) => events().filter((e) => e.auditID === id);
const json = { 'content-type': 'application/json' };

test('Metadata: RequestReceived and ResponseComplete with user, source IP, user agent, objectRef, status and the authorization annotations; no bodies', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/secrets', { headers: { ...json, 'user-agent': 'audit-test/1.0', 'x-forwarded-for': '10.1.2.3' }, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1' } }) });
  assert.equal(r.status, 201);
  const id = r.headers['audit-id'] as string;
  const evs = byId(id);
  assert.deepEqual(evs.map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
  const [received, complete] = evs as [AuditEvent, AuditEvent];
  assert.equal(received.level, 'Metadata');
  assert.equal(received.verb, 'create');
  assert.equal(received.requestURI, '/api/v1/namespaces/default/secrets');
  assert.equal(received.user.username, 'kubelite-admin');
  assert.deepEqual(received.user.groups, ['system:masters', 'system:authenticated']);
  assert.deepEqual(received.sourceIPs, ['10.1.2.3', '127.0.0.1']);
  assert.equal(received.userAgent, 'audit-test/1.0');
  assert.deepEqual(received.objectRef, { resource: 'secrets', namespace: 'default', apiVersion: 'v1' });
  // once the body is decoded, kube completes objectRef from it
  assert.deepEqual(complete.objectRef, { resource: 'secrets', namespace: 'default', name: 's1', apiVersion: 'v1' });
  assert.equal(received.responseStatus, undefined);
  assert.deepEqual(complete.responseStatus, { metadata: {}, code: 201 });
  assert.equal(complete.requestObject, undefined);
  assert.equal(complete.responseObject, undefined);
  assert.deepEqual(complete.annotations, { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' });
  assert.equal(complete.requestReceivedTimestamp, received.requestReceivedTimestamp);
});

test('Request records the request body; RequestResponse both bodies, without managedFields when the rule omits them', async () => {
  const sa = await s.request('POST', '/api/v1/namespaces/default/serviceaccounts', { headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } }) });
  assert.equal(sa.status, 201);
  const saDone = byId(sa.headers['audit-id'] as string).find((e) => e.stage === 'ResponseComplete')!;
  assert.equal(saDone.level, 'Request');
  assert.deepEqual(saDone.requestObject, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } });
  assert.equal(saDone.responseObject, undefined);

  const cm = await s.request('POST', '/api/v1/namespaces/default/configmaps?fieldManager=audit-test', { headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1' }, data: { a: '1' } }) });
  assert.equal(cm.status, 201);
  assert.ok(cm.json().metadata.managedFields, 'the object has managedFields');
  const done = byId(cm.headers['audit-id'] as string).find((e) => e.stage === 'ResponseComplete')!;
  assert.equal(done.level, 'RequestResponse');
  assert.deepEqual(done.requestObject, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1' }, data: { a: '1' } });
  assert.equal(done.responseObject?.metadata.name, 'c1');
  assert.equal(done.responseObject?.metadata.uid, cm.json().metadata.uid);
  assert.equal(done.responseObject?.metadata.managedFields, undefined);
});

test('an error answer records the full Status as responseStatus', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/configmaps/missing');
  assert.equal(r.status, 404);
  const done = byId(r.headers['audit-id'] as string).find((e) => e.stage === 'ResponseComplete')!;
  assert.deepEqual(done.responseStatus, { metadata: {}, status: 'Failure', message: 'configmaps "missing" not found', reason: 'NotFound', details: { name: 'missing', kind: 'configmaps' }, code: 404 });
});

test('a watch gets RequestReceived, ResponseStarted and ResponseComplete', async () => {
  const session = h2connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  const stream = session.request({ ':path': '/api/v1/namespaces/default/configmaps?watch=1' });
  stream.on('data', () => undefined);
  const headers = await new Promise<Record<string, unknown>>((r) => stream.once('response', r));
  const id = headers['audit-id'] as string;
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(byId(id).map((e) => e.stage), ['RequestReceived', 'ResponseStarted']);
  stream.close();
  session.close();
  for (let i = 0; i < 50 && byId(id).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
  const evs = byId(id);
  assert.deepEqual(evs.map((e) => e.stage), ['RequestReceived', 'ResponseStarted', 'ResponseComplete']);
  assert.equal(evs[1]!.verb, 'watch');
  assert.deepEqual(evs[1]!.responseStatus, { metadata: {}, code: 200 });
});

test('an impersonated request records the authenticated user and the impersonated one; the rule omits RequestReceived', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/pods', { headers: { 'impersonate-user': 'bob', 'impersonate-group': 'developers' } });
  assert.equal(r.status, 403);
  const evs = byId(r.headers['audit-id'] as string);
  assert.deepEqual(evs.map((e) => e.stage), ['ResponseComplete']);
  const e = evs[0]!;
  assert.equal(e.user.username, 'kubelite-admin');
  assert.deepEqual(e.impersonatedUser, { username: 'bob', groups: ['developers', 'system:authenticated'] });
  assert.equal(e.annotations?.['authorization.k8s.io/decision'], 'forbid');
  assert.equal((e.responseStatus as { code: number }).code, 403);
  assert.equal((e.responseStatus as { reason: string }).reason, 'Forbidden');
});

test('a failed authentication is one ResponseStarted event without a user and with the 401 Status', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/pods', { cert: false, headers: { authorization: 'Bearer nope' } });
  assert.equal(r.status, 401);
  const evs = byId(r.headers['audit-id'] as string);
  assert.equal(evs.length, 1);
  assert.equal(evs[0]!.stage, 'ResponseStarted');
  assert.deepEqual(evs[0]!.user, {});
  assert.deepEqual(evs[0]!.responseStatus, { metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
});

test('level None records nothing; blocking mode loses no event of concurrent requests', async () => {
  const probe = await s.request('GET', '/healthz');
  assert.equal(byId(probe.headers['audit-id'] as string).length, 0);
  const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => s.request('GET', `/api/v1/namespaces/default/secrets/absent-${i}`, { http2: i % 2 === 0 })));
  const all = events();
  for (const r of rs) {
    assert.equal(r.status, 404);
    assert.deepEqual(all.filter((e) => e.auditID === r.headers['audit-id']).map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
  }
});

test('the webhook backend receives EventLists of the same events; audit metrics count them', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/configmaps/c1');
  const id = r.headers['audit-id'] as string;
  let items: { auditID: string; stage: string }[] = [];
  for (let i = 0; i < 100; i++) {
    items = posted.flatMap((p) => p.body.items).filter((e: { auditID: string }) => e.auditID === id);
    if (items.length === 2) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  assert.deepEqual(items.map((e) => e.stage), ['RequestReceived', 'ResponseComplete']);
  for (const p of posted) {
    assert.equal(p.contentType, 'application/json');
    assert.equal(p.body.kind, 'EventList');
    assert.equal(p.body.apiVersion, 'audit.k8s.io/v1');
    assert.deepEqual(p.body.metadata, {});
    for (const item of p.body.items) parseEvent(JSON.stringify(item));
  }
  const fromLog = byId(id);
  assert.deepEqual(items, fromLog);
  const m = parsePrometheusText((await s.request('GET', '/metrics')).body);
  assert.ok((sampleValue(m, 'apiserver_audit_event_total') ?? 0) >= events().length);
  assert.ok((sampleValue(m, 'apiserver_audit_level_total', { level: 'None' }) ?? 0) >= 1);
  assert.ok((sampleValue(m, 'apiserver_audit_level_total', { level: 'RequestResponse' }) ?? 0) >= 2);
});

test('bad audit options stop the start with kube-apiserver texts', async () => {
  const policy = join(dir, 'bad-policy.yaml');
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Loud\n');
  await assert.rejects(startServer({ storageBackend: 'memory', securePort: 0, auditPolicyFile: policy, auditLogPath: join(dir, 'x.log') }), {
    message: `loading audit policy file: rules[0].level: Unsupported value: "Loud": supported values: "None", "Metadata", "Request", "RequestResponse": from file ${policy}`,
  });
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1beta1\nkind: Policy\nrules:\n- level: None\n');
  await assert.rejects(startServer({ storageBackend: 'memory', securePort: 0, auditPolicyFile: policy, auditLogPath: join(dir, 'x.log') }), {
    message: `loading audit policy file: unknown group version field audit.k8s.io/v1beta1, Kind=Policy in policy: from file ${policy}`,
  });
  await assert.rejects(startServer({ storageBackend: 'memory', securePort: 0, auditLogPath: join(dir, 'x.log'), auditLogFormat: 'xml' }), {
    message: 'invalid audit log format xml, allowed formats are "legacy,json"',
  });
  await assert.rejects(startServer({ storageBackend: 'memory', securePort: 0, auditLogPath: join(dir, 'x.log'), auditLogMode: 'fast' }), {
    message: 'invalid audit log mode fast, allowed modes are "batch,blocking,blocking-strict"',
  });
});
