import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet } from './field-set.js';
import { encodeFieldsV1 } from './fields-v1.js';
import { fieldPE } from './path-element.js';
import { excludeTopLevel, onlyPath, onlyTopLevel } from './reset-fields.js';

const f = fieldPE;
const set = FieldSet.of([f('spec'), f('replicas')], [f('spec'), f('paused')], [f('status'), f('ready')], [f('status')], [f('metadata'), f('labels'), f('a')]);

describe('reset-field filters (ssa.md §3.8)', () => {
  it('the main resource drops status', () => {
    assert.deepEqual(encodeFieldsV1(excludeTopLevel('status')(set)), { 'f:metadata': { 'f:labels': { 'f:a': {} } }, 'f:spec': { 'f:paused': {}, 'f:replicas': {} } });
  });
  it('/status keeps only status', () => {
    assert.deepEqual(encodeFieldsV1(onlyTopLevel('status')(set)), { 'f:status': { '.': {}, 'f:ready': {} } });
  });
  it('/scale keeps only spec.replicas', () => {
    assert.deepEqual(encodeFieldsV1(onlyPath('spec', 'replicas')(set)), { 'f:spec': { 'f:replicas': {} } });
    assert.deepEqual(encodeFieldsV1(onlyPath('spec', 'replicas')(FieldSet.of([f('status')]))), {});
  });
});
