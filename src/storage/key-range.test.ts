import assert from 'node:assert/strict';
import { it } from 'node:test';
import { prefixEnd, prefixSlice } from './key-range.js';

it('computes etcd-style prefix ends', () => {
  assert.equal(prefixEnd('/registry/pods/'), '/registry/pods0');
  assert.equal(prefixEnd('a\uffff'), 'b');
  assert.equal(prefixEnd(''), '');
});

it('slices sorted keys by prefix and start key', () => {
  const keys = ['/p/a/1', '/p/a/2', '/p/ab/1', '/p/b/1', '/q/1'];
  assert.deepEqual(prefixSlice(keys, '/p/a/'), [0, 2]);
  assert.deepEqual(prefixSlice(keys, '/p/'), [0, 4]);
  assert.deepEqual(prefixSlice(keys, '/p/', '/p/a/2\x00'), [2, 4]);
  assert.deepEqual(prefixSlice(keys, '/p/', '/a'), [0, 4], 'a start key before the prefix is ignored');
  assert.deepEqual(prefixSlice(keys, '/p/', '/z'), [5, 5]);
  assert.deepEqual(prefixSlice(keys, '/none/'), [0, 0]);
  assert.deepEqual(prefixSlice(keys, '/r/'), [5, 5]);
});
