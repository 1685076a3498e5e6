import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allBuiltinResources, builtinResources, findBuiltin, groupOrder, loadSchemas, offByDefaultGroupVersions } from './catalog.js';
import { generatedDir } from './generated-dir.js';

const find = (group: string, version: string, resource: string) => {
  const r = findBuiltin(group, version, resource);
  assert.ok(r, `${group}/${version}/${resource} missing`);
  return r;
};

test('the default set is every GA group-version of 1.33 and nothing else', () => {
  const gvs = [...new Set(builtinResources().map((r) => (r.group ? `${r.group}/${r.version}` : r.version)))];
  assert.deepEqual(gvs, [
    'v1',
    'apiregistration.k8s.io/v1',
    'apps/v1',
    'events.k8s.io/v1',
    'authentication.k8s.io/v1',
    'authorization.k8s.io/v1',
    'autoscaling/v2',
    'autoscaling/v1',
    'batch/v1',
    'certificates.k8s.io/v1',
    'networking.k8s.io/v1',
    'policy/v1',
    'rbac.authorization.k8s.io/v1',
    'storage.k8s.io/v1',
    'admissionregistration.k8s.io/v1',
    'apiextensions.k8s.io/v1',
    'scheduling.k8s.io/v1',
    'coordination.k8s.io/v1',
    'node.k8s.io/v1',
    'discovery.k8s.io/v1',
    'flowcontrol.apiserver.k8s.io/v1',
  ]);
  assert.ok(builtinResources().every((r) => r.stability === 'ga' && r.enabledByDefault === true && r.builtin === true));
});

test('beta and alpha group-versions in the 1.33 data are off by default', () => {
  assert.deepEqual(offByDefaultGroupVersions().sort(), [
    'admissionregistration.k8s.io/v1alpha1',
    'admissionregistration.k8s.io/v1beta1',
    'certificates.k8s.io/v1alpha1',
    'certificates.k8s.io/v1beta1',
    'coordination.k8s.io/v1alpha2',
    'coordination.k8s.io/v1beta1',
    'internal.apiserver.k8s.io/v1alpha1',
    'networking.k8s.io/v1beta1',
    'resource.k8s.io/v1alpha3',
    'resource.k8s.io/v1beta1',
    'resource.k8s.io/v1beta2',
    'storage.k8s.io/v1alpha1',
    'storage.k8s.io/v1beta1',
    'storagemigration.k8s.io/v1alpha1',
  ]);
  assert.equal(allBuiltinResources().length, 88);
  assert.equal(builtinResources().length, 61);
});

test('group order is kube discovery order, core first', () => {
  assert.deepEqual(groupOrder(), [
    '',
    'apiregistration.k8s.io',
    'apps',
    'events.k8s.io',
    'authentication.k8s.io',
    'authorization.k8s.io',
    'autoscaling',
    'batch',
    'certificates.k8s.io',
    'networking.k8s.io',
    'policy',
    'rbac.authorization.k8s.io',
    'storage.k8s.io',
    'admissionregistration.k8s.io',
    'apiextensions.k8s.io',
    'scheduling.k8s.io',
    'coordination.k8s.io',
    'node.k8s.io',
    'discovery.k8s.io',
    'resource.k8s.io',
    'flowcontrol.apiserver.k8s.io',
    'internal.apiserver.k8s.io',
    'storagemigration.k8s.io',
  ]);
});

