import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFieldSelector } from './field-selector.js';
import { convertFieldSelector } from './field-sets.js';
import { builtinFieldSet } from '../registry/resources/index.js';
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

test('matcherIndex names the pinned indexed fields and labels', () => {
  const p = new SelectionPredicate(parseLabelSelector('app=web,tier in (a,b)'), convertFieldSelector(parseFieldSelector('spec.host=n1,status.phase!=Failed'), pods), pods);
  assert.deepEqual(p.matcherIndex(['spec.nodeName', 'status.phase'], ['app', 'tier']), [
    { indexName: 'f:spec.nodeName', value: 'n1' },
    { indexName: 'l:app', value: 'web' },
  ]);
  assert.deepEqual(SelectionPredicate.everything(pods).matcherIndex(['spec.nodeName']), []);
  assert.deepEqual(SelectionPredicate.everything(pods).matcherIndex(['metadata.namespace'], [], 'ns1'), [{ indexName: 'f:metadata.namespace', value: 'ns1' }]);
  const q = new SelectionPredicate(LabelSelector.everything(), parseFieldSelector('metadata.namespace=ns2'), pods);
  assert.deepEqual(q.matcherIndex(['metadata.namespace'], [], 'ns1'), [{ indexName: 'f:metadata.namespace', value: 'ns2' }]);
  assert.equal(q.matchesSingleNamespace(), 'ns2');
});
