// Query parameters on the wire, decoded as kube's parameter codec decodes them: one test per parameter (booleans
// true for anything but "0"/"false", first of repeated values, Go's errors for malformed integers).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
const JSON_CT = { 'content-type': 'application/json' };
const cm = (name: string, extra: Record<string, unknown> = {}) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data: { k: 'v' } });
const post = (path: string, body: string) => s.request('POST', path, { headers: JSON_CT, body });
const CMS = '/api/v1/namespaces/qp/configmaps';

before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await post('/api/v1/namespaces', '{"metadata":{"name":"qp"}}');
  for (const n of ['a', 'b', 'c']) await post(CMS, cm(n, { labels: { n } }));
});
after(async () => {
  await s.close();
});

test('force: the Python client\'s force=True overrides an apply conflict; force=false leaves the 409', async () => {
  const apply = (manager: string, value: string, force?: string) =>
    s.request('PATCH', `${CMS}/applied?fieldManager=${manager}${force === undefined ? '' : `&force=${force}`}`, {
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { k: value } }),
    });
  assert.equal((await apply('one', 'x')).status, 201);
  const conflict = await apply('two', 'y', 'false');
  assert.equal(conflict.status, 409);
  assert.equal(conflict.json().reason, 'Conflict');
  const forced = await apply('two', 'y', 'True');
  assert.equal(forced.status, 200);
  assert.equal(forced.json().data.k, 'y');
  // "f" is not one of the converter's false values.
  const alsoForced = await apply('one', 'z', 'f');
  assert.equal(alsoForced.status, 200);
  assert.equal(alsoForced.json().data.k, 'z');
});

