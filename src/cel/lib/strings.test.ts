import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import {
  charAt,
  checkFormatCall,
  format,
  formatClauses,
  goFormatDouble,
  indexOf,
  join,
  lastIndexOf,
  lowerAscii,
  quote,
  replace,
  reverse,
  split,
  substring,
  trim,
  upperAscii,
  type FormatArg,
  type FormatArgType,
} from './strings.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);

test('charAt, indexOf, lastIndexOf count code points', () => {
  assert.equal(charAt('tacocat', 3n), 'o');
  assert.equal(charAt('tacocat', 7n), '');
  assert.equal(charAt('😀é', 1n), 'é');
  throwsWith(() => charAt('tacocat', 8n), 'index out of range: 8');
  throwsWith(() => charAt('tacocat', -1n), 'index out of range: -1');
  assert.equal(indexOf('tacocat', ''), 0n);
  assert.equal(indexOf('tacocat', 'ac'), 1n);
  assert.equal(indexOf('tacocat', 'none'), -1n);
  assert.equal(indexOf('tacocat', 'a', 3n), 5n);
  assert.equal(indexOf('tacocat', 'a', 30n), -1n);
  assert.equal(indexOf('tacocat', '', 30n), 30n);
  assert.equal(indexOf('😀a😀b', 'b'), 3n);
  throwsWith(() => indexOf('tacocat', 'a', -1n), 'index out of range: -1');
  assert.equal(lastIndexOf('tacocat', ''), 7n);
  assert.equal(lastIndexOf('tacocat', 'at'), 5n);
  assert.equal(lastIndexOf('tacocat', 'a', 3n), 1n);
  assert.equal(lastIndexOf('tacocat', 'a', 30n), -1n);
  assert.equal(lastIndexOf('ab', 'abc'), -1n);
  throwsWith(() => lastIndexOf('', 'a'), 'index out of range: -1'); // cel-go starts at len-1
  throwsWith(() => lastIndexOf('abc', 'a', -1n), 'index out of range: -1');
});

test('case, trim, reverse, quote', () => {
  assert.equal(lowerAscii('TacoCÀt'), 'tacocÀt');
  assert.equal(upperAscii('tacoCàt'), 'TACOCàT');
  assert.equal(trim(' \t\n\v\f\r\u0085\u00a0\u3000 x y \u2028'), 'x y');
  assert.equal(trim('\ufeffx'), '\ufeffx'); // not a Go space
  assert.equal(reverse('a😀b'), 'b😀a');
  assert.equal(quote('first\nsecond'), '"first\\nsecond"');
  assert.equal(quote('bell\x07 "q" back\\slash \t\v\f\r\b'), '"bell\\a \\"q\\" back\\\\slash \\t\\v\\f\\r\\b"');
  assert.equal(quote('\ud800x'), '"\ufffdx"');
  assert.equal(quote('ü☃'), '"ü☃"');
});

test('replace and split follow Go strings.Replace/SplitN', () => {
  assert.equal(replace('12 days 12 hours', '{0}', '2'), '12 days 12 hours');
  assert.equal(replace('{0} days {0} hours', '{0}', '2'), '2 days 2 hours');
  assert.equal(replace('{0} days {0} hours', '{0}', '2', 1n), '2 days {0} hours');
  assert.equal(replace('{0} days {0} hours', '{0}', '2', 0n), '{0} days {0} hours');
  assert.equal(replace('{0} days {0} hours', '{0}', '2', -1n), '2 days 2 hours');
  assert.equal(replace('abc', '', '-'), '-a-b-c-');
  assert.equal(replace('abc', '', '-', 2n), '-a-bc');
  assert.equal(replace('a😀', '', '-'), '-a-😀-');
  assert.deepEqual(split('hello world', ' '), ['hello', 'world']);
  assert.deepEqual(split('a,b,c', ',', 2n), ['a', 'b,c']);
  assert.deepEqual(split('a,b,c', ',', 0n), []);
  assert.deepEqual(split('a,b,c', ',', -1n), ['a', 'b', 'c']);
  assert.deepEqual(split('a,b,c', ',', 10n), ['a', 'b', 'c']);
  assert.deepEqual(split('', ','), ['']);
  assert.deepEqual(split('', ''), []);
  assert.deepEqual(split('a😀c', ''), ['a', '😀', 'c']);
  assert.deepEqual(split('abc', '', 2n), ['a', 'bc']);
});

test('substring and join', () => {
  assert.equal(substring('tacocat', 4n), 'cat');
  assert.equal(substring('tacocat', 7n), '');
  assert.equal(substring('tacocat', 0n, 4n), 'taco');
  assert.equal(substring('😀tacocat', 1n, 5n), 'taco');
  throwsWith(() => substring('tacocat', 40n), 'index out of range: 40');
  throwsWith(() => substring('tacocat', -1n), 'index out of range: -1');
  throwsWith(() => substring('tacocat', 4n, 3n), 'invalid substring range. start: 4, end: 3');
  throwsWith(() => substring('tacocat', -1n, 3n), 'index out of range: -1');
  throwsWith(() => substring('tacocat', 1n, 30n), 'index out of range: 30');
  assert.equal(join(['x', 'y']), 'xy');
  assert.equal(join(['x', 'y'], '-'), 'x-y');
  assert.equal(join([], '-'), '');
});

