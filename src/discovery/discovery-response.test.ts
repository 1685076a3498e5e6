import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { builtinResources } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { sharedDataDir } from '../api/shared-data.js';
import { discoveryResponse } from './discovery-response.js';

const resources = builtinResources();
const opts = { serverAddress: '10.0.0.1:6443' };
const AGG = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
// what kubectl / client-go 0.33 send
const KUBECTL = `${AGG},application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json`;
const NOT_ACCEPTABLE = JSON.stringify(
  {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
    reason: 'NotAcceptable',
    code: 406,
  },
  null,
  2,
);

const get = (path: string, accept?: string, ifNoneMatch?: string, rs: ResourceInfo[] = resources) => {
  const r = discoveryResponse(path, accept, ifNoneMatch, rs, opts);
  assert.ok(r, `no response for ${path}`);
  return r;
};
const json = (path: string, accept?: string) => JSON.parse(String(get(path, accept).body));

const shared = sharedDataDir();
const golden = (name: string) => JSON.parse(readFileSync(join(shared!, 'k8s-discovery', name), 'utf8'));
const skip = shared ? false : 'reference data ../shared/k8s-discovery not found';

test('/api answers APIVersions with kube field order and the advertised address', () => {
  const r = get('/api', 'application/json, */*');
  assert.equal(r.status, 200);
  assert.deepEqual(r.headers, { 'Content-Type': 'application/json' });
  assert.equal(r.body, '{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}\n');
  assert.equal(get('/api/').body, r.body);
});

test('/api/v1 and /apis/<g>/<v> are written in Go struct order', () => {
  const core = String(get('/api/v1').body);
  assert.ok(
    core.startsWith('{"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"bindings","singularName":"binding","namespaced":true,"kind":"Binding","verbs":["create"]},'),
    core.slice(0, 200),
  );
  assert.ok(core.includes('{"name":"pods/eviction","singularName":"","namespaced":true,"group":"policy","version":"v1","kind":"Eviction","verbs":["create"]}'));
  assert.ok(
    core.includes(
      '{"name":"configmaps","singularName":"configmap","namespaced":true,"kind":"ConfigMap","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["cm"],"storageVersionHash":"qFsyl6wFWjQ="}',
    ),
  );
  const apps = String(get('/apis/apps/v1/').body);
  assert.ok(apps.startsWith('{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps/v1","resources":['));
  assert.ok(apps.includes('{"name":"deployments/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1","kind":"Scale","verbs":["get","patch","update"]}'));
  assert.equal(String(get('/apis/apps').body), '{"kind":"APIGroup","apiVersion":"v1","name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}\n');
});

// Resources of the recorded documents (several commits, some after 1.33) that 1.33 does not have, and the
// other way round: everything else must match entry for entry.
const newerThan133 = new Set([
  'v1 pods/checkpoint',
  'admissionregistration.k8s.io/v1 mutatingadmissionpolicies',
  'admissionregistration.k8s.io/v1 mutatingadmissionpolicybindings',
  'certificates.k8s.io/v1 podcertificaterequests',
  'certificates.k8s.io/v1 podcertificaterequests/status',
  'storage.k8s.io/v1 volumeattributesclasses',
]);
const new133 = new Set(['v1 pods/resize']);
// [recorded, 1.33]: sha256 of "<group>/v1beta1|v1beta3/<Kind>" then, "<group>/v1/<Kind>" now
const storageMoved: Record<string, [string, string]> = {
  'discovery.k8s.io/v1 endpointslices': ['Nx3SIv6I0mE=', 'qgS0xkrxYAI='],
  'flowcontrol.apiserver.k8s.io/v1 flowschemas': ['9NnFrw7ZEmA=', 'GJVAJZSZBIw='],
  'flowcontrol.apiserver.k8s.io/v1 prioritylevelconfigurations': ['+CwSrEWTDhc=', 'Kir5PVfvNeI='],
};

