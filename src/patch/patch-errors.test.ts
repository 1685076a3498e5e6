import { test } from 'node:test';
import assert from 'node:assert/strict';
import { patchResultInvalid, strictDecodingDetail, tooManyPatchOperations, patchApplyFailed } from './patch-errors.js';
import { goMarshal } from '../golang/encoding-json.js';

test('422 for a patched object that fails strict decoding (fieldValidation=Strict)', () => {
  const patched = goMarshal({ metadata: { name: 'cm' }, data: { x: '<1>' } });
  const e = patchResultInvalid(patched, strictDecodingDetail(['json patch unknown field "[0].vaule"', 'unknown field "spec.foo"']));
  assert.deepEqual(e.toJSON(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message:
      ' "" is invalid: patch: Invalid value: "{\\"data\\":{\\"x\\":\\"\\\\u003c1\\\\u003e\\"},\\"metadata\\":{\\"name\\":\\"cm\\"}}": strict decoding error: json patch unknown field "[0].vaule", unknown field "spec.foo"',
    reason: 'Invalid',
    details: {
      causes: [
        {
          reason: 'FieldValueInvalid',
          message:
            'Invalid value: "{\\"data\\":{\\"x\\":\\"\\\\u003c1\\\\u003e\\"},\\"metadata\\":{\\"name\\":\\"cm\\"}}": strict decoding error: json patch unknown field "[0].vaule", unknown field "spec.foo"',
          field: 'patch',
        },
      ],
    },
    code: 422,
  });
});

test('413 and generic 422 texts', () => {
  assert.equal(tooManyPatchOperations(12345).message, 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 12345');
  assert.deepEqual(patchApplyFailed().toJSON().details, {});
});
