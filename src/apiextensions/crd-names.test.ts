import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CRD } from './crd-types.js';
import { decideNames } from './crd-names.js';
import { deprecationWarningOf } from './custom-resource-details.js';

const make = (name: string, names: CRD['spec']['names'], accepted?: CRD['spec']['names'], group = 'example.com'): CRD => ({
  metadata: { name },
  spec: { group, scope: 'Cluster', names, versions: [] },
  status: accepted ? { acceptedNames: accepted } : {},
});

test('names without conflicts are accepted as requested', () => {
  const a = make('as.example.com', { plural: 'as', singular: 'a', kind: 'A', listKind: 'AList', shortNames: ['x'], categories: ['all'] });
  const d = decideNames(a, [a]);
  assert.deepEqual(d.condition, { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' });
  assert.deepEqual(d.accepted, { plural: 'as', singular: 'a', shortNames: ['x'], kind: 'A', listKind: 'AList', categories: ['all'] });
});

test('conflicts with names another CRD of the group accepted: first reason wins, old accepted names stay', () => {
  const other = make('bs.example.com', { plural: 'bs', singular: 'b', kind: 'B', listKind: 'BList', shortNames: ['s'] }, { plural: 'bs', singular: 'b', kind: 'B', listKind: 'BList', shortNames: ['s'] });
  const c = make('cs.example.com', { plural: 'cs', singular: 'b', kind: 'B', listKind: 'CList', shortNames: ['s'] });
  const d = decideNames(c, [other, c]);
  assert.deepEqual(d.condition, { type: 'NamesAccepted', status: 'False', reason: 'SingularConflict', message: '"b" is already in use' });
  assert.deepEqual(d.accepted, { plural: 'cs', listKind: 'CList', kind: '' });
  const short = decideNames(make('ds.example.com', { plural: 'ds', singular: 'd', kind: 'D', listKind: 'DList', shortNames: ['bs'] }), [other]);
  assert.deepEqual(short.condition.reason, 'ShortNamesConflict');
  assert.deepEqual(short.condition.message, '"bs" is already in use');
  // Other groups never conflict.
  assert.equal(decideNames(make('bs.other.io', { plural: 'bs', singular: 'b', kind: 'B', listKind: 'BList' }, undefined, 'other.io'), [other]).condition.status, 'True');
});

test('deprecation warnings: kube default text points at the newest newer served version', () => {
  const crd = make('ws.example.com', { plural: 'ws', kind: 'W' });
  crd.spec.versions = [
    { name: 'v1alpha1', served: true, deprecated: true },
    { name: 'v1beta1', served: true },
    { name: 'v1', served: true },
    { name: 'v2', served: false },
  ];
  assert.equal(deprecationWarningOf(crd, crd.spec.versions[0]!), 'example.com/v1alpha1 W is deprecated; use example.com/v1 W');
  assert.equal(deprecationWarningOf(crd, { name: 'v3', deprecated: true }), 'example.com/v3 W is deprecated');
  assert.equal(deprecationWarningOf(crd, { name: 'v1', deprecated: true, deprecationWarning: 'custom' }), 'custom');
  assert.equal(deprecationWarningOf(crd, { name: 'v1' }), undefined);
});
