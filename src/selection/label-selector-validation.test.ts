import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateFieldErrors } from '../errors/field-error.js';
import { invalid } from '../errors/status.js';
import { labelSelectorHasInvalidLabelValue, validateLabels, validateLabelSelector } from './label-selector-validation.js';

const QNAME_RULE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_RULE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

const texts = (errs: ReturnType<typeof validateLabelSelector>) => errs.map((e) => aggregateFieldErrors([e]));

test('valid and null selectors have no errors', () => {
  assert.deepEqual(validateLabelSelector(null, 'spec.selector'), []);
  assert.deepEqual(validateLabelSelector({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] }, 'spec.selector'), []);
});

test('requirement errors in kube order: operator, key, values', () => {
  const errs = validateLabelSelector(
    {
      matchExpressions: [
        { key: 'a', operator: 'In' },
        { key: 'b', operator: 'Exists', values: ['x'] },
        { key: '-c', operator: 'Equals', values: ['ok', 'bad value'] },
      ],
    },
    'spec.selector',
  );
  assert.deepEqual(texts(errs), [
    "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    'spec.selector.matchExpressions[2].operator: Invalid value: "Equals": not a valid selector operator',
    `spec.selector.matchExpressions[2].key: Invalid value: "-c": name part ${QNAME_RULE}`,
    `spec.selector.matchExpressions[2].values[1]: Invalid value: "bad value": ${VALUE_RULE}`,
  ]);
});

test('options relax operators and values', () => {
  const ps = { matchExpressions: [{ key: 'a', operator: 'Near', values: ['bad value'] }] };
  assert.deepEqual(validateLabelSelector(ps, 'spec.selector', { allowUnknownOperatorInRequirement: true, allowInvalidLabelValueInSelector: true }), []);
  assert.ok(labelSelectorHasInvalidLabelValue(ps));
  assert.ok(!labelSelectorHasInvalidLabelValue({ matchLabels: { a: 'bad value' } }));
});

test('matchLabels errors sit at the map path, one per message', () => {
  assert.deepEqual(texts(validateLabels({ 'b/': 'x', a: '-v' }, 'spec.selector.matchLabels')), [
    `spec.selector.matchLabels: Invalid value: "-v": ${VALUE_RULE}`,
    'spec.selector.matchLabels: Invalid value: "b/": name part must be non-empty',
    `spec.selector.matchLabels: Invalid value: "b/": name part ${QNAME_RULE}`,
  ]);
});

test('an Invalid status lists them as kube does', () => {
  const errs = validateLabelSelector({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }, 'spec.selector');
  const e = invalid({ group: 'apps', kind: 'Deployment' }, 'web', errs);
  assert.equal(e.status.message, "Deployment.apps \"web\" is invalid: spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'");
  assert.equal(e.code, 422);
});
