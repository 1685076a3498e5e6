import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CelCompileError, CelError, KubeEnv, T, jsonValue, kubeTypeProvider } from './index.js';
import { celTypeString } from './admission-policy.js';
import {
  JSON_PATCH_LIBRARY, JSONPatchValue, MutationObject, MutationTypeProvider, checkObjectTypeNames, mutationToJson,
} from './mutation-types.js';

const env = new KubeEnv({
  mode: 'StoredExpressions',
  variables: { object: T.dyn },
  provider: new MutationTypeProvider(kubeTypeProvider()),
  libraries: [JSON_PATCH_LIBRARY],
});
const object = jsonValue({ metadata: { name: 'a', labels: { x: 'y' } }, spec: { replicas: 1 } });

test('mutation types: Object literals are typed by their type name and evaluate to their fields', () => {
  const p = env.compile("Object{spec: Object.spec{replicas: object.spec.replicas + 1, paused: true}}");
  assert.equal(celTypeString(p.outputType), 'Object');
  const v = p.eval({ object });
  assert.ok(v instanceof MutationObject);
  assert.deepEqual(mutationToJson(v), { spec: { replicas: 2, paused: true } });
  assert.deepEqual(checkObjectTypeNames(v as MutationObject), []);
});

test('mutation types: JSONPatch literals check op, path and from as strings and keep value as it is', () => {
  const p = env.compile("[JSONPatch{op: 'add', path: '/metadata/labels/' + jsonpatch.escapeKey('example.com/a~b'), value: 'v'}]");
  assert.equal(celTypeString(p.outputType), 'list(JSONPatch)');
  const [op] = p.eval({ object }) as JSONPatchValue[];
  assert.ok(op instanceof JSONPatchValue);
  assert.equal(op.op, 'add');
  assert.equal(op.path, '/metadata/labels/example.com~1a~0b');
  assert.equal(op.value, 'v');
  assert.throws(() => env.compile("JSONPatch{op: 1, path: '/a'}"), (e: unknown) => e instanceof CelCompileError
    && e.message.includes("expected type of field 'op' is 'string' but provided type is 'int'"));
  assert.throws(() => env.compile("JSONPatch{op: 'add', where: '/a'}"), (e: unknown) => e instanceof CelCompileError && e.message.includes("undefined field 'where'"));
  assert.throws(() => env.compile("JSONPatch{op: dyn(1), path: '/a'}").eval({ object }), (e: unknown) => e instanceof CelError
    && e.message === "unexpected type int64 for JSONPatchType 'op' field");
});

test('mutation types: struct creation costs 40 and fields are selectable', () => {
  const r = env.compile('Object{spec: object.metadata.name}.spec').evalWithCost({ object });
  const asMap = env.compile("{'spec': object.metadata.name}.spec").evalWithCost({ object });
  assert.equal(r.value, 'a');
  assert.equal(r.cost, asMap.cost + 10);
  assert.equal(env.compile("JSONPatch{op: 'remove', path: '/a'}.path").eval({}), '/a');
  assert.equal(env.compile("has(JSONPatch{op: 'remove', path: '/a'}.value)").eval({}), false);
});

test('mutation types: nested Object types must follow the field path, and optional fields are left out when absent', () => {
  const v = env.compile('Object{spec: Object.status{a: 1}}').eval({}) as MutationObject;
  assert.deepEqual(checkObjectTypeNames(v), ['unexpected type name "Object.status", expected "Object.spec", which matches field name path from root Object type']);
  const list = env.compile('Object{spec: Object.spec{items: [Object.spec.items{a: 1}]}}').eval({}) as MutationObject;
  assert.deepEqual(checkObjectTypeNames(list), []);
  const opt = env.compile('Object{?spec: optional.none(), ?status: optional.of(1)}').eval({});
  assert.deepEqual(mutationToJson(opt), { status: 1 });
});

test('mutation types: other type names stay unknown', () => {
  assert.throws(() => env.compile('Objects{a: 1}'), (e: unknown) => e instanceof CelCompileError && e.message.includes("undeclared reference to 'Objects'"));
});
