// CRD conversion webhooks (spec.conversion.strategy Webhook) driven with kubectl against a conversion webhook of the
// test's own on 127.0.0.1 (HTTPS, its own CA): objects written in one version read in the other and back, and a
// failing webhook's error as kube reports it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { servingPair } from '../src/testing/test-pki.js';

type Obj = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let s: TestServer;
let hook: Server;
let base: string;
const reviews: Obj[] = [];

/** v1 keeps the schedule in spec.cronSpec, v2 in spec.schedule. */
function convert(o: Obj, desired: string): Obj {
  const spec = { ...(o.spec ?? {}) };
  if (desired.endsWith('/v2') && 'cronSpec' in spec) {
    spec.schedule = spec.cronSpec;
    delete spec.cronSpec;
  }
  if (desired.endsWith('/v1') && 'schedule' in spec) {
    spec.cronSpec = spec.schedule;
    delete spec.schedule;
  }
  return { ...o, apiVersion: desired, spec };
}

before(async () => {
  const { ca, serving } = await servingPair();
  hook = createServer({ cert: serving.cert, key: serving.key }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const review = JSON.parse(body);
      reviews.push(review);
      const { uid, desiredAPIVersion, objects } = review.request;
      const broken = objects.some((o: Obj) => o.metadata?.name === 'broken');
      const response = broken
        ? { uid, result: { status: 'Failure', message: 'cannot convert broken widgets' } }
        : { uid, result: { status: 'Success' }, convertedObjects: objects.map((o: Obj) => convert(o, desiredAPIVersion)) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'ConversionReview', response }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  s = await startTestServer();
  const version = (name: string, storage: boolean, field: string) => ({
    name,
    served: true,
    storage,
    schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { [field]: { type: 'string' }, replicas: { type: 'integer' } } } } } },
  });
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.conv.example.com' },
    spec: {
      group: 'conv.example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [version('v1', false, 'cronSpec'), version('v2', true, 'schedule')],
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `${base}/convert`, caBundle: Buffer.from(ca.cert).toString('base64') } } },
    },
  };
  const r = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(crd) });
  assert.equal(r.code, 0, r.stderr);
  const w = await s.kubectl(['wait', '--for', 'condition=established', 'crd/widgets.conv.example.com', '--timeout=30s']);
  assert.equal(w.code, 0, w.stderr);
});
after(async () => {
  await s?.close();
  hook?.closeAllConnections();
  await new Promise<void>((r) => hook.close(() => r()));
});