test('every APIResourceList matches the recorded kube documents', { skip }, () => {
  let compared = 0;
  for (const f of readdirSync(join(shared!, 'k8s-discovery'))) {
    const m = /^(?:api|apis__(.+?))__(v[^_]+)\.json$/.exec(f);
    if (!m) continue;
    const [gv, path] = m[1] ? [`${m[1]}/${m[2]}`, `/apis/${m[1]}/${m[2]}`] : [m[2]!, `/api/${m[2]}`];
    const want = golden(f);
    for (const r of want.resources) {
      // HorizontalPodAutoscaler joined the "podautoscalers" category after 1.33
      if (r.name === 'horizontalpodautoscalers') r.categories = ['all'];
      // recorded while these were still stored in an older version; 1.33 stores them in v1
      const moved = storageMoved[`${gv} ${r.name}`];
      if (moved) {
        assert.equal(r.storageVersionHash, moved[0]);
        r.storageVersionHash = moved[1];
      }
    }
    const got = json(path);
    assert.deepEqual({ ...got, resources: undefined }, { ...want, resources: undefined }, f);
    const wantBy = new Map<string, unknown>(want.resources.map((r: { name: string }) => [r.name, r]));
    const gotBy = new Map<string, unknown>(got.resources.map((r: { name: string }) => [r.name, r]));
    for (const [name, entry] of gotBy) {
      if (!wantBy.has(name)) {
        assert.ok(new133.has(`${gv} ${name}`), `${gv} ${name} is not in the recorded document`);
        continue;
      }
      assert.deepEqual(entry, wantBy.get(name), `${gv} ${name}`);
      compared++;
    }
    for (const name of wantBy.keys()) if (!gotBy.has(name)) assert.ok(newerThan133.has(`${gv} ${name}`), `${gv} ${name} missing`);
    // and in kube's order
    assert.deepEqual(
      got.resources.map((r: { name: string }) => r.name),
      [...gotBy.keys()].sort(),
    );
  }
  assert.ok(compared > 100, `compared ${compared}`);
});

test('/apis lists the default groups and versions in the recorded order', { skip }, () => {
  const want = golden('apis.json');
  const got = json('/apis');
  assert.equal(got.kind, 'APIGroupList');
  assert.equal(got.apiVersion, 'v1');
  // the recorded server had every version on; by default 1.33 serves the GA ones
  const ga = (v: { version: string }) => /^v\d+$/.test(v.version);
  const expected = want.groups
    .map((g: { name: string; versions: { version: string }[]; preferredVersion: unknown }) => ({ name: g.name, versions: g.versions.filter(ga), preferredVersion: g.preferredVersion }))
    .filter((g: { versions: unknown[] }) => g.versions.length > 0);
  assert.deepEqual(got.groups, expected);
  for (const g of expected) {
    const file = `apis__${g.name}.json`;
    const one = golden(file);
    assert.deepEqual(json(`/apis/${g.name}`), { ...one, versions: one.versions.filter(ga) }, file);
  }
});

