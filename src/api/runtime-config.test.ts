import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allBuiltinResources, applyRuntimeConfig, applyRuntimeConfigTo, builtinResources, parseRuntimeConfig } from './catalog.js';

const all = allBuiltinResources();
const gvs = (rs: { group: string; version: string }[]) => [...new Set(rs.map((r) => (r.group ? `${r.group}/${r.version}` : r.version)))].sort();
const served = (rc: string) => applyRuntimeConfigTo(all, rc);
const has = (rc: string, g: string, v: string, r: string) => served(rc).some((x) => x.group === g && x.version === v && x.resource === r);

test('parsing follows ConfigurationMap: comma-separated, missing value is empty, later keys win, spaces trimmed', () => {
  assert.deepEqual([...parseRuntimeConfig('a/v1=false, b/v1 ,,a/v1=true')], [
    ['a/v1', 'true'],
    ['b/v1', ''],
  ]);
});

test('an empty runtime-config serves the defaults', () => {
  assert.deepEqual(served(''), builtinResources());
});

test('group/version=true turns on a beta or alpha version; =false turns off a GA one', () => {
  assert.ok(has('networking.k8s.io/v1beta1=true', 'networking.k8s.io', 'v1beta1', 'ipaddresses'));
  assert.ok(has('resource.k8s.io/v1beta1', 'resource.k8s.io', 'v1beta1', 'resourceclaims'), 'a missing value means true');
  assert.ok(!has('', 'resource.k8s.io', 'v1beta1', 'resourceclaims'));
  const off = served('batch/v1=false');
  assert.ok(!off.some((r) => r.group === 'batch'));
  assert.equal(off.length, builtinResources().length - 2);
});

test('the core group is addressed as v1, /v1 or api/v1; api/legacy is ignored', () => {
  for (const key of ['v1', '/v1', 'api/v1']) assert.ok(!served(`${key}=false`).some((r) => r.group === ''), key);
  assert.ok(!has('v1/pods=false', '', 'v1', 'pods'));
  assert.ok(!has('api/v1/pods=false', '', 'v1', 'pods'));
  assert.ok(has('api/v1/pods=false', '', 'v1', 'configmaps'));
  assert.deepEqual(served('api/legacy=false'), builtinResources());
});

test('api/all, api/ga, api/beta, api/alpha switch whole stability levels', () => {
  assert.deepEqual(gvs(served('api/all=true')), gvs(all));
  assert.deepEqual(
    gvs(served('api/beta=true')).filter((g) => /beta/.test(g)),
    ['admissionregistration.k8s.io/v1beta1', 'certificates.k8s.io/v1beta1', 'coordination.k8s.io/v1beta1', 'networking.k8s.io/v1beta1', 'resource.k8s.io/v1beta1', 'resource.k8s.io/v1beta2', 'storage.k8s.io/v1beta1'],
  );
  assert.ok(!gvs(served('api/beta=true')).some((g) => /alpha/.test(g)));
  assert.ok(gvs(served('api/alpha=true')).includes('storagemigration.k8s.io/v1alpha1'));
  // matchers apply first, explicit group/versions afterwards
  assert.deepEqual(gvs(served('api/all=false,v1=true')), ['v1']);
  assert.deepEqual(gvs(served('api/ga=false,apps/v1=true')), ['apps/v1']);
});

test('a resource key overrides its version in both directions', () => {
  assert.ok(!has('apps/v1/deployments=false', 'apps', 'v1', 'deployments'));
  assert.ok(has('apps/v1/deployments=false', 'apps', 'v1', 'statefulsets'));
  const one = served('coordination.k8s.io/v1beta1/leasecandidates=true').filter((r) => r.group === 'coordination.k8s.io');
  assert.deepEqual(
    one.map((r) => `${r.version}/${r.resource}`),
    ['v1/leases', 'v1beta1/leasecandidates'],
  );
});

test('bad keys and values fail with kube-apiserver start-up messages', () => {
  assert.throws(() => served('api/all=false'), { message: 'invalid key with only api/all=false' });
  assert.throws(() => served('api/all=yes'), { message: 'invalid value api/all=yes' });
  assert.throws(() => served('api/beta'), { message: 'invalid value api/beta=' });
  assert.throws(() => served('apps/v1=maybe'), { message: 'invalid value of apps/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax' });
  assert.throws(() => served('apps/v1/Deployments=false'), {
    message: 'invalid key apps/v1/Deployments: group/version/resource and resource is always lowercase plural, not "Deployments"',
  });
  assert.throws(() => served('apps/v9=true'), { message: 'group version apps/v9 that has not been registered' });
  assert.throws(() => served('/v2=true'), { message: 'group version v2 that has not been registered' });
  // only "v1" is rewritten to the core group
  assert.throws(() => served('v2=true'), { message: 'invliad key v2' });
  assert.throws(() => served('foo.example.com/v1=true,bar/v1=false'), { message: 'unknown api groups foo.example.com,bar' });
  assert.throws(() => served('apps'), { message: 'invliad key apps' });
  assert.throws(() => served('a/b/c/d=true'), { message: 'invliad key a/b/c/d' });
  // kube's validation of group/version/resource keys is overwritten by the generic one: unknown groups there pass
  assert.deepEqual(served('foo.example.com/v1/widgets=false'), builtinResources());
  // strconv.ParseBool spellings
  assert.ok(has('batch/v1=0,networking.k8s.io/v1beta1=T', 'networking.k8s.io', 'v1beta1', 'servicecidrs'));
  assert.ok(!has('batch/v1=0', 'batch', 'v1', 'jobs'));
});

test('starting from the default set, every built-in stays registered', () => {
  assert.deepEqual(applyRuntimeConfig(builtinResources(), 'networking.k8s.io/v1beta1=true'), served('networking.k8s.io/v1beta1=true'));
  assert.ok(!applyRuntimeConfig(builtinResources(), 'apps/v1=false').some((r) => r.group === 'apps'));
});

test('a registry without built-ins is taken as given', () => {
  const widget = { ...builtinResources()[0]!, group: 'example.com', version: 'v1', resource: 'widgets', builtin: undefined, enabledByDefault: false };
  assert.deepEqual(applyRuntimeConfigTo([widget], ''), []);
  assert.deepEqual(applyRuntimeConfigTo([widget], 'example.com/v1=true'), [widget]);
  assert.throws(() => applyRuntimeConfigTo([widget], 'apps/v1=true'), { message: 'unknown api groups apps' });
});
