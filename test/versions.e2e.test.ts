// Served versions beyond the defaults (--runtime-config), conversion between them through the storage version,
// reads after a restart on SQLite, removed versions, and the signals of deprecated APIs.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const J = { 'content-type': 'application/json' };
const RUNTIME_CONFIG = 'resource.k8s.io/v1beta1=true,resource.k8s.io/v1beta2=true,resource.k8s.io/v1alpha3/resourceslices=true,admissionregistration.k8s.io/v1beta1=true,autoscaling/v1=true';
const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-versions-'));
let s: TestServer;

before(async () => {
  s = await startTestServer({ storageBackend: 'sqlite', dataDir, runtimeConfig: RUNTIME_CONFIG });
});
after(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CLAIMS = (v: string) => `/apis/resource.k8s.io/${v}/namespaces/default/resourceclaims`;
const claimV1beta2 = {
  apiVersion: 'resource.k8s.io/v1beta2',
  kind: 'ResourceClaim',
  metadata: { name: 'gpu-claim' },
  spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 } }] } },
};

test('a beta version enabled with --runtime-config is served and listed in discovery', async () => {
  const d = await s.request('GET', '/apis/resource.k8s.io');
  assert.equal(d.status, 200);
  assert.deepEqual(d.json().versions.map((v: { version: string }) => v.version), ['v1beta2', 'v1beta1', 'v1alpha3']);
  // of the alpha version only the resource named is served
  const alpha = (await s.request('GET', '/apis/resource.k8s.io/v1alpha3')).json();
  assert.deepEqual(alpha.resources.map((r: { name: string }) => r.name), ['resourceslices']);
  assert.equal((await s.request('GET', '/apis/resource.k8s.io/v1alpha3/deviceclasses')).status, 404);
});

test('written through v1beta2, read through v1beta1 in its own shape, and back without loss', async () => {
  const c = await s.request('POST', CLAIMS('v1beta2'), { headers: J, body: JSON.stringify(claimV1beta2) });
  assert.equal(c.status, 201, c.body);
  const created = c.json();
  assert.deepEqual(created.spec, claimV1beta2.spec);

  const old = (await s.request('GET', `${CLAIMS('v1beta1')}/gpu-claim`)).json();
  assert.equal(old.apiVersion, 'resource.k8s.io/v1beta1');
  assert.deepEqual(old.spec.devices.requests, [{ name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 }]);

  // an update through v1beta1 (the storage version) keeps what v1beta2 wrote
  old.metadata.labels = { tier: 'gpu' };
  const u = await s.request('PUT', `${CLAIMS('v1beta1')}/gpu-claim`, { headers: J, body: JSON.stringify(old) });
  assert.equal(u.status, 200, u.body);
  const back = (await s.request('GET', `${CLAIMS('v1beta2')}/gpu-claim`)).json();
  assert.equal(back.apiVersion, 'resource.k8s.io/v1beta2');
  assert.deepEqual(back.spec, claimV1beta2.spec);
  assert.deepEqual(back.metadata.labels, { tier: 'gpu' });

  // lists and watches present the request's version too
  const list = (await s.request('GET', CLAIMS('v1beta1'))).json();
  assert.equal(list.apiVersion, 'resource.k8s.io/v1beta1');
  assert.equal(list.items[0].spec.devices.requests[0].deviceClassName, 'gpu.example.com');
});

test('a watch through v1beta1 sees objects written through v1beta2 in the v1beta1 shape', async () => {
  const rv = (await s.request('GET', CLAIMS('v1beta1'))).json().metadata.resourceVersion;
  const watch = s.request('GET', `${CLAIMS('v1beta1')}?watch=1&resourceVersion=${rv}&timeoutSeconds=2`);
  const claim = { ...claimV1beta2, metadata: { name: 'watched' } };
  assert.equal((await s.request('POST', CLAIMS('v1beta2'), { headers: J, body: JSON.stringify(claim) })).status, 201);
  const events = (await watch).body.trim().split('\n').map((l) => JSON.parse(l));
  const added = events.find((e) => e.type === 'ADDED' && e.object.metadata.name === 'watched');
  assert.equal(added.object.apiVersion, 'resource.k8s.io/v1beta1');
  assert.deepEqual(added.object.spec.devices.requests, [{ name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 }]);
});

