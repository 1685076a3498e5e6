// Large writes run their decode, patch, field validation and managedFields stages in a worker thread
// (endpoints/offload): the same bad requests answer the same Status (code, reason, message, causes) and the same
// Warning headers on both paths, and dry-run writes give the same object. The worker path is forced here for small
// bodies by lowering the size threshold in this (the server's) process.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer, type RawResponse } from '../src/testing/test-server.js';
import { setOffloadThresholdForTests, stagesRunInWorker, updatesPreparedInWorker } from '../src/endpoints/offload/write-offload.js';
import { preparedOutcomesStood } from '../src/registry/prepared-update.js';
import { parse as parseYaml } from 'yaml';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: { a: 'b' } }, data: { k: 'v' } }),
  });
  assert.equal(r.status, 201, r.body);
});
after(async () => {
  setOffloadThresholdForTests(undefined);
  await s.close();
});

const CM = '/api/v1/namespaces/default/configmaps/cm';
const CMS = '/api/v1/namespaces/default/configmaps';
const ct = (t: string) => ({ 'content-type': t });
const MERGE = ct('application/merge-patch+json');
const SMP = ct('application/strategic-merge-patch+json');
const JSONP = ct('application/json-patch+json');
const APPLY = ct('application/apply-patch+yaml');
const JSONB = ct('application/json');
const cm = (extra: object) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, ...extra });

