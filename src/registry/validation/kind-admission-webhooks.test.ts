import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../../errors/field-error.js';
import { validateWebhookConfigurationCreate, validateWebhookConfigurationUpdate } from './kind-admission-webhooks.js';

const hook = (over: object = {}) => ({
  name: 'hook.example.com',
  clientConfig: { url: 'https://127.0.0.1:8443/validate' },
  rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  ...over,
});
const create = (hooks: object[], mutating = false) => validateWebhookConfigurationCreate(mutating)({ webhooks: hooks }).map(fieldErrorText);

test('a well-formed configuration is valid', () => {
  assert.deepEqual(create([hook(), hook({ name: 'other.example.com', clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/x' } }, reinvocationPolicy: 'IfNeeded' })], true), []);
});

test('webhook fields: names, policies, sideEffects, timeouts, client configs and review versions with kube\'s messages', () => {
  assert.deepEqual(create([hook({ name: 'short', sideEffects: undefined, timeoutSeconds: 31, failurePolicy: 'Maybe', clientConfig: { url: 'http://user@host/x?y=1#z' }, admissionReviewVersions: ['v2'] })]), [
    'webhooks[0].name: Invalid value: "short": should be a domain with at least three segments separated by dots',
    'webhooks[0].failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"',
    'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
    'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
    'webhooks[0].clientConfig.url: Invalid value: "http": \'https\' is the only allowed URL scheme; desired format: https://host[/path]',
    'webhooks[0].clientConfig.url: Invalid value: "user": user information is not permitted in the URL',
    'webhooks[0].clientConfig.url: Invalid value: "z": fragments are not permitted in the URL',
    'webhooks[0].clientConfig.url: Invalid value: "y=1": query parameters are not permitted in the URL',
    'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1',
  ]);
  assert.deepEqual(create([hook({ sideEffects: 'Some', clientConfig: {} })]), [
    'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
    'webhooks[0].clientConfig: Required value: exactly one of url or service is required',
  ]);
  assert.deepEqual(create([hook(), hook()]), ['webhooks[1].name: Duplicate value: "hook.example.com"']);
});

test('rules: operations, wildcards mixed with names, sub-resource wildcards, scope', () => {
  const rules = [{ operations: ['*', 'CREATE'], apiGroups: ['*', 'apps'], apiVersions: [], resources: ['pods/*', 'pods/status'], scope: 'Everywhere' }];
  assert.deepEqual(create([hook({ rules })]), [
    'webhooks[0].rules[0].operations: Invalid value: []string{"*", "CREATE"}: if \'*\' is present, must not specify other operations',
    'webhooks[0].rules[0].apiGroups: Invalid value: []string{"*", "apps"}: if \'*\' is present, must not specify other API groups',
    'webhooks[0].rules[0].apiVersions: Required value',
    'webhooks[0].rules[0].resources[1]: Invalid value: "pods/status": if \'pods/*\' is present, must not specify pods/status',
    'webhooks[0].rules[0].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced"',
  ]);
});

test('matchConditions compile as new expressions; unchanged ones on update are not checked again', () => {
  const bad = [{ name: 'a', expression: 'object.metadata.name' }, { name: 'a', expression: "request.kind.kind == 'Pod'" }, { name: 'b', expression: 'nope(' }];
  const errs = create([hook({ matchConditions: bad })]);
  assert.equal(errs[0], 'webhooks[0].matchConditions[0].expression: Invalid value: "object.metadata.name": must evaluate to bool');
  assert.equal(errs[1], 'webhooks[0].matchConditions[1].name: Duplicate value: "a"');
  assert.match(errs[2]!, /^webhooks\[0\]\.matchConditions\[2\]\.expression: Invalid value: "nope\(": compilation failed: ERROR: <input>:1:6: Syntax error/);
  const old = { webhooks: [hook({ matchConditions: bad, sideEffects: 'Some' })] };
  assert.deepEqual(validateWebhookConfigurationUpdate(false)({ webhooks: [hook({ matchConditions: bad, sideEffects: 'Some' })] }, old).map(fieldErrorText), []);
});
