import assert from 'node:assert/strict';
import { test } from 'node:test';
import { declarativeValidationTakeover, featureEnabled, knownFeatures, parseFeatureGates, validateFeatureGates } from './feature-gates.js';

test('the flag parses as kube parses it, with its error texts', () => {
  assert.deepEqual(parseFeatureGates('WatchList=true,,AllAlpha=0'), { WatchList: true, AllAlpha: false });
  assert.deepEqual(parseFeatureGates('kube:WatchList=true,kube:AllBeta=false'), { WatchList: true, AllBeta: false });
  assert.throws(() => parseFeatureGates('WatchList'), { message: 'missing bool value for WatchList' });
  assert.throws(() => parseFeatureGates('WatchList=yes'), { message: 'invalid value of WatchList=yes, err: strconv.ParseBool: parsing "yes": invalid syntax' });
  assert.throws(() => parseFeatureGates('wardle:A=true'), { message: 'component not registered: wardle' });
  assert.throws(() => parseFeatureGates('kube:WatchList=true,AllBeta=true'), { message: 'set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use' });
});

test('unknown and locked gates are errors; deprecated and GA gates warn', () => {
  assert.throws(() => validateFeatureGates({ NoSuchGate: true }), { message: 'unrecognized feature gate: NoSuchGate' });
  assert.throws(() => validateFeatureGates({ BtreeWatchCache: false }), { message: 'cannot set feature gate BtreeWatchCache to false, feature is locked to true' });
  assert.deepEqual(validateFeatureGates({ BtreeWatchCache: true, KMSv1: true, WatchList: true }), [
    'Setting GA feature gate BtreeWatchCache=true. It will be removed in a future release.',
    'Setting deprecated feature gate KMSv1=true. It will be removed in a future release.',
  ]);
});

test('a gate reads the flag, then AllAlpha/AllBeta for its stage, then its 1.33 default', () => {
  assert.equal(featureEnabled({}, 'WatchList'), false);
  assert.equal(featureEnabled({}, 'AuthorizeWithSelectors'), true);
  assert.equal(featureEnabled({ featureGates: { AllBeta: true } }, 'WatchList'), true);
  assert.equal(featureEnabled({ featureGates: { AllBeta: true, WatchList: false } }, 'WatchList'), false);
  assert.equal(featureEnabled({ featureGates: { AllAlpha: true } }, 'WatchList'), false);
  assert.equal(featureEnabled({ featureGates: { AllAlpha: true } }, 'AllowUnsafeMalformedObjectDeletion'), true);
  assert.throws(() => featureEnabled({}, 'NoSuchGate'));
});

test('declarative validation: beta on, takeover beta off, and takeover needs DeclarativeValidation', () => {
  assert.equal(featureEnabled({}, 'DeclarativeValidation'), true);
  assert.equal(declarativeValidationTakeover({}), false);
  assert.equal(declarativeValidationTakeover({ featureGates: { DeclarativeValidationTakeover: true } }), true);
  assert.equal(declarativeValidationTakeover({ featureGates: { DeclarativeValidationTakeover: true, DeclarativeValidation: false } }), false);
});

test('--help lists the alpha and beta gates as kube does, GA and deprecated ones not', () => {
  const known = knownFeatures();
  assert.ok(known.includes('kube:AllAlpha=true|false (ALPHA - default=false)'));
  assert.ok(known.includes('kube:WatchList=true|false (BETA - default=false)'));
  assert.ok(known.includes('kube:DeclarativeValidationTakeover=true|false (BETA - default=false)'));
  assert.ok(!known.some((k) => k.startsWith('kube:BtreeWatchCache=') || k.startsWith('kube:KMSv1=')));
  assert.deepEqual(known, [...known].sort());
});
