import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findBuiltin } from '../api/catalog.js';
import type { RequestContext } from '../http/request-context.js';
import { deprecationOf, markDeprecatedRequest } from './deprecation.js';

const ctx = () => ({ warnings: [] as string[] }) as unknown as RequestContext;

test('a deprecated built-in with a removal release: the warning and both audit annotations', () => {
  const c = ctx();
  markDeprecatedRequest(c, deprecationOf(findBuiltin('admissionregistration.k8s.io', 'v1beta1', 'validatingadmissionpolicies')!)!);
  assert.deepEqual(c.warnings, ['admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy is deprecated in v1.31+, unavailable in v1.34+']);
  assert.deepEqual(c.auditAnnotations, { 'k8s.io/deprecated': 'true', 'k8s.io/removed-release': '1.34' });
});

test('a deprecation without a removal release sets only k8s.io/deprecated', () => {
  const c = ctx();
  markDeprecatedRequest(c, deprecationOf(findBuiltin('', 'v1', 'componentstatuses')!)!);
  assert.deepEqual(c.warnings, ['v1 ComponentStatus is deprecated in v1.19+']);
  assert.deepEqual(c.auditAnnotations, { 'k8s.io/deprecated': 'true' });
});

test('kinds deprecated after 1.33 and GA kinds are not deprecated in 1.33', () => {
  assert.equal(deprecationOf(findBuiltin('resource.k8s.io', 'v1beta1', 'resourceclaims')!), undefined);
  assert.equal(deprecationOf(findBuiltin('apps', 'v1', 'deployments')!), undefined);
  assert.equal(deprecationOf(findBuiltin('storagemigration.k8s.io', 'v1alpha1', 'storageversionmigrations')!)?.warning,
    'storagemigration.k8s.io/v1alpha1 StorageVersionMigration is deprecated in v1.33+, unavailable in v1.36+');
});
