// kube's admission plug-in selection: the default-on set in kube's order, --enable/--disable, and kube's texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admissionFlagErrors, enabledPluginNames, selectPlugins } from './plugin-names.js';

test('the default chain is kube 1.33 default-on set in kube order (plus NodeRestriction)', () => {
  assert.deepEqual(enabledPluginNames(), [
    'NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'NodeRestriction', 'TaintNodesByCondition', 'PodSecurity', 'Priority',
    'DefaultTolerationSeconds', 'DefaultStorageClass', 'StorageObjectInUseProtection', 'PersistentVolumeClaimResize', 'RuntimeClass',
    'CertificateApproval', 'CertificateSigning', 'ClusterTrustBundleAttest', 'CertificateSubjectRestriction', 'DefaultIngressClass',
    'PodTopologyLabels', 'MutatingAdmissionPolicy', 'MutatingAdmissionWebhook', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionWebhook', 'ResourceQuota',
  ]);
});

test('enable adds in kube order, disable removes, enable wins over disable', () => {
  const names = enabledPluginNames(['AlwaysPullImages'], ['ResourceQuota', 'PodSecurity']);
  assert.ok(names.indexOf('AlwaysPullImages') > names.indexOf('TaintNodesByCondition') && names.indexOf('AlwaysPullImages') < names.indexOf('Priority'));
  assert.ok(!names.includes('ResourceQuota') && !names.includes('PodSecurity'));
});

test('kube texts for unknown and overlapping names', () => {
  assert.deepEqual(admissionFlagErrors(['Nope'], ['Priority', 'Gone']), ['enable-admission-plugins plugin "Nope" is unknown', 'disable-admission-plugins plugin "Gone" is unknown']);
  assert.deepEqual(admissionFlagErrors(['Priority', 'AlwaysDeny'], ['AlwaysDeny', 'Priority']), ['[AlwaysDeny Priority] in enable-admission-plugins and disable-admission-plugins overlapped']);
});

test('selectPlugins orders by kube order and keeps steps that are no plug-in first', () => {
  const p = (name: string) => ({ name });
  const out = selectPlugins([p('Priority'), p('RBACEscalation'), p('NamespaceLifecycle'), p('AlwaysDeny')], enabledPluginNames());
  assert.deepEqual(out.map((x) => x.name), ['RBACEscalation', 'NamespaceLifecycle', 'Priority']);
});