test('a ResourceSlice written through v1alpha3 (bare capacity quantities) reads through v1beta2 flattened', async () => {
  const slice = {
    apiVersion: 'resource.k8s.io/v1alpha3', kind: 'ResourceSlice', metadata: { name: 'node-1-gpus' },
    spec: { driver: 'gpu.example.com', nodeName: 'node-1', pool: { name: 'node-1', generation: 1, resourceSliceCount: 1 },
      devices: [{ name: 'gpu-0', basic: { attributes: { model: { string: 'A100' } }, capacity: { memory: '40Gi' } } }] },
  };
  const c = await s.request('POST', '/apis/resource.k8s.io/v1alpha3/resourceslices', { headers: J, body: JSON.stringify(slice) });
  assert.equal(c.status, 201, c.body);
  const v1beta2 = (await s.request('GET', '/apis/resource.k8s.io/v1beta2/resourceslices/node-1-gpus')).json();
  assert.deepEqual(v1beta2.spec.devices, [{ name: 'gpu-0', attributes: { model: { string: 'A100' } }, capacity: { memory: { value: '40Gi' } } }]);
  const back = (await s.request('GET', '/apis/resource.k8s.io/v1alpha3/resourceslices/node-1-gpus')).json();
  assert.deepEqual(back.spec.devices, slice.spec.devices);
});

test('an HPA written through autoscaling/v1 reads through v2 with its CPU target, and v2-only fields survive a v1 update', async () => {
  const hpa = {
    apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 4,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '500Mi' } } },
      ],
    },
  };
  assert.equal((await s.request('POST', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', { headers: J, body: JSON.stringify(hpa) })).status, 201);
  const v1 = (await s.request('GET', '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/web')).json();
  assert.equal(v1.spec.targetCPUUtilizationPercentage, 60);
  v1.spec.maxReplicas = 6;
  assert.equal((await s.request('PUT', '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/web', { headers: J, body: JSON.stringify(v1) })).status, 200);
  const v2 = (await s.request('GET', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web')).json();
  assert.equal(v2.spec.maxReplicas, 6);
  assert.deepEqual(v2.spec.metrics, hpa.spec.metrics);
  assert.equal(v2.metadata.annotations, undefined);
});

test('deprecated versions answer with the Warning header kube sends, and kubectl prints it', async () => {
  const vap = {
    apiVersion: 'admissionregistration.k8s.io/v1beta1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'replicas' },
    spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }] }, validations: [{ expression: 'object.spec.replicas <= 5' }] },
  };
  const text = 'admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy is deprecated in v1.31+, unavailable in v1.34+';
  const c = await s.request('POST', '/apis/admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies', { headers: J, body: JSON.stringify(vap) });
  assert.equal(c.status, 201, c.body);
  assert.equal(c.headers.warning, `299 - "${text}"`);
  // the v1 endpoint of the same object is not deprecated
  const v1 = await s.request('GET', '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies/replicas');
  assert.equal(v1.status, 200);
  assert.equal(v1.headers.warning, undefined);
  assert.equal(v1.json().apiVersion, 'admissionregistration.k8s.io/v1');

  const k = await s.kubectl(['get', 'validatingadmissionpolicies.v1beta1.admissionregistration.k8s.io', 'replicas', '-o', 'name']);
  assert.equal(k.code, 0, k.stderr);
  assert.equal(k.stdout, 'validatingadmissionpolicy.admissionregistration.k8s.io/replicas\n');
  assert.equal(k.stderr, `Warning: ${text}\n`);

  const epWarning = '299 - "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"';
  const ep = await s.request('GET', '/api/v1/namespaces/default/endpoints');
  assert.equal(ep.headers.warning, epWarning);
  const watch = await s.request('GET', '/api/v1/namespaces/default/endpoints?watch=1&timeoutSeconds=1');
  assert.equal(watch.status, 200);
  assert.equal(watch.headers.warning, epWarning);
});

