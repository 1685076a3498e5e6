// The built-in printers by group and resource, as kube-apiserver 1.33 registers them on its stores.
// Resources absent here (roles, clusterroles, limitranges, customresourcedefinitions,
// csistoragecapacities, ...) use the default convertor.
import type { Printer } from '../printer.js';
import * as admission from './admission.js';
import * as apps from './apps.js';
import * as batch from './batch.js';
import * as cluster from './cluster.js';
import * as core from './core.js';
import { coreEventPrinter, eventsV1EventPrinter } from './event.js';
import * as networking from './networking.js';
import { nodePrinter } from './node.js';
import { podPrinter } from './pod.js';
import * as rbac from './rbac.js';
import * as dra from './resource.js';
import { endpointsPrinter, servicePrinter } from './service.js';
import * as storage from './storage.js';
import { persistentVolumeClaimPrinter, persistentVolumePrinter } from './volume.js';

const PRINTERS: Record<string, Printer> = {
  '/configmaps': core.configMapPrinter,
  '/secrets': core.secretPrinter,
  '/namespaces': core.namespacePrinter,
  '/serviceaccounts': core.serviceAccountPrinter,
  '/replicationcontrollers': core.replicationControllerPrinter,
  '/resourcequotas': core.resourceQuotaPrinter,
  '/podtemplates': core.podTemplatePrinter,
  '/pods': podPrinter,
  '/services': servicePrinter,
  '/endpoints': endpointsPrinter,
  '/nodes': nodePrinter,
  '/events': coreEventPrinter,
  '/persistentvolumes': persistentVolumePrinter,
  '/persistentvolumeclaims': persistentVolumeClaimPrinter,
  'events.k8s.io/events': eventsV1EventPrinter,
  'apps/deployments': apps.deploymentPrinter,
  'apps/replicasets': apps.replicaSetPrinter,
  'apps/statefulsets': apps.statefulSetPrinter,
  'apps/daemonsets': apps.daemonSetPrinter,
  'apps/controllerrevisions': apps.controllerRevisionPrinter,
  'batch/jobs': batch.jobPrinter,
  'batch/cronjobs': batch.cronJobPrinter,
  'networking.k8s.io/ingresses': networking.ingressPrinter,
  'networking.k8s.io/ingressclasses': networking.ingressClassPrinter,
  'networking.k8s.io/networkpolicies': networking.networkPolicyPrinter,
  'networking.k8s.io/servicecidrs': networking.serviceCIDRPrinter,
  'networking.k8s.io/ipaddresses': networking.ipAddressPrinter,
  'discovery.k8s.io/endpointslices': networking.endpointSlicePrinter,
  'storage.k8s.io/storageclasses': storage.storageClassPrinter,
  'storage.k8s.io/volumeattributesclasses': storage.volumeAttributesClassPrinter,
  'storage.k8s.io/csidrivers': storage.csiDriverPrinter,
  'storage.k8s.io/csinodes': storage.csiNodePrinter,
  'storage.k8s.io/volumeattachments': storage.volumeAttachmentPrinter,
  'rbac.authorization.k8s.io/rolebindings': rbac.roleBindingPrinter,
  'rbac.authorization.k8s.io/clusterrolebindings': rbac.clusterRoleBindingPrinter,
  'admissionregistration.k8s.io/mutatingwebhookconfigurations': admission.mutatingWebhookConfigurationPrinter,
  'admissionregistration.k8s.io/validatingwebhookconfigurations': admission.validatingWebhookConfigurationPrinter,
  'admissionregistration.k8s.io/validatingadmissionpolicies': admission.validatingAdmissionPolicyPrinter,
  'admissionregistration.k8s.io/validatingadmissionpolicybindings': admission.validatingAdmissionPolicyBindingPrinter,
  'admissionregistration.k8s.io/mutatingadmissionpolicies': admission.mutatingAdmissionPolicyPrinter,
  'admissionregistration.k8s.io/mutatingadmissionpolicybindings': admission.mutatingAdmissionPolicyBindingPrinter,
  'coordination.k8s.io/leases': cluster.leasePrinter,
  'coordination.k8s.io/leasecandidates': cluster.leaseCandidatePrinter,
  'certificates.k8s.io/certificatesigningrequests': cluster.certificateSigningRequestPrinter,
  'certificates.k8s.io/clustertrustbundles': cluster.clusterTrustBundlePrinter,
  'flowcontrol.apiserver.k8s.io/flowschemas': cluster.flowSchemaPrinter,
  'flowcontrol.apiserver.k8s.io/prioritylevelconfigurations': cluster.priorityLevelConfigurationPrinter,
  'scheduling.k8s.io/priorityclasses': cluster.priorityClassPrinter,
  'node.k8s.io/runtimeclasses': cluster.runtimeClassPrinter,
  'policy/poddisruptionbudgets': cluster.podDisruptionBudgetPrinter,
  'autoscaling/horizontalpodautoscalers': cluster.horizontalPodAutoscalerPrinter,
  'apiregistration.k8s.io/apiservices': cluster.apiServicePrinter,
  'resource.k8s.io/deviceclasses': dra.deviceClassPrinter,
  'resource.k8s.io/resourceclaims': dra.resourceClaimPrinter,
  'resource.k8s.io/resourceclaimtemplates': dra.resourceClaimTemplatePrinter,
  'resource.k8s.io/resourceslices': dra.resourceSlicePrinter,
  'internal.apiserver.k8s.io/storageversions': dra.storageVersionPrinter,
  'storagemigration.k8s.io/storageversionmigrations': dra.storageVersionMigrationPrinter,
};

export function printerFor(group: string, resource: string): Printer | undefined {
  return Object.hasOwn(PRINTERS, `${group}/${resource}`) ? PRINTERS[`${group}/${resource}`] : undefined;
}
