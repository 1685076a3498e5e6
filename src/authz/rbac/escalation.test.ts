import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakdownRule, compactRules, compactString, escalationMessage, ruleCovers } from './escalation.js';

test('breakdown splits a rule into one group × resource × verb (× name) and URL × verb', () => {
  assert.equal(breakdownRule({ verbs: ['get', 'list'], apiGroups: ['', 'apps'], resources: ['pods'], resourceNames: ['a', 'b'] }).length, 8);
  assert.deepEqual(breakdownRule({ verbs: ['get'], nonResourceURLs: ['/a', '/b'] }), [{ nonResourceURLs: ['/a'], verbs: ['get'] }, { nonResourceURLs: ['/b'], verbs: ['get'] }]);
});

test('coverage: */sub covers a/sub, a rule without names needs an owner without names', () => {
  assert.ok(ruleCovers({ verbs: ['get'], apiGroups: [''], resources: ['*/status'] }, { verbs: ['get'], apiGroups: [''], resources: ['pods/status'] }));
  assert.ok(!ruleCovers({ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['x'] }, { verbs: ['get'], apiGroups: [''], resources: ['pods'] }));
  assert.ok(ruleCovers({ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['x'] }));
  assert.ok(ruleCovers({ verbs: ['*'], nonResourceURLs: ['/api*'] }, { verbs: ['get'], nonResourceURLs: ['/apis/x'] }));
});

test('the message lists the compacted missing rules, sorted, with Go %q lists', () => {
  const msg = escalationMessage({ name: 'jane', groups: ['dev', 'system:authenticated'] }, { rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], errors: [] }, [
    { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'] },
    { verbs: ['delete'], apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['web'] },
    { verbs: ['get'], nonResourceURLs: ['/metrics'] },
  ]);
  assert.equal(
    msg,
    'user "jane" (groups=["dev" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["pods"], Verbs:["list" "watch"]}\n' +
      '{APIGroups:["apps"], Resources:["deployments"], ResourceNames:["web"], Verbs:["delete"]}\n' +
      '{NonResourceURLs:["/metrics"], Verbs:["get"]}',
  );
});

test('compaction merges only single-group single-resource rules with the same name', () => {
  const c = compactRules([
    { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
    { verbs: ['list'], apiGroups: [''], resources: ['pods'] },
    { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] },
  ]);
  assert.deepEqual(c.map(compactString), ['{APIGroups:[""], Resources:["pods"], Verbs:["get" "list"]}', '{APIGroups:[""], Resources:["pods"], ResourceNames:["a"], Verbs:["get"]}']);
});
