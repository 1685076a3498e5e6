import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleMatches } from './webhook-matching.js';
import { verifyAdmissionResponse, type BuiltReview } from './admission-review.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import { internalOperation } from '../../registry/operation-context.js';

const attrs = (over: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'UPDATE',
  kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
  resource: { group: 'apps', version: 'v1', resource: 'deployments' },
  subresource: '',
  name: 'web',
  namespace: 'default',
  dryRun: false,
  context: internalOperation(),
  ...over,
});
const rule = (over: object = {}) => ({ operations: ['UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'], scope: '*', ...over });

test('rules: operations, groups, versions and resources with wildcards; sub-resources only by resource/sub', () => {
  const a = attrs();
  assert.equal(ruleMatches(rule(), a, a.resource), true);
  assert.equal(ruleMatches(rule({ operations: ['CREATE'] }), a, a.resource), false);
  assert.equal(ruleMatches(rule({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }), a, a.resource), true);
  const status = attrs({ subresource: 'status' });
  assert.equal(ruleMatches(rule(), status, status.resource), false);
  assert.equal(ruleMatches(rule({ resources: ['deployments/status'] }), status, status.resource), true);
  assert.equal(ruleMatches(rule({ resources: ['deployments/*'] }), status, status.resource), true);
  assert.equal(ruleMatches(rule({ resources: ['*/status'] }), status, status.resource), true);
  assert.equal(ruleMatches(rule({ resources: ['*/scale'] }), status, status.resource), false);
  assert.equal(ruleMatches(rule({ resources: ['deployments/*'] }), a, a.resource), true); // "*" includes no sub-resource
});

test('rules: scope Namespaced excludes namespaces themselves and cluster-scoped objects; Cluster the reverse', () => {
  const ns = attrs({ resource: { group: '', version: 'v1', resource: 'namespaces' }, namespace: 'x' });
  const r = { apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] };
  assert.equal(ruleMatches(rule({ ...r, scope: 'Namespaced' }), ns, ns.resource), false);
  assert.equal(ruleMatches(rule({ ...r, scope: 'Cluster' }), ns, ns.resource), true);
  const node = attrs({ resource: { group: '', version: 'v1', resource: 'nodes' }, namespace: '' });
  assert.equal(ruleMatches(rule({ ...r, scope: 'Namespaced' }), node, node.resource), false);
  assert.equal(ruleMatches(rule({ ...r, scope: 'Cluster' }), node, node.resource), true);
  assert.equal(ruleMatches(rule({ ...r, scope: 'Namespaced' }), attrs(), attrs().resource), true);
});

test('AdmissionReview answers: kube\'s checks of v1 (uid, kind, patch and patchType) and the leniency of v1beta1', () => {
  const v1: BuiltReview = { uid: 'u1', version: 'v1', body: {} };
  const answer = (response: object, extra: object = {}) => ({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response, ...extra });
  const err = (f: () => unknown) => { try { f(); } catch (e) { return (e as Error).message; } return 'no error'; };
  assert.equal(err(() => verifyAdmissionResponse(v1, true, { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' })), 'webhook response was absent');
  assert.equal(err(() => verifyAdmissionResponse(v1, true, answer({ uid: 'x', allowed: true }))), 'expected response.uid="u1", got "x"');
  assert.equal(err(() => verifyAdmissionResponse(v1, true, answer({ uid: 'u1', allowed: true }, { apiVersion: 'admission.k8s.io/v1beta1' }))), 'expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview');
  assert.equal(err(() => verifyAdmissionResponse(v1, true, answer({ uid: 'u1', allowed: true, patch: 'W10=' }))), 'webhook returned response.patch but not response.patchType');
  assert.equal(err(() => verifyAdmissionResponse(v1, true, answer({ uid: 'u1', allowed: true, patchType: 'JSONPatch' }))), 'webhook returned response.patchType but not response.patch');
  assert.equal(err(() => verifyAdmissionResponse(v1, false, answer({ uid: 'u1', allowed: true, patch: 'W10=' }))), 'validating webhook may not return response.patch');
  const ok = verifyAdmissionResponse(v1, true, answer({ uid: 'u1', allowed: true, warnings: ['w'], auditAnnotations: { k: 'v' } }));
  assert.deepEqual([ok.allowed, ok.warnings, ok.auditAnnotations], [true, ['w'], { k: 'v' }]);
  const beta = verifyAdmissionResponse({ uid: 'u2', version: 'v1beta1', body: {} }, true, { response: { allowed: true, patch: 'W10=' } });
  assert.equal(beta.patchType, 'JSONPatch');
});