test('force: specified on a non-apply patch (any value) is 422', async () => {
  const r = await s.request('PATCH', `${CMS}/a?force=False`, { headers: { 'content-type': 'application/merge-patch+json' }, body: '{}' });
  assert.deepEqual([r.status, r.json().message], [422, 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch']);
});

test('dryRun: every repeated value is validated; All twice is a dry run', async () => {
  const ok = await post(`${CMS}?dryRun=All&dryRun=All`, cm('dry'));
  assert.equal(ok.status, 201);
  assert.equal((await s.request('GET', `${CMS}/dry`)).status, 404);
  const bad = await post(`${CMS}?dryRun=All&dryRun=x`, cm('dry'));
  assert.deepEqual([bad.status, bad.json().message], [422, 'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"All", "x"}: supported values: "All"']);
});

test('fieldManager: the first of repeated values names the manager', async () => {
  const r = await post(`${CMS}?fieldManager=first&fieldManager=second`, cm('fm'));
  assert.equal(r.status, 201);
  assert.deepEqual(r.json().metadata.managedFields.map((m: { manager: string }) => m.manager), ['first']);
});

test('fieldValidation: the first of repeated values applies', async () => {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fv' }, bogus: 1 });
  const strict = await post(`${CMS}?fieldValidation=Strict&fieldValidation=Ignore`, body);
  assert.deepEqual([strict.status, strict.json().message], [400, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"']);
  const ignore = await post(`${CMS}?fieldValidation=Ignore&fieldValidation=Strict`, body);
  assert.equal(ignore.status, 201);
  assert.equal(ignore.headers['warning'], undefined);
});

test('pretty: strconv.ParseBool values; a malformed value is false even for curl', async () => {
  const indented = await s.request('GET', `${CMS}/a?pretty=T`);
  assert.match(indented.body, /^\{\n {2}"kind": "ConfigMap"/);
  const compact = await s.request('GET', `${CMS}/a?pretty=yes`, { headers: { 'user-agent': 'curl/8.5.0' } });
  assert.match(compact.body, /^\{"kind":"ConfigMap"/);
  const byAgent = await s.request('GET', `${CMS}/a?pretty=`, { headers: { 'user-agent': 'curl/8.5.0' } });
  assert.match(byAgent.body, /^\{\n/);
});

test('watch: True and f watch, FALSE and 0 list', async () => {
  for (const v of ['True', 'f', '']) {
    const r = await s.request('GET', `${CMS}?watch=${v}&timeoutSeconds=1&labelSelector=n%3Da`);
    assert.equal(r.status, 200, v);
    assert.deepEqual(r.body.trim().split('\n').map((l) => JSON.parse(l).type), ['ADDED'], v);
  }
  for (const v of ['FALSE', '0']) {
    const r = await s.request('GET', `${CMS}?watch=${v}&labelSelector=n%3Da`);
    assert.equal(r.json().kind, 'ConfigMapList', v);
  }
});

test('allowWatchBookmarks: TRUE sends the bookmark before the deadline, false none', async () => {
  const path = (v: string) => `${CMS}?watch=1&timeoutSeconds=3&labelSelector=none%3Dnone&allowWatchBookmarks=${v}`;
  const watches = Promise.all([s.request('GET', path('TRUE')), s.request('GET', path('false'))]);
  await new Promise((r) => setTimeout(r, 300));
  await post(CMS, cm('unselected')); // moves the revision the bookmark reports
  const [on, off] = await watches;
  assert.deepEqual(on.body.trim().split('\n').map((l) => JSON.parse(l).type), ['BOOKMARK']);
  assert.equal(off.body.trim(), '');
});

test('sendInitialEvents: present with any value is a set pointer, forbidden for list', async () => {
  const r = await s.request('GET', `${CMS}?sendInitialEvents=0`);
  assert.deepEqual([r.status, r.json().message], [422, 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list']);
});

test('resourceVersion: the first of repeated values is read (get and list)', async () => {
  const g = await s.request('GET', `${CMS}/a?resourceVersion=0&resourceVersion=abc`);
  assert.equal(g.status, 200);
  const l = await s.request('GET', `${CMS}?resourceVersion=abc&resourceVersion=0`);
  assert.equal(l.status, 400);
});

test('resourceVersionMatch: the first of repeated values is validated', async () => {
  const ok = await s.request('GET', `${CMS}?resourceVersion=0&resourceVersionMatch=NotOlderThan&resourceVersionMatch=bogus`);
  assert.equal(ok.status, 200);
  const bad = await s.request('GET', `${CMS}?resourceVersion=0&resourceVersionMatch=bogus&resourceVersionMatch=NotOlderThan`);
  assert.deepEqual([bad.status, bad.json().message], [422, 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Unsupported value: "bogus": supported values: "Exact", "NotOlderThan", ""']);
});

test('timeoutSeconds: strconv.ParseInt errors are 400 BadRequest', async () => {
  const r = await s.request('GET', `${CMS}?watch=1&timeoutSeconds=1s`);
  assert.deepEqual([r.status, r.json().reason, r.json().message], [400, 'BadRequest', 'strconv.ParseInt: parsing "1s": invalid syntax']);
  const big = await s.request('GET', `${CMS}?timeoutSeconds=99999999999999999999`);
  assert.deepEqual([big.status, big.json().message], [400, 'strconv.ParseInt: parsing "99999999999999999999": value out of range']);
});

test('limit: a signed integer is read; a malformed one is 400', async () => {
  const r = await s.request('GET', `${CMS}?limit=%2B1&limit=x&labelSelector=n`);
  assert.equal(r.status, 200);
  assert.equal(r.json().items.length, 1);
  assert.ok(r.json().metadata.continue);
  const bad = await s.request('GET', `${CMS}?limit=1.0`);
  assert.deepEqual([bad.status, bad.json().message], [400, 'strconv.ParseInt: parsing "1.0": invalid syntax']);
});

test('continue: the first of repeated tokens is used', async () => {
  const first = (await s.request('GET', `${CMS}?limit=1&labelSelector=n`)).json();
  const r = await s.request('GET', `${CMS}?limit=1&labelSelector=n&continue=${encodeURIComponent(first.metadata.continue)}&continue=garbage`);
  assert.equal(r.status, 200);
  assert.equal(r.json().items[0].metadata.name, 'b');
});

test('labelSelector and fieldSelector: the first of repeated values selects', async () => {
  const byLabel = await s.request('GET', `${CMS}?labelSelector=n%3Db&labelSelector=n%3Dc`);
  assert.deepEqual(byLabel.json().items.map((i: { metadata: { name: string } }) => i.metadata.name), ['b']);
  const byField = await s.request('GET', `${CMS}?fieldSelector=metadata.name%3Dc&fieldSelector=metadata.name%3Da`);
  assert.deepEqual(byField.json().items.map((i: { metadata: { name: string } }) => i.metadata.name), ['c']);
});

test('gracePeriodSeconds: malformed is 400; read from the query only when there is no body', async () => {
  const bad = await s.request('DELETE', `${CMS}/a?gracePeriodSeconds=soon`);
  assert.deepEqual([bad.status, bad.json().message], [400, 'strconv.ParseInt: parsing "soon": invalid syntax']);
  await post(CMS, cm('gp'));
  const withBody = await s.request('DELETE', `${CMS}/gp?gracePeriodSeconds=soon`, { headers: JSON_CT, body: '{"kind":"DeleteOptions","apiVersion":"v1"}' });
  assert.equal(withBody.status, 200);
});

test('propagationPolicy: an empty value is set (and unsupported); the first of repeated values counts', async () => {
  const empty = await s.request('DELETE', `${CMS}/a?propagationPolicy=`);
  assert.deepEqual([empty.status, empty.json().message], [422, 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "": supported values: "Foreground", "Background", "Orphan", "nil"']);
  await post(CMS, cm('pp'));
  const ok = await s.request('DELETE', `${CMS}/pp?propagationPolicy=Background&propagationPolicy=bogus`);
  assert.equal(ok.status, 200);
});

test('orphanDependents: any value but 0/false is true, and clashes with propagationPolicy', async () => {
  const r = await s.request('DELETE', `${CMS}/a?orphanDependents=f&propagationPolicy=Orphan`);
  assert.deepEqual([r.status, r.json().message], [422, 'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set']);
});

test('ignoreStoreReadErrorWithClusterBreakingPotential: dropped without the AllowUnsafeMalformedObjectDeletion gate', async () => {
  await post(CMS, cm('unsafe'));
  const r = await s.request('DELETE', `${CMS}/unsafe?ignoreStoreReadErrorWithClusterBreakingPotential=True&dryRun=All`);
  assert.equal(r.status, 200);
  assert.equal((await s.request('GET', `${CMS}/unsafe`)).status, 200, 'a dry run, not an unsafe delete');
});

test('unknown parameters are ignored', async () => {
  const r = await s.request('GET', `${CMS}/a?frobnicate=1&limit2=x`);
  assert.equal(r.status, 200);
});
