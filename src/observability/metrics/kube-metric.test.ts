import { test } from 'node:test';
import assert from 'node:assert/strict';
import { helpText, isHidden, validateShowHiddenMetricsVersion } from './kube-metric.js';

test('a deprecated metric is hidden once its class deprecation period is over (STABLE 3 releases, BETA 1, ALPHA 0)', () => {
  const at133 = { major: 1, minor: 33 };
  assert.equal(isHidden('STABLE', '1.30.0', at133), false);
  assert.equal(isHidden('STABLE', '1.29.0', at133), true);
  assert.equal(isHidden('BETA', '1.32.0', at133), false);
  assert.equal(isHidden('BETA', '1.31.0', at133), true);
  assert.equal(isHidden('ALPHA', '1.33.0', at133), false);
  assert.equal(isHidden('ALPHA', '1.32.0', at133), true);
});

test('help texts carry the stability class, then the deprecation notice', () => {
  assert.equal(helpText({ help: 'X.', stability: 'STABLE' }), '[STABLE] X.');
  assert.equal(helpText({ help: 'X.', stability: 'ALPHA', deprecatedVersion: '1.27.0' }), '[ALPHA] (Deprecated since 1.27.0) X.');
});

test('--show-hidden-metrics-for-version accepts only the previous minor release', () => {
  assert.equal(validateShowHiddenMetricsVersion(''), undefined);
  assert.equal(validateShowHiddenMetricsVersion('1.32'), undefined);
  assert.equal(
    validateShowHiddenMetricsVersion('1.31'),
    `invalid showHiddenMetricsForVersion: showHiddenMetricsForVersion: Invalid value: "1.31": must be omitted or have the value '1.32'; only the previous minor version is allowed`,
  );
});
