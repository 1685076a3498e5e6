// Runs the cel-spec conformance tests (as shipped in @bufbuild/cel-spec) that apply to Kubernetes 1.33's
// environment, reports the pass rate, and fails on any failure not listed in conformance-expected-failures.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tests as conformance } from '@bufbuild/cel-spec/testdata/conformance.js';
import { Env, type EnvOptions } from './env.js';
import { CelCompileError } from './issues.js';
import { CelCostLimitExceeded } from './planner.js';
import { T, formatType, type CelType } from './types.js';
import { CelDuration, CelError, CelMap, CelOptional, CelTimestamp, CelType as CelTypeValue, CelUint, celEquals, runtimeTypeName } from './values.js';
import { EXPECTED_FAILURES, NEWER_CEL_GO } from './conformance-expected-failures.js';
import { conformanceLibraries } from './conformance-libraries.js';

/** Files of the suite that Kubernetes 1.33's environment covers (issue 17). */
const FILES = [
  'basic', 'comparisons', 'conversions', 'dynamic', 'fields', 'fp_math', 'integer_math', 'lists', 'logic', 'macros', 'macros2',
  'namespace', 'optionals', 'parse', 'plumbing', 'string', 'string_ext', 'timestamps', 'type_deductions',
];

type Json = any;

interface Case { file: string; path: string; t: Json }

function collect(): Case[] {
  const out: Case[] = [];
  const walk = (s: Json, file: string, path: string) => {
    for (const t of s.tests ?? []) out.push({ file, path: `${path}/${t.original.name}`, t: t.original });
    for (const sub of s.suites ?? []) walk(sub, file, `${path}/${sub.name}`);
  };
  const files = FILES.filter((f) => f !== 'string_ext' || conformanceLibraries().some((l) => l.name === 'cel.lib.ext.strings'));
  for (const s of conformance.suites ?? []) if (files.includes(s.name)) walk(s, s.name, s.name);
  return out;
}

/** Tests that need protobuf messages, enums or wrappers, which Kubernetes never uses. */
function notApplicable(t: Json): boolean {
  if (/google\.protobuf|proto/.test(t.container ?? '')) return true;
  const text = JSON.stringify(t);
  return /TestAllTypes|NestedTestAllTypes|google\.protobuf\.(Any|Struct|Value|ListValue|Int|UInt|Double|Float|Bool|String|Bytes|NullValue|Empty|FieldMask)|cel\.expr\.conformance|messageType|objectValue|enumValue|wrapper|"function"|proto2|proto3|GlobalEnum|\.Enum/.test(text);
}

function toType(j: Json): CelType {
  if (j.primitive) return ({ BOOL: T.bool, INT64: T.int, UINT64: T.uint, DOUBLE: T.double, STRING: T.string, BYTES: T.bytes } as Record<string, CelType>)[j.primitive];
  if ('null' in j) return T.null;
  if (j.dyn) return T.dyn;
  if (j.listType) return T.list(toType(j.listType.elemType));
  if (j.mapType) return T.map(toType(j.mapType.keyType), toType(j.mapType.valueType));
  if (j.wellKnown) return j.wellKnown === 'DURATION' ? T.duration : j.wellKnown === 'TIMESTAMP' ? T.timestamp : T.any;
  if (j.abstractType) return T.opaque(j.abstractType.name, ...(j.abstractType.parameterTypes ?? []).map(toType));
  if (j.typeParam) return T.param(j.typeParam);
  if (j.type) return T.typeOf(toType(j.type));
  throw new Error(`unsupported type ${JSON.stringify(j)}`);
}

function toValue(j: Json): unknown {
  if ('int64Value' in j) return BigInt(j.int64Value);
  if ('uint64Value' in j) return new CelUint(BigInt(j.uint64Value));
  if ('doubleValue' in j) return typeof j.doubleValue === 'number' ? j.doubleValue : Number(j.doubleValue);
  if ('stringValue' in j) return j.stringValue;
  if ('bytesValue' in j) return new Uint8Array(Buffer.from(j.bytesValue, 'base64'));
  if ('boolValue' in j) return j.boolValue;
  if ('nullValue' in j) return null;
  if ('listValue' in j) return (j.listValue.values ?? []).map(toValue);
  if ('mapValue' in j) return CelMap.from((j.mapValue.entries ?? []).map((e: Json) => [toValue(e.key), toValue(e.value)]));
  if ('typeValue' in j) return new CelTypeValue(j.typeValue);
  throw new Error(`unsupported value ${JSON.stringify(j)}`);
}

