import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tests as checkingVectors } from '@bufbuild/cel-spec/testdata/checking.js';
import { tests as parsingVectors } from '@bufbuild/cel-spec/testdata/parsing.js';
import { tests as conformance } from '@bufbuild/cel-spec/testdata/conformance.js';
import { Env } from './env.js';
import { semanticAdorner } from './checker.js';
import { toDebugString } from './debug.js';
import { T, type CelType } from './types.js';
import { parseTypeName } from './kube-libraries.js';

const env = new Env({ optionalTypes: true, twoVarComprehensions: true });

function checkedDump(e: Env, expr: string): { dump?: string; error?: string } {
  const { ast, issues } = e.check(expr);
  if (!ast) return { error: issues.toDisplayString() };
  return { dump: toDebugString(ast.expr, semanticAdorner(ast)) };
}

test('checker: cel-go checked ASTs of the parsing and checking vectors that need no declarations', () => {
  const failures: string[] = [];
  let compared = 0;
  for (const t of [...(parsingVectors.tests ?? []), ...(checkingVectors.tests ?? [])]) {
    if (!t.checkedAst) continue;
    const expr = t.original.expr as string;
    const r = checkedDump(env, expr);
    if (r.error) continue; // the vector's environment declared variables or proto types
    compared++;
    if (r.dump !== t.checkedAst) failures.push(`${expr}\n--- got\n${r.dump}\n--- want\n${t.checkedAst}`);
  }
  assert.ok(compared > 60, `only ${compared} compared`);
  assert.deepEqual(failures, []);
});

test('checker: cel-go checked ASTs of the conformance tests (Kubernetes-relevant files)', () => {
  const files = new Set(['basic', 'comparisons', 'conversions', 'fp_math', 'integer_math', 'lists', 'logic', 'macros', 'macros2', 'optionals', 'parse', 'plumbing', 'string', 'timestamps']);
  const failures: string[] = [];
  let compared = 0;
  const walk = (s: any, file: string) => {
    for (const t of s.tests ?? []) {
      const o = t.original;
      if (!t.checkedAst || o.disableCheck || o.typeEnv || o.container || /TestAllTypes|google\.protobuf|proto/.test(o.expr)) continue;
      const r = checkedDump(env, o.expr);
      if (r.error) continue;
      compared++;
      if (r.dump !== t.checkedAst) failures.push(`${file}/${o.name}: ${o.expr}\n--- got\n${r.dump}\n--- want\n${t.checkedAst}`);
    }
    for (const sub of s.suites ?? []) walk(sub, file);
  };
  for (const s of conformance.suites ?? []) if (files.has(s.name)) walk(s, s.name);
  assert.ok(compared > 500, `only ${compared} compared`);
  assert.deepEqual(failures.slice(0, 10), []);
});

test('checker: cel-go error texts', () => {
  const e = new Env({ variables: { self: T.map(T.string, T.int) }, homogeneousAggregateLiterals: true });
  const err = (x: string) => e.check(x).issues.toDisplayString();
  assert.equal(err('self.a + "x"'), "ERROR: <input>:1:8: found no matching overload for '_+_' applied to '(int, string)'\n | self.a + \"x\"\n | .......^");
  assert.equal(err('nope'), "ERROR: <input>:1:1: undeclared reference to 'nope' (in container '')\n | nope\n | ^");
  assert.equal(err('[1, "a"]'), "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, \"a\"]\n | ....^");
  assert.equal(err('self.a.size()'), "ERROR: <input>:1:12: found no matching overload for 'size' applied to 'int.()'\n | self.a.size()\n | ...........^");
  assert.equal(err('1.all(x, x)'), "ERROR: <input>:1:1: expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)\n | 1.all(x, x)\n | ^");
  assert.equal(err('self.a.b'), "ERROR: <input>:1:7: type 'int' does not support field selection\n | self.a.b\n | ......^");
});

test('checker: cel-go checking vectors, with the variables their checked ASTs show declared', () => {
  const failures: string[] = [];
  let compared = 0;
  for (const t of checkingVectors.tests ?? []) {
    const want = t.checkedAst;
    if (!want || /proto|TestAllTypes|wrapper|Nested/.test(want)) continue;
    // Identifiers print as name~type^name: declare each with that type.
    const variables: Record<string, CelType> = {};
    for (const m of want.matchAll(/(?<![\w.])([A-Za-z_][\w.]*)~([^\^\n]+)\^([A-Za-z_][\w.]*)(?=[\n,)\]}:]|$)/g)) {
      if (!m[2].startsWith('type(') && (m[1] === m[3] || m[3].endsWith(`.${m[1]}`))) variables[m[3]] = parseTypeName(m[2]);
    }
    const cross = /_(int64|uint64|double)_(int64|uint64|double)\b/.test(want);
    const r = checkedDump(new Env({ variables, optionalTypes: true, crossTypeNumericComparisons: cross }), t.original.expr as string);
    if (r.error) continue; // functions or types the vector's environment declared
    compared++;
    if (r.dump !== want) failures.push(`${t.original.expr}\n--- got\n${r.dump}\n--- want\n${want}`);
  }
  assert.ok(compared >= 50, `only ${compared} compared`);
  assert.deepEqual(failures, []);
});
