import assert from 'node:assert/strict';
import { test } from 'node:test';
import { goJsonObjectError } from './go-json.js';

const err = (s: string): string | undefined => goJsonObjectError(Buffer.from(s, 'utf8'));

test('objects and null decode into a map', () => {
  assert.equal(err('{"auths":{"r":{"auth":"eA=="}}}'), undefined);
  assert.equal(err(' {} \n'), undefined);
  assert.equal(err('null'), undefined);
  assert.equal(err('{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}'), undefined);
});

test('other top-level values are type errors', () => {
  assert.equal(err('[]'), 'json: cannot unmarshal array into Go value of type map[string]interface {}');
  assert.equal(err('"x"'), 'json: cannot unmarshal string into Go value of type map[string]interface {}');
  assert.equal(err('1'), 'json: cannot unmarshal number into Go value of type map[string]interface {}');
  assert.equal(err('true'), 'json: cannot unmarshal bool into Go value of type map[string]interface {}');
});

test('syntax errors use the scanner texts', () => {
  assert.equal(err(''), 'unexpected end of JSON input');
  assert.equal(err('{"a":'), 'unexpected end of JSON input');
  // At the end of input Go's scanner is fed a space: a literal cut short reports it.
  assert.equal(err('nul'), "invalid character ' ' in literal null (expecting 'l')");
  assert.equal(err('x'), "invalid character 'x' looking for beginning of value");
  assert.equal(err("{'a':1}"), "invalid character '\\'' looking for beginning of object key string");
  assert.equal(err('{"a":1,}'), "invalid character '}' looking for beginning of object key string");
  assert.equal(err('{"a" 1}'), "invalid character '1' after object key");
  assert.equal(err('{"a":1 "b":2}'), "invalid character '\"' after object key:value pair");
  assert.equal(err('{"a":[1 2]}'), "invalid character '2' after array element");
  assert.equal(err('{"a":[1,]}'), "invalid character ']' looking for beginning of value");
  assert.equal(err('{} {}'), "invalid character '{' after top-level value");
  assert.equal(err('{"a":"\t"}'), "invalid character '\\t' in string literal");
  assert.equal(err('{"a":"\\x"}'), "invalid character 'x' in string escape code");
  assert.equal(err('{"a":"\\u12g4"}'), "invalid character 'g' in \\u hexadecimal character escape");
  assert.equal(err('{"a":-x}'), "invalid character 'x' in numeric literal");
  assert.equal(err('{"a":1.e}'), "invalid character 'e' after decimal point in numeric literal");
  assert.equal(err('{"a":1e}'), "invalid character '}' in exponent of numeric literal");
  assert.equal(err('{"a":01}'), "invalid character '1' after object key:value pair");
  assert.equal(err('{"a":tru}'), "invalid character '}' in literal true (expecting 'e')");
  assert.equal(err('{"a":nil}'), "invalid character 'i' in literal null (expecting 'u')");
});
