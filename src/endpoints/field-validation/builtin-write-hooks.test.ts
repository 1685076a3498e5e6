import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import type { ResourceScope } from '../resource-scope.js';
import { builtinWriteHooks } from './builtin-write-hooks.js';
import { recordPatchValue, recordStrictErrors } from './decode-findings.js';
import { parseJsonBody } from './json-body.js';
import { parseYamlBody } from './yaml-body.js';

function scopeFor(def: { group: string; version: string; kind: string; schema?: string }, contentType = 'application/json'): ResourceScope {
  return { ctx: { req: { headers: { 'content-type': contentType } }, warnings: [] as string[] }, def } as unknown as ResourceScope;
}
const CM = { group: '', version: 'v1', kind: 'ConfigMap', schema: 'io.k8s.api.core.v1.ConfigMap' };
const q = (fieldValidation: 'Ignore' | 'Warn' | 'Strict') => ({ dryRun: false, fieldManager: '', fieldValidation, force: false });

async function rejects(p: Promise<unknown>, code: number, message: string): Promise<StatusError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StatusError, String(e));
    assert.equal(e.code, code);
    assert.equal(e.status.message, message);
    return e;
  }
  assert.fail('expected a Status error');
}

test('Warn: one warning per strict error in decode order; the object is pruned in place', async () => {
  const obj = parseJsonBody(Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","bad":1,"name":"a"},"data":{"k":"v"},"spec":{}}')) as KObject;
  const scope = scopeFor(CM);
  await builtinWriteHooks.beforeWrite(scope, obj, undefined, q('Warn'), 'create');
  assert.deepEqual(scope.ctx.warnings, ['unknown field "metadata.bad"', 'duplicate field "metadata.name"', 'unknown field "spec"']);
  assert.deepEqual(obj, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } });
});

test('Ignore prunes silently; Strict fails create/update/patch with 400 (seed 000; kube: 422 for patch)', async () => {
  const body = '{"metadata":{"name":"a"},"spec":{"x":1},"data":{"k":"1","k":"2"}}';
  const ignore = parseJsonBody(Buffer.from(body)) as KObject;
  const s1 = scopeFor(CM);
  await builtinWriteHooks.beforeWrite(s1, ignore, undefined, q('Ignore'), 'create');
  assert.deepEqual(s1.ctx.warnings, []);
  assert.deepEqual(ignore, { metadata: { name: 'a' }, data: { k: '2' } });
  await rejects(
    builtinWriteHooks.beforeWrite(scopeFor(CM), parseJsonBody(Buffer.from(body)) as KObject, undefined, q('Strict'), 'update'),
    400,
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec", duplicate field "data.k"',
  );
  const patched = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, spec: { x: 1 } } as KObject;
  const e = await rejects(
    builtinWriteHooks.beforeWrite(scopeFor(CM, 'application/merge-patch+json'), patched, undefined, q('Strict'), 'patch'),
    400,
    ' "" is invalid: patch: Invalid value: "{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"name\\":\\"a\\"},\\"spec\\":{\\"x\\":1}}": strict decoding error: unknown field "spec"',
  );
  assert.equal(e.status.reason, 'BadRequest');
});

test('patch: JSON-patch operation errors come first; the strategic merge patch value text is used when recorded', async () => {
  const patched = { metadata: { name: 'a' }, foo: 1 } as KObject;
  recordStrictErrors(patched, ['json patch unknown field "[0].vaule"']);
  const warn = scopeFor(CM, 'application/json-patch+json');
  await builtinWriteHooks.beforeWrite(warn, structuredClone(patched), undefined, q('Warn'), 'patch');
  assert.deepEqual(warn.ctx.warnings, ['unknown field "foo"'], 'a plain clone carries no findings');
  const w2 = scopeFor(CM, 'application/json-patch+json');
  await builtinWriteHooks.beforeWrite(w2, patched, undefined, q('Warn'), 'patch');
  assert.deepEqual(w2.ctx.warnings, ['json patch unknown field "[0].vaule"', 'unknown field "foo"']);
  const smp = { metadata: { name: 'a' }, foo: 1 } as KObject;
  recordPatchValue(smp, 'map[foo:1]');
  await rejects(
    builtinWriteHooks.beforeWrite(scopeFor(CM, 'application/strategic-merge-patch+json'), smp, undefined, q('Strict'), 'patch'),
    400,
    ' "" is invalid: patch: Invalid value: "map[foo:1]": strict decoding error: unknown field "foo"',
  );
});

