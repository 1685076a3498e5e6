import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allBuiltinResources, builtinResources } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { sharedDataDir } from '../api/shared-data.js';
import { OpenAPIV3Service } from './openapi-v3.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const svc = new OpenAPIV3Service(builtinResources());
const doc = (key: string, s = svc): Json => JSON.parse(svc === s ? svc.document(key)!.body : s.document(key)!.body);
const shared = sharedDataDir();

test('the index lists every served group-version plus the discovery documents, keys sorted', () => {
  const idx = JSON.parse(svc.index().body) as { paths: Record<string, { serverRelativeURL: string }> };
  const keys = Object.keys(idx.paths);
  assert.deepEqual(keys, [...keys].sort());
  for (const k of ['api', 'api/v1', 'apis', 'apis/apps', 'apis/apps/v1', 'apis/autoscaling/v2', 'apis/apiextensions.k8s.io/v1', 'version']) assert.ok(keys.includes(k), k);
  assert.ok(!keys.includes('apis/resource.k8s.io/v1beta1'), 'off by default');
  assert.equal(keys.length, 1 + 1 + 1 + 19 + 20 + 1); // api, api/v1, apis, 19 groups, 20 named group-versions, version
  for (const [k, v] of Object.entries(idx.paths)) {
    const body = svc.document(k)!.body;
    const hash = createHash('sha512').update(body).digest('hex').toUpperCase();
    assert.equal(v.serverRelativeURL, `/openapi/v3/${k}?hash=${hash}`);
  }
});

test('GET /openapi/v3 carries the ETag of its body and honours If-None-Match', () => {
  const r = svc.respond('/openapi/v3', '', 'application/json, */*')!;
  assert.equal(r.status, 200);
  const etag = `"${createHash('sha512').update(r.body as string).digest('hex').toUpperCase()}"`;
  assert.equal(r.headers.Etag, etag);
  assert.equal(r.headers['Content-Type'], 'application/json');
  const nm = svc.respond('/openapi/v3', '', undefined, etag)!;
  assert.equal(nm.status, 304);
  assert.equal(nm.body, undefined);
  assert.equal(svc.respond('/openapi/v3', '', undefined, `"x", W/${etag}`)!.status, 304);
});

test('a document requested with its current hash is immutable; a stale hash redirects; an unknown group-version is kube-openapi\'s empty 200', () => {
  const { etag } = svc.document('api/v1')!;
  const r = svc.respond('/openapi/v3/api/v1', `?hash=${etag}`, 'application/json')!;
  assert.equal(r.status, 200);
  assert.equal(r.headers['Cache-Control'], 'public, immutable');
  assert.equal(r.headers.Vary, 'Accept');
  assert.equal(r.headers.Etag, `"${etag}"`);
  assert.equal(r.headers['Content-Type'], 'application/json');
  assert.match(r.headers.Expires!, /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} UTC$/);
  assert.equal(new Date(r.headers.Expires!.replace('UTC', 'GMT')).getUTCFullYear(), new Date().getUTCFullYear() + 1);

  const plain = svc.respond('/openapi/v3/api/v1', '', 'application/json')!;
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['Cache-Control'], undefined);
  assert.equal(plain.body, r.body);

  const stale = svc.respond('/openapi/v3/api/v1', 'hash=0123', 'application/json')!;
  assert.equal(stale.status, 301);
  assert.equal(stale.headers.Location, `/openapi/v3/api/v1?hash=${etag}`);
  assert.equal(stale.body, undefined);

  assert.equal(svc.respond('/openapi/v3/api/v1', `hash=${etag}`, 'application/json', `"${etag}"`)!.status, 304);
  assert.deepEqual(svc.respond('/openapi/v3/apis/nope.example.com/v1', '', 'application/json'), { status: 200, headers: { Vary: 'Accept' } });
  assert.deepEqual(svc.respond('/openapi/v3/apis/resource.k8s.io/v1beta1', '', 'application/json'), { status: 200, headers: { Vary: 'Accept' } });
  assert.equal(svc.respond('/openapi/v2', '', 'application/json'), undefined);
});

test('only JSON is produced: a protobuf-only Accept is 406', () => {
  assert.deepEqual(svc.respond('/openapi/v3/api/v1', '', 'application/com.github.proto-openapi.spec.v3.v1.0+protobuf'), { status: 406, headers: { Vary: 'Accept' } });
  assert.equal(svc.respond('/openapi/v3/api/v1', '', '*/*')!.status, 200);
  assert.equal(svc.respond('/openapi/v3/api/v1', '', undefined)!.status, 200);
});

