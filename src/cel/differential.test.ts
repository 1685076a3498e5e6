// Differential test of the standard library against @bufbuild/cel (a cel-go-faithful evaluator, used only as
// an oracle): generated expressions of scalar type must give the same value, or both fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run, isCelError, isCelUint } from '@bufbuild/cel';
import { Env } from './env.js';
import { CelError, CelUint } from './values.js';

/** Differences between cel-go (which we follow) and cel-es, by expression pattern. */
const KNOWN_DIFFERENCES: [RegExp, string][] = [
  [/string\(-0\.0\)/, 'Go prints -0.0 as "-0"; cel-es prints "0"'],
  [/string\(timestamp\(/, 'cel-go prints timestamps with Go\'s RFC3339Nano (written UTC offset kept, trailing fraction zeros dropped); cel-es prints UTC with 3, 6 or 9 digits'],
  [/string\((bytes\(string\()?(duration\(|timestamp\([^)]*\) - )/, "cel-go prints durations with FormatFloat(seconds, 'f', -1); cel-es pads fractions to 3, 6 or 9 digits"],
  [/double\('(?![-0-9.])[^']*'\)/, "Go's ParseFloat rejects non-numeric strings (error); cel-es returns NaN"],
  [/int\(''\)/, "Go's ParseInt rejects the empty string (error); cel-es returns 0"],
  [/bool\('T'\)/, "Go's ParseBool accepts 'T'; cel-es does not"],
  [/duration\('[^']*'\)\.getMilliseconds\(\)/, 'cel-go returns the whole duration in milliseconds (Duration.Milliseconds); cel-es the millisecond part'],
];

type Kind = 'int' | 'uint' | 'double' | 'string' | 'bool';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)];
  const INTS = ['0', '1', '-1', '2', '7', '-13', '100', '9223372036854775807', '-9223372036854775808', '4611686018427387904'];
  const UINTS = ['0u', '1u', '2u', '7u', '18446744073709551615u', '9223372036854775808u'];
  const DOUBLES = ['0.0', '1.5', '-2.25', '1e308', '3.0', '0.1', '1e-5', '123456.789', '-0.0'];
  const STRINGS = ["''", "'a'", "'abc'", "'héllo'", "'😀x'", "'Hello World'", "'42'", "'-7'", "'3.5'", "'true'", "'1e3'"];
  const TIMES = ["timestamp('2024-02-29T12:34:56.789Z')", "timestamp('1970-01-01T00:00:00Z')", "timestamp('2011-08-18T19:03:37.01+01:00')"];
  const DURS = ["duration('1h2m3.5s')", "duration('-90s')", "duration('0s')", "duration('1ms')"];
  const gen = (k: Kind, d: number): string => {
    const leaf = d <= 0 || r() < 0.25;
    switch (k) {
      case 'int':
        if (leaf) return pick(INTS);
        return pick([
          () => `(${gen('int', d - 1)} ${pick(['+', '-', '*', '/', '%'])} ${gen('int', d - 1)})`,
          () => `-(${gen('int', d - 1)})`,
          () => `size(${gen('string', d - 1)})`,
          () => `int(${gen('double', d - 1)})`,
          () => `int(${gen('uint', d - 1)})`,
          () => `int(${pick(STRINGS)})`,
          () => `(${gen('bool', d - 1)} ? ${gen('int', d - 1)} : ${gen('int', d - 1)})`,
          () => `[${gen('int', d - 1)}, ${gen('int', d - 1)}][${pick(['0', '1', '2'])}]`,
          () => `${pick(TIMES)}.${pick(['getFullYear', 'getMonth', 'getDate', 'getDayOfYear', 'getDayOfWeek', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'])}(${pick(['', "'+05:30'", "'America/New_York'", "'UTC'"])})`,
          () => `${pick(DURS)}.${pick(['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds'])}()`,
          () => `int(${pick(TIMES)})`,
          () => `[1, 2, 3].filter(x, x > ${gen('int', d - 1)}).size()`,
          () => `{'a': ${gen('int', d - 1)}, 'b': 2}['${pick(['a', 'b', 'c'])}']`,
        ])();
      case 'uint':
        if (leaf) return pick(UINTS);
        return pick([
          () => `(${gen('uint', d - 1)} ${pick(['+', '-', '*', '/', '%'])} ${gen('uint', d - 1)})`,
          () => `uint(${gen('int', d - 1)})`,
          () => `uint(${gen('double', d - 1)})`,
        ])();
      case 'double':
        if (leaf) return pick(DOUBLES);
        return pick([
          () => `(${gen('double', d - 1)} ${pick(['+', '-', '*', '/'])} ${gen('double', d - 1)})`,
          () => `double(${gen('int', d - 1)})`,
          () => `double(${gen('uint', d - 1)})`,
          () => `double(${pick(STRINGS)})`,
          () => `-(${gen('double', d - 1)})`,
        ])();
      case 'string':
        if (leaf) return pick(STRINGS);
        return pick([
          () => `(${gen('string', d - 1)} + ${gen('string', d - 1)})`,
          () => `string(${gen(pick<Kind>(['int', 'uint', 'double', 'bool']), d - 1)})`,
          () => `string(${pick(TIMES)})`,
          () => `string(${pick(DURS)})`,
          () => `string(${pick(DURS)} + ${pick(DURS)})`,
          () => `string(${pick(TIMES)} + ${pick(DURS)})`,
          () => `string(${pick(TIMES)} - ${pick(TIMES)})`,
          () => `string(bytes(${gen('string', d - 1)}))`,
        ])();
      case 'bool':
        if (leaf) return pick(['true', 'false']);
        return pick([
          () => { const t = pick<Kind>(['int', 'uint', 'double', 'string']); return `(${gen(t, d - 1)} ${pick(['<', '<=', '>', '>=', '==', '!='])} ${gen(t, d - 1)})`; },
          () => `(dyn(${gen(pick<Kind>(['int', 'uint', 'double']), d - 1)}) ${pick(['<', '<=', '>', '>=', '==', '!='])} ${gen(pick<Kind>(['int', 'uint', 'double']), d - 1)})`,
          () => `(${gen('bool', d - 1)} ${pick(['&&', '||'])} ${gen('bool', d - 1)})`,
          () => `!(${gen('bool', d - 1)})`,
          () => `${gen('string', d - 1)}.${pick(['startsWith', 'endsWith', 'contains'])}(${pick(STRINGS)})`,
          () => `${gen('string', d - 1)}.matches(${pick(["'^a'", "'[0-9]+'", "'(?i)hello'", "'é'", "'^$'"])})`,
          () => `${gen('int', d - 1)} in [1, 2, 3, 7, -13]`,
          () => `[${gen('int', d - 1)}, 2].${pick(['all', 'exists', 'exists_one'])}(x, x ${pick(['>', '<', '=='])} ${gen('int', d - 1)})`,
          () => `has({'a': 1}.${pick(['a', 'b'])})`,
          () => `[1, 2.0, 3u] == [${pick(['1.0', '1', '1u'])}, 2, 3]`,
          () => `${pick(TIMES)} ${pick(['<', '==', '>'])} ${pick(TIMES)}`,
          () => `${pick(DURS)} ${pick(['<', '==', '>'])} ${pick(DURS)}`,
          () => `bool(${pick(["'true'", "'false'", "'1'", "'T'", "'yes'"])})`,
        ])();
    }
  };
  return () => gen(pick<Kind>(['int', 'uint', 'double', 'string', 'bool']), 3);
}

function canonical(v: unknown): string {
  if (typeof v === 'bigint') return `int:${v}`;
  if (v instanceof CelUint) return `uint:${v.v}`;
  if (typeof v === 'number') return Number.isNaN(v) ? 'double:NaN' : `double:${Object.is(v, -0) ? '-0' : v}`;
  if (typeof v === 'string') return `string:${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `bool:${v}`;
  return `other:${String(v)}`;
}

function theirs(expr: string): string {
  const v = run(expr, {}) as unknown;
  if (isCelError(v)) return 'error';
  if (isCelUint(v)) return `uint:${(v as { value: bigint }).value}`;
  return canonical(v);
}

test('differential: generated standard-library expressions agree with @bufbuild/cel', () => {
  const env = new Env({ crossTypeNumericComparisons: true });
  const next = generator(20260526);
  const disagreements: string[] = [];
  let compared = 0;
  const seen = new Set<string>();
  for (let i = 0; i < 1500; i++) {
    const expr = next();
    if (seen.has(expr)) continue;
    seen.add(expr);
    let ours: string;
    try {
      ours = canonical(env.compile(expr).eval({}));
    } catch (e) {
      if (e instanceof CelError) ours = 'error';
      else throw new Error(`${expr}: ${(e as Error).message}`);
    }
    let other: string;
    try {
      other = theirs(expr);
    } catch {
      other = 'error';
    }
    compared++;
    if (ours === other) continue;
    if (KNOWN_DIFFERENCES.some(([re]) => re.test(expr))) continue;
    disagreements.push(`${expr}\n    ours ${ours}, cel-es ${other}`);
  }
  assert.ok(compared > 700, `only ${compared} compared`);
  assert.deepEqual(disagreements.slice(0, 20), []);
});
