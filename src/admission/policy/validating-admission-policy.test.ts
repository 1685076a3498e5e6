// The plug-in's outcome on the operation context: Audit's validation_failure annotation in kube's JSON form,
// audit annotations as <policy>/<key> (values of several bindings joined), warnings, and errors of audit
// annotations and of compilation as denials.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../api/object.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import type { ResourceRegistry } from '../../registry/resource-registry.js';
import { StatusError } from '../../errors/status.js';
import { compilePolicy, type PolicySpec } from '../../cel/admission-policy.js';
import type { PolicyHook } from './validating-admission-policy.js';
import { ValidatingAdmissionPolicyPlugin, VALIDATION_FAILURE_ANNOTATION } from './validating-admission-policy.js';

const RULES = { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['*'], resources: ['configmaps'] }] };

function hook(name: string, spec: Omit<PolicySpec, 'matchConstraints'>, bindings: { name: string; actions: string[] }[]): PolicyHook {
  const full = { ...spec, matchConstraints: RULES };
  return {
    policy: { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name }, spec: full } as KubeObject,
    bindings: bindings.map((b) => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: b.name }, spec: { policyName: name, validationActions: b.actions } }) as KubeObject),
    compiled: compilePolicy(full),
  };
}

function plugin(hooks: PolicyHook[]) {
  return new ValidatingAdmissionPolicyPlugin({
    registry: { all: () => [] } as unknown as ResourceRegistry,
    getNamespace: async (name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { env: 'test' } } }) as KubeObject,
    source: { start: async () => undefined, stop: () => undefined, hooks: () => hooks },
  });
}

function attrs(data: Record<string, string> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE', kind: { group: '', version: 'v1', kind: 'ConfigMap' }, resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '', name: 'cm', namespace: 'default', user: { name: 'alice', groups: ['devs'] },
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data } as KubeObject,
    dryRun: false, context: { dryRun: false, warnings: [] },
  };
}

test('Audit puts kube\'s validation_failure annotation on the operation and admits', async () => {
  const p = plugin([hook('p', { validations: [{ expression: 'true' }, { expression: "'x' in object.data", message: 'x is required' }] }, [{ name: 'b', actions: ['Audit'] }])]);
  const a = attrs();
  await p.validate(a);
  assert.deepEqual(a.context.auditAnnotations, {
    [VALIDATION_FAILURE_ANNOTATION]: '[{"message":"x is required","policy":"p","binding":"b","expressionIndex":1,"validationActions":["Audit"]}]',
  });
  assert.deepEqual(a.context.warnings, []);
});

test('Warn and Audit together: a warning and the annotation', async () => {
  const p = plugin([hook('p', { validations: [{ expression: 'false', messageExpression: "'user ' + request.userInfo.username" }] }, [{ name: 'b', actions: ['Warn', 'Audit'] }])]);
  const a = attrs();
  await p.validate(a);
  assert.deepEqual(a.context.warnings, ["Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': user alice"]);
  assert.equal(a.context.auditAnnotations?.[VALIDATION_FAILURE_ANNOTATION], '[{"message":"user alice","policy":"p","binding":"b","expressionIndex":0,"validationActions":["Warn","Audit"]}]');
});

test('auditAnnotations are published as <policy>/<key>; distinct values of bindings are joined, empty ones left out', async () => {
  const p = plugin([hook('p', {
    validations: [{ expression: 'true' }],
    auditAnnotations: [
      { key: 'who', valueExpression: "request.userInfo.username + ' in ' + namespaceObject.metadata.labels['env']" },
      { key: 'empty', valueExpression: "' '" },
      { key: 'none', valueExpression: 'null' },
    ],
  }, [{ name: 'b1', actions: ['Deny'] }, { name: 'b2', actions: ['Deny'] }])]);
  const a = attrs();
  await p.validate(a);
  assert.deepEqual(a.context.auditAnnotations, { 'p/who': 'alice in test' });
});

test('an audit annotation that fails to evaluate denies under failurePolicy Fail and is dropped under Ignore', async () => {
  const spec = { validations: [{ expression: 'true' }], auditAnnotations: [{ key: 'k', valueExpression: "'v' + object.data.missing" }] };
  await assert.rejects(plugin([hook('p', spec, [{ name: 'b', actions: ['Deny'] }])]).validate(attrs()), (e: unknown) => {
    assert.ok(e instanceof StatusError);
    assert.equal(e.status.message, "configmaps \"cm\" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: expression ''v' + object.data.missing' resulted in error: no such key: missing");
    assert.equal(e.code, 422);
    return true;
  });
  const a = attrs();
  await plugin([hook('p', { ...spec, failurePolicy: 'Ignore' }, [{ name: 'b', actions: ['Deny'] }])]).validate(a);
  assert.equal(a.context.auditAnnotations, undefined);
});

test('an expression that does not compile denies with the compilation error', async () => {
  await assert.rejects(plugin([hook('p', { validations: [{ expression: 'object.foo +' }] }, [{ name: 'b', actions: ['Deny'] }])]).validate(attrs()), (e: unknown) => {
    assert.ok(e instanceof StatusError);
    assert.match(e.status.message!, /denied request: compilation error: compilation failed: ERROR: <input>:1:13: Syntax error: /);
    return true;
  });
  await assert.rejects(plugin([hook('p', { validations: [{ expression: "'a'" }] }, [{ name: 'b', actions: ['Deny'] }])]).validate(attrs()), (e: unknown) => {
    assert.ok(e instanceof StatusError);
    assert.match(e.status.message!, /denied request: compilation error: must evaluate to bool but got string$/);
    return true;
  });
});

test('matchConditions: a false condition skips the policy; variables are shared by conditions and validations', async () => {
  const p = plugin([hook('p', {
    variables: [{ name: 'isTeam', expression: "'team' in object.data" }],
    matchConditions: [{ name: 'only-team', expression: 'variables.isTeam' }],
    validations: [{ expression: "object.data['team'] == 'a'", messageExpression: "'team ' + object.data['team'] + ' is not a'" }],
  }, [{ name: 'b', actions: ['Deny'] }])]);
  await p.validate(attrs({ other: 'x' }));
  await p.validate(attrs({ team: 'a' }));
  await assert.rejects(p.validate(attrs({ team: 'b' })), /team b is not a/);
});