test('every kind has the PATCH operation kubectl looks for', () => {
  for (const key of svc.documentKeys().filter((k) => /\/v\d/.test(k))) {
    const d = doc(key);
    const patched = new Set<string>();
    for (const item of Object.values<Json>(d.paths)) {
      const p = item.patch;
      if (!p || p['x-kubernetes-action'] !== 'patch') continue;
      const gvk = p['x-kubernetes-group-version-kind'];
      assert.equal(Array.isArray(gvk), false, 'an object, not a list');
      assert.ok(p.parameters.some((x: Json) => x.in === 'query' && x.name === 'fieldValidation'));
      assert.deepEqual(Object.keys(p.requestBody.content), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
      patched.add(`${gvk.group}/${gvk.version}/${gvk.kind}`);
    }
    for (const r of builtinResources().filter((x) => (x.group ? `apis/${x.group}/${x.version}` : `api/${x.version}`) === key && x.verbs.includes('patch'))) {
      assert.ok(patched.has(`${r.group}/${r.version}/${r.kind}`), `${key} ${r.kind}`);
    }
  }
  const cm = doc('api/v1').components.schemas['io.k8s.api.core.v1.ConfigMap'];
  assert.deepEqual(cm['x-kubernetes-group-version-kind'], [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
});

test('documents keep structure only: no description on any schema', () => {
  const d = doc('apis/apps/v1');
  const walk = (v: unknown, inProps: boolean): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, false));
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (!inProps) assert.notEqual(k, 'description', 'description keyword found');
      walk(x, k === 'properties');
    }
  };
  // responses' "description" (OK, Created, Unauthorized) is required by OpenAPI and not prose
  walk(d.components, false);
  assert.deepEqual(d.info, { title: 'Kubernetes', version: 'unversioned' });
  assert.equal(d.openapi, '3.0.0');
  assert.deepEqual(doc('version').paths['/version/'].get.responses['200'].content['application/json'], { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.version.Info' } });
});

test('paths, operations and parameters match the real 1.33 documents', { skip: shared ? false : 'reference data not found' }, () => {
  const all = new OpenAPIV3Service(allBuiltinResources());
  let ops = 0;
  for (const key of all.documentKeys().filter((k) => /\/v\d/.test(k))) {
    const real = JSON.parse(readFileSync(join(shared!, 'k8s-openapi-v1.33', `${key}.json`), 'utf8'));
    const mine = JSON.parse(all.document(key)!.body);
    assert.deepEqual(Object.keys(mine.paths), Object.keys(real.paths).sort(), key);
    for (const [p, item] of Object.entries<Json>(real.paths)) {
      const names = (ps: Json[] | undefined) => (ps ?? []).map((x) => `${x.in}:${x.name}`);
      assert.deepEqual(names(mine.paths[p].parameters), names(item.parameters), `${p} parameters`);
      for (const [m, op] of Object.entries<Json>(item)) {
        if (m === 'parameters') continue;
        const o = mine.paths[p][m];
        assert.ok(o, `${p} ${m}`);
        assert.equal(o.operationId, op.operationId);
        assert.equal(o['x-kubernetes-action'], op['x-kubernetes-action'], o.operationId);
        assert.deepEqual(o['x-kubernetes-group-version-kind'], op['x-kubernetes-group-version-kind'], o.operationId);
        assert.deepEqual(names(o.parameters), names(op.parameters), o.operationId);
        // the recorded server had CBOR on; kube's default does not advertise it
        const noCbor = (c: Json | undefined) => Object.keys(c ?? {}).filter((t) => !t.includes('cbor'));
        assert.deepEqual(Object.keys(o.requestBody?.content ?? {}), noCbor(op.requestBody?.content).sort(), o.operationId);
        assert.deepEqual(Object.keys(o.responses), Object.keys(op.responses), o.operationId);
        for (const [code, resp] of Object.entries<Json>(op.responses)) {
          const refs = (c: Json | undefined) => Object.entries<Json>(c ?? {}).filter(([t]) => !t.includes('cbor')).map(([t, v]) => `${t} ${v.schema?.$ref ?? v.schema?.type}`);
          assert.deepEqual(refs(o.responses[code].content), refs(resp.content), `${o.operationId} ${code}`);
        }
        ops++;
      }
      assert.deepEqual(Object.keys(mine.paths[p]).sort(), Object.keys(item).sort(), p);
    }
    assert.deepEqual(Object.keys(mine.components.schemas), Object.keys(real.components.schemas).sort(), `${key} schemas`);
  }
  assert.ok(ops > 1000, `${ops} operations compared`);
});

test('a custom resource document uses the supplied schemas, completes meta schemas, offers no strategic merge', () => {
  const widget: ResourceInfo = {
    group: 'example.com',
    version: 'v1',
    resource: 'widgets',
    kind: 'Widget',
    listKind: 'WidgetList',
    singular: 'widget',
    namespaced: true,
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    shortNames: [],
    categories: [],
    subresources: [{ name: 'status', group: 'example.com', version: 'v1', kind: 'Widget', verbs: ['get', 'patch', 'update'], schema: 'com.example.v1.Widget' }],
    schema: 'com.example.v1.Widget',
    listSchema: 'com.example.v1.WidgetList',
  };
  const schemas = {
    'com.example.v1.Widget': {
      type: 'object',
      properties: { metadata: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }, spec: { type: 'object' } },
      'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Widget', version: 'v1' }],
    },
    'com.example.v1.WidgetList': {
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/com.example.v1.Widget' } }, metadata: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta' } },
    },
  };
  const s = new OpenAPIV3Service([...builtinResources(), widget], { schemasFor: (g, v) => (g === 'example.com' && v === 'v1' ? schemas : undefined) });
  assert.ok(s.documentKeys().includes('apis/example.com/v1'));
  assert.ok(!s.documentKeys().includes('apis/example.com'));
  const d = JSON.parse(s.document('apis/example.com/v1')!.body);
  const patch = d.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}'].patch;
  assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: 'example.com', version: 'v1', kind: 'Widget' });
  assert.deepEqual(Object.keys(patch.requestBody.content), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json']);
  for (const n of ['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry', 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch', 'io.k8s.apimachinery.pkg.apis.meta.v1.Status', 'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent', 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions']) {
    assert.ok(d.components.schemas[n], n);
  }
  assert.ok(d.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}/status'].patch);
  // adding the CRD changes the index but not the built-in documents
  assert.equal(s.document('api/v1')!.etag, svc.document('api/v1')!.etag);
  assert.notEqual(s.index().etag, svc.index().etag);
  s.setResources(builtinResources());
  assert.equal(s.index().etag, svc.index().etag);
});

test('warm() builds every document without blocking, and the index is then immediate', async () => {
  const s = new OpenAPIV3Service(builtinResources());
  await s.warm();
  const t0 = performance.now();
  assert.equal(s.index().etag, svc.index().etag);
  assert.ok(performance.now() - t0 < 5);
});