interface Case {
  title: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

const cases: Case[] = [
  { title: 'merge patch that is no JSON', method: 'PATCH', path: CM, headers: MERGE, body: '{"data":' },
  { title: 'merge patch giving data a number', method: 'PATCH', path: CM, headers: MERGE, body: '{"data":{"k":5}}' },
  { title: 'merge patch with an unknown field (Strict)', method: 'PATCH', path: `${CM}?fieldValidation=Strict`, headers: MERGE, body: '{"spec":{"x":1},"data":{"k":"v","k":"w"}}' },
  { title: 'merge patch with an unknown field (Warn, dry run)', method: 'PATCH', path: `${CM}?dryRun=All`, headers: MERGE, body: '{"spec":{"x":1},"data":{"n":"m"}}' },
  { title: 'merge patch making kind a number', method: 'PATCH', path: CM, headers: MERGE, body: '{"kind":5}' },
  { title: 'merge patch with a bad key', method: 'PATCH', path: CM, headers: MERGE, body: '{"data":{"bad key":"x"}}' },
  { title: 'strategic merge patch with an unknown directive', method: 'PATCH', path: CM, headers: SMP, body: '{"metadata":{"labels":{"$patch":"explode"}}}' },
  { title: 'strategic merge patch with a bad list directive', method: 'PATCH', path: CM, headers: SMP, body: '{"metadata":{"$setElementOrder/finalizers":5}}' },
  { title: 'strategic merge patch with an unknown field (Strict)', method: 'PATCH', path: `${CM}?fieldValidation=Strict`, headers: SMP, body: '{"b":{"c":1},"a":2}' },
  { title: 'JSON patch whose test fails', method: 'PATCH', path: CM, headers: JSONP, body: '[{"op":"test","path":"/data/k","value":"nope"}]' },
  { title: 'JSON patch with an unknown op', method: 'PATCH', path: CM, headers: JSONP, body: '[{"op":"explode","path":"/data/k"}]' },
  { title: 'JSON patch removing a missing path', method: 'PATCH', path: CM, headers: JSONP, body: '[{"op":"remove","path":"/data/zz"}]' },
  { title: 'JSON patch with a misspelt member (Strict)', method: 'PATCH', path: `${CM}?fieldValidation=Strict`, headers: JSONP, body: '[{"op":"add","path":"/data/n","vaule":"x"}]' },
  { title: 'JSON patch (dry run)', method: 'PATCH', path: `${CM}?dryRun=All`, headers: JSONP, body: '[{"op":"add","path":"/data/n","value":"x"}]' },
  { title: 'apply whose YAML does not parse', method: 'PATCH', path: `${CM}?fieldManager=m`, headers: APPLY, body: 'data: [unclosed' },
  { title: 'apply naming another object', method: 'PATCH', path: `${CM}?fieldManager=m`, headers: APPLY, body: cm({ metadata: { name: 'other' } }) },
  { title: 'apply with a repeated key (Strict)', method: 'PATCH', path: `${CM}?fieldManager=m&fieldValidation=Strict`, headers: APPLY, body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  k: a\n  k: b\n' },
  { title: 'apply with a repeated key (Warn, dry run)', method: 'PATCH', path: `${CM}?fieldManager=m&dryRun=All`, headers: APPLY, body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  k: a\n  k: b\n' },
  { title: 'apply with a field of the wrong type', method: 'PATCH', path: `${CM}?fieldManager=m`, headers: APPLY, body: cm({ data: { k: 1 } }) },
  { title: 'apply that conflicts with another manager', method: 'PATCH', path: `${CM}?fieldManager=m`, headers: APPLY, body: cm({ data: { k: 'changed' } }) },
  { title: 'PUT naming another object', method: 'PUT', path: CM, headers: JSONB, body: cm({ metadata: { name: 'other' } }) },
  { title: 'PUT that is no JSON', method: 'PUT', path: CM, headers: JSONB, body: '{"kind":' },
  { title: 'PUT of another kind', method: 'PUT', path: CM, headers: JSONB, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'cm' } }) },
  { title: 'PUT with unknown and repeated fields (Strict)', method: 'PUT', path: `${CM}?fieldValidation=Strict`, headers: JSONB, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","name":"cm"},"x":1}' },
  { title: 'PUT with unknown fields (Warn, dry run)', method: 'PUT', path: `${CM}?dryRun=All`, headers: JSONB, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"x":1,"data":{"k":"v2"}}' },
  { title: 'PUT with a stale resourceVersion', method: 'PUT', path: CM, headers: JSONB, body: cm({ metadata: { name: 'cm', resourceVersion: '1' } }) },
  { title: 'merge patch that changes nothing', method: 'PATCH', path: CM, headers: MERGE, body: '{}' },
  { title: 'PUT that changes nothing but managedFields (dry run)', method: 'PUT', path: `${CM}?dryRun=All`, headers: JSONB, body: cm({ metadata: { name: 'cm', labels: { a: 'b' } }, data: { k: 'v' } }) },
  { title: 'merge patch with a stale resourceVersion', method: 'PATCH', path: CM, headers: MERGE, body: '{"metadata":{"resourceVersion":"1"},"data":{"k":"w"}}' },
  { title: 'merge patch naming another uid', method: 'PATCH', path: CM, headers: MERGE, body: '{"metadata":{"uid":"6a3c4f7e-0000-4000-8000-000000000000"},"data":{"k":"w"}}' },
  { title: 'merge patch with an invalid label (metadata validation)', method: 'PATCH', path: CM, headers: MERGE, body: '{"metadata":{"labels":{"a":"-x-"}},"data":{"k":"w"}}' },
  { title: 'merge patch (dry run) answered as YAML', method: 'PATCH', path: `${CM}?dryRun=All`, headers: { ...MERGE, accept: 'application/yaml' }, body: '{"data":{"y":"z"}}' },
  { title: 'merge patch (dry run) answered pretty', method: 'PATCH', path: `${CM}?dryRun=All&pretty=true`, headers: MERGE, body: '{"data":{"y":"z"}}' },
  { title: 'strategic merge patch (dry run) with a finalizer', method: 'PATCH', path: `${CM}?dryRun=All`, headers: SMP, body: '{"metadata":{"finalizers":["example.com/f"]}}' },
  { title: 'JSON patch (dry run) removing the labels', method: 'PATCH', path: `${CM}?dryRun=All`, headers: JSONP, body: '[{"op":"remove","path":"/metadata/labels"}]' },
  { title: 'apply (dry run) that adds a field', method: 'PATCH', path: `${CM}?fieldManager=owner&dryRun=All`, headers: APPLY, body: cm({ data: { k: 'v', n: 'm' } }) },
  { title: 'PUT (dry run) with a data key that is not valid', method: 'PUT', path: `${CM}?dryRun=All`, headers: JSONB, body: cm({ data: { 'bad key': 'v' } }) },
  { title: 'PUT naming another uid', method: 'PUT', path: CM, headers: JSONB, body: cm({ metadata: { name: 'cm', uid: '6a3c4f7e-0000-4000-8000-000000000000' }, data: { k: 'w' } }) },
  { title: 'POST in another namespace', method: 'POST', path: CMS, headers: JSONB, body: cm({ metadata: { name: 'n', namespace: 'other' } }) },
  { title: 'POST with a data key that is not valid', method: 'POST', path: CMS, headers: JSONB, body: cm({ metadata: { name: 'n' }, data: { 'bad key': 'v' } }) },
  { title: 'POST with a resourceVersion', method: 'POST', path: CMS, headers: JSONB, body: cm({ metadata: { name: 'n', resourceVersion: '5' } }) },
  { title: 'POST (dry run) with a name to generate', method: 'POST', path: `${CMS}?dryRun=All`, headers: JSONB, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'g-' } }) },
  { title: 'POST of an existing name', method: 'POST', path: CMS, headers: JSONB, body: cm({}) },
  { title: 'POST with a type error', method: 'POST', path: CMS, headers: JSONB, body: cm({ metadata: { name: 'n', labels: 5 } }) },
  { title: 'POST with unknown fields (Warn, dry run)', method: 'POST', path: `${CMS}?dryRun=All`, headers: JSONB, body: cm({ metadata: { name: 'n' }, x: 1, data: { a: 'b' } }) },
  { title: 'POST in YAML with a repeated key (Strict)', method: 'POST', path: `${CMS}?fieldValidation=Strict`, headers: ct('application/yaml'), body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: n\ndata:\n  a: b\n  a: c\n' },
];