const widget = (apiVersion: string, name: string, spec: object) => JSON.stringify({ apiVersion, kind: 'Widget', metadata: { name, namespace: 'default', labels: { app: 'w' } }, spec });
const getJson = async (resource: string, name = '') => {
  const r = await s.kubectl(['get', resource, ...(name ? [name] : []), '-n', 'default', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
};

test('written in v1, stored in v2 through the webhook, read in v2 and back in v1; an update in v2 reads in v1', async () => {
  const r = await s.kubectl(['create', '-f', '-'], { input: widget('conv.example.com/v1', 'w1', { cronSpec: '*/5 * * * *', replicas: 2 }) });
  assert.equal(r.code, 0, r.stderr);
  const toStorage = reviews.find((rv) => rv.request.desiredAPIVersion === 'conv.example.com/v2' && rv.request.objects[0].metadata.name === 'w1');
  assert.ok(toStorage, 'the write converted to the storage version');
  assert.equal(toStorage.apiVersion, 'apiextensions.k8s.io/v1');
  assert.equal(toStorage.kind, 'ConversionReview');
  assert.match(toStorage.request.uid, /^[0-9a-f-]{36}$/);
  assert.equal(toStorage.request.objects[0].apiVersion, 'conv.example.com/v1');

  const v2 = await getJson('widgets.v2.conv.example.com', 'w1');
  assert.equal(v2.apiVersion, 'conv.example.com/v2');
  assert.deepEqual(v2.spec, { schedule: '*/5 * * * *', replicas: 2 });
  const v1 = await getJson('widgets.v1.conv.example.com', 'w1');
  assert.equal(v1.apiVersion, 'conv.example.com/v1');
  assert.deepEqual(v1.spec, { cronSpec: '*/5 * * * *', replicas: 2 });
  assert.equal(v1.metadata.uid, v2.metadata.uid);
  assert.equal(v1.metadata.resourceVersion, v2.metadata.resourceVersion);

  const list = await getJson('widgets.v1.conv.example.com');
  assert.deepEqual(list.items.map((i: Obj) => [i.apiVersion, i.spec.cronSpec]), [['conv.example.com/v1', '*/5 * * * *']]);

  const p = await s.kubectl(['patch', 'widgets.v2.conv.example.com', 'w1', '-n', 'default', '--type', 'merge', '-p', '{"spec":{"schedule":"0 * * * *"}}']);
  assert.equal(p.code, 0, p.stderr);
  assert.equal((await getJson('widgets.v1.conv.example.com', 'w1')).spec.cronSpec, '0 * * * *');
  const p1 = await s.kubectl(['patch', 'widgets.v1.conv.example.com', 'w1', '-n', 'default', '--type', 'merge', '-p', '{"spec":{"replicas":3}}']);
  assert.equal(p1.code, 0, p1.stderr);
  const afterSpec = await getJson('widgets.v2.conv.example.com', 'w1');
  assert.deepEqual(afterSpec.spec, { schedule: '0 * * * *', replicas: 3 });
  assert.equal(afterSpec.metadata.generation, 3);
  // A metadata-only change through the converted version leaves the generation alone; re-applying the same spec is a no-op.
  const l = await s.kubectl(['label', 'widgets.v1.conv.example.com', 'w1', '-n', 'default', 'tier=gold']);
  assert.equal(l.code, 0, l.stderr);
  const labelled = await getJson('widgets.v2.conv.example.com', 'w1');
  assert.equal(labelled.metadata.generation, 3);
  assert.equal(labelled.metadata.labels.tier, 'gold');
  const same = await s.kubectl(['patch', 'widgets.v1.conv.example.com', 'w1', '-n', 'default', '--type', 'merge', '-p', '{"spec":{"replicas":3}}']);
  assert.equal(same.code, 0, same.stderr);
  assert.equal((await getJson('widgets.v2.conv.example.com', 'w1')).metadata.resourceVersion, labelled.metadata.resourceVersion);
});

test('a failing conversion webhook fails the write with its message (a 500 without reason)', async () => {
  const r = await s.kubectl(['create', '-f', '-'], { input: widget('conv.example.com/v1', 'broken', { cronSpec: 'x' }) });
  assert.equal(r.code, 1);
  assert.equal(r.stderr.trim(), 'Error from server: error when creating "STDIN": conversion webhook for conv.example.com/v1, Kind=Widget failed: cannot convert broken widgets');
  const raw = await s.request('POST', '/apis/conv.example.com/v1/namespaces/default/widgets', { body: widget('conv.example.com/v1', 'broken', { cronSpec: 'x' }), headers: { 'content-type': 'application/json' } });
  assert.equal(raw.status, 500);
  assert.equal(raw.json().reason, undefined);
  assert.equal(raw.json().message, 'conversion webhook for conv.example.com/v1, Kind=Widget failed: cannot convert broken widgets');
  // Written in the storage version, no conversion is needed and the write succeeds; reading it in v1 fails.
  const ok = await s.kubectl(['create', '-f', '-'], { input: widget('conv.example.com/v2', 'broken', { schedule: 'x' }) });
  assert.equal(ok.code, 0, ok.stderr);
  const read = await s.kubectl(['get', 'widgets.v1.conv.example.com', 'broken', '-n', 'default']);
  assert.equal(read.code, 1);
  assert.equal(read.stderr.trim(), 'Error from server: conversion webhook for conv.example.com/v2, Kind=Widget failed: cannot convert broken widgets');
});

test('a watch of the non-storage version sees its initial objects and later changes converted by the webhook (objects outside its selector are not converted)', async () => {
  const path = '/apis/conv.example.com/v1/namespaces/default/widgets?watch=1&timeoutSeconds=3&labelSelector=app%3Dwatched';
  assert.equal((await s.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'conv.example.com/v2', kind: 'Widget', metadata: { name: 'seen-first', namespace: 'default', labels: { app: 'watched' } }, spec: { schedule: '1 * * * *' } }) })).code, 0);
  const watching = s.request('GET', path);
  await new Promise((r) => setTimeout(r, 800));
  const later = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'conv.example.com/v2', kind: 'Widget', metadata: { name: 'seen-later', namespace: 'default', labels: { app: 'watched' } }, spec: { schedule: '2 * * * *' } }) });
  assert.equal(later.code, 0, later.stderr);
  const res = await watching;
  assert.equal(res.status, 200);
  const events = res.body.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(
    events.map((e: Obj) => [e.type, e.object.apiVersion, e.object.metadata.name, e.object.spec]),
    [
      ['ADDED', 'conv.example.com/v1', 'seen-first', { cronSpec: '1 * * * *' }],
      ['ADDED', 'conv.example.com/v1', 'seen-later', { cronSpec: '2 * * * *' }],
    ],
  );
});
