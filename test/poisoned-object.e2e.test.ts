// Objects with malformed metadata already in the store (written by an older server, or straight into the store)
// never stop the controllers: the namespace controller finishes every terminating namespace and the garbage
// collector keeps collecting, also after a restart, and the objects themselves can be read and deleted
// (kube's storage decoder for custom resources drops metadata fields that do not decode).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THING_CRD as CRD } from './fixtures.js';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const JSON_CT = { 'content-type': 'application/json' };
const things = (ns: string) => `/apis/example.com/v1/namespaces/${ns}/things`;

let dataDir: string;
let s: TestServer;

async function eventually(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** What a pre-fix server stored for `POST` of a custom resource with malformed metadata. */
async function poison(srv: TestServer, ns: string, name: string, metadata: Record<string, unknown>): Promise<void> {
  const key = `/registry/example.com/things/${ns}/${name}`;
  const obj = { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name, namespace: ns, uid: `uid-${ns}-${name}`, creationTimestamp: '2026-01-01T00:00:00Z', ...metadata } };
  const r = await srv.storage.put(key, Buffer.from(JSON.stringify(obj)), 0);
  assert.equal(r.ok, true);
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kubelite-poison-'));
  const first = await startTestServer({ dataDir });
  assert.equal((await first.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(CRD) })).status, 201);
  await eventually('the CRD to be served', async () => (await first.request('GET', things('default'))).status === 200);
  for (const ns of ['poisoned', 'zz-after']) {
    assert.equal((await first.request('POST', '/api/v1/namespaces', { headers: JSON_CT, body: `{"metadata":{"name":"${ns}"}}` })).status, 201);
    const ok = await first.request('POST', things(ns), { headers: JSON_CT, body: '{"apiVersion":"example.com/v1","kind":"Thing","metadata":{"name":"fine"}}' });
    assert.equal(ok.status, 201, ok.body);
  }
  await poison(first, 'poisoned', 'p', { finalizers: { a: 1 }, labels: { a: 5 }, ownerReferences: 'x' });
  await poison(first, 'default', 'p2', { finalizers: 'x', ownerReferences: [null, { uid: 5 }, 'y'] });
  await first.close();
  // The controllers meet the poisoned objects when they start.
  s = await startTestServer({ dataDir });
});
after(async () => {
  await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a poisoned custom object reads without its malformed metadata and deletes with 200', async () => {
  await eventually('the CRD to be served', async () => (await s.request('GET', things('default'))).status === 200);
  const r = await s.request('GET', `${things('default')}/p2`);
  assert.equal(r.status, 200, r.body);
  assert.equal(r.json().metadata.finalizers, undefined);
  assert.equal(r.json().metadata.ownerReferences, undefined);
  const d = await s.request('DELETE', `${things('default')}/p2`);
  assert.equal(d.status, 200, d.body);
  assert.equal((await s.request('GET', `${things('default')}/p2`)).status, 404);
});

test('namespaces after one holding a poisoned object are deleted, and that one too', async () => {
  for (const ns of ['poisoned', 'zz-after']) assert.equal((await s.request('DELETE', `/api/v1/namespaces/${ns}`)).status, 200);
  for (const ns of ['zz-after', 'poisoned']) {
    await eventually(`namespace ${ns} to be gone`, async () => (await s.request('GET', `/api/v1/namespaces/${ns}`)).status === 404);
  }
});

test('the garbage collector still collects dependents', async () => {
  const owner = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: JSON_CT, body: '{"metadata":{"name":"owner"}}' });
  assert.equal(owner.status, 201);
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.json().metadata.uid };
  const dep = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: JSON_CT, body: JSON.stringify({ metadata: { name: 'dependent', ownerReferences: [ref] } }) });
  assert.equal(dep.status, 201);
  assert.equal((await s.request('DELETE', '/api/v1/namespaces/default/configmaps/owner')).status, 200);
  await eventually('the dependent to be collected', async () => (await s.request('GET', '/api/v1/namespaces/default/configmaps/dependent')).status === 404);
});