test('removed versions answer 404 as kube does: a Status under a group still served, plain text under a removed group', async () => {
  const notFound = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 };
  // the seed's table of removed versions (1.16–1.32), each under a group 1.33 still serves
  for (const path of [
    '/apis/flowcontrol.apiserver.k8s.io/v1beta3/flowschemas',
    '/apis/flowcontrol.apiserver.k8s.io/v1beta2/prioritylevelconfigurations',
    '/apis/flowcontrol.apiserver.k8s.io/v1beta1/flowschemas',
    '/apis/storage.k8s.io/v1beta1/namespaces/default/csistoragecapacities',
    '/apis/autoscaling/v2beta2/namespaces/default/horizontalpodautoscalers',
    '/apis/autoscaling/v2beta1/namespaces/default/horizontalpodautoscalers',
    '/apis/batch/v1beta1/namespaces/default/cronjobs',
    '/apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices',
    '/apis/events.k8s.io/v1beta1/namespaces/default/events',
    '/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets',
    '/apis/policy/v1beta1/podsecuritypolicies',
    '/apis/node.k8s.io/v1beta1/runtimeclasses',
    '/apis/admissionregistration.k8s.io/v1beta1/mutatingwebhookconfigurations',
    '/apis/admissionregistration.k8s.io/v1beta1/validatingwebhookconfigurations',
    '/apis/apiextensions.k8s.io/v1beta1/customresourcedefinitions',
    '/apis/apiregistration.k8s.io/v1beta1/apiservices',
    '/apis/authentication.k8s.io/v1beta1/tokenreviews',
    '/apis/authorization.k8s.io/v1beta1/subjectaccessreviews',
    '/apis/certificates.k8s.io/v1beta1/certificatesigningrequests',
    '/apis/coordination.k8s.io/v1beta1/namespaces/default/leases',
    '/apis/networking.k8s.io/v1beta1/namespaces/default/ingresses',
    '/apis/networking.k8s.io/v1beta1/ingressclasses',
    '/apis/rbac.authorization.k8s.io/v1beta1/clusterroles',
    '/apis/scheduling.k8s.io/v1beta1/priorityclasses',
    '/apis/storage.k8s.io/v1beta1/storageclasses',
    '/apis/apps/v1beta1/namespaces/default/deployments',
    '/apis/apps/v1beta2/namespaces/default/daemonsets',
    '/apis/apps/v1beta2/namespaces/default/statefulsets',
    '/apis/apps/v1beta2/namespaces/default/replicasets',
  ]) {
    const r = await s.request('GET', path);
    assert.equal(r.status, 404, path);
    assert.deepEqual(r.json(), notFound, path);
  }
  // extensions is no group any more: kube's final handler answers
  for (const path of ['/apis/extensions/v1beta1/namespaces/default/ingresses', '/apis/extensions/v1beta1/namespaces/default/deployments', '/apis/extensions/v1beta1/networkpolicies', '/apis/extensions/v1beta1/podsecuritypolicies']) {
    const ext = await s.request('GET', path);
    assert.equal(ext.status, 404, path);
    assert.equal(ext.body, '404 page not found\n', path);
  }
  const k = await s.kubectl(['get', '--raw', '/apis/batch/v1beta1/namespaces/default/cronjobs']);
  assert.equal(k.code, 1);
  assert.equal(k.stderr, 'Error from server (NotFound): the server could not find the requested resource\n');
});

test('objects written through one version read through the other after a restart on SQLite', async () => {
  await s.close();
  s = await startTestServer({ storageBackend: 'sqlite', dataDir, runtimeConfig: RUNTIME_CONFIG });
  const old = (await s.request('GET', `${CLAIMS('v1beta1')}/gpu-claim`)).json();
  assert.equal(old.spec.devices.requests[0].count, 2);
  const cur = (await s.request('GET', `${CLAIMS('v1beta2')}/gpu-claim`)).json();
  assert.deepEqual(cur.spec, claimV1beta2.spec);
  // with the beta versions switched off again the objects are unreachable, and the version answers 404
  await s.close();
  s = await startTestServer({ storageBackend: 'sqlite', dataDir });
  assert.equal((await s.request('GET', `${CLAIMS('v1beta2')}/gpu-claim`)).status, 404);
});
