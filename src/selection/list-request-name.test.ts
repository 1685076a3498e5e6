import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidPathSegmentName, listRequestName } from './list-request-name.js';

test('an exact metadata.name field selector names the request', () => {
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=cm1' }), 'cm1');
  assert.equal(listRequestName({ fieldSelector: 'metadata.name==cm1,metadata.namespace=default' }), 'cm1');
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=cm1', labelSelector: 'app=web' }), 'cm1');
});

test('no name when the selector does not pin one, or does not parse', () => {
  assert.equal(listRequestName({}), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name!=cm1' }), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=' }), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=cm1,bad' }), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=cm1', labelSelector: 'a in (' }), undefined);
  // Names that are not valid path segments are not used.
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=a/b' }), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=..' }), undefined);
  assert.equal(listRequestName({ fieldSelector: 'metadata.name=100%' }), undefined);
});

test('path segment names', () => {
  assert.deepEqual(isValidPathSegmentName('.'), ["may not be '.'"]);
  assert.deepEqual(isValidPathSegmentName('..'), ["may not be '..'"]);
  assert.deepEqual(isValidPathSegmentName('a/%'), ["may not contain '/'", "may not contain '%'"]);
  assert.deepEqual(isValidPathSegmentName('...'), []);
});
