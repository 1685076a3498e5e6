import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageTypeFor, protoPackage } from './protobuf-types.js';

test('every served built-in group version finds its kinds\' messages', () => {
  // One kind per group version served by a 1.33 server (apiregistration.k8s.io is kube-aggregator's, not in the
  // proto data: see the end).
  const cases: [string, string, string][] = [
    ['v1', 'Binding', 'k8s.io.api.core.v1.Binding'],
    ['admissionregistration.k8s.io/v1', 'MutatingWebhookConfiguration', 'k8s.io.api.admissionregistration.v1.MutatingWebhookConfiguration'],
    ['admissionregistration.k8s.io/v1alpha1', 'MutatingAdmissionPolicy', 'k8s.io.api.admissionregistration.v1alpha1.MutatingAdmissionPolicy'],
    ['admissionregistration.k8s.io/v1beta1', 'ValidatingAdmissionPolicy', 'k8s.io.api.admissionregistration.v1beta1.ValidatingAdmissionPolicy'],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition'],
    ['apps/v1', 'ControllerRevision', 'k8s.io.api.apps.v1.ControllerRevision'],
    ['authentication.k8s.io/v1', 'SelfSubjectReview', 'k8s.io.api.authentication.v1.SelfSubjectReview'],
    ['authorization.k8s.io/v1', 'LocalSubjectAccessReview', 'k8s.io.api.authorization.v1.LocalSubjectAccessReview'],
    ['autoscaling/v1', 'Scale', 'k8s.io.api.autoscaling.v1.Scale'],
    ['autoscaling/v2', 'HorizontalPodAutoscaler', 'k8s.io.api.autoscaling.v2.HorizontalPodAutoscaler'],
    ['batch/v1', 'CronJob', 'k8s.io.api.batch.v1.CronJob'],
    ['certificates.k8s.io/v1', 'CertificateSigningRequest', 'k8s.io.api.certificates.v1.CertificateSigningRequest'],
    ['certificates.k8s.io/v1alpha1', 'ClusterTrustBundle', 'k8s.io.api.certificates.v1alpha1.ClusterTrustBundle'],
    ['certificates.k8s.io/v1beta1', 'ClusterTrustBundle', 'k8s.io.api.certificates.v1beta1.ClusterTrustBundle'],
    ['coordination.k8s.io/v1', 'Lease', 'k8s.io.api.coordination.v1.Lease'],
    ['coordination.k8s.io/v1alpha2', 'LeaseCandidate', 'k8s.io.api.coordination.v1alpha2.LeaseCandidate'],
    ['coordination.k8s.io/v1beta1', 'LeaseCandidate', 'k8s.io.api.coordination.v1beta1.LeaseCandidate'],
    ['discovery.k8s.io/v1', 'EndpointSlice', 'k8s.io.api.discovery.v1.EndpointSlice'],
    ['events.k8s.io/v1', 'Event', 'k8s.io.api.events.v1.Event'],
    ['flowcontrol.apiserver.k8s.io/v1', 'FlowSchema', 'k8s.io.api.flowcontrol.v1.FlowSchema'],
    ['internal.apiserver.k8s.io/v1alpha1', 'StorageVersion', 'k8s.io.api.apiserverinternal.v1alpha1.StorageVersion'],
    ['networking.k8s.io/v1', 'IPAddress', 'k8s.io.api.networking.v1.IPAddress'],
    ['networking.k8s.io/v1beta1', 'IPAddress', 'k8s.io.api.networking.v1beta1.IPAddress'],
    ['node.k8s.io/v1', 'RuntimeClass', 'k8s.io.api.node.v1.RuntimeClass'],
    ['policy/v1', 'Eviction', 'k8s.io.api.policy.v1.Eviction'],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'k8s.io.api.rbac.v1.ClusterRole'],
    ['resource.k8s.io/v1alpha3', 'DeviceClass', 'k8s.io.api.resource.v1alpha3.DeviceClass'],
    ['resource.k8s.io/v1beta1', 'DeviceClass', 'k8s.io.api.resource.v1beta1.DeviceClass'],
    ['resource.k8s.io/v1beta2', 'DeviceClass', 'k8s.io.api.resource.v1beta2.DeviceClass'],
    ['scheduling.k8s.io/v1', 'PriorityClass', 'k8s.io.api.scheduling.v1.PriorityClass'],
    ['storage.k8s.io/v1', 'CSIDriver', 'k8s.io.api.storage.v1.CSIDriver'],
    ['storage.k8s.io/v1alpha1', 'VolumeAttributesClass', 'k8s.io.api.storage.v1alpha1.VolumeAttributesClass'],
    ['storage.k8s.io/v1beta1', 'VolumeAttributesClass', 'k8s.io.api.storage.v1beta1.VolumeAttributesClass'],
    ['storagemigration.k8s.io/v1alpha1', 'StorageVersionMigration', 'k8s.io.api.storagemigration.v1alpha1.StorageVersionMigration'],
    // Kinds every group version registers come from meta/v1.
    ['v1', 'DeleteOptions', 'k8s.io.apimachinery.pkg.apis.meta.v1.DeleteOptions'],
    ['batch/v1', 'Status', 'k8s.io.apimachinery.pkg.apis.meta.v1.Status'],
    ['meta.k8s.io/v1', 'PartialObjectMetadataList', 'k8s.io.apimachinery.pkg.apis.meta.v1.PartialObjectMetadataList'],
    ['meta.k8s.io/v1beta1', 'PartialObjectMetadataList', 'k8s.io.apimachinery.pkg.apis.meta.v1beta1.PartialObjectMetadataList'],
  ];
  for (const [apiVersion, kind, message] of cases) assert.equal(messageTypeFor(apiVersion, kind)?.fullName, `.${message}`, `${apiVersion} ${kind}`);
});

test('kinds and groups that have no message', () => {
  assert.equal(messageTypeFor('apiregistration.k8s.io/v1', 'APIService'), undefined);
  assert.equal(messageTypeFor('v1', 'Widget'), undefined);
  assert.equal(messageTypeFor('v1', 'namespace'), undefined);
  assert.equal(protoPackage('apps.example.com/v1'), undefined);
  assert.equal(protoPackage('example.com/v1'), undefined);
  assert.equal(protoPackage('constructor/v1'), undefined);
  assert.equal(protoPackage('apps/latest'), undefined);
  assert.equal(protoPackage('v1'), 'k8s.io.api.core.v1');
  assert.equal(messageTypeFor('core/v1', 'Pod'), undefined);
});
