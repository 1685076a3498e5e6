import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import { find, findAll, matches, regexCompileError, regexCost } from './regex.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);

test('find and findAll: leftmost-first matches as Go regexp', () => {
  assert.equal(find('abc 123', '[0-9]+'), '123');
  assert.equal(find('abc', '[0-9]+'), '');
  assert.equal(find('xyz', 'a|xy|xyz'), 'xy'); // leftmost-first, not longest
  assert.deepEqual(findAll('123 abc 456', '[0-9]+'), ['123', '456']);
  assert.deepEqual(findAll('123 abc 456', '[0-9]+', 1n), ['123']);
  assert.deepEqual(findAll('123 abc 456', '[0-9]+', 0n), []);
  assert.deepEqual(findAll('123 abc 456', '[0-9]+', -5n), ['123', '456']);
  assert.deepEqual(findAll('abc', 'x'), []);
  // Go skips an empty match that abuts the previous match.
  assert.deepEqual(findAll('baaab', 'a*'), ['', 'aaa', '']);
  assert.deepEqual(findAll('abc', ''), ['', '', '', '']);
  assert.deepEqual(findAll('a😀b', '.'), ['a', '😀', 'b']);
  assert.deepEqual(findAll('ab\ncd', '^.'), ['a']); // ^ is the start of text, . stops at \n
});

test('RE2 rejects what JavaScript RegExp accepts', () => {
  const jsAccepts = ['(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b', '(a)\\1', 'a++'];
  for (const p of jsAccepts) {
    if (p !== 'a++') assert.doesNotThrow(() => new RegExp(p), p);
    assert.ok(regexCompileError(p)?.startsWith('error parsing regexp: '), p);
  }
  throwsWith(() => find('aaa', '(?=a)'), 'Illegal regex: error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
  throwsWith(() => findAll('aaa', '(a)\\1'), 'Illegal regex: error parsing regexp: invalid escape sequence: `\\1`');
  throwsWith(() => find('a', '[a'), 'Illegal regex: error parsing regexp: missing closing ]: `[a`');
  throwsWith(() => matches('a', 'a**'), 'error parsing regexp: invalid nested repetition operator: `**`');
  throwsWith(() => matches('a', 'x{1001}'), 'error parsing regexp: invalid repeat count: `{1001}`');
});

test('matches is an unanchored search with RE2 classes', () => {
  assert.equal(matches('hello world', 'o w'), true);
  assert.equal(matches('hello', '^h.*o$'), true);
  assert.equal(matches('hello', '^ello'), false);
  assert.equal(matches('日本', '^\\p{Han}+$'), true);
  assert.equal(matches('ab', '(?i)AB'), true);
  assert.equal(matches('a\nb', 'a.b'), false);
  assert.equal(matches('a\nb', '(?s)a.b'), true);
});

test('regex cost is string steps times pattern factor', () => {
  assert.equal(regexCost(0, 1), 1);
  assert.equal(regexCost(19, 8), 2 * 2);
  assert.equal(regexCost(100, 100), 11 * 25);
});