/** What a client sees of an answer, less what differs between any two writes (times, a new object's uid). */
function seen(r: RawResponse): unknown {
  let body: unknown = r.body;
  try {
    const obj = JSON.parse(r.body) as { metadata?: { uid?: string; creationTimestamp?: string; managedFields?: Array<{ time?: string }> } };
    for (const e of obj.metadata?.managedFields ?? []) delete e.time;
    if (r.status === 201) {
      if ((obj.metadata as { generateName?: string } | undefined)?.generateName) delete (obj.metadata as { name?: string }).name;
      delete obj.metadata?.uid;
      delete obj.metadata?.creationTimestamp;
    }
    body = obj;
  } catch {
    // not JSON (YAML): compared as text, less the managedFields times
    body = r.body.replace(/^(\s+time: ).*$/gm, '$1-');
  }
  return { status: r.status, warning: r.headers['warning'], body };
}

test('the write worker answers bad and dry-run writes exactly as the in-thread path does', async () => {
  // A field owned by another manager, for the apply conflict.
  const owned = await s.request('PATCH', `${CM}?fieldManager=owner`, { headers: APPLY, body: cm({ data: { k: 'v' } }) });
  assert.equal(owned.status, 200, owned.body);
  const rv = JSON.parse(owned.body).metadata.resourceVersion as string;
  const runs = stagesRunInWorker();
  const preparedCases: string[] = [];
  const stood = preparedOutcomesStood();
  for (const c of cases) {
    setOffloadThresholdForTests(Number.MAX_SAFE_INTEGER);
    const inThread = await s.request(c.method, c.path, { headers: c.headers, body: c.body });
    setOffloadThresholdForTests(0);
    const before = updatesPreparedInWorker();
    const inWorker = await s.request(c.method, c.path, { headers: c.headers, body: c.body });
    if (updatesPreparedInWorker() > before) preparedCases.push(c.title);
    assert.ok(inThread.status >= 200, c.title);
    assert.deepEqual(seen(inWorker), seen(inThread), c.title);
  }
  setOffloadThresholdForTests(undefined);
  // Every case but the existing name's POST reached the worker (the unparsable YAML POST is not a worker case).
  assert.ok(stagesRunInWorker() - runs >= cases.length - 1, `${stagesRunInWorker() - runs} of ${cases.length} writes went to the worker`);
  // The store's preparation of the updates ran in the worker too, and its outcomes stood.
  // (every update that passes the request's own checks).
  const passing = cases.filter((c) => (c.path.includes('dryRun') || /nothing|stale|uid|label|not valid|bad key|existing name/.test(c.title)) && !/Strict|conflicts|repeated key|generate/.test(c.title));
  assert.deepEqual(preparedCases, passing.map((c) => c.title));
  // Their outcomes stood (no admission plug-in had to look at the object), but for the preconditions' conflicts.
  assert.equal(preparedOutcomesStood() - stood, preparedCases.filter((t) => !/stale|uid/.test(t)).length);
  // Nothing was written by any of them.
  const after = await s.request('GET', CM);
  assert.equal(JSON.parse(after.body).metadata.resourceVersion, rv);
});

test('a write through the worker stores what the in-thread write stores', async () => {
  const body = (n: string) => JSON.stringify({ data: { k: n, [`key-${n}`]: 'x' }, metadata: { annotations: { a: n } } });
  setOffloadThresholdForTests(0);
  const viaWorker = await s.request('PATCH', `${CM}?fieldManager=patcher`, { headers: MERGE, body: body('1') });
  setOffloadThresholdForTests(Number.MAX_SAFE_INTEGER);
  const viaThread = await s.request('PATCH', `${CM}?fieldManager=patcher`, { headers: MERGE, body: body('1') });
  setOffloadThresholdForTests(undefined);
  assert.equal(viaWorker.status, 200, viaWorker.body);
  assert.equal(viaThread.status, 200, viaThread.body);
  // The second, identical patch is a no-op: the worker's write left exactly what the in-thread path computes.
  assert.equal(JSON.parse(viaThread.body).metadata.resourceVersion, JSON.parse(viaWorker.body).metadata.resourceVersion);
  const obj = JSON.parse(viaWorker.body);
  assert.equal(obj.data.k, '1');
  // Read back, the JSON spliced from the stored bytes has the members in the order of the decoded object (which
  // YAML keeps).
  setOffloadThresholdForTests(0);
  const put = await s.request('PUT', CM, { headers: JSONB, body: JSON.stringify({ ...obj, metadata: { ...obj.metadata, managedFields: undefined, resourceVersion: undefined }, data: { k: '2' } }) });
  setOffloadThresholdForTests(undefined);
  assert.equal(put.status, 200, put.body);
  const json = await s.request('GET', CM);
  const yaml = await s.request('GET', CM, { headers: { accept: 'application/yaml' } });
  assert.equal(json.body, JSON.stringify(parseYaml(yaml.body)) + '\n');
  assert.equal(json.body, put.body);
  assert.ok(obj.metadata.managedFields.some((e: { manager: string; operation: string }) => e.manager === 'patcher' && e.operation === 'Update'));
});