const int = (v: number | bigint): FormatArg => ({ type: 'int', value: BigInt(v) });
const uint = (v: number | bigint): FormatArg => ({ type: 'uint', value: BigInt(v) });
const dbl = (value: number): FormatArg => ({ type: 'double', value });
const str = (value: string): FormatArg => ({ type: 'string', value });
const bytes = (value: string): FormatArg => ({ type: 'bytes', value: new TextEncoder().encode(value) });

test("format: cel-go 0.23's clauses", () => {
  assert.equal(format('%d %d %d, %s %s %s', [int(1), int(2), int(3), str('A'), str('B'), str('C')]), '1 2 3, A B C');
  assert.equal(format('%%escaped %s%%', [str('percent')]), '%escaped percent%');
  assert.equal(format('%.3f', [dbl(1.2345)]), '1.234');
  assert.equal(format('%.3f', [dbl(1.2355)]), '1.236');
  assert.equal(format('%f', [dbl(2.71828)]), '2.718280');
  assert.equal(format('%f', [dbl(1234567.5)]), '1,234,567.500000'); // en-US grouping
  assert.equal(format('%.0f', [dbl(2.5)]), '2'); // half to even on the exact value
  assert.equal(format('%.1f', [dbl(-0.25)]), '-0.2');
  assert.equal(format('%.1f', [dbl(-0)]), '0.0');
  assert.equal(format('%e', [dbl(0)]), '0.000000×10⁰⁰');
  assert.equal(format('%s', [{ type: 'list', items: [dbl(-0)] }]), '[-0.000000]');
  assert.equal(format('%f', [str('NaN')]), 'NaN');
  assert.equal(format('%f', [str('Infinity')]), '∞');
  assert.equal(format('%f', [str('-Infinity')]), '-∞');
  assert.equal(format('%e', [dbl(3.14)]), '3.140000×10⁰⁰');
  assert.equal(format('%.6e', [dbl(1052.032911275)]), '1.052033×10⁰³');
  assert.equal(format('%.2e', [dbl(0.000123)]), '1.23×10⁻⁰⁴');
  assert.equal(format('%.1e', [dbl(9.96)]), '1.0×10⁰¹');
  assert.equal(format('%b', [int(5)]), '101');
  assert.equal(format('%b', [int(-5)]), '-101');
  assert.equal(format('%b', [uint(64)]), '1000000');
  assert.equal(format('%b', [{ type: 'bool', value: true }]), '1');
  assert.equal(format('%o %o %o', [int(7), int(8), int(9)]), '7 10 11');
  assert.equal(format('%x is 30', [int(30)]), '1e is 30');
  assert.equal(format('%X', [int(6000)]), '1770');
  assert.equal(format('%x', [int(-30)]), '-1e');
  assert.equal(format('%x', [str('Hello world!')]), '48656c6c6f20776f726c6421');
  assert.equal(format('%X', [bytes('byte string')]), '6279746520737472696E67');
  assert.equal(format('%s', [dbl(2.71)]), '2.71');
  assert.equal(format('%s', [dbl(0.000000002)]), '2e-09');
  assert.equal(format('%s', [{ type: 'list', items: [dbl(2.71)] }]), '[2.710000]');
  assert.equal(format('%s', [{ type: 'list', items: [dbl(0.000000002)] }]), '[0.000000]');
  assert.equal(format('%s', [dbl(NaN)]), 'NaN');
  assert.equal(format('%s', [dbl(Infinity)]), '+Inf');
  assert.equal(format('%s', [{ type: 'list', items: [dbl(NaN), dbl(Infinity), dbl(-Infinity)] }]), '["NaN", "+Inf", "-Inf"]');
  assert.equal(format('%d', [uint(64)]), '64');
  assert.equal(format('null: %s', [{ type: 'null' }]), 'null: null');
  assert.equal(format('some bytes: %s', [bytes('xyz')]), 'some bytes: xyz');
  assert.equal(format('type is %s', [{ type: 'type', name: 'string' }]), 'type is string');
  assert.equal(format('%s', [{ type: 'timestamp', text: '2023-02-03T23:31:20Z' }]), '2023-02-03T23:31:20Z');
  assert.equal(
    format('%s', [
      {
        type: 'list',
        items: [str('abc'), dbl(3.14), { type: 'null' }, { type: 'list', items: [int(9), int(8)] }, { type: 'timestamp', text: '2023-02-03T23:31:20Z' }],
      },
    ]),
    '["abc", 3.140000, null, [9, 8], timestamp("2023-02-03T23:31:20Z")]',
  );
  assert.equal(
    format('%s', [
      {
        type: 'map',
        entries: [
          [str('key1'), bytes('xyz')],
          [str('key5'), { type: 'null' }],
          [str('key2'), { type: 'duration', text: '7200s' }],
          [str('key4'), { type: 'bool', value: true }],
          [str('key3'), dbl(2.71828)],
        ],
      },
    ]),
    '{"key1":b"xyz", "key2":duration("7200s"), "key3":2.718280, "key4":true, "key5":null}',
  );
  assert.equal(
    format('%s', [
      {
        type: 'map',
        entries: [
          [int(1), str('value1')],
          [uint(2), str('value2')],
          [{ type: 'bool', value: true }, dbl(NaN)],
        ],
      },
    ]),
    '{1:"value1", 2:"value2", true:"NaN"}',
  );
  assert.equal(format('ünï %s ☃', [str('ok')]), 'ünï ok ☃');
});

