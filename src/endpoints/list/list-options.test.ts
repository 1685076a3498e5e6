import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../errors/status.js';
import { decodeListOptions, defaultListOptions, parseResourceVersion, validateListOptions, type ListOptions } from './list-options.js';

const decode = (q: string) => decodeListOptions(new URLSearchParams(q));
function statusOf(fn: () => unknown): { code: number; reason: string; message: string } {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return { code: e.code, reason: e.reason, message: e.status.message ?? '' };
  }
  assert.fail('expected an error');
}
const validate = (q: string, gate = false) => {
  const o = decode(q);
  defaultListOptions(o, gate);
  validateListOptions(o, gate);
  return o;
};
const PREFIX = 'ListOptions.meta.k8s.io "" is invalid: ';

test('numbers are decoded before selectors, with strconv texts', () => {
  assert.deepEqual(statusOf(() => decode('limit=abc&labelSelector=a%20b%20c')), { code: 400, reason: 'BadRequest', message: 'strconv.ParseInt: parsing "abc": invalid syntax' });
  assert.equal(statusOf(() => decode('timeoutSeconds=99999999999999999999')).message, 'strconv.ParseInt: parsing "99999999999999999999": value out of range');
  assert.equal(statusOf(() => decode('limit=')).message, 'strconv.ParseInt: parsing "": invalid syntax');
  assert.equal(statusOf(() => decode('labelSelector=a%20b')).message, 'unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt');
  assert.equal(statusOf(() => decode('fieldSelector=a')).message, "invalid selector: 'a'; can't understand 'a'");
});

test('booleans follow the query converter: only 0 and false are false', () => {
  assert.equal(decode('watch=1').watch, true);
  assert.equal(decode('watch=').watch, true);
  assert.equal(decode('watch=FALSE').watch, false);
  assert.equal(decode('watch=0').watch, false);
  assert.equal(decode('').watch, false);
  assert.equal(decode('sendInitialEvents=false').sendInitialEvents, false);
  assert.equal(decode('').sendInitialEvents, undefined);
  assert.equal(decode('allowWatchBookmarks=true').allowWatchBookmarks, true);
});

test('list: the seed table\'s invalid combinations are 400 with kube\'s Invalid text', () => {
  for (const [q, msg] of [
    ['resourceVersionMatch=Exact', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'],
    ['resourceVersionMatch=NotOlderThan', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided'],
    ['resourceVersionMatch=Exact&resourceVersion=0', 'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"'],
    ['resourceVersionMatch=Exact&resourceVersion=5&continue=x', 'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'],
  ]) {
    assert.deepEqual(statusOf(() => validate(q!)), { code: 400, reason: 'BadRequest', message: PREFIX + msg }, q);
  }
});

test('list: other ListOptions errors are 422, all of them in one Status', () => {
  assert.deepEqual(statusOf(() => validate('resourceVersionMatch=x&resourceVersion=1')), {
    code: 422,
    reason: 'Invalid',
    message: PREFIX + 'resourceVersionMatch: Unsupported value: "x": supported values: "Exact", "NotOlderThan", ""',
  });
  assert.deepEqual(statusOf(() => validate('sendInitialEvents=true')), { code: 422, reason: 'Invalid', message: PREFIX + 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list' });
  const both = statusOf(() => validate('resourceVersionMatch=x&sendInitialEvents=true'));
  assert.equal(both.code, 400);
  assert.equal(
    both.message,
    PREFIX +
      '[resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided, resourceVersionMatch: Unsupported value: "x": supported values: "Exact", "NotOlderThan", "", sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list]',
  );
  assert.doesNotThrow(() => validate('resourceVersionMatch=NotOlderThan&resourceVersion=0&limit=5'));
  assert.doesNotThrow(() => validate('resourceVersion=7&continue=abc'));
});

test('watch: validation texts, WatchList gate off (1.33 default) and on', () => {
  assert.deepEqual(statusOf(() => validate('watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan')), {
    code: 422,
    reason: 'Invalid',
    message: PREFIX + 'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
  });
  assert.equal(
    statusOf(() => validate('watch=1&sendInitialEvents=true')).message,
    PREFIX + '[resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled]',
  );
  assert.equal(
    statusOf(() => validate('watch=1&resourceVersionMatch=Exact&continue=x')).message,
    PREFIX +
      '[resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided, resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan", resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided]',
  );
  assert.equal(statusOf(() => validate('watch=1&resourceVersionMatch=Exact')).code, 422);
  const o: ListOptions = validate('watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan', true);
  assert.equal(o.sendInitialEvents, true);
  // With the gate on, a legacy watch (RV "" or "0") is defaulted into a streaming list.
  const legacy = validate('watch=1&resourceVersion=0', true);
  assert.equal(legacy.sendInitialEvents, true);
  assert.equal(legacy.resourceVersionMatch, 'NotOlderThan');
  assert.equal(validate('watch=1&resourceVersion=5', true).sendInitialEvents, undefined);
  assert.equal(validate('watch=1', false).sendInitialEvents, undefined);
});

test('parseResourceVersion: "" and "0" are 0; ParseUint texts otherwise', () => {
  assert.equal(parseResourceVersion(''), 0);
  assert.equal(parseResourceVersion('0'), 0);
  assert.equal(parseResourceVersion('42'), 42);
  assert.throws(() => parseResourceVersion('abc'), { message: 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax' });
  assert.throws(() => parseResourceVersion('-1'), { message: 'resourceVersion: Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax' });
  assert.throws(() => parseResourceVersion('18446744073709551616'), { message: /value out of range$/ });
});
