import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { builtinResources } from '../api/catalog.js';
import { OpenAPIV2Service } from './openapi-v2.js';
import { OpenAPIV3Service } from './openapi-v3.js';

const v3 = new OpenAPIV3Service(builtinResources());
const v2 = new OpenAPIV2Service(v3);

test('JSON v2 is one Swagger 2.0 document with #/definitions references', () => {
  const r = v2.respond('/openapi/v2', 'application/json')!;
  assert.equal(r.status, 200);
  assert.equal(r.headers['Content-Type'], 'application/json');
  assert.equal(r.headers.Etag, `"${createHash('sha512').update(r.body as string).digest('hex').toUpperCase()}"`);
  const doc = JSON.parse(r.body as string);
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.info, { title: 'Kubernetes', version: 'v1.33.1' });
  const patch = doc.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch;
  assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: '', version: 'v1', kind: 'ConfigMap' });
  assert.deepEqual(patch.consumes, ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
  assert.deepEqual(patch.parameters[0], { in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } });
  assert.ok(patch.parameters.some((p: { name: string; type: string }) => p.name === 'fieldValidation' && p.type === 'string'));
  assert.deepEqual(patch.responses['200'].schema, { $ref: '#/definitions/io.k8s.api.core.v1.ConfigMap' });
  const meta = doc.definitions['io.k8s.api.core.v1.ConfigMap'].properties.metadata;
  assert.deepEqual(meta, { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', default: {} });
  assert.equal((r.body as string).includes('#/components/'), false);
  assert.equal(v2.respond('/openapi/v2', undefined)!.status, 200);
});

test('both protobuf spellings get the gnostic document as application/com.github.proto-openapi.spec.v2.v1.0+protobuf with the JSON ETag', () => {
  const j = v2.respond('/openapi/v2', 'application/json')!;
  for (const accept of ['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf']) {
    const r = v2.respond('/openapi/v2', accept)!;
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.headers).sort(), ['Accept-Ranges', 'Content-Type', 'Etag', 'Last-Modified', 'Vary']);
    assert.equal(r.headers['Content-Type'], 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    assert.equal(r.headers.Vary, 'Accept');
    assert.equal(r.headers.Etag, j.headers.Etag);
    assert.equal(r.headers['Last-Modified'], j.headers['Last-Modified']);
    assert.ok(r.body instanceof Uint8Array);
    // field 1 (swagger, length-delimited) = "2.0" opens the message, as Go's proto.Marshal writes it
    assert.deepEqual([...(r.body as Uint8Array).subarray(0, 5)], [0x0a, 0x03, 0x32, 0x2e, 0x30]);
    assert.equal(v2.respond('/openapi/v2', accept)!.body, r.body, 'encoded once, then cached');
  }
  // the first Accept clause that matches wins, in kube's order json, protobuf
  assert.equal(v2.respond('/openapi/v2', 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf, application/json')!.headers['Content-Type'], 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
  assert.equal(v2.respond('/openapi/v2', 'application/json, application/com.github.proto-openapi.spec.v2@v1.0+protobuf')!.headers['Content-Type'], 'application/json');
  assert.equal(v2.respond('/openapi/v2', '*/*')!.headers['Content-Type'], 'application/json');
});

test('unknown Accept is 406 without a body; If-None-Match, else If-Modified-Since, gives 304', () => {
  assert.deepEqual(v2.respond('/openapi/v2', 'text/plain'), { status: 406, headers: { Vary: 'Accept' } });
  assert.deepEqual(v2.respond('/openapi/v2', 'application/vnd.kubernetes.protobuf'), { status: 406, headers: { Vary: 'Accept' } });
  const j = v2.respond('/openapi/v2', 'application/json')!;
  const etag = j.headers.Etag!;
  assert.deepEqual(v2.respond('/openapi/v2', 'application/json', etag), { status: 304, headers: { Vary: 'Accept', Etag: etag } });
  const pb = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
  assert.deepEqual(v2.respond('/openapi/v2', pb, `W/${etag}`), { status: 304, headers: { Vary: 'Accept', Etag: etag } });
  assert.equal(v2.respond('/openapi/v2', pb, '"other"')!.status, 200);
  const lm = j.headers['Last-Modified']!;
  assert.equal(v2.respond('/openapi/v2', pb, undefined, lm)!.status, 304);
  assert.equal(v2.respond('/openapi/v2', pb, undefined, new Date(Date.parse(lm) - 1000).toUTCString())!.status, 200);
  assert.equal(v2.respond('/openapi/v2', pb, '"other"', lm)!.status, 200, 'If-None-Match decides when present');
  assert.equal(v2.respond('/openapi/v3', 'application/json'), undefined);
});
