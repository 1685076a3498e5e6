import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import {
  ERR_EXPONENT_RANGE,
  ERR_FORMAT_WRONG,
  ERR_NOT_INTEGER,
  ERR_NUMERIC,
  ERR_SUFFIX,
  isQuantity,
  Quantity,
  quantity,
  quantityParseError,
} from './quantity.js';

const str = (s: string): string => quantity(s).toString();
const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);

test('quantity(): canonical text as kube prints it', () => {
  const cases: [string, string][] = [
    ['1Ki', '1Ki'],
    ['1024Mi', '1Gi'],
    ['1000M', '1G'],
    ['.001Ki', '1024m'],
    ['.000001Ki', '1024u'],
    ['.000000001Ki', '1024n'],
    ['.000000000001Ki', '2n'], // rounded up to the next nano unit
    ['-.000000000001Ki', '-2n'],
    ['1000m', '1'],
    ['0.5', '500m'],
    ['1080m', '1080m'],
    ['1.08', '1080m'],
    ['1080000000n', '1080m'],
    ['0.001T', '1G'],
    ['.001e12', '1e9'],
    ['0.001e0', '1e-3'],
    ['1000e-12', '1e-9'],
    ['129e6', '129e6'],
    ['1e4', '10e3'],
    ['1E3', '1E3'], // canonical already: the input text is kept
    ['5000m', '5'],
    ['0.5Ki', '512'],
    ['1.5Gi', '1536Mi'],
    ['1.1Ki', '1126400m'], // BinarySI with a fraction prints as DecimalSI
    ['307200Ki', '300Mi'],
    ['00', '0'],
    ['-0', '0'],
    ['0m', '0'],
    ['+1', '+1'], // already canonical: Go keeps the input text
    ['1000E', '1'], // Go has no suffix for 10^21 and prints none
    ['0.1n', '1n'],
    ['12.345678901234567890', '12345678902n'],
    ['9223372036854775807', '9223372036854775807'],
    ['9223372036854775808', '9223372036854775808'],
    ['20Ei', '9223372036854775807'], // BinarySI is capped at the int64 maximum
    ['.', '0'],
    ['-', '0'],
    ['1.', '1.'],
    ['1.G', '1.G'],
  ];
  for (const [input, want] of cases) assert.equal(str(input), want, input);
});

