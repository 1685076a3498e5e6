import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { validateBinding, validateRoleRefUnchanged, validateRoleRules } from './kind-rbac.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const G = 'rbac.authorization.k8s.io';

test('policy rules', () => {
  assert.deepEqual(texts(validateRoleRules({ rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] }, true)), []);
  assert.deepEqual(texts(validateRoleRules({ rules: [{}] }, true)), [
    'rules[0].verbs: Required value: verbs must contain at least one value',
    'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
    'rules[0].resources: Required value: resource rules must supply at least one resource',
  ]);
  assert.deepEqual(texts(validateRoleRules({ rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'], resourceNames: ['x'] }] }, false)), [
    'rules[0].resourceNames: Required value: resource names cannot apply to multiple resources',
  ]);
  assert.deepEqual(texts(validateRoleRules({ rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'], resources: ['pods'] }] }, true)), [
    'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs',
    'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: rules cannot apply to both regular resources and non-resource URLs',
  ]);
  assert.deepEqual(texts(validateRoleRules({ rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] }, false)), []);
});

test('role references', () => {
  const ok = { roleRef: { apiGroup: G, kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'User', apiGroup: G, name: 'alice' }] };
  assert.deepEqual(texts(validateBinding(ok, true)), []);
  assert.deepEqual(texts(validateBinding({ roleRef: { kind: 'Role', name: 'r' } }, false)), [
    `roleRef.apiGroup: Unsupported value: "": supported values: "${G}"`,
    'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
  ]);
  assert.deepEqual(texts(validateBinding({ roleRef: { apiGroup: G, kind: 'Group' } }, true)), [
    'roleRef.kind: Unsupported value: "Group": supported values: "Role", "ClusterRole"',
    'roleRef.name: Required value',
  ]);
  assert.deepEqual(texts(validateBinding({ roleRef: { apiGroup: G, kind: 'Role', name: 'a/b' } }, true)), [
    "roleRef.name: Invalid value: \"a/b\": may not contain '/'",
  ]);
});

test('subjects', () => {
  const ref = { apiGroup: G, kind: 'ClusterRole', name: 'view' };
  assert.deepEqual(
    texts(
      validateBinding(
        {
          roleRef: ref,
          subjects: [
            { kind: 'ServiceAccount', name: 'default' },
            { kind: 'ServiceAccount', name: 'Bad', apiGroup: G },
            { kind: 'User', name: '' },
            { kind: 'Group', name: 'devs', apiGroup: 'x' },
            { kind: 'Robot', name: 'r' },
          ],
        },
        false,
      ),
    ),
    [
      'subjects[0].namespace: Required value',
      "subjects[1].name: Invalid value: \"Bad\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      `subjects[1].apiGroup: Unsupported value: "${G}": supported values: ""`,
      'subjects[1].namespace: Required value',
      'subjects[2].name: Required value',
      'subjects[2].name: Invalid value: "": user name cannot be empty',
      `subjects[2].apiGroup: Unsupported value: "": supported values: "${G}"`,
      `subjects[3].apiGroup: Unsupported value: "x": supported values: "${G}"`,
      'subjects[4].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
    ],
  );
});

test('roleRef cannot change', () => {
  const a = { roleRef: { apiGroup: G, kind: 'ClusterRole', name: 'view' } };
  assert.deepEqual(texts(validateRoleRefUnchanged(a, a)), []);
  assert.deepEqual(texts(validateRoleRefUnchanged({ roleRef: { apiGroup: G, kind: 'ClusterRole', name: 'edit' } }, a)), [
    'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"edit"}: cannot change roleRef',
  ]);
});
