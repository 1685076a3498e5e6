// Concurrency over HTTP against the real server (issue 24): optimistic concurrency never loses an update, one name is
// created once, concurrent deletes of objects with finalizers and deletecollection agree, and server-side applies by
// different managers merge (and conflict) exactly as kube's do.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../src/testing/test-server.js';
import { H2Client } from './h2-client.js';
import { report, scale } from './stress-config.js';

const CMS = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'content-type': 'application/json' };
const INCREMENTS = scale('increments', 5, 50);

let s: TestServer;
let client: H2Client;
before(async () => {
  s = await startTestServer();
  client = new H2Client({ url: s.url, ca: s.ca, cert: s.admin.cert, key: s.admin.key }, 4);
});
after(async () => {
  client.close();
  await s.close();
});

const cm = (name: string, extra: Record<string, unknown> = {}, data: Record<string, string> = {}) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data });

function assertStatus(body: string, code: number, reason: string, message: string): void {
  const st = JSON.parse(body);
  assert.deepEqual([st.kind, st.code, st.reason, st.message], ['Status', code, reason, message]);
}

test(`64 writers × ${INCREMENTS} read-modify-write increments with resourceVersion preconditions lose no update`, { timeout: 600_000 }, async () => {
  assert.equal((await client.request('POST', CMS, { headers: JSON_CT, body: cm('counter', {}, { n: '0' }) })).status, 201);
  let conflicts = 0;
  let conflictBody = '';
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      for (let done = 0; done < INCREMENTS; ) {
        const got = JSON.parse((await client.request('GET', `${CMS}/counter`)).body);
        got.data.n = String(Number(got.data.n) + 1);
        const put = await client.request('PUT', `${CMS}/counter`, { headers: JSON_CT, body: JSON.stringify(got) });
        if (put.status === 200) done++;
        else {
          assert.equal(put.status, 409, put.body);
          conflicts++;
          conflictBody = put.body;
        }
      }
    }),
  );
  const final = Number(JSON.parse((await client.request('GET', `${CMS}/counter`)).body).data.n);
  report('concurrency-rmw', { writers: 64, increments: 64 * INCREMENTS, final, lostUpdates: 64 * INCREMENTS - final, conflicts });
  assert.equal(final, 64 * INCREMENTS);
  assert.ok(conflicts > 0, 'the writers never raced');
  assertStatus(conflictBody, 409, 'Conflict', 'Operation cannot be fulfilled on configmaps "counter": the object has been modified; please apply your changes to the latest version and try again');
});

test('64 concurrent creates of one name: exactly one 201, 63 AlreadyExists', async () => {
  const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => client.request('POST', CMS, { headers: JSON_CT, body: cm('only-one', {}, { by: String(i) }) })));
  const created = answers.filter((a) => a.status === 201);
  assert.equal(created.length, 1);
  for (const a of answers.filter((x) => x.status !== 201)) assertStatus(a.body, 409, 'AlreadyExists', 'configmaps "only-one" already exists');
  const stored = JSON.parse((await client.request('GET', `${CMS}/only-one`)).body);
  assert.equal(stored.data.by, JSON.parse(created[0]!.body).data.by);
});

test('16 concurrent deletes of one object: exactly one 200, the others NotFound', async () => {
  assert.equal((await client.request('POST', CMS, { headers: JSON_CT, body: cm('delete-once') })).status, 201);
  const answers = await Promise.all(Array.from({ length: 16 }, () => client.request('DELETE', `${CMS}/delete-once`)));
  assert.equal(answers.filter((a) => a.status === 200).length, 1);
  for (const a of answers.filter((x) => x.status !== 200)) assertStatus(a.body, 404, 'NotFound', 'configmaps "delete-once" not found');
});

test('concurrent deletes and deletecollections of objects with finalizers: all terminate, none goes before its finalizer, all go after', { timeout: 300_000 }, async () => {
  const N = 40;
  const names = Array.from({ length: N }, (_, i) => `fin-${i}`);
  for (const n of names) {
    const r = await client.request('POST', CMS, { headers: JSON_CT, body: cm(n, { labels: { batch: 'fin' }, finalizers: ['example.com/hold'] }) });
    assert.equal(r.status, 201, r.body);
  }
  const deletes = [
    ...names.flatMap((n) => [client.request('DELETE', `${CMS}/${n}`), client.request('DELETE', `${CMS}/${n}`)]),
    ...Array.from({ length: 4 }, () => client.request('DELETE', `${CMS}?labelSelector=batch%3Dfin`)),
  ];
  for (const a of await Promise.all(deletes)) {
    assert.equal(a.status, 200, a.body);
    const o = JSON.parse(a.body);
    if (o.kind === 'ConfigMapList') for (const item of o.items) assert.ok(item.metadata.deletionTimestamp, item.metadata.name);
    else assert.ok(o.metadata.deletionTimestamp);
  }
  const terminating = JSON.parse((await client.request('GET', `${CMS}?labelSelector=batch%3Dfin`)).body).items;
  assert.equal(terminating.length, N);
  for (const o of terminating) assert.ok(o.metadata.deletionTimestamp, o.metadata.name);
  // The finalizers go, concurrently: every object is then removed.
  const patches = await Promise.all(names.map((n) => client.request('PATCH', `${CMS}/${n}`, { headers: { 'content-type': 'application/merge-patch+json' }, body: '{"metadata":{"finalizers":null}}' })));
  for (const p of patches) assert.equal(p.status, 200, p.body);
  const left = JSON.parse((await client.request('GET', `${CMS}?labelSelector=batch%3Dfin`)).body).items;
  assert.deepEqual(left, []);
});

test('16 managers applying their own keys concurrently all win; applying one key with different values, exactly one wins', { timeout: 300_000 }, async () => {
  const APPLY = { 'content-type': 'application/apply-patch+yaml' };
  const apply = (m: number, data: Record<string, string>, force = false) =>
    client.request('PATCH', `${CMS}/shared?fieldManager=m${m}${force ? '&force=true' : ''}`, { headers: APPLY, body: cm('shared', {}, data) });
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(Array.from({ length: 16 }, (_, m) => apply(m, { [`k${m}`]: `r${round}` })));
    for (const a of answers) assert.ok(a.status === 200 || a.status === 201, a.body);
  }
  const shared = JSON.parse((await client.request('GET', `${CMS}/shared`)).body);
  assert.deepEqual(shared.data, Object.fromEntries(Array.from({ length: 16 }, (_, m) => [`k${m}`, 'r2'])));
  const owners = shared.metadata.managedFields.filter((f: { operation: string }) => f.operation === 'Apply');
  assert.equal(owners.length, 16);
  for (const f of owners) assert.deepEqual(Object.keys(f.fieldsV1['f:data']), [`f:k${f.manager.slice(1)}`]);

  const contested = await Promise.all(Array.from({ length: 16 }, (_, m) => apply(m, { [`k${m}`]: 'r2', common: `from-m${m}` })));
  const winners = contested.filter((a) => a.status === 200);
  assert.equal(winners.length, 1);
  const winner = JSON.parse(winners[0]!.body).data.common.slice('from-'.length);
  for (const a of contested.filter((x) => x.status !== 200)) {
    assertStatus(a.body, 409, 'Conflict', `Apply failed with 1 conflict: conflict with "${winner}": .data.common`);
  }
});
