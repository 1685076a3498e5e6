import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allBuiltinResources, findBuiltin } from '../api/catalog.js';
import { convertObject, converterFor } from './converter.js';
import { storageVersionOf } from './storage-versions.js';

const def = (g: string, v: string, r: string) => findBuiltin(g, v, r)!;

test('storage versions are the ones kube-apiserver 1.33 stores in', () => {
  assert.equal(storageVersionOf('autoscaling', 'horizontalpodautoscalers'), 'autoscaling/v2');
  assert.equal(storageVersionOf('events.k8s.io', 'events'), 'v1');
  assert.equal(storageVersionOf('resource.k8s.io', 'resourceclaims'), 'resource.k8s.io/v1beta1');
  assert.equal(storageVersionOf('certificates.k8s.io', 'clustertrustbundles'), 'certificates.k8s.io/v1alpha1');
  assert.equal(storageVersionOf('networking.k8s.io', 'ipaddresses'), 'networking.k8s.io/v1');
});

test('every stored built-in resource has a storage version among its group\'s versions', () => {
  for (const r of allBuiltinResources()) {
    // kube stores CRDs as apiextensions.k8s.io/v1beta1, a version 1.33 no longer serves: kubelite keeps them as v1
    if (!r.storageVersionHash || r.resource === 'customresourcedefinitions') continue;
    assert.ok(storageVersionOf(r.group, r.resource), `${r.group}/${r.version}/${r.resource}`);
  }
});

test('a resource served in one version has no converter', () => {
  assert.equal(converterFor(def('', 'v1', 'configmaps')), undefined);
});

test('versions with one schema convert by apiVersion alone, kind and apiVersion first', () => {
  const conv = converterFor(def('networking.k8s.io', 'v1beta1', 'ipaddresses'))!;
  const v1 = { metadata: { name: '10.0.0.1' }, apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress', spec: { parentRef: { resource: 'services', name: 's' } } };
  const seen = conv.fromStored(v1);
  assert.deepEqual(Object.keys(seen), ['kind', 'apiVersion', 'metadata', 'spec']);
  assert.equal(seen.apiVersion, 'networking.k8s.io/v1beta1');
  assert.deepEqual(conv.toStored(seen), { kind: 'IPAddress', apiVersion: 'networking.k8s.io/v1', metadata: v1.metadata, spec: v1.spec });
});

test('autoscaling/v1 HPAs keep what v1 cannot say in annotations and round-trip through v2 without loss', () => {
  const conv = converterFor(def('autoscaling', 'v1', 'horizontalpodautoscalers'))!;
  const v2 = {
    kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2', metadata: { name: 'h' },
    spec: {
      scaleTargetRef: { kind: 'Deployment', name: 'd', apiVersion: 'apps/v1' }, minReplicas: 1, maxReplicas: 5,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 30 } },
    },
  };
  const v1 = conv.fromStored(v2);
  assert.equal(v1.spec.targetCPUUtilizationPercentage, 50);
  assert.deepEqual(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics']), [v2.spec.metrics[1]]);
  assert.deepEqual(conv.toStored(v1), v2);
});

test('events.k8s.io/v1 Events are core Events under other field names', () => {
  const conv = converterFor(def('events.k8s.io', 'v1', 'events'))!;
  const core = { kind: 'Event', apiVersion: 'v1', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p' }, message: 'm', count: 2 };
  const ev = conv.fromStored(core);
  assert.deepEqual(ev, { kind: 'Event', apiVersion: 'events.k8s.io/v1', metadata: { name: 'e' }, regarding: { kind: 'Pod', name: 'p' }, note: 'm', deprecatedCount: 2 });
  assert.deepEqual(conv.toStored(ev), core);
});

test('resource.k8s.io claims: v1beta2 nests a request under exactly, v1beta1 and v1alpha3 do not; round trips are lossless', () => {
  const home = { group: 'resource.k8s.io', resource: 'resourceclaims' };
  const v1beta1 = {
    kind: 'ResourceClaim', apiVersion: 'resource.k8s.io/v1beta1', metadata: { name: 'c' },
    spec: { devices: { requests: [
      { name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 },
      { name: 'any', firstAvailable: [{ name: 'a', deviceClassName: 'x' }] },
    ] } },
  };
  const v1beta2 = convertObject(v1beta1, home, 'resource.k8s.io/v1beta2', 'ResourceClaim');
  assert.deepEqual(v1beta2.spec.devices.requests, [
    { name: 'gpu', exactly: { deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 2 } },
    { name: 'any', firstAvailable: [{ name: 'a', deviceClassName: 'x' }] },
  ]);
  assert.deepEqual(convertObject(v1beta2, home, 'resource.k8s.io/v1beta1', 'ResourceClaim'), v1beta1);
  const alpha = convertObject(v1beta2, home, 'resource.k8s.io/v1alpha3', 'ResourceClaim');
  assert.deepEqual(alpha.spec, v1beta1.spec);
  const tmpl = convertObject({ apiVersion: 'resource.k8s.io/v1beta1', kind: 'ResourceClaimTemplate', spec: { spec: v1beta1.spec } }, { group: 'resource.k8s.io', resource: 'resourceclaimtemplates' }, 'resource.k8s.io/v1beta2', 'ResourceClaimTemplate');
  assert.deepEqual(tmpl.spec.spec, v1beta2.spec);
});

test('resource.k8s.io slices: basic devices flatten in v1beta2, v1alpha3 capacities are bare quantities', () => {
  const home = { group: 'resource.k8s.io', resource: 'resourceslices' };
  const alpha = {
    kind: 'ResourceSlice', apiVersion: 'resource.k8s.io/v1alpha3', metadata: { name: 's' },
    spec: { driver: 'd', devices: [{ name: 'g0', basic: { attributes: { model: { string: 'x' } }, capacity: { memory: '8Gi' } } }, { name: 'empty' }] },
  };
  const hub = convertObject(alpha, home, 'resource.k8s.io/v1beta2', 'ResourceSlice');
  assert.deepEqual(hub.spec.devices, [{ name: 'g0', attributes: { model: { string: 'x' } }, capacity: { memory: { value: '8Gi' } } }, { name: 'empty' }]);
  const beta1 = convertObject(alpha, home, 'resource.k8s.io/v1beta1', 'ResourceSlice');
  assert.deepEqual(beta1.spec.devices[0], { name: 'g0', basic: { attributes: { model: { string: 'x' } }, capacity: { memory: { value: '8Gi' } } } });
  assert.deepEqual(convertObject(beta1, home, 'resource.k8s.io/v1alpha3', 'ResourceSlice'), alpha);
});
