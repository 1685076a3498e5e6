import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withAudit } from '../../filters/audit.js';
import type { RequestContext, UserInfo } from '../../http/request-context.js';
import { parseRequestInfo } from '../../http/request-info.js';
import { Auditor } from './auditor.js';
import type { AuditBackend } from './backend.js';
import { eventJSON, microTime, type AuditEvent } from './event.js';
import { parsePolicy, PolicyEvaluator } from './policy.js';

/** A Go map as encoding/json writes it: keys in the byte order of their UTF-8. */
function goMap(m: Record<string, unknown>): string {
  const keys = Object.keys(m).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`).join(',')}}`;
}

/**
 * The event written the plain way: kube's member order, empty optional members left out, JSON.stringify, and the two
 * maps (annotations, user.extra) with their keys sorted as Go sorts them. Maps are swapped in through placeholders.
 */
function referenceJSON(e: AuditEvent): string {
  const maps: string[] = [];
  const map = (m: Record<string, unknown> | undefined) => (m ? `\u0000map${maps.push(goMap(m)) - 1}\u0000` : undefined);
  const user = (u: AuditEvent['user'] | undefined) => u && { ...u, extra: map(u.extra) };
  return JSON.stringify({
    kind: e.kind,
    apiVersion: e.apiVersion,
    level: e.level,
    auditID: e.auditID,
    stage: e.stage,
    requestURI: e.requestURI,
    verb: e.verb,
    user: user(e.user),
    impersonatedUser: user(e.impersonatedUser) || undefined,
    sourceIPs: e.sourceIPs?.length ? e.sourceIPs : undefined,
    userAgent: e.userAgent || undefined,
    objectRef: e.objectRef || undefined,
    responseStatus: e.responseStatus || undefined,
    requestObject: e.requestObject,
    responseObject: e.responseObject,
    requestReceivedTimestamp: e.requestReceivedTimestamp,
    stageTimestamp: e.stageTimestamp,
    annotations: e.annotations && Object.keys(e.annotations).length ? map(e.annotations) : undefined,
  }).replace(/"\\u0000map(\d+)\\u0000"/g, (_, i: string) => maps[Number(i)]!);
}

class Capture implements AuditBackend {
  readonly name = 'capture';
  events: AuditEvent[] = [];
  processEvents(events: AuditEvent[]): boolean {
    this.events.push(...events);
    return true;
  }
  async shutdown(): Promise<void> {}
}

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: []
rules:
- level: None
  users: [quiet]
- level: RequestResponse
  verbs: [create]
  omitManagedFields: true
- level: Request
  verbs: [update, patch]
