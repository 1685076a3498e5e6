// Every cell of the seed's list table, as the read it plans against the watch cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../errors/status.js';
import { builtinFieldSet } from '../../registry/resources/index.js';
import { SelectionPredicate } from '../../selection/selection-predicate.js';
import { encodeContinue } from './continue-token.js';
import { decodeListOptions, validateListOptions } from './list-options.js';
import { planList } from './read-list.js';
import type { Selection } from './selection-filter.js';

const P = '/registry/core/configmaps/default/';
const sel: Selection = { predicate: SelectionPredicate.everything(builtinFieldSet({ group: '', resource: 'configmaps' })), empty: true };
const plan = (q: string) => {
  const o = decodeListOptions(new URLSearchParams(q));
  validateListOptions(o, false);
  return planList(o, P, sel);
};
const code = (q: string) => {
  try {
    plan(q);
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return [e.code, e.status.message];
  }
  return [0, ''];
};
const tok = encodeContinue(40, 'b\u0000');

test('resourceVersionMatch unset, limit unset: most recent / any / not older than', () => {
  assert.deepEqual(plan(''), { cache: { consistent: true, limit: undefined, filter: undefined }, fromCache: true });
  assert.deepEqual(plan('resourceVersion=0'), { cache: { filter: undefined }, fromCache: true });
  assert.deepEqual(plan('resourceVersion=12'), { cache: { rev: 12, limit: undefined, filter: undefined }, fromCache: true });
});

test('resourceVersionMatch unset, limit=n without continue: most recent / any (limit ignored) / exact', () => {
  assert.deepEqual(plan('limit=2'), { cache: { consistent: true, limit: 2, filter: undefined }, fromCache: true });
  assert.deepEqual(plan('limit=2&resourceVersion=0'), { cache: { filter: undefined }, fromCache: true });
  assert.deepEqual(plan('limit=2&resourceVersion=12'), { cache: { rev: 12, exact: true, limit: 2, filter: undefined }, fromCache: false });
});

test('resourceVersionMatch unset, limit=n with continue: continuation / "0" treated as continuation / 400', () => {
  const cont = { cache: { rev: 40, exact: true, limit: 2, startKey: P + 'b\u0000', filter: undefined }, fromCache: false, continueStart: 'b\u0000' };
  assert.deepEqual(plan(`limit=2&continue=${tok}`), cont);
  assert.deepEqual(plan(`limit=2&continue=${tok}&resourceVersion=0`), cont);
  assert.deepEqual(code(`limit=2&continue=${tok}&resourceVersion=12`), [400, 'specifying resource version is not allowed when using continue']);
  // A token handed out with a 410 (rv -1) continues at the latest revision.
  assert.deepEqual(plan(`limit=2&continue=${encodeContinue(-1, 'b\u0000')}`).cache, { limit: 2, startKey: P + 'b\u0000', filter: undefined });
});

test('resourceVersionMatch=Exact: invalid / invalid / exact (with or without limit)', () => {
  assert.equal(code('resourceVersionMatch=Exact')[0], 400);
  assert.equal(code('resourceVersionMatch=Exact&limit=2')[0], 400);
  assert.equal(code('resourceVersionMatch=Exact&resourceVersion=0')[0], 400);
  assert.equal(code('resourceVersionMatch=Exact&resourceVersion=0&limit=2')[0], 400);
  assert.deepEqual(plan('resourceVersionMatch=Exact&resourceVersion=12').cache, { rev: 12, exact: true, limit: undefined, filter: undefined });
  assert.deepEqual(plan('resourceVersionMatch=Exact&resourceVersion=12&limit=2').cache, { rev: 12, exact: true, limit: 2, filter: undefined });
});

test('resourceVersionMatch=NotOlderThan: invalid / any / not older than (with or without limit)', () => {
  assert.equal(code('resourceVersionMatch=NotOlderThan')[0], 400);
  assert.equal(code('resourceVersionMatch=NotOlderThan&limit=2')[0], 400);
  assert.deepEqual(plan('resourceVersionMatch=NotOlderThan&resourceVersion=0').cache, { filter: undefined });
  assert.deepEqual(plan('resourceVersionMatch=NotOlderThan&resourceVersion=0&limit=2').cache, { filter: undefined });
  assert.deepEqual(plan('resourceVersionMatch=NotOlderThan&resourceVersion=12').cache, { rev: 12, limit: undefined, filter: undefined });
  assert.deepEqual(plan('resourceVersionMatch=NotOlderThan&resourceVersion=12&limit=2'), { cache: { rev: 12, limit: 2, filter: undefined }, fromCache: true });
});

test('a non-numeric resourceVersion is 400 with the storage text; the token is checked first', () => {
  assert.deepEqual(code('resourceVersion=abc'), [400, 'invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax']);
  assert.deepEqual(code('resourceVersion=abc&continue=%25'), [400, 'invalid continue token: continue key is not valid: illegal base64 data at input byte 0']);
});