test('core resources carry names, scope, verbs and storage hashes as kube lists them', () => {
  const cm = find('', 'v1', 'configmaps');
  assert.equal(cm.kind, 'ConfigMap');
  assert.equal(cm.listKind, 'ConfigMapList');
  assert.equal(cm.singular, 'configmap');
  assert.equal(cm.namespaced, true);
  assert.deepEqual(cm.shortNames, ['cm']);
  assert.deepEqual(cm.verbs, ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
  assert.equal(cm.storageVersionHash, 'qFsyl6wFWjQ=');
  assert.equal(cm.schema, 'io.k8s.api.core.v1.ConfigMap');
  assert.equal(cm.listSchema, 'io.k8s.api.core.v1.ConfigMapList');

  const ns = find('', 'v1', 'namespaces');
  assert.equal(ns.namespaced, false);
  assert.deepEqual(ns.verbs, ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
  assert.equal(ns.storageVersionHash, 'Q3oi5N2YM8M=');
  assert.deepEqual(
    ns.subresources.map((s) => [s.name, s.verbs]),
    [
      ['finalize', ['update']],
      ['status', ['get', 'patch', 'update']],
    ],
  );
  assert.deepEqual(find('', 'v1', 'pods').categories, ['all']);
  assert.equal(find('', 'v1', 'events').storageVersionHash, 'r2yiGXH7wu8=');
  assert.equal(find('events.k8s.io', 'v1', 'events').storageVersionHash, 'r2yiGXH7wu8=');
  assert.equal(find('coordination.k8s.io', 'v1', 'leases').storageVersionHash, 'gqkMMb/YqFM=');
  // CRDs are stored as v1beta1
  assert.equal(find('apiextensions.k8s.io', 'v1', 'customresourcedefinitions').storageVersionHash, 'jfWCUB31mvA=');
  // a pre-release version new in 1.33 is not the storage version yet: v1beta1, not v1beta2
  assert.equal(find('resource.k8s.io', 'v1beta2', 'resourceclaims').storageVersionHash, find('resource.k8s.io', 'v1beta1', 'resourceclaims').storageVersionHash);
  assert.equal(find('flowcontrol.apiserver.k8s.io', 'v1', 'flowschemas').storageVersionHash, 'GJVAJZSZBIw=');
  assert.deepEqual(find('apiextensions.k8s.io', 'v1', 'customresourcedefinitions').shortNames, ['crd', 'crds']);
  assert.deepEqual(find('apiextensions.k8s.io', 'v1', 'customresourcedefinitions').categories, ['api-extensions']);
  // the podautoscalers category came after 1.33
  assert.deepEqual(find('autoscaling', 'v2', 'horizontalpodautoscalers').categories, ['all']);
});

test('virtual resources are create-only, without list kind or storage hash', () => {
  for (const [g, r] of [
    ['authentication.k8s.io', 'tokenreviews'],
    ['authentication.k8s.io', 'selfsubjectreviews'],
    ['authorization.k8s.io', 'selfsubjectaccessreviews'],
    ['', 'bindings'],
  ] as const) {
    const info = find(g, 'v1', r);
    assert.deepEqual(info.verbs, ['create']);
    assert.equal(info.listKind, '');
    assert.equal(info.storageVersionHash, undefined);
  }
  assert.equal(find('authorization.k8s.io', 'v1', 'localsubjectaccessreviews').namespaced, true);
  assert.equal(find('', 'v1', 'componentstatuses').storageVersionHash, undefined);
});

test('sub-resources name the kind of their body, in its own group-version', () => {
  const scale = find('apps', 'v1', 'deployments').subresources.find((s) => s.name === 'scale');
  assert.deepEqual(scale, { name: 'scale', group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'], schema: 'io.k8s.api.autoscaling.v1.Scale' });
  assert.equal(find('apps', 'v1', 'daemonsets').subresources.some((s) => s.name === 'scale'), false);
  const token = find('', 'v1', 'serviceaccounts').subresources.find((s) => s.name === 'token')!;
  assert.deepEqual([token.group, token.version, token.kind, token.verbs], ['authentication.k8s.io', 'v1', 'TokenRequest', ['create']]);
  const eviction = find('', 'v1', 'pods').subresources.find((s) => s.name === 'eviction')!;
  assert.deepEqual([eviction.group, eviction.version, eviction.kind, eviction.verbs], ['policy', 'v1', 'Eviction', ['create']]);
});

test('connect sub-resources are marked with the methods kube routes for them', () => {
  const connect = (g: string, r: string) =>
    find(g, 'v1', r)
      .subresources.filter((s) => s.connect)
      .map((s) => [s.name, s.kind, s.verbs.join(','), (s.methods ?? []).join(',')]);
  assert.deepEqual(connect('', 'pods'), [
    ['attach', 'PodAttachOptions', 'create,get', 'GET,POST'],
    ['exec', 'PodExecOptions', 'create,get', 'GET,POST'],
    ['portforward', 'PodPortForwardOptions', 'create,get', 'GET,POST'],
    ['proxy', 'PodProxyOptions', 'create,delete,get,patch,update', 'DELETE,GET,HEAD,OPTIONS,PATCH,POST,PUT'],
  ]);
  assert.deepEqual(connect('', 'services'), [['proxy', 'ServiceProxyOptions', 'create,delete,get,patch,update', 'DELETE,GET,HEAD,OPTIONS,PATCH,POST,PUT']]);
  assert.deepEqual(connect('', 'nodes'), [['proxy', 'NodeProxyOptions', 'create,delete,get,patch,update', 'DELETE,GET,HEAD,OPTIONS,PATCH,POST,PUT']]);
  // pods/log is a plain get of the Pod kind, not a connect
  assert.deepEqual(find('', 'v1', 'pods').subresources.find((s) => s.name === 'log'), { name: 'log', group: '', version: 'v1', kind: 'Pod', verbs: ['get'] });
});

test('deprecated kinds carry the warning kube sends', () => {
  assert.equal(find('', 'v1', 'endpoints').deprecated?.warning, 'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice');
  assert.equal(find('', 'v1', 'componentstatuses').deprecated?.warning, 'v1 ComponentStatus is deprecated in v1.19+');
  assert.equal(find('', 'v1', 'configmaps').deprecated, undefined);
});

test('graceful-deletion resources are marked as returning the object on DELETE', () => {
  assert.equal(find('', 'v1', 'pods').deleteReturnsObject, true);
  assert.equal(find('', 'v1', 'configmaps').deleteReturnsObject, undefined);
});

test('schemas keep structure and extensions, never descriptions', () => {
  const core = loadSchemas('', 'v1')!;
  const pod = core['io.k8s.api.core.v1.PodSpec'] as { properties: Record<string, Record<string, unknown>> };
  assert.deepEqual(pod.properties.containers!['x-kubernetes-list-map-keys'], ['name']);
  assert.equal(pod.properties.containers!['x-kubernetes-patch-strategy'], 'merge');
  assert.equal(pod.properties.containers!['x-kubernetes-patch-merge-key'], 'name');
  assert.deepEqual((core['io.k8s.api.core.v1.ConfigMap'] as { 'x-kubernetes-group-version-kind': unknown })['x-kubernetes-group-version-kind'], [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
  // a field named "description" survives; the keyword does not
  const props = loadSchemas('apiextensions.k8s.io', 'v1')!['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps'] as { properties: Record<string, unknown> };
  assert.deepEqual(props.properties.description, { type: 'string' });
  const raw = readFileSync(join(generatedDir(), 'schemas', 'core_v1.json'), 'utf8');
  assert.equal(/"description":"/.test(raw), false);
  assert.equal(loadSchemas('', 'v1'), core, 'cached');
  assert.equal(loadSchemas('nope.example.com', 'v1'), undefined);
  assert.equal(loadSchemas('../etc', 'v1'), undefined);
});

test('loading the catalog is fast', () => {
  const t0 = performance.now();
  JSON.parse(readFileSync(join(generatedDir(), 'catalog.json'), 'utf8'));
  const ms = performance.now() - t0;
  assert.ok(ms < 50, `catalog.json took ${ms.toFixed(1)} ms`);
});
