// The PodSecurity admission plug-in as kube-apiserver 1.33 runs it: namespace labels choose the level per mode, the
// enforce level refuses pods with kube's 403 text, the warn level adds kube's Warning, workloads only warn, bad
// labels are refused, raising the enforce level warns about existing pods, and the configuration file's defaults
// and exemptions apply.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const json = { 'Content-Type': 'application/json' };
const post = (server: TestServer, path: string, obj: object) => server.request('POST', path, { body: JSON.stringify(obj), headers: json });
const namespace = (name: string, labels: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
const pod = (name: string, spec: object = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'nginx', image: 'nginx' }], ...spec } });
/** The Warning header values, unquoted. */
const warnings = (h: string | string[] | undefined) => [...String(h ?? '').matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);

const RESTRICTED_NGINX =
  'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

const compliant = {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [{ name: 'nginx', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
};

test('enforce=restricted: a plain pod is refused with kube 403 text, a compliant one is created', async () => {
  assert.equal((await post(s, '/api/v1/namespaces', namespace('strict', { 'pod-security.kubernetes.io/enforce': 'restricted' }))).status, 201);
  const r = await post(s, '/api/v1/namespaces/strict/pods', pod('p'));
  assert.equal(r.status, 403, r.body);
  const status = r.json();
  assert.equal(status.reason, 'Forbidden');
  assert.equal(status.message, `pods "p" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`);
  assert.deepEqual(status.details, { name: 'p', kind: 'pods' });
  const ok = await post(s, '/api/v1/namespaces/strict/pods', pod('good', compliant));
  assert.equal(ok.status, 201, ok.body);
  assert.equal(ok.headers['warning'], undefined);
});

test('warn=restricted: the pod is created and kubectl prints kube Warning text', async () => {
  assert.equal((await post(s, '/api/v1/namespaces', namespace('warned', { 'pod-security.kubernetes.io/warn': 'restricted' }))).status, 201);
  const r = await s.kubectl(['run', 'web', '--image=nginx', '-n', 'warned']);
  assert.equal(r.code, 0, r.stderr);
  const expected = RESTRICTED_NGINX.replaceAll('"nginx"', '"web"');
  assert.equal(r.stderr, `Warning: would violate PodSecurity "restricted:latest": ${expected}\n`);
  assert.equal(r.stdout, 'pod/web created\n');
});

test('baseline: host namespaces, privileged, hostPath and host ports in kube order and wording', async () => {
  assert.equal((await post(s, '/api/v1/namespaces', namespace('base', { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/enforce-version': 'v1.33' }))).status, 201);
  const r = await post(s, '/api/v1/namespaces/base/pods', pod('host', {
    hostNetwork: true,
    hostPID: true,
    volumes: [{ name: 'root', hostPath: { path: '/' } }],
    containers: [
      { name: 'a', image: 'busybox', securityContext: { privileged: true, capabilities: { add: ['NET_ADMIN', 'CHOWN'] } }, ports: [{ containerPort: 80, hostPort: 8080 }] },
      { name: 'b', image: 'busybox', ports: [{ containerPort: 81, hostPort: 9090 }] },
    ],
  }));
  assert.equal(r.status, 403, r.body);
  assert.equal(
    r.json().message,
    'pods "host" is forbidden: violates PodSecurity "baseline:v1.33": host namespaces (hostNetwork=true, hostPID=true), ' +
      'hostPort (containers "a", "b" use hostPorts 8080, 9090), privileged (container "a" must not set securityContext.privileged=true), ' +
      'non-default capabilities (container "a" must not include "NET_ADMIN" in securityContext.capabilities.add), hostPath volumes (volume "root")',
  );
});

test('a Deployment in a warn=baseline namespace is created with a warning, never refused', async () => {
  assert.equal((await post(s, '/api/v1/namespaces', namespace('wl', { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/warn': 'baseline' }))).status, 201);
  const d = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { hostIPC: true, containers: [{ name: 'c', image: 'nginx' }] } } },
  };
  const r = await post(s, '/apis/apps/v1/namespaces/wl/deployments', d);
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(warnings(r.headers['warning']), ['would violate PodSecurity "baseline:latest": host namespaces (hostIPC=true)']);
});

test('bad labels are refused on create with kube field errors', async () => {
  const r = await post(s, '/api/v1/namespaces', namespace('bad', { 'pod-security.kubernetes.io/enforce': 'strict', 'pod-security.kubernetes.io/warn-version': '1.30' }));
  assert.equal(r.status, 422, r.body);
  assert.equal(
    r.json().message,
    'Namespace "bad" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted, ' +
      'metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.30": must be "latest" or "v1.x"]',
  );
});

test('raising the enforce level warns about the pods already there', async () => {
  assert.equal((await post(s, '/api/v1/namespaces', namespace('raise', {}))).status, 201);
  for (const n of ['p1', 'p2', 'p3']) assert.equal((await post(s, '/api/v1/namespaces/raise/pods', pod(n))).status, 201);
  assert.equal((await post(s, '/api/v1/namespaces/raise/pods', pod('priv', { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] }))).status, 201);
  const r = await s.kubectl(['label', 'namespace', 'raise', 'pod-security.kubernetes.io/enforce=baseline']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, 'Warning: existing pods in namespace "raise" violate the new PodSecurity enforce level "baseline:latest"\nWarning: priv: privileged\n');
  const r2 = await s.kubectl(['label', '--overwrite', 'namespace', 'raise', 'pod-security.kubernetes.io/enforce=restricted']);
  assert.equal(r2.code, 0, r2.stderr);
  assert.equal(
    r2.stderr,
    'Warning: existing pods in namespace "raise" violate the new PodSecurity enforce level "restricted:latest"\n' +
      'Warning: p1 (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile\n' +
      'Warning: priv: privileged, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile\n',
  );
});

test('the configuration file sets the cluster default level and exempts namespaces', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-psa-'));
  const file = join(dir, 'admission.yaml');
  writeFileSync(
    file,
    [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodSecurity',
      '  configuration:',
      '    apiVersion: pod-security.admission.config.k8s.io/v1',
      '    kind: PodSecurityConfiguration',
      '    defaults:',
      '      enforce: baseline',
      '      warn: restricted',
      '    exemptions:',
      '      namespaces: [free]',
      '',
    ].join('\n'),
  );
  const c = await startTestServer({ admissionControlConfigFile: file });
  try {
    const priv = pod('priv', { containers: [{ name: 'nginx', image: 'nginx', securityContext: { privileged: true } }] });
    const refused = await post(c, '/api/v1/namespaces/default/pods', priv);
    assert.equal(refused.status, 403, refused.body);
    assert.equal(refused.json().message, 'pods "priv" is forbidden: violates PodSecurity "baseline:latest": privileged (container "nginx" must not set securityContext.privileged=true)');
    const plain = await post(c, '/api/v1/namespaces/default/pods', pod('plain'));
    assert.equal(plain.status, 201, plain.body);
    assert.deepEqual(warnings(plain.headers['warning']), [`would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`]);
    assert.equal((await post(c, '/api/v1/namespaces', namespace('free', {}))).status, 201);
    const exempt = await post(c, '/api/v1/namespaces/free/pods', priv);
    assert.equal(exempt.status, 201, exempt.body);
    assert.equal(exempt.headers['warning'], undefined);
  } finally {
    await c.close();
  }
});
