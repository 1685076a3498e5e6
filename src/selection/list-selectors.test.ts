import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors/status.js';
import { parseListSelectors } from './list-selectors.js';

test('both selectors parse; absent ones select everything', () => {
  const s = parseListSelectors({ labelSelector: 'app=web', fieldSelector: 'metadata.name=a' });
  assert.equal(s.label.toString(), 'app=web');
  assert.equal(s.field.toString(), 'metadata.name=a');
  const none = parseListSelectors({});
  assert.ok(none.label.isEmpty() && none.field.isEmpty());
});

test('a bad label selector is reported before a bad field selector', () => {
  assert.throws(
    () => parseListSelectors({ labelSelector: 'a in', fieldSelector: 'x' }),
    (e: unknown) => e instanceof StatusError && e.code === 400 && e.status.message === "unable to parse requirement: found '' expected: '('",
  );
  assert.throws(
    () => parseListSelectors({ labelSelector: 'a', fieldSelector: 'x' }),
    (e: unknown) => e instanceof StatusError && e.status.message === "invalid selector: 'x'; can't understand 'x'",
  );
});
