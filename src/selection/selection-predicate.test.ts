import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFieldSelector } from './field-selector.js';
import { builtinFieldSet, convertFieldSelector } from './field-sets.js';
import { LabelSelector, parseLabelSelector } from './label-selector.js';
import { SelectionPredicate } from './selection-predicate.js';

const pods = builtinFieldSet({ group: '', resource: 'pods' });
const pod = (name: string, labels: Record<string, string> | undefined, nodeName: string) => ({
  metadata: { name, namespace: 'ns', labels },
  spec: { nodeName },
  status: {},
});

test('labels and fields must both match', () => {
  const p = new SelectionPredicate(parseLabelSelector('app=web'), convertFieldSelector(parseFieldSelector('spec.host=n1'), pods), pods);
  assert.ok(p.matches(pod('a', { app: 'web' }, 'n1')));
  assert.ok(!p.matches(pod('b', { app: 'web' }, 'n2')));
  assert.ok(!p.matches(pod('c', { app: 'db' }, 'n1')));
  assert.ok(!p.matches(pod('d', undefined, 'n1')));
  assert.ok(!p.isEmpty());
});

test('empty predicates match everything; nothing selectors match nothing', () => {
  const all = SelectionPredicate.everything(pods);
  assert.ok(all.isEmpty());
  assert.ok(all.matches(pod('a', undefined, '')));
  const none = new SelectionPredicate(LabelSelector.nothing(), parseFieldSelector(''), pods);
  assert.ok(!none.isEmpty());
  assert.ok(!none.matches(pod('a', {}, '')));
});

test('matchesSingle exposes the one name a predicate can match', () => {
  const p = new SelectionPredicate(LabelSelector.everything(), parseFieldSelector('metadata.name=a'), pods);
  assert.equal(p.matchesSingle(), 'a');
  assert.equal(SelectionPredicate.everything(pods).matchesSingle(), undefined);
});
