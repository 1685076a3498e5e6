import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuthorizationConfig } from './authorization-config.js';

const dir = mkdtempSync(join(tmpdir(), 'authz-config-'));
const kubeconfig = join(dir, 'hook.kubeconfig');
writeFileSync(kubeconfig, 'apiVersion: v1\nkind: Config\n');
const load = (yaml: string) => {
  const f = join(dir, `c-${Math.random()}.yaml`);
  writeFileSync(f, `apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\n${yaml}`);
  return () => loadAuthorizationConfig(f);
};
const webhook = (fields: string) => `authorizers:\n- type: Webhook\n  name: w\n  webhook:\n${fields}`;

test('a valid webhook entry gets the default TTLs', () => {
  const [e] = load(webhook(`    timeout: 3s\n    subjectAccessReviewVersion: v1\n    failurePolicy: Deny\n    connectionInfo:\n      type: KubeConfigFile\n      kubeConfigFile: ${kubeconfig}\n`))();
  assert.deepEqual(e, { type: 'Webhook', name: 'w', webhook: { timeoutMs: 3000, authorizedTTLMs: 300000, unauthorizedTTLMs: 30000, subjectAccessReviewVersion: 'v1', failurePolicy: 'Deny', kubeConfigFile: kubeconfig, matchConditions: [] } });
});

test('webhook field errors as kube prints them', () => {
  assert.throws(
    load(webhook(`    timeout: 45s\n    subjectAccessReviewVersion: v2\n    failurePolicy: Maybe\n    connectionInfo:\n      type: KubeConfigFile\n      kubeConfigFile: relative.kubeconfig\n`)),
    {
      message:
        '[authorizers[0].timeout: Invalid value: "45s": must be > 0s and <= 30s, authorizers[0].subjectAccessReviewVersion: Unsupported value: "v2": supported values: "v1", "v1beta1", authorizers[0].failurePolicy: Unsupported value: "Maybe": supported values: "NoOpinion", "Deny", authorizers[0].connectionInfo.kubeConfigFile: Invalid value: "relative.kubeconfig": must be an absolute path]',
    },
  );
  assert.throws(load('authorizers: []\n'), { message: 'authorizers: Required value: at least one authorization mode must be defined' });
  assert.throws(load('authorizers:\n- type: Webhook\n  name: w\n'), { message: 'authorizers[0].webhook: Required value: required when type=Webhook' });
  assert.throws(load('authorizers:\n- type: Node\n  name: nodes\n'), { message: 'expected name node for authorizer Node instead of nodes' });
});

const withConditions = (...exprs: string[]) =>
  load(webhook(`    timeout: 3s\n    subjectAccessReviewVersion: v1\n    matchConditionSubjectAccessReviewVersion: v1\n    failurePolicy: Deny\n    connectionInfo:\n      type: KubeConfigFile\n      kubeConfigFile: ${kubeconfig}\n    matchConditions:\n${exprs.map((e) => `    - expression: ${JSON.stringify(e)}\n`).join('')}`));

test('CEL match conditions that compile to bool are accepted', () => {
  const entries = withConditions('has(request.resourceAttributes)', "request.user != 'alice'")();
  assert.deepEqual(entries[0].webhook?.matchConditions, [{ expression: 'has(request.resourceAttributes)' }, { expression: "request.user != 'alice'" }]);
});

test('CEL match conditions: compile errors and non-bool results with kube\'s texts, all at once', () => {
  assert.throws(withConditions('request.user', 'request.nope == 1', 'request.user'), {
    message:
      '[authorizers[0].matchConditions[0].expression: Invalid value: "request.user": must evaluate to bool but got string, ' +
      'authorizers[0].matchConditions[1].expression: Invalid value: "request.nope == 1": compilation failed: ERROR: <input>:1:8: undefined field \'nope\'\n | request.nope == 1\n | .......^, ' +
      'authorizers[0].matchConditions[2].expression: Duplicate value: "request.user"]',
  });
});