- level: Metadata
`;

const extra = { 'authentication.kubernetes.io/credential-id': ['X509SHA256=00ff'], 'b/"quoted"': ['ünïcode', 'x'] };
const sessions = [{}, {}];

interface Shape {
  method?: string;
  url: string;
  user?: UserInfo;
  impersonatedBy?: UserInfo;
  headers?: Record<string, string>;
  peer?: string;
  session?: number;
  status?: number;
  errorStatus?: object;
  body?: { text: string; type: string };
  response?: { text: string; type: string };
  annotations?: Record<string, string>;
  longRunning?: boolean;
  headersSent?: boolean;
  throws?: boolean;
}

let n = 0;
function context(s: Shape): RequestContext {
  const [path, q = ''] = s.url.split('?') as [string, string?];
  const query = new URLSearchParams(q);
  const method = s.method ?? 'GET';
  return {
    req: { url: s.url, headers: s.headers ?? {}, socket: { remoteAddress: s.peer ?? '::ffff:127.0.0.1' }, stream: { session: sessions[s.session ?? 0] } } as never,
    res: { statusCode: s.status ?? 200, headersSent: s.headersSent ?? true, writeHead: () => undefined } as never,
    http2: true,
    method,
    path,
    query,
    receivedAt: 1764180000000 + n * 1037,
    auditId: `id-${n++}`,
    requestInfo: parseRequestInfo(method, path, query),
    user: s.user && { ...s.user, groups: [...s.user.groups] },
    impersonatedBy: s.impersonatedBy,
    warnings: [],
    signal: undefined as never,
    timedOut: false,
    longRunning: s.longRunning ?? false,
  };
}

const admin: UserInfo = { name: 'kubelite-admin', uid: '', groups: ['system:masters', 'system:authenticated'], extra };
const jane: UserInfo = { name: 'jane', uid: 'u-1', groups: ['dev', 'system:authenticated'] };

const SHAPES: Shape[] = [
  { url: '/api/v1/namespaces/default/configmaps/cm-1', user: admin, headers: { 'user-agent': 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' }, annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' } },
  { url: '/api/v1/namespaces/default/configmaps/cm-1', user: admin, headers: { 'user-agent': 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' }, annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' } },
  { url: '/api/v1/namespaces/default/configmaps/cm-2?resourceVersion=0', user: admin, session: 1, peer: '10.1.2.3', headers: { 'user-agent': 'ünïcode "agent"\\' } },
  { url: '/api/v1/namespaces/default/configmaps/cm-2?resourceVersion=0', user: jane, session: 1, peer: '10.1.2.3', headers: { 'x-forwarded-for': '1.1.1.1, 2.2.2.2', 'x-real-ip': '3.3.3.3' } },
  { url: '/apis/apps/v1/namespaces/kube-system/deployments/d/scale', user: jane, headers: { 'user-agent': 'x'.repeat(2000) }, status: 404, errorStatus: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'deployments.apps "d" not found', reason: 'NotFound', details: { name: 'd', group: 'apps', kind: 'deployments' }, code: 404 } },
  { url: '/apis/apps/v1/namespaces/kube-system/deployments/d/scale', user: jane, headers: { 'user-agent': 'é'.repeat(400) } },
  { url: '/healthz/etcd', user: admin, annotations: { 'z-last': 'v', '10': 'numeric key', 'a\u2028b': 'line\nbreak' } },
  { url: '/api/v1/namespaces/default/pods?watch=true', user: jane, longRunning: true, headersSent: false },
  { url: '/api/v1/namespaces/default/pods?watch=1', user: jane, longRunning: true },
  { method: 'POST', url: '/api/v1/namespaces/default/configmaps', user: jane, status: 201, body: { text: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"made","namespace":"default","managedFields":[{"manager":"m"}]},"data":{"k":"ü"}}', type: 'application/json' }, response: { text: '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"made","uid":"u-9","resourceVersion":"7","managedFields":[{"manager":"m"}]}}', type: 'application/json' } },
  { method: 'PUT', url: '/api/v1/namespaces/default/configmaps/made', user: admin, impersonatedBy: jane, body: { text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made\n  resourceVersion: "7"\n', type: 'application/yaml' } },
  { method: 'PATCH', url: '/api/v1/namespaces/default/configmaps/made', user: admin, body: { text: '{"data":{"k":"v"}}', type: 'application/merge-patch+json' } },
  { method: 'DELETE', url: '/api/v1/namespaces/default/configmaps/made', user: { name: 'system:serviceaccount:ns:sa', groups: [] }, peer: '::1' },
  { url: '/api/v1/namespaces/default/configmaps/cm-1', user: admin, throws: true },
  { url: '/api/v1/namespaces/default/configmaps/cm-1', user: { name: 'quiet', groups: [] } },
  { url: '/version', user: undefined, headersSent: false },
];

async function audit(shapes: Shape[]): Promise<AuditEvent[]> {
  const backend = new Capture();
  const auditor = new Auditor(new PolicyEvaluator(parsePolicy(POLICY)), backend);
  const filter = withAudit(auditor);
  for (const s of shapes) {
    const ctx = context(s);
    if (s.impersonatedBy) ctx.impersonatedBy = { ...s.impersonatedBy };
    await filter(ctx, async () => {
      if (s.body && ctx.auditCapture) Object.assign(ctx.auditCapture, { requestBody: Buffer.from(s.body.text), requestContentType: s.body.type });
      if (s.annotations) ctx.auditAnnotations = { ...s.annotations };
      if (s.errorStatus && ctx.auditCapture) ctx.auditCapture.status = s.errorStatus;
      if (s.response && ctx.auditCapture) Object.assign(ctx.auditCapture, { responseBody: Buffer.from(s.response.text), responseContentType: s.response.type });
      if (s.longRunning && s.headersSent !== false) (ctx.res as unknown as { writeHead: () => void }).writeHead();
      if (s.throws) throw new Error('handler "failed"');
    }).catch(() => undefined);
  }
  const failed = context({ url: '/api/v1/pods', headers: { 'user-agent': 'curl/8' } });
  auditor.failedAuthentication(failed);
  return backend.events;
}

test('an event line is the event JSON-encoded in kube member order at every level and stage', async () => {
  const events = await audit(SHAPES);
  const seen = new Set(events.map((e) => `${e.level}/${e.stage}`));
  for (const want of ['Metadata/RequestReceived', 'Metadata/ResponseComplete', 'Metadata/ResponseStarted', 'Metadata/Panic', 'Request/RequestReceived', 'Request/ResponseComplete', 'RequestResponse/RequestReceived', 'RequestResponse/ResponseComplete']) {
    assert.ok(seen.has(want), `${want} in ${[...seen].join(' ')}`);
  }
  assert.ok(!events.some((e) => e.user.username === 'quiet'), 'level None records nothing');
  for (const e of events) assert.equal(eventJSON(e), referenceJSON(e));
  // The same events again: what is cached between requests and connections gives the same bytes.
  const again = await audit([...SHAPES].reverse());
  for (const e of again) assert.equal(eventJSON(e), referenceJSON(e));
});

test('annotations and user.extra are written with their keys in Go map order', async () => {
  const extra = { z: ['1'], '10': ['2'], '9': ['3'], '-x': ['4'], 'é': ['5'], '\u{1F600}': ['6'], '\uFF5E': ['7'] };
  const annotations = { 'z-last': 'v', '10': 'a', '9': 'b', '-x': 'c', 'authorization.k8s.io/reason': '', 'authorization.k8s.io/decision': 'allow' };
  const [, complete] = await audit([{ url: '/api/v1/namespaces/default/configmaps/cm-9', user: { name: 'extra-user', uid: '', groups: ['g'], extra }, annotations }]);
  const line = eventJSON(complete!);
  assert.ok(line.includes('"extra":{"-x":["4"],"10":["2"],"9":["3"],"z":["1"],"é":["5"],"～":["7"],"\u{1F600}":["6"]}'), line);
  assert.ok(line.endsWith('"annotations":{"-x":"c","10":"a","9":"b","authorization.k8s.io/decision":"allow","authorization.k8s.io/reason":"","z-last":"v"}}'), line);
});

test('an event of a GET carries the request metadata', async () => {
  const [received, complete] = await audit([SHAPES[0]!]);
  assert.equal(
    eventJSON(complete!),
    '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"' + complete!.auditID + '","stage":"ResponseComplete",' +
      '"requestURI":"/api/v1/namespaces/default/configmaps/cm-1","verb":"get","user":{"username":"kubelite-admin","groups":["system:masters","system:authenticated"],' +
      '"extra":{"authentication.kubernetes.io/credential-id":["X509SHA256=00ff"],"b/\\"quoted\\"":["ünïcode","x"]}},"sourceIPs":["127.0.0.1"],' +
      '"userAgent":"kubectl/v1.33.0 (linux/amd64) kubernetes/abc","objectRef":{"resource":"configmaps","namespace":"default","name":"cm-1","apiVersion":"v1"},' +
      '"responseStatus":{"metadata":{},"code":200},"requestReceivedTimestamp":"' + received!.requestReceivedTimestamp + '","stageTimestamp":"' + complete!.stageTimestamp + '",' +
      '"annotations":{"authorization.k8s.io/decision":"allow","authorization.k8s.io/reason":""}}',
  );
  assert.match(complete!.stageTimestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
});

test('MicroTime is RFC 3339 in UTC with six fractional digits, truncated', () => {
  const reference = (ms: number) => {
    const whole = Math.floor(ms);
    return `${new Date(whole).toISOString().slice(0, 23)}${String(Math.floor((ms - whole) * 1000)).padStart(3, '0')}Z`;
  };
  const base = 1764180000000;
  const samples = [base, base + 0.0004, base + 999.9999, base + 1000, base + 59_999.5, base + 86_400_000 - 0.001, 0, 951_782_400_000.25];
  for (let i = 0; i < 2000; i++) samples.push(base + Math.random() * 5000);
  for (let i = 0; i < 200; i++) samples.push(base + i * 1000 - 0.0005, base + i * 1000 + 0.0005);
  for (const ms of samples) assert.equal(microTime(ms), reference(ms), String(ms));
  assert.equal(microTime(base + 12.3456), '2025-11-26T18:00:00.012345Z');
});
