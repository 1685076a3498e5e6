import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbacAuthorizer, loadPolicyFile, parsePolicyLine } from './abac.js';
import type { Attributes } from './authorizer.js';

const attrs = (user: string, groups: string[], o: Partial<Attributes>): Attributes => ({
  user: { name: user, groups }, verb: 'get', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: '', subresource: '', name: '', ...o,
});

test('v1beta1 user or group "*" means every authenticated user, never anonymous', () => {
  const p = parsePolicyLine('{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Policy","spec":{"user":"*","nonResourcePath":"*","readonly":true}}');
  assert.equal(p.group, 'system:authenticated');
  assert.equal(p.user, '');
  const a = new AbacAuthorizer([p]);
  assert.equal(a.authorize(attrs('bob', ['system:authenticated'], { isResourceRequest: false, path: '/version' })).decision, 'allow');
  assert.deepEqual(a.authorize(attrs('system:anonymous', ['system:unauthenticated'], { isResourceRequest: false, path: '/version' })), { decision: 'noOpinion', reason: 'No policy matched.' });
  assert.equal(a.authorize(attrs('bob', ['system:authenticated'], { isResourceRequest: false, path: '/version', verb: 'post' })).decision, 'noOpinion', 'readonly');
});

test('legacy unversioned lines get kube\'s defaults', () => {
  const p = parsePolicyLine('{"user":"alice"}');
  assert.deepEqual(p, { user: 'alice', group: '', readonly: false, apiGroup: '*', resource: '*', namespace: '*', nonResourcePath: '*' });
  const q = parsePolicyLine('{"namespace":"ns1","resource":"pods"}');
  assert.equal(q.group, 'system:authenticated');
  assert.equal(q.nonResourcePath, '');
});

test('a bad line stops loading with the line number and text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'abac-'));
  const f = join(dir, 'p.jsonl');
  writeFileSync(f, '# ok\n{"user":"a"}\n{not json\n');
  assert.throws(() => loadPolicyFile(f), (e: Error) => e.message.startsWith(`error reading policy file ${f}, line 3: {not json: `));
});

test('rules for SelfSubjectRulesReview: readonly policies give get/list/watch', () => {
  const a = new AbacAuthorizer([parsePolicyLine('{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Policy","spec":{"group":"dev","readonly":true,"namespace":"ns1","resource":"pods","apiGroup":""}}')]);
  assert.deepEqual(a.rulesFor({ name: 'x', groups: ['dev'] }, 'ns1').resourceRules, [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'] }]);
  assert.deepEqual(a.rulesFor({ name: 'x', groups: ['dev'] }, 'ns2').resourceRules, []);
});
