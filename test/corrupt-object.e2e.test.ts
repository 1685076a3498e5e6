// Forced deletion of an object whose stored bytes cannot be read (seed 000: ignoreStoreReadErrorWithClusterBreakingPotential,
// alpha gate AllowUnsafeMalformedObjectDeletion).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
let off: TestServer;
const KEY = '/registry/configmaps/default/broken';

before(async () => {
  s = await startTestServer({ storageBackend: 'memory', featureGates: { AllowUnsafeMalformedObjectDeletion: true } });
  off = await startTestServer({ storageBackend: 'memory' });
  for (const srv of [s, off]) {
    const r = await srv.storage.put(KEY, Buffer.from('{"kind":"ConfigMap", not json'), 0);
    assert.equal(r.ok, true);
  }
});
after(async () => {
  await s.close();
  await off.close();
});

const json = { 'content-type': 'application/json' };

test('reading a corrupt object is kube\'s 500 InternalError', async () => {
  const r = await s.request('GET', '/api/v1/namespaces/default/configmaps/broken');
  assert.equal(r.status, 500);
  assert.equal(r.json().reason, 'InternalError');
  assert.match(r.json().message, /^Internal error occurred: StorageError: corrupt object, Code: 7, Key: \/registry\/configmaps\/default\/broken, ResourceVersion: 0, AdditionalErrorMsg: /);
});

test('a normal delete of a corrupt object fails', async () => {
  const r = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/broken');
  assert.equal(r.status, 500);
});

test('the option with other delete options is 422', async () => {
  // With a body, kube reads every option from it (the query is not decoded).
  const r = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/broken', {
    headers: json,
    body: JSON.stringify({ ignoreStoreReadErrorWithClusterBreakingPotential: true, dryRun: ['All'], propagationPolicy: 'Background', gracePeriodSeconds: 0, preconditions: { uid: 'x' } }),
  });
  assert.equal(r.status, 422);
  assert.equal(
    r.json().message,
    'DeleteOptions.meta.k8s.io "" is invalid: [ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: cannot be set together with .dryRun, ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: cannot be set together with .propagationPolicy, ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: cannot be set together with .gracePeriodSeconds, ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: cannot be set together with .preconditions]',
  );
});

test('the option on a readable object is refused', async () => {
  await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: json, body: '{"metadata":{"name":"fine","finalizers":["example.com/keep"]}}' });
  const r = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/fine?ignoreStoreReadErrorWithClusterBreakingPotential=true');
  assert.equal(r.status, 422);
  assert.equal(r.json().message, 'configmaps "fine" is invalid: ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: is exclusively used to delete corrupt object(s), try again by removing this option');
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps/fine')).status, 200);
});

test('the option removes the corrupt object without reading it and answers a Success Status', async () => {
  const r = await s.request('DELETE', '/api/v1/namespaces/default/configmaps/broken?ignoreStoreReadErrorWithClusterBreakingPotential=true');
  assert.equal(r.status, 200);
  assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'broken', kind: 'ConfigMap' }, code: 200 });
  assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps/broken')).status, 404);
});

test('without the feature gate the option is ignored (a normal delete, which fails)', async () => {
  const r = await off.request('DELETE', '/api/v1/namespaces/default/configmaps/broken?ignoreStoreReadErrorWithClusterBreakingPotential=true');
  assert.equal(r.status, 500);
  assert.match(r.json().message, /corrupt object/);
});
