import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';
import { parseGoJson, goJsonToValue, quoteChar } from './encoding-json.js';
import { goEncodeString, goEncodeNumber, goMarshal } from './encoding-json.js';
import { goQuote } from './strconv.js';
import { strictDecode, GO_UNTYPED_MAP } from './encoding-json.js';

const err = (s: string | Uint8Array): string => {
  try {
    parseGoJson(s);
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

test("Go's syntax error texts", () => {
  const cases: Array<[string, string]> = [
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['x', "invalid character 'x' looking for beginning of value"],
    ['{', 'unexpected end of JSON input'],
    ['{"a"', 'unexpected end of JSON input'],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":}', "invalid character '}' looking for beginning of value"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['{a:1}', "invalid character 'a' looking for beginning of object key string"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['[1 2]', "invalid character '2' after array element"],
    ['{} x', "invalid character 'x' after top-level value"],
    ['01', "invalid character '1' after top-level value"],
    ['-', "invalid character ' ' in numeric literal"],
    ['-a', "invalid character 'a' in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['1.e', "invalid character 'e' after decimal point in numeric literal"],
    ['1e+', "invalid character ' ' in exponent of numeric literal"],
    ['tru', "invalid character ' ' in literal true (expecting 'e')"],
    ['fals3', "invalid character '3' in literal false (expecting 'e')"],
    ['nul', "invalid character ' ' in literal null (expecting 'l')"],
    ['"abc', 'unexpected end of JSON input'],
    ['"a\\x"', "invalid character 'x' in string escape code"],
    ['"a\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ['"\\', "invalid character ' ' in string escape code"],
  ];
  for (const [input, want] of cases) assert.equal(err(input), want, `input ${JSON.stringify(input)}`);
  // bytes are quoted one at a time, as Latin-1 runes
  assert.equal(err(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), "invalid character 'ï' looking for beginning of value");
  assert.equal(quoteChar(0x01), "'\\x01'");
  assert.equal(quoteChar(0x85), "'\\u0085'");
});

test('nesting deeper than MAX_NESTING_DEPTH is Go\'s depth syntax error', () => {
  assert.equal(err('['.repeat(MAX_NESTING_DEPTH) + ']'.repeat(MAX_NESTING_DEPTH)), 'no error');
  assert.equal(err('['.repeat(MAX_NESTING_DEPTH + 1)), "invalid character '[' exceeded max depth");
  assert.equal(err('{"a":'.repeat(MAX_NESTING_DEPTH) + '{'), "invalid character '{' exceeded max depth");
});

test('values, escapes and surrogates decode as Go decodes them', () => {
  assert.deepEqual(goJsonToValue(parseGoJson('{"a":[1,2.5,"x\\u00e9\\ud83d\\ude00",true,null],"a":{"b":false}}')), { a: { b: false } });
  assert.equal(goJsonToValue(parseGoJson('"\\ud800x"')), '\ufffdx');
  assert.equal(goJsonToValue(parseGoJson('"\\ud83d\\ude00"')), '😀');
});

test('Go encodings', () => {
  assert.equal(goEncodeString('<a&b>\u2028\b\f\x01"\\'), '"\\u003ca\\u0026b\\u003e\\u2028\\b\\f\\u0001\\"\\\\"');
  assert.equal(goEncodeNumber(1e-7), '1e-07');
  assert.equal(goEncodeNumber(1e21), '1e+21');
  assert.equal(goEncodeNumber(123456), '123456');
  assert.equal(goMarshal({ b: 1, a: [null, 'x'] }), '{"a":[null,"x"],"b":1}');
  assert.equal(goQuote('a"b\n\u00a0é\x7f'), '"a\\"b\\n\\u00a0é\\x7f"');
});

test('strict decoding into map[string]interface{}', () => {
  const r = strictDecode(parseGoJson('{"a":1,"m":{"x":1,"x":2,"l":[{"k":1,"k":2}]},"a":2}'), GO_UNTYPED_MAP);
  assert.deepEqual(r.strictErrors, ['duplicate field "m.x"', 'duplicate field "m.l[0].k"', 'duplicate field "a"']);
  assert.equal(strictDecode(parseGoJson('"s"'), GO_UNTYPED_MAP).typeError, 'json: cannot unmarshal string into Go value of type map[string]interface {}');
  assert.equal(strictDecode(parseGoJson('[1]'), GO_UNTYPED_MAP).typeError, 'json: cannot unmarshal array into Go value of type map[string]interface {}');
  assert.equal(strictDecode(parseGoJson('true'), GO_UNTYPED_MAP).typeError, 'json: cannot unmarshal bool into Go value of type map[string]interface {}');
  assert.equal(strictDecode(parseGoJson('null'), GO_UNTYPED_MAP).typeError, undefined);
  assert.equal(strictDecode(parseGoJson('{"a":[1e400]}'), GO_UNTYPED_MAP).typeError, 'json: cannot unmarshal number 1e400 into Go value of type float64');
  assert.equal(strictDecode(parseGoJson('{"a":99999999999999999999}'), GO_UNTYPED_MAP).typeError, undefined);
});
