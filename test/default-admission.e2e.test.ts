// kube-apiserver 1.33's default admission plug-ins that kubelite has: Priority and DefaultTolerationSeconds, with
// kube's mutations and 403 texts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const json = { 'Content-Type': 'application/json' };
const PODS = '/api/v1/namespaces/default/pods';
const pod = (name: string, spec: object = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
const post = (path: string, obj: object) => s.request('POST', path, { body: JSON.stringify(obj), headers: json });

const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

test('a plain pod gets priority 0, PreemptLowerPriority and the two 300 s NoExecute tolerations', async () => {
  const r = await post(PODS, pod('plain'));
  assert.equal(r.status, 201, r.body);
  const spec = r.json().spec;
  assert.deepEqual(spec.tolerations, defaultTolerations);
  assert.equal(spec.priority, 0);
  assert.equal(spec.preemptionPolicy, 'PreemptLowerPriority');
  assert.equal(spec.priorityClassName, undefined);
  // Go's field order: tolerations, hostAliases, priorityClassName, priority, dnsConfig, ..., enableServiceLinks, preemptionPolicy.
  const keys = Object.keys(spec);
  assert.ok(keys.indexOf('tolerations') < keys.indexOf('priority') && keys.indexOf('enableServiceLinks') < keys.indexOf('preemptionPolicy'), keys.join(','));
});

test('a toleration that already covers a NoExecute taint is kept and not doubled', async () => {
  const own = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 };
  const r = await post(PODS, pod('tolerant', { tolerations: [own] }));
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(r.json().spec.tolerations, [own, defaultTolerations[0]]);
  const all = await post(PODS, pod('all', { tolerations: [{ operator: 'Exists' }] }));
  assert.deepEqual(all.json().spec.tolerations, [{ operator: 'Exists' }]);
});

test('Priority: named classes, the built-in system classes, the global default, and kube 403 texts', async () => {
  const missing = await post(PODS, pod('nopc', { priorityClassName: 'nope' }));
  assert.equal(missing.status, 403);
  assert.equal(missing.json().message, 'pods "nopc" is forbidden: no PriorityClass with name nope was found');
  const sys = await post('/api/v1/namespaces/kube-system/pods', pod('crit', { priorityClassName: 'system-node-critical' }));
  assert.equal(sys.status, 201, sys.body);
  assert.equal(sys.json().spec.priority, 2000001000);
  const pc = await post('/apis/scheduling.k8s.io/v1/priorityclasses', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'low' }, value: 5, globalDefault: true, preemptionPolicy: 'Never' });
  assert.equal(pc.status, 201, pc.body);
  const d = await post(PODS, pod('defaulted'));
  assert.equal(d.status, 201, d.body);
  assert.equal(d.json().spec.priorityClassName, 'low');
  assert.equal(d.json().spec.priority, 5);
  assert.equal(d.json().spec.preemptionPolicy, 'Never');
  const chosen = await post(PODS, pod('chosen', { priority: 7 }));
  assert.equal(chosen.status, 403);
  assert.equal(
    chosen.json().message,
    'pods "chosen" is forbidden: the integer value of priority (7) must not be provided in pod spec; priority admission controller computed 5 from the given PriorityClass name',
  );
});