test('aggregated /apis matches the recorded v2 document for every default group-version', { skip }, () => {
  const want = golden('aggregated_v2.json');
  const r = get('/apis', KUBECTL);
  const got = JSON.parse(String(r.body));
  assert.equal(got.kind, 'APIGroupDiscoveryList');
  assert.equal(got.apiVersion, 'apidiscovery.k8s.io/v2');
  assert.deepEqual(got.metadata, {});
  const served = new Set(got.items.map((i: { metadata: { name: string } }) => i.metadata.name));
  assert.deepEqual(
    got.items.map((i: { metadata: { name: string } }) => i.metadata.name),
    want.items.map((i: { metadata: { name: string } }) => i.metadata.name).filter((n: string) => served.has(n)),
  );
  let compared = 0;
  for (const item of want.items) {
    const mine = got.items.find((i: { metadata: { name: string } }) => i.metadata.name === item.metadata.name);
    if (!mine) continue;
    assert.deepEqual(mine.metadata, { name: item.metadata.name, creationTimestamp: null });
    for (const v of item.versions) {
      const mv = mine.versions.find((x: { version: string }) => x.version === v.version);
      if (!mv) continue;
      assert.equal(mv.freshness, 'Current');
      for (const res of v.resources) {
        const mr = mv.resources.find((x: { resource: string }) => x.resource === res.resource);
        assert.ok(mr, `${item.metadata.name}/${v.version} ${res.resource}`);
        assert.deepEqual(mr, res, `${item.metadata.name}/${v.version} ${res.resource}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 40, `compared ${compared}`);
});

test('aggregated /api holds the core group with Go field order and omitempty rules', () => {
  const r = get('/api', KUBECTL);
  assert.equal(r.status, 200);
  assert.equal(r.headers['Content-Type'], AGG);
  const body = String(r.body);
  assert.ok(body.startsWith('{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[{"metadata":{"creationTimestamp":null},"versions":[{"version":"v1","resources":[{"resource":"bindings","responseKind":{"group":"","version":"","kind":"Binding"},"scope":"Namespaced","singularResource":"binding","verbs":["create"]},'));
  assert.ok(body.endsWith('],"freshness":"Current"}]}]}\n'));
  assert.ok(
    body.includes(
      '{"resource":"serviceaccounts","responseKind":{"group":"","version":"","kind":"ServiceAccount"},"scope":"Namespaced","singularResource":"serviceaccount","verbs":["create","delete","deletecollection","get","list","patch","update","watch"],"shortNames":["sa"],"subresources":[{"subresource":"token","responseKind":{"group":"authentication.k8s.io","version":"v1","kind":"TokenRequest"},"verbs":["create"]}]}',
    ),
  );
});

test('aggregated responses carry the ETag of the hashed list and answer a matching If-None-Match with 304', () => {
  const r = get('/apis', KUBECTL);
  const list = JSON.parse(String(r.body));
  // kube hashes the list before the encoder sets kind and apiVersion
  const hash = createHash('sha512').update(JSON.stringify({ metadata: list.metadata, items: list.items })).digest('hex').toUpperCase();
  assert.deepEqual(r.headers, { ETag: `"${hash}"`, Vary: 'Accept', 'Cache-Control': 'public', 'Content-Type': AGG });
  const nm = get('/apis', KUBECTL, `"${hash}"`);
  assert.deepEqual(nm, { status: 304, headers: { ETag: `"${hash}"`, Vary: 'Accept', 'Cache-Control': 'public' } });
  assert.equal(get('/apis', KUBECTL, hash).status, 200, 'unquoted tag does not match');
  assert.equal(get('/apis', KUBECTL, '"other"').status, 200);
  assert.notEqual(get('/api', KUBECTL).headers.ETag, r.headers.ETag);
  // the legacy form has no ETag
  assert.deepEqual(get('/apis', 'application/json').headers, { 'Content-Type': 'application/json' });
});

test('Accept negotiation: v2beta1 is not served, wildcards pick JSON, nothing acceptable is 406', () => {
  assert.equal(get('/apis', 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json').headers['Content-Type'], 'application/json');
  assert.deepEqual(get('/apis', 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList'), {
    status: 406,
    headers: { 'Content-Type': 'application/json' },
    body: NOT_ACCEPTABLE,
  });
  assert.equal(get('/apis', undefined).headers['Content-Type'], 'application/json');
  assert.equal(get('/apis', '*/*').headers['Content-Type'], 'application/json');
  assert.equal(get('/apis', 'application/*').headers['Content-Type'], 'application/json');
  assert.equal(get('/apis', 'text/html').status, 406);
  assert.equal(get('/apis', 'application/json;as=Table;v=v1;g=meta.k8s.io').status, 406);
  // q-values order the clauses
  assert.equal(get('/apis', `application/json;q=0.5,${AGG}`).headers['Content-Type'], AGG);
  // the aggregated form exists only for /api and /apis
  assert.equal(get('/apis/apps/v1', KUBECTL).headers['Content-Type'], 'application/json');
  assert.equal(get('/apis/apps/v1', AGG).status, 406);
  // protobuf is offered only with an encoder
  assert.equal(get('/api/v1', 'application/vnd.kubernetes.protobuf').status, 406);
  const pb = discoveryResponse('/api/v1', 'application/vnd.kubernetes.protobuf', undefined, resources, { ...opts, encodeProtobuf: () => new Uint8Array([1, 2]) })!;
  assert.deepEqual(pb, { status: 200, headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' }, body: new Uint8Array([1, 2]) });
});

test('YAML uses sorted keys as kube does', () => {
  const r = get('/apis/apps', 'application/yaml');
  assert.equal(r.headers['Content-Type'], 'application/yaml');
  assert.equal(
    r.body,
    'apiVersion: v1\nkind: APIGroup\nname: apps\npreferredVersion:\n  groupVersion: apps/v1\n  version: v1\nversions:\n- groupVersion: apps/v1\n  version: v1\n',
  );
});

test('unknown paths, groups and versions are left to the router', () => {
  assert.equal(discoveryResponse('/apis/nope.example.com', 'application/json', undefined, resources, opts), undefined);
  assert.equal(discoveryResponse('/apis/apps/v2', 'application/json', undefined, resources, opts), undefined);
  assert.equal(discoveryResponse('/api/v2', 'application/json', undefined, resources, opts), undefined);
  assert.equal(discoveryResponse('/apis/apps/v1/deployments', 'application/json', undefined, resources, opts), undefined);
  assert.equal(discoveryResponse('/healthz', 'application/json', undefined, resources, opts), undefined);
  assert.equal(discoveryResponse('/api', 'application/json', undefined, resources.filter((r) => r.group !== ''), opts), undefined);
});

test('custom resources are appended after the built-ins and their versions sorted kube-aware', () => {
  const crd = (group: string, version: string, resource: string): ResourceInfo => ({
    group,
    version,
    resource,
    kind: 'Widget',
    listKind: 'WidgetList',
    singular: 'widget',
    namespaced: true,
    verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'],
    shortNames: ['wd'],
    categories: ['all'],
    subresources: [{ name: 'status', group, version, kind: 'Widget', verbs: ['get', 'patch', 'update'] }],
  });
  const rs = [...resources, crd('b.example.com', 'v1alpha1', 'widgets'), crd('b.example.com', 'v1', 'widgets'), crd('b.example.com', 'v1beta2', 'widgets'), crd('a.example.com', 'v2', 'widgets')];
  const groups = json('/apis', 'application/json').groups;
  assert.ok(!groups.some((g: { name: string }) => g.name.endsWith('example.com')));
  // legacy /apis breaks priority ties by APIService name ("v1.b.example.com" < "v2.a.example.com") ...
  const list = JSON.parse(String(get('/apis', 'application/json', undefined, rs).body)).groups;
  assert.deepEqual(
    list.slice(-2).map((g: { name: string; versions: { version: string }[] }) => [g.name, g.versions.map((v) => v.version)]),
    [
      ['b.example.com', ['v1', 'v1beta2', 'v1alpha1']],
      ['a.example.com', ['v2']],
    ],
  );
  // ... aggregated discovery by group name
  const agg = JSON.parse(String(get('/apis', AGG, undefined, rs).body)).items;
  assert.deepEqual(
    agg.slice(-2).map((i: { metadata: { name: string } }) => i.metadata.name),
    ['a.example.com', 'b.example.com'],
  );
  const b = agg.find((i: { metadata: { name: string } }) => i.metadata.name === 'b.example.com');
  assert.deepEqual(
    b.versions.map((v: { version: string }) => v.version),
    ['v1', 'v1beta2', 'v1alpha1'],
  );
  assert.deepEqual(b.versions[0].resources[0], {
    resource: 'widgets',
    responseKind: { group: '', version: '', kind: 'Widget' },
    scope: 'Namespaced',
    singularResource: 'widget',
    verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'],
    shortNames: ['wd'],
    categories: ['all'],
    subresources: [{ subresource: 'status', responseKind: { group: '', version: '', kind: 'Widget' }, verbs: ['get', 'patch', 'update'] }],
  });
  assert.ok(isDeepStrictEqual(agg.at(-1).metadata, { name: 'b.example.com', creationTimestamp: null }));
});
