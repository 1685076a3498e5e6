import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import { isSemver, semver } from './semver.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);

test('semver(): blang parsing and accessors', () => {
  const v = semver('1.2.3-beta.1+build.1');
  assert.equal(v.major(), 1n);
  assert.equal(v.minor(), 2n);
  assert.equal(v.patch(), 3n);
  assert.equal(v.toString(), '1.2.3-beta.1+build.1');
  assert.equal(semver('18446744073709551615.0.0').major(), -1n); // uint64 seen as int64, as Go converts
  for (const s of ['1.2.3', '0.0.0', '1.2.3-0', '1.2.3-x-y.1', '1.2.3+001', '1.2.3-rc.1+b.2']) assert.equal(isSemver(s), true, s);
  for (const s of ['', 'v1.0.0', ' 1.0.0', '1. 0.0', '1.0.0 ', '01.01.01', '1', '1.1']) assert.equal(isSemver(s), false, s);
});

test('semver(): blang error texts', () => {
  const cases: [string, string][] = [
    ['', 'Version string empty'],
    ['v1.0', 'No Major.Minor.Patch elements found'],
    ['1', 'No Major.Minor.Patch elements found'],
    ['v1.0.0', 'Invalid character(s) found in major number "v1"'],
    ['1.x.0', 'Invalid character(s) found in minor number "x"'],
    ['1.0.x', 'Invalid character(s) found in patch number "x"'],
    ['01.0.0', 'Major number must not contain leading zeroes "01"'],
    ['1.00.0', 'Minor number must not contain leading zeroes "00"'],
    ['1.0.01', 'Patch number must not contain leading zeroes "01"'],
    ['.0.0', 'strconv.ParseUint: parsing "": invalid syntax'],
    ['18446744073709551616.0.0', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['1.0.0-', 'Prerelease is empty'],
    ['1.0.0-a..b', 'Prerelease is empty'],
    ['1.0.0-01', 'Numeric PreRelease version must not contain leading zeroes "01"'],
    ['1.0.0-a_b', 'Invalid character(s) found in prerelease "a_b"'],
    ['1.0.0+', 'Build meta data is empty'],
    ['1.0.0+a_b', 'Invalid character(s) found in build meta data "a_b"'],
  ];
  for (const [s, msg] of cases) throwsWith(() => semver(s), msg);
});

test('normalize: v prefix, leading zeros, short versions', () => {
  assert.ok(semver('v01.01', true).equals(semver('1.1.0')));
  assert.equal(semver('v1.0.0', true).toString(), '1.0.0');
  assert.equal(semver('1', true).toString(), '1.0.0');
  assert.equal(semver('1.02.003-beta', true).toString(), '1.2.3-beta');
  assert.equal(semver('1.0.00-rc', true).toString(), '1.0.0-rc');
  assert.equal(isSemver('01.01.01', true), true);
  assert.equal(isSemver('1.1', true), true);
  for (const s of ['', ' 1.0.0', '1. 0.0', '1.0.0 ']) assert.equal(isSemver(s, true), false, s);
  throwsWith(() => semver('1.2-beta', true), 'short version cannot contain PreRelease/Build meta data');
  throwsWith(() => semver('1+b', true), 'short version cannot contain PreRelease/Build meta data');
});

test('precedence comparison', () => {
  const cmp = (a: string, b: string): number => semver(a).cmp(semver(b));
  assert.equal(cmp('1.2.3', '1.2.3'), 0);
  assert.equal(cmp('1.0.0', '1.2.3'), -1);
  assert.equal(cmp('1.2.3', '1.0.0'), 1);
  assert.equal(cmp('1.0.0-alpha', '1.0.0'), -1);
  assert.equal(cmp('1.0.0-alpha', '1.0.0-alpha.1'), -1);
  assert.equal(cmp('1.0.0-alpha.1', '1.0.0-alpha.beta'), -1); // numeric before alphanumeric
  assert.equal(cmp('1.0.0-beta.2', '1.0.0-beta.11'), -1); // numeric by value
  assert.equal(cmp('1.0.0-rc.1', '1.0.0-beta.11'), 1);
  assert.equal(cmp('1.0.0+a', '1.0.0+b'), 0); // build metadata ignored
  assert.equal(semver('1.2.3').compareTo(semver('1.0.0')), 1n);
  assert.ok(semver('1.2.3').isGreaterThan(semver('1.0.0')));
  assert.ok(!semver('1.0.0').isGreaterThan(semver('1.0.0')));
  assert.ok(semver('1.0.0').isLessThan(semver('1.2.3')));
  assert.ok(!semver('1.0.0').isLessThan(semver('1.0.0')));
});
