import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyMap, bytePrefixEnd } from './etcd-keys.js';

test('--etcd-prefix moves /registry/ and is normalized to one leading and one trailing slash', () => {
  for (const prefix of ['/registry', 'registry', '/registry/', '//registry//']) {
    const m = KeyMap.forEtcdPrefix(prefix);
    assert.equal(m.toEtcd('/registry/configmaps/ns/a').toString(), '/registry/configmaps/ns/a', prefix);
  }
  const m = KeyMap.forEtcdPrefix('/cluster-a');
  assert.equal(m.toEtcd('/registry/apiextensions.k8s.io/customresourcedefinitions/x').toString(), '/cluster-a/apiextensions.k8s.io/customresourcedefinitions/x');
  assert.equal(m.fromEtcd(Buffer.from('/cluster-a/pods/ns/p')), '/registry/pods/ns/p');
  assert.equal(m.fromEtcd(Buffer.from('/cluster-b/pods/ns/p')), undefined, 'another prefix is not ours');
  assert.equal(m.fromEtcd(Buffer.from('compact_rev_key')), undefined);
  assert.equal(KeyMap.forEtcdPrefix('/').toEtcd('/registry/pods/ns/p').toString(), '/pods/ns/p');
});

test('computes etcd\'s prefix range end over bytes', () => {
  assert.deepEqual(bytePrefixEnd(Buffer.from('/registry/pods/')), Buffer.from('/registry/pods0'));
  assert.deepEqual(bytePrefixEnd(Buffer.from([0x61, 0xff])), Buffer.from([0x62]));
  assert.deepEqual(bytePrefixEnd(Buffer.from([0xff, 0xff])), Buffer.from([0]), 'no end: every key');
});