test('format: cel-go error texts', () => {
  throwsWith(() => format('%a', [int(1)]), 'could not parse formatting clause: unrecognized formatting clause "a"');
  throwsWith(() => format('%E', [dbl(0.5)]), 'could not parse formatting clause: unrecognized formatting clause "E"');
  throwsWith(() => format('%d %d %d', [int(0), int(1)]), 'index 2 out of range');
  throwsWith(() => format('%', []), 'index 0 out of range');
  throwsWith(() => format('%', [int(1)]), 'unexpected end of string');
  throwsWith(() => format('%.3', [dbl(1)]), 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
  throwsWith(
    () => format('%.f', [dbl(1)]),
    'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax',
  );
  throwsWith(() => format('string is %b', [str('abc')]), 'error during formatting: only integers and bools can be formatted as binary, was given string');
  throwsWith(
    () => format('%d', [{ type: 'duration', text: '1802s' }]),
    'error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration',
  );
  throwsWith(() => format('octal: %o', [str('a string')]), 'error during formatting: octal clause can only be used on integers, was given string');
  throwsWith(() => format('double is %x', [dbl(0.5)]), 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double');
  throwsWith(() => format('%f', [int(1)]), 'error during formatting: fixed-point clause can only be used on doubles, was given int');
  throwsWith(() => format('%e', [str('x')]), 'error during formatting: scientific clause can only be used on doubles, was given string');
  throwsWith(
    () => format('object is %s', [{ type: 'other', typeName: 'ext.TestAllTypes' }]),
    'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ext.TestAllTypes',
  );
  throwsWith(
    () => format('%s', [{ type: 'list', items: [int(1), { type: 'other', typeName: 'ext.TestAllTypes' }] }]),
    'error during formatting: no formatting function for ext.TestAllTypes',
  );
  assert.deepEqual(formatClauses('%s and %.2f%%'), [
    { verb: 's', argIndex: 0 },
    { verb: 'f', precision: 2, argIndex: 1 },
  ]);
});

test("goFormatDouble is strconv.FormatFloat(x, 'g', -1, 64)", () => {
  const cases: [number, string][] = [
    [2.71, '2.71'],
    [0, '0'],
    [-0, '-0'],
    [100000, '100000'],
    [1e6, '1e+06'],
    [1234567, '1.234567e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [-1.5e-300, '-1.5e-300'],
    [123.456, '123.456'],
  ];
  for (const [x, want] of cases) assert.equal(goFormatDouble(x), want, String(x));
});

test("checkFormatCall reproduces cel-go's compile-time format validation", () => {
  const t = (id: number, kind: FormatArgType['kind'], typeName: string = kind): FormatArgType => ({ id, kind, typeName });
  assert.equal(checkFormatCall('%d %s', [t(2, 'int'), t(3, 'string')], 1), undefined);
  assert.equal(checkFormatCall('%d', [t(2, 'dyn', 'dyn')], 1), undefined);
  assert.deepEqual(checkFormatCall('%d %d', [t(2, 'int'), t(3, 'int'), t(4, 'int')], 1), {
    message: 'too many arguments supplied to string.format (expected 2, got 3)',
    exprId: 1,
  });
  assert.deepEqual(checkFormatCall('%d', [t(2, 'string')], 1), {
    message: 'error during formatting: decimal clause can only be used on integers, was given string',
    exprId: 2,
  });
  assert.deepEqual(checkFormatCall('%x', [t(2, 'duration', 'google.protobuf.Duration')], 1), {
    message: 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given google.protobuf.Duration',
    exprId: 2,
  });
  // %s looks inside list and map literals and reports the offending element.
  const list: FormatArgType = { id: 2, kind: 'list', typeName: 'list', elements: [t(3, 'int'), t(4, 'other', 'kubernetes.Quantity')] };
  assert.deepEqual(checkFormatCall('%s', [list], 1), {
    message:
      'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.Quantity',
    exprId: 4,
  });
  assert.deepEqual(checkFormatCall('%d %d', [t(2, 'int')], 1), { message: 'index 1 out of range', exprId: 1 });
  // Unlike evaluation, the check fetches the argument without failing, so the end of the string is reported.
  assert.deepEqual(checkFormatCall('%', [], 1), { message: 'unexpected end of string', exprId: 1 });
  assert.deepEqual(checkFormatCall('%q', [t(2, 'int')], 1), {
    message: 'could not parse formatting clause: unrecognized formatting clause "q"',
    exprId: 1,
  });
});