/** Equality that also requires the same runtime types (1 is not 1u here), NaN equal to NaN. */
function sameValue(a: unknown, b: unknown): boolean {
  if (runtimeTypeName(a) !== runtimeTypeName(b)) return false;
  if (typeof a === 'number' && Number.isNaN(a)) return Number.isNaN(b as number);
  if (Array.isArray(a)) return (a as unknown[]).length === (b as unknown[]).length && a.every((x, i) => sameValue(x, (b as unknown[])[i]));
  if (a instanceof CelMap) {
    const bm = b as CelMap;
    if (a.size !== bm.size) return false;
    return a.entries().every(([k, v]) => bm.has(k) && bm.keys.some((bk) => sameValue(bk, k)) && sameValue(v, bm.get(k)));
  }
  if (a instanceof CelOptional) return celEquals(a, b);
  if (a instanceof CelTimestamp || a instanceof CelDuration) return celEquals(a, b);
  return celEquals(a, b);
}

function runCase(t: Json): string | undefined {
  const variables: Record<string, CelType> = {};
  for (const d of t.typeEnv ?? []) if (d.ident) variables[d.name] = toType(d.ident.type);
  const options: EnvOptions = {
    container: t.container ?? '',
    variables,
    optionalTypes: true,
    twoVarComprehensions: true,
    crossTypeNumericComparisons: true,
    homogeneousAggregateLiterals: false,
    disableCheck: t.disableCheck ?? false,
    libraries: conformanceLibraries(),
  };
  const env = new Env(options);
  const expectsError = t.evalError !== undefined;
  let program;
  try {
    program = env.compile(t.expr);
  } catch (err) {
    if (!(err instanceof CelCompileError)) return `compile threw ${(err as Error).stack}`;
    if (expectsError) {
      const want: string[] = (t.evalError.errors ?? []).map((e: Json) => e.message);
      if (want.some((w) => err.message.includes(w))) return undefined;
    }
    return `compile error: ${err.message}`;
  }
  if (t.typedResult?.deducedType) {
    const want = toType(t.typedResult.deducedType);
    if (formatType(program.outputType) !== formatType(want)) return `type ${formatType(program.outputType)}, want ${formatType(want)}`;
  }
  if (t.checkOnly) return undefined;
  const vars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t.bindings ?? {}) as [string, Json][]) vars[k] = toValue(v.value);
  let got: unknown;
  try {
    got = program.eval(vars);
  } catch (err) {
    if (err instanceof CelError || err instanceof CelCostLimitExceeded) {
      if (expectsError) return undefined;
      return `eval error: ${err.message}`;
    }
    return `eval threw ${(err as Error).stack}`;
  }
  if (expectsError) return `got ${display(got)}, want error ${JSON.stringify(t.evalError)}`;
  const expected = t.typedResult ? t.typedResult.result : t.value;
  if (expected === undefined) return undefined;
  const want = toValue(expected);
  if (!sameValue(got, want)) return `got ${display(got)}, want ${display(want)}`;
  return undefined;
}

function display(v: unknown): string {
  if (typeof v === 'bigint') return `${v}`;
  if (v instanceof CelUint) return `${v.v}u`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(display).join(', ')}]`;
  if (v instanceof CelMap) return `{${v.entries().map(([k, x]) => `${display(k)}: ${display(x)}`).join(', ')}}`;
  if (v instanceof CelOptional) return v.has ? `optional(${display(v.value)})` : 'optional.none()';
  if (v instanceof CelTypeValue) return `type(${v.name})`;
  return String(v);
}

test('conformance: cel-spec simple tests of the Kubernetes 1.33 environment', () => {
  const cases = collect();
  let applicable = 0;
  let passed = 0;
  const unexpected: string[] = [];
  const fixed: string[] = [];
  const perFile = new Map<string, { pass: number; total: number }>();
  for (const c of cases) {
    if (notApplicable(c.t)) continue;
    applicable++;
    const f = perFile.get(c.file) ?? { pass: 0, total: 0 };
    f.total++;
    perFile.set(c.file, f);
    const failure = runCase(c.t);
    const expected = EXPECTED_FAILURES[c.path];
    if (failure === undefined) {
      passed++;
      f.pass++;
      if (expected) fixed.push(c.path);
    } else if (!expected) {
      unexpected.push(`${c.path}: ${c.t.expr}\n    ${failure}`);
    }
  }
  const of133 = applicable - NEWER_CEL_GO.size;
  const rate = ((passed / of133) * 100).toFixed(1);
  const lines = [...perFile].map(([file, r]) => `  ${file}: ${r.pass}/${r.total}`);
  console.log(`# conformance: ${passed}/${of133} tests of 1.33's behaviour pass (${rate}%); ${NEWER_CEL_GO.size} more test behaviour newer than cel-go v0.23.2; ${passed}/${applicable} overall (${((passed / applicable) * 100).toFixed(1)}%)\n${lines.join('\n')}`);
  assert.deepEqual(unexpected, [], 'failures not listed in conformance-expected-failures.ts');
  assert.deepEqual(fixed, [], 'tests listed as expected failures now pass: remove them from the list');
  assert.ok(passed / of133 >= 0.99, `pass rate ${rate}% is below 99%`);
});
