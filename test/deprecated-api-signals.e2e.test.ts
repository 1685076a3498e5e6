// A request to a deprecated API is seen in every place kube shows it: the Warning header, the audit event's
// k8s.io/deprecated and k8s.io/removed-release annotations, and the apiserver_requested_deprecated_apis gauge.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { parsePrometheusText, sampleValue } from '../src/testing/prometheus-text.js';

let s: TestServer;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-deprecated-'));
  writeFileSync(join(dir, 'policy.yaml'), 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n');
  s = await startTestServer({
    dataDir: join(dir, 'data'),
    storageBackend: 'memory',
    runtimeConfig: 'admissionregistration.k8s.io/v1beta1=true',
    auditPolicyFile: join(dir, 'policy.yaml'),
    auditLogPath: join(dir, 'audit.log'),
  });
});
after(async () => {
  await s.close();
});

type Event = { auditID: string; requestURI: string; annotations?: Record<string, string> };
const auditEvents = (): Event[] => readFileSync(join(dir, 'audit.log'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);

test('a deprecated version: Warning header, audit annotations and the requested-deprecated-APIs gauge', async () => {
  const r = await s.request('GET', '/apis/admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies');
  assert.equal(r.status, 200, r.body);
  assert.equal(r.headers.warning, '299 - "admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy is deprecated in v1.31+, unavailable in v1.34+"');
  const ep = await s.request('GET', '/api/v1/namespaces/default/endpoints');
  assert.equal(ep.status, 200, ep.body);
  const fresh = await s.request('GET', '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies');
  assert.equal(fresh.headers.warning, undefined);

  const byId = (id: string) => auditEvents().find((e) => e.auditID === id);
  const vapEvent = byId(r.headers['audit-id'] as string);
  assert.equal(vapEvent?.annotations?.['k8s.io/deprecated'], 'true');
  assert.equal(vapEvent?.annotations?.['k8s.io/removed-release'], '1.34');
  const epEvent = byId(ep.headers['audit-id'] as string);
  assert.equal(epEvent?.annotations?.['k8s.io/deprecated'], 'true');
  assert.equal(epEvent?.annotations?.['k8s.io/removed-release'], undefined, 'no removal release is planned for v1 Endpoints');
  assert.equal(byId(fresh.headers['audit-id'] as string)?.annotations?.['k8s.io/deprecated'], undefined);

  const metrics = parsePrometheusText((await s.request('GET', '/metrics')).body);
  assert.equal(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { group: 'admissionregistration.k8s.io', version: 'v1beta1', resource: 'validatingadmissionpolicies', subresource: '', removed_release: '1.34' }), 1);
  assert.equal(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { group: '', version: 'v1', resource: 'endpoints', subresource: '', removed_release: '' }), 1);
  assert.equal(sampleValue(metrics, 'apiserver_requested_deprecated_apis', { version: 'v1', resource: 'validatingadmissionpolicies' }), undefined);
});
