import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareBytes } from '../selection/byte-order.js';
import { goQuote, goStringSlice, goQuoteBytes } from './strconv.js';

test('goQuote follows strconv.Quote', () => {
  assert.equal(goQuote('abc'), '"abc"');
  assert.equal(goQuote('a"b\\c'), '"a\\"b\\\\c"');
  assert.equal(goQuote('\n\t\r\u0007\u0008\u000b\u000c'), '"\\n\\t\\r\\a\\b\\v\\f"');
  assert.equal(goQuote('\u0001\u007f'), '"\\x01\\x7f"');
  assert.equal(goQuote('é😀 '), '"é😀 "');
  assert.equal(goQuote('\u200b\u00a0'), '"\\u200b\\u00a0"');
  assert.equal(goQuote('\u{e0001}'), '"\\U000e0001"');
  assert.equal(goStringSlice([]), '[]string{}');
  assert.equal(goStringSlice(['a', 'b']), '[]string{"a", "b"}');
});

test('compareBytes sorts like Go (UTF-8 byte order)', () => {
  assert.ok(compareBytes('\uff5e', '\u{1f600}') < 0); // JavaScript's < says the opposite
  assert.ok('\uff5e' > '\u{1f600}');
  assert.ok(compareBytes('a', 'b') < 0);
  assert.ok(compareBytes('ab', 'a') > 0);
  assert.equal(compareBytes('x', 'x'), 0);
  assert.deepEqual(['b', 'B', 'a', '_'].sort(compareBytes), ['B', '_', 'a', 'b']);
});

test('goQuoteBytes quotes valid UTF-8 as runes and every invalid byte as \\xNN', () => {
  assert.equal(goQuoteBytes(new Uint8Array([0x61, 0xff, 0xc3, 0xa9, 0xed, 0xa0, 0x80, 0x0a])), '"a\\xffé\\xed\\xa0\\x80\\n"');
  assert.equal(goQuoteBytes(new TextEncoder().encode('\u00a0\u{1F600}\x7f')), '"\\u00a0😀\\x7f"');
});
