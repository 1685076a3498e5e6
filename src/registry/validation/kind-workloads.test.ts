import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import {
  validateCronJobSpec,
  validateDaemonSetSpec,
  validateDeploymentSpec,
  validateJobSpec,
  validateReplicaSetSpec,
  validateSelectorUnchanged,
  validateStatefulSetSpec,
} from './kind-workloads.js';
import { validateObjectCreate, validateObjectUpdate } from './validate-object.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const template = (labels: object | null = { app: 'x' }, spec: object = {}): object => ({
  metadata: labels ? { labels } : {},
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});
const obj = (spec: object): object => ({ metadata: { name: 'x', namespace: 'default' }, spec });
const NIL_SELECTOR = 'v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}';

test('a deployment as kubectl create deployment sends it is valid', () => {
  assert.deepEqual(texts(validateDeploymentSpec(obj({ replicas: 1, selector: { matchLabels: { app: 'x' } }, template: template() }))), []);
  assert.deepEqual(texts(validateDeploymentSpec(obj({ selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['x', 'y'] }] }, template: template() }))), []);
});

test('deployment selectors: required, empty, not matching the template', () => {
  assert.deepEqual(texts(validateDeploymentSpec(obj({ template: template() }))), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
  ]);
  assert.deepEqual(texts(validateDeploymentSpec(obj({ selector: {}, template: template() }))), [
    `spec.selector: Invalid value: ${NIL_SELECTOR}: empty selector is invalid for deployment`,
  ]);
  assert.deepEqual(texts(validateDeploymentSpec(obj({ selector: { matchLabels: { app: 'y' } }, template: template({ b: '2', app: 'x' }) }))), [
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x", "b":"2"}: `selector` does not match template `labels`',
  ]);
  assert.deepEqual(texts(validateDeploymentSpec(obj({ selector: { matchLabels: { app: 'y' } }, template: template(null) }))), [
    'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
  ]);
  assert.deepEqual(texts(validateDeploymentSpec(obj({ selector: { matchExpressions: [{ key: 'app', operator: 'Near' }] }, template: template() }))), [
    'spec.selector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Near", Values:[]string(nil)}}}: invalid label selector',
  ]);
});

test('deployment replicas, template restart policy and pod spec paths', () => {
  assert.deepEqual(
    texts(validateDeploymentSpec(obj({ replicas: -1, selector: { matchLabels: { app: 'x' } }, template: template({ app: 'x' }, { restartPolicy: 'Never', containers: [{ name: 'c' }] }) }))),
    [
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.template.spec.containers[0].image: Required value',
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    ],
  );
});

test('replica sets say "deployment" too; daemon sets need no selector but must match', () => {
  assert.deepEqual(texts(validateReplicaSetSpec(obj({ selector: {}, template: template() }))), [
    `spec.selector: Invalid value: ${NIL_SELECTOR}: empty selector is invalid for deployment`,
  ]);
  assert.deepEqual(texts(validateDaemonSetSpec(obj({ template: template() }))), [
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
  ]);
  assert.deepEqual(texts(validateDaemonSetSpec(obj({ selector: {}, template: template(null, { restartPolicy: 'OnFailure' }) }))), [
    `spec.selector: Invalid value: ${NIL_SELECTOR}: empty selector is invalid for daemonset`,
    'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
  ]);
});

test('stateful sets check the template labels but not its pod spec', () => {
  assert.deepEqual(texts(validateStatefulSetSpec(obj({ selector: { matchLabels: { app: 'x' } }, template: template({ app: 'x' }, { containers: [] }) }))), []);
  assert.deepEqual(texts(validateStatefulSetSpec(obj({ replicas: -2, selector: {}, template: template() }))), [
    'spec.replicas: Invalid value: -2: must be greater than or equal to 0',
    `spec.selector: Invalid value: ${NIL_SELECTOR}: empty selector is invalid for statefulset`,
  ]);
});

test('jobs: restart policy OnFailure or Never (unset is Always), checked after the template; a given selector must match', () => {
  assert.deepEqual(texts(validateJobSpec(obj({ template: template(null, { restartPolicy: 'Never' }) }))), []);
  assert.deepEqual(texts(validateJobSpec(obj({ backoffLimit: -1, template: template(null, { containers: [{ name: 'c' }] }) }))), [
    'spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0',
    'spec.template.spec.containers[0].image: Required value',
    'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
  ]);
  assert.deepEqual(texts(validateJobSpec(obj({ template: template(null, { restartPolicy: 'Sometimes' }) }))), [
    'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "OnFailure", "Never"',
  ]);
  assert.deepEqual(texts(validateJobSpec(obj({ podFailurePolicy: { rules: [] }, template: template(null, { restartPolicy: 'OnFailure' }) }))), [
    'spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified',
  ]);
  assert.deepEqual(texts(validateJobSpec(obj({ selector: { matchLabels: { a: 'b' } }, template: template({ a: 'c' }, { restartPolicy: 'OnFailure' }) }))), [
    'spec.template.metadata.labels: Invalid value: map[string]string{"a":"c"}: `selector` does not match template `labels`',
  ]);
});

test('cron jobs: schedule and job template', () => {
  const jobTemplate = { spec: { template: template(null, { restartPolicy: 'OnFailure' }) } };
  assert.deepEqual(texts(validateCronJobSpec(obj({ schedule: '*/1 * * * *', jobTemplate }))), []);
  assert.deepEqual(texts(validateCronJobSpec(obj({ jobTemplate }))), ['spec.schedule: Required value']);
  assert.deepEqual(texts(validateCronJobSpec(obj({ schedule: '* * * *', concurrencyPolicy: 'Sometimes', jobTemplate: { spec: { template: template() } } }))), [
    'spec.schedule: Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *]',
    'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
  ]);
});

test('selectors are immutable', () => {
  const a = obj({ selector: { matchLabels: { app: 'x' } } });
  assert.deepEqual(texts(validateSelectorUnchanged(obj({ selector: { matchLabels: { app: 'x' }, matchExpressions: [] } }), a)), []);
  assert.deepEqual(texts(validateSelectorUnchanged(obj({ selector: { matchLabels: { app: 'y' } } }), a)), [
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"y"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  ]);
});

test('whole 422s through the object validation', () => {
  const gk = { group: 'apps', kind: 'Deployment' };
  const dep = (labels: object): object => ({
    metadata: { name: 'web', namespace: 'default', uid: 'u', resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { replicas: 1, selector: { matchLabels: labels }, template: template(labels) },
  });
  assert.equal(
    invalid(gk, 'web', validateObjectCreate(gk, { metadata: { name: 'web', namespace: 'default' }, spec: { template: template() } }, { namespaced: true })).message,
    'Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`]',
  );
  assert.equal(
    invalid(gk, 'web', validateObjectUpdate(gk, dep({ app: 'y' }), dep({ app: 'x' }), { namespaced: true })).message,
    'Deployment.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"y"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  );
});