test('quantity(): apimachinery parse errors', () => {
  const cases: [string, string][] = [
    ['', ERR_FORMAT_WRONG],
    ['10Mo', ERR_FORMAT_WRONG],
    ['1.1.M', ERR_FORMAT_WRONG],
    ['1+1.0M', ERR_FORMAT_WRONG],
    [' 1', ERR_FORMAT_WRONG],
    ['1 ', ERR_FORMAT_WRONG],
    ['aoeu', ERR_FORMAT_WRONG],
    ['10Mm', ERR_SUFFIX],
    ['0.1mi', ERR_SUFFIX],
    ['1i', ERR_SUFFIX],
    ['-3.01e-', ERR_SUFFIX],
    ['1e', ERR_SUFFIX],
    ['1e99999999999999999999', ERR_SUFFIX],
    ['.e-10', ERR_NUMERIC],
  ];
  for (const [input, message] of cases) {
    throwsWith(() => quantity(input), message);
    assert.equal(isQuantity(input), false, input);
    assert.equal(quantityParseError(input), message, input);
  }
  assert.equal(ERR_FORMAT_WRONG, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  assert.equal(isQuantity('20Mi'), true);
  assert.equal(isQuantity('20'), true);
});

test('comparison is exact across formats and representations', () => {
  const cmp = (a: string, b: string): number => quantity(a).cmp(quantity(b));
  assert.equal(cmp('200M', '0.2G'), 0);
  assert.equal(cmp('50M', '50Mi'), -1);
  assert.equal(cmp('50Mi', '50M'), 1);
  assert.equal(cmp('1n', '0.0000000001'), 0);
  assert.equal(cmp('1e2000000000', '1'), 1);
  assert.equal(cmp('-1e2000000000', '1'), -1);
  assert.equal(cmp('12345678901234567890', '12345678901234567891'), -1);
  assert.ok(quantity('1Gi').equals(quantity('1024Mi')));
  assert.ok(quantity('50M').isLessThan(quantity('50Mi')));
  assert.ok(quantity('150Mi').isGreaterThan(quantity('100Mi')));
  assert.equal(quantity('-1m').sign(), -1n);
  assert.equal(quantity('0Ki').sign(), 0n);
  assert.equal(quantity('3').sign(), 1n);
  assert.equal(quantity('50M').compareTo(quantity('50Mi')), -1n);
  assert.equal(quantity('200M').compareTo(quantity('0.2G')), 0n);
});

test('asInteger/isInteger follow the int64 representation', () => {
  assert.equal(quantity('50k').asInteger(), 50000n);
  assert.equal(quantity('50').isInteger(), true);
  assert.equal(quantity('922337203685477580').asInteger(), 922337203685477580n);
  // 19 digits take the inf.Dec path, which never converts.
  assert.equal(quantity('9223372036854775807').isInteger(), false);
  // 1000m is 1, but Go holds it with a negative scale and refuses the fast conversion.
  assert.equal(quantity('1000m').isInteger(), false);
  assert.equal(quantity('0e5').asInteger(), 0n);
  assert.equal(quantity('9999999999999999999999999999999999999G').isInteger(), false);
  throwsWith(() => quantity('9999999999999999999999999999999999999G').asInteger(), ERR_NOT_INTEGER);
  throwsWith(() => quantity('10E').asInteger(), ERR_NOT_INTEGER);
  assert.equal(ERR_NOT_INTEGER, 'cannot convert value to integer');
  // Values held as inf.Dec never convert, even when integral.
  assert.equal(quantity('9223372036854775808').isInteger(), false);
  assert.equal(quantity('922337203685477580k').addInt(1n).isInteger(), false);
});

test('arithmetic: add and sub with quantities and ints, receiver unchanged', () => {
  const q = quantity('50k');
  assert.ok(q.add(quantity('20')).equals(quantity('50.02k')));
  assert.equal(q.toString(), '50k');
  assert.ok(q.addInt(20n).isLessThan(quantity('50021')));
  assert.ok(q.sub(quantity('20')).equals(quantity('49.98k')));
  assert.ok(q.subInt(20n).equals(quantity('49980')));
  assert.equal(q.addInt(20n).sub(quantity('100k')).asInteger(), -49980n);
  assert.equal(q.addInt(20n).sub(quantity('100k')).subInt(-50000n).asInteger(), 20n);
  // Result formats: the receiver's, or the operand's when the receiver is zero.
  assert.equal(quantity('1Ki').add(quantity('1k')).toString(), '2024');
  assert.equal(quantity('1Ki').add(quantity('1Ki')).toString(), '2Ki');
  assert.equal(quantity('0').addInt(5000n).toString(), '5e3');
  assert.equal(quantity('0').add(quantity('1Mi')).toString(), '1Mi');
  assert.equal(quantity('0').sub(quantity('1Mi')).toString(), '-1Mi');
  // Overflow of the int64 form moves to exact decimals.
  const big = quantity('922337203685477580k').addInt(1n);
  assert.equal(big.toString(), '922337203685477580001');
  assert.equal(quantity('1').sub(quantity('0.5n')).toString(), '999999999n');
  assert.equal(quantity('1m').add(quantity('1e20')).toString(), '100000000000000000000001m');
});

test('asApproximateFloat uses float64(mantissa) × Pow10(exponent)', () => {
  assert.equal(quantity('50.703k').asApproximateFloat(), 50703);
  assert.equal(quantity('2Ki').asApproximateFloat(), 2048);
  assert.equal(quantity('1.1Ki').asApproximateFloat(), 1126.4);
  assert.equal(quantity('1Mi').asApproximateFloat(), 1048576);
  assert.equal(quantity('2Gi').asApproximateFloat(), 2147483648);
  assert.equal(quantity('1m').asApproximateFloat(), 0.001);
  assert.equal(quantity('1e400').asApproximateFloat(), Infinity);
  assert.equal(quantity('-1e400').asApproximateFloat(), -Infinity);
  assert.equal(quantity('1e-400').asApproximateFloat(), 1e-9); // parsing rounds up to 1n
});

test('fromInt64 wraps like Go when negating the minimum int64', () => {
  // Go negates the operand in Sub; -MinInt64 wraps to MinInt64, so 0 - MinInt64 stays MinInt64.
  const min = -(2n ** 63n);
  assert.equal(quantity('0').subInt(min).toString(), '-9223372036854775808');
  assert.ok(Quantity.fromInt64(5n).equals(quantity('5')));
});

test('arithmetic that would build an astronomically long number is refused (documented deviation)', () => {
  throwsWith(() => quantity('1e2000000000').add(quantity('1m')), ERR_EXPONENT_RANGE);
  assert.equal(quantity('1e2000000000').toString(), '100e1999999998'); // printing needs no expansion
  assert.ok(quantity('0e2000000000').add(quantity('1m')).equals(quantity('1m')));
});