test('decoding errors win at every level, as 400 (for patch too, seed 000)', async () => {
  for (const level of ['Ignore', 'Warn', 'Strict'] as const) {
    await rejects(
      builtinWriteHooks.beforeWrite(scopeFor(CM), { data: { a: 1 }, bogus: 1 } as unknown as KObject, undefined, q(level), 'create'),
      400,
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    );
  }
  await rejects(
    builtinWriteHooks.beforeWrite(scopeFor(CM, 'application/merge-patch+json'), { data: { a: true } } as unknown as KObject, undefined, q('Warn'), 'patch'),
    400,
    ' "" is invalid: patch: Invalid value: "{\\"data\\":{\\"a\\":true}}": json: cannot unmarshal bool into Go struct field ConfigMap.data of type string',
  );
});

test('server-side apply: undeclared fields are pruned without warnings (the apply engine reports them)', async () => {
  const s = scopeFor(CM, 'application/apply-patch+yaml');
  const obj = { metadata: { name: 'a' }, foo: 1 } as KObject;
  await builtinWriteHooks.beforeWrite(s, obj, undefined, q('Strict'), 'patch');
  assert.deepEqual(s.ctx.warnings, []);
  assert.deepEqual(obj, { metadata: { name: 'a' } });
});

test('YAML duplicate keys: Strict reports yaml.v2 text first; Warn drops it (a header cannot carry newlines)', async () => {
  const body = Buffer.from('metadata:\n  name: a\n  name: a\nfoo: 1\n');
  await rejects(
    builtinWriteHooks.beforeWrite(scopeFor(CM, 'application/yaml'), parseYamlBody(body) as KObject, undefined, q('Strict'), 'create'),
    400,
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: yaml: unmarshal errors:\n  line 3: key "name" already set in map, unknown field "foo"',
  );
  const s = scopeFor(CM, 'application/yaml');
  await builtinWriteHooks.beforeWrite(s, parseYamlBody(body) as KObject, undefined, q('Warn'), 'create');
  assert.deepEqual(s.ctx.warnings, ['unknown field "foo"']);
});

test('schema and Go defaults apply after pruning; kinds without a built-in schema pass untouched', async () => {
  const svc = { metadata: { name: 's' }, spec: { ports: [{ port: 80, foo: 1 }] } } as unknown as KObject;
  await builtinWriteHooks.beforeWrite(scopeFor({ group: '', version: 'v1', kind: 'Service', schema: 'io.k8s.api.core.v1.Service' }), svc, undefined, q('Warn'), 'create');
  assert.deepEqual(svc, {
    metadata: { name: 's' },
    spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }], sessionAffinity: 'None', type: 'ClusterIP', internalTrafficPolicy: 'Cluster' },
    status: { loadBalancer: {} },
  });
  const cr = { metadata: { name: 'w' }, spec: { anything: 1 } } as unknown as KObject;
  const s = scopeFor({ group: 'example.com', version: 'v1', kind: 'Widget' });
  await builtinWriteHooks.beforeWrite(s, cr, undefined, q('Strict'), 'create');
  assert.deepEqual(cr, { metadata: { name: 'w' }, spec: { anything: 1 } });
  assert.deepEqual(s.ctx.warnings, []);
});

test('strategic merge patch results: unknown fields sorted as the unstructured converter reports them', async () => {
  const s = scopeFor(CM, 'application/strategic-merge-patch+json');
  const obj = { metadata: { name: 'a', zz: 1 }, b: 1, a: 1 } as unknown as KObject;
  await builtinWriteHooks.beforeWrite(s, obj, undefined, q('Warn'), 'patch');
  assert.deepEqual(s.ctx.warnings, ['unknown field "a"', 'unknown field "b"', 'unknown field "metadata.zz"']);
});
