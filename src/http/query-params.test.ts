import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boolParam, firstParam, int64Param, kubeBool, optionalBoolParam, prettyParam, stringParam, stringsParam } from './query-params.js';

const q = (s: string) => new URLSearchParams(s);

test('kubeBool: only "0" and "false" in any case are false; "f", "", "True", "yes" are true', () => {
  for (const v of ['0', 'false', 'FALSE', 'False', 'fAlSe']) assert.equal(kubeBool(v), false, v);
  for (const v of ['', '1', 'true', 'True', 'TRUE', 't', 'f', 'F', 'yes', 'no', '00']) assert.equal(kubeBool(v), true, v);
});

test('bool parameters: absent is false (bool) or undefined (*bool); the first of repeated values counts', () => {
  assert.equal(boolParam(q(''), 'watch'), false);
  assert.equal(boolParam(q('watch'), 'watch'), true);
  assert.equal(boolParam(q('watch=0&watch=1'), 'watch'), false);
  assert.equal(optionalBoolParam(q(''), 'force'), undefined);
  assert.equal(optionalBoolParam(q('force=True'), 'force'), true);
  assert.equal(optionalBoolParam(q('force=false&force=true'), 'force'), false);
});

test('string parameters: the first value, "" when absent; dryRun keeps every value', () => {
  assert.equal(stringParam(q('fieldManager=a&fieldManager=b'), 'fieldManager'), 'a');
  assert.equal(stringParam(q(''), 'fieldManager'), '');
  assert.equal(firstParam(q('continue='), 'continue'), '');
  assert.deepEqual(stringsParam(q('dryRun=All&dryRun=x'), 'dryRun'), ['All', 'x']);
});

test('int64 parameters: strconv.ParseInt, with Go\'s texts in a 400 for malformed values', () => {
  assert.equal(int64Param(q('limit=%2B7'), 'limit'), 7);
  assert.equal(int64Param(q('limit=-3&limit=x'), 'limit'), -3);
  assert.equal(int64Param(q(''), 'limit'), undefined);
  const bad = (s: string, msg: string) =>
    assert.throws(() => int64Param(q(s), 'limit'), (e: { status: { code: number; reason: string; message: string } }) => {
      assert.deepEqual([e.status.code, e.status.reason, e.status.message], [400, 'BadRequest', msg]);
      return true;
    });
  bad('limit=1.5', 'strconv.ParseInt: parsing "1.5": invalid syntax');
  bad('limit=', 'strconv.ParseInt: parsing "": invalid syntax');
  bad('limit=0x10', 'strconv.ParseInt: parsing "0x10": invalid syntax');
  bad('limit=9223372036854775808', 'strconv.ParseInt: parsing "9223372036854775808": value out of range');
});

test('pretty: strconv.ParseBool (malformed is false), absent or empty leaves it to the User-Agent', () => {
  for (const v of ['1', 't', 'T', 'TRUE', 'true', 'True']) assert.equal(prettyParam(q(`pretty=${v}`)), true, v);
  for (const v of ['0', 'f', 'false', 'yes', 'tRUE']) assert.equal(prettyParam(q(`pretty=${v}`)), false, v);
  assert.equal(prettyParam(q('pretty=')), undefined);
  assert.equal(prettyParam(q('')), undefined);
});
