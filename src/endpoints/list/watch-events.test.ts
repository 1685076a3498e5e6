// Selector transitions of watch events, and the seed's watch table as planned starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CacheEntry, type CacheEvent } from '../../storage/cacher/cache-entry.js';
import { objectOf } from './entry-object.js';
import { decodeListOptions } from './list-options.js';
import { leftObject, translateEvent } from './watch-events.js';
import { planWatch } from './watch-session.js';
import type { Selection } from './selection-filter.js';
import { SelectionPredicate } from '../../selection/selection-predicate.js';
import { builtinFieldSet } from '../../registry/resources/index.js';

const entry = (name: string, rev: number, labels: Record<string, string>) =>
  new CacheEntry(`/registry/core/configmaps/ns/${name}`, Buffer.from(JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name, labels } })), 1, rev);
const blue = (e: CacheEntry) => objectOf(e).metadata.labels?.color === 'blue';

test('create, update and delete without a selector', () => {
  const a = entry('a', 5, {});
  const b = entry('a', 6, {});
  assert.deepEqual(translateEvent({ type: 'put', rev: 5, entry: a }), { type: 'ADDED', entry: a });
  assert.deepEqual(translateEvent({ type: 'put', rev: 6, entry: b, prev: a }), { type: 'MODIFIED', entry: b });
  const gone = entry('a', 7, {});
  assert.deepEqual(translateEvent({ type: 'delete', rev: 7, entry: gone, prev: b }), { type: 'DELETED', entry: gone });
});

test('entering the selection is ADDED, leaving it is DELETED with the previous state at the new revision', () => {
  const red = entry('a', 5, { color: 'red' });
  const nowBlue = entry('a', 6, { color: 'blue' });
  const stillBlue = entry('a', 7, { color: 'blue', x: 'y' });
  const red2 = entry('a', 8, { color: 'red' });
  assert.equal(translateEvent({ type: 'put', rev: 5, entry: red }, blue), undefined);
  assert.deepEqual(translateEvent({ type: 'put', rev: 6, entry: nowBlue, prev: red }, blue), { type: 'ADDED', entry: nowBlue });
  assert.deepEqual(translateEvent({ type: 'put', rev: 7, entry: stillBlue, prev: nowBlue }, blue), { type: 'MODIFIED', entry: stillBlue });
  const leave: CacheEvent = { type: 'put', rev: 8, entry: red2, prev: stillBlue };
  assert.deepEqual(translateEvent(leave, blue), { type: 'DELETED', left: leave });
  const obj = leftObject(leave);
  assert.equal(obj.metadata.resourceVersion, '8');
  assert.deepEqual(obj.metadata.labels, { color: 'blue', x: 'y' });
  assert.equal(leftObject(leave), obj, 'one object per event, shared by every watcher');
  assert.equal(objectOf(stillBlue).metadata.resourceVersion, '7', 'the cached version is untouched');
  assert.equal(translateEvent({ type: 'delete', rev: 9, entry: entry('a', 9, { color: 'red' }), prev: red2 }, blue), undefined);
});

const everything: Selection = { predicate: SelectionPredicate.everything(builtinFieldSet({ group: '', resource: 'configmaps' })), empty: true };
const planFor = (q: string) => {
  const o = decodeListOptions(new URLSearchParams(q));
  return planWatch(o, Number(o.resourceVersion || 0), everything);
};

test('the seed\'s watch table: unset / "0" get state then start; other values start exactly there', () => {
  assert.deepEqual(planFor('watch=1'), { rv: 0, initial: { filter: undefined }, endBookmark: false });
  assert.deepEqual(planFor('watch=1&resourceVersion=0'), { rv: 0, initial: { filter: undefined }, endBookmark: false });
  assert.deepEqual(planFor('watch=1&resourceVersion=17'), { rv: 17, endBookmark: false });
});

test('streaming lists: consistent without RV, not older than RV otherwise; the end bookmark only with bookmarks', () => {
  const q = 'watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan';
  assert.deepEqual(planFor(q + '&allowWatchBookmarks=true'), { rv: 0, initial: { consistent: true, filter: undefined }, endBookmark: true });
  assert.deepEqual(planFor(q + '&resourceVersion=17'), { rv: 17, initial: { rev: 17, filter: undefined }, endBookmark: false });
  assert.deepEqual(planFor('watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan'), { rv: 0, endBookmark: false, startNow: 'consistent' });
  assert.deepEqual(planFor('watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&resourceVersion=3'), { rv: 3, endBookmark: false, startNow: undefined });
});
