// kube-apiserver 1.33's default RBAC policy (plugin/pkg/auth/authorizer/rbac/bootstrappolicy with 1.33's default
// feature gates: KubeletFineGrainedAuthz and SELinuxChangePolicy on; DynamicResourceAllocation, VolumeAttributesClass,
// ClusterTrustBundle, ComponentStatusz and the alpha gates off): the ClusterRoles, ClusterRoleBindings, Roles and RoleBindings the server creates and reconciles
// at start (auth.md §7.5–7.6). Rules are written compactly as `groups/resources [names] : verbs` (`core` is the
// "" group) or `URL paths : verbs`, and expanded into PolicyRules once.
import type { PolicyRule } from './rules.js';
import type { Subject } from './policy-index.js';

export const BOOTSTRAP_LABEL = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';
export const AGGREGATE_TO = (role: 'admin' | 'edit' | 'view') => `rbac.authorization.k8s.io/aggregate-to-${role}`;

/** One compact rule: `core,apps/pods,pods/status [n1,n2] : get,list` or `URL /a,/b* : get`. */
export function parseRule(text: string): PolicyRule {
  const [lhs, rhs] = text.split(' : ');
  const verbs = rhs.split(',');
  if (lhs.startsWith('URL ')) return { verbs, nonResourceURLs: lhs.slice(4).split(',') };
  const m = /^([^/]+)\/(\S+)(?: \[([^\]]+)\])?$/.exec(lhs);
  if (!m) throw new Error(`bad rule ${text}`);
  const rule: PolicyRule = { verbs, apiGroups: m[1].split(',').map((g) => (g === 'core' ? '' : g)), resources: m[2].split(',') };
  if (m[3]) rule.resourceNames = m[3].split(',');
  return rule;
}

const rules = (...texts: string[]): PolicyRule[] => texts.map(parseRule);
const EVENTS = 'core,events.k8s.io/events : create,patch,update';
const READ = 'get,list,watch';
const WRITE = 'create,delete,deletecollection,patch,update';

export interface DefaultClusterRole {
  name: string;
  labels?: Record<string, string>;
  aggregateFrom?: string;
  rules: PolicyRule[];
}

const cr = (name: string, r: PolicyRule[], extra: Partial<DefaultClusterRole> = {}): DefaultClusterRole => ({ name, rules: r, ...extra });

const nodeRules = rules(
  'authentication.k8s.io/tokenreviews : create',
  'authorization.k8s.io/localsubjectaccessreviews,subjectaccessreviews : create',
  `core/services : ${READ}`,
  'core/nodes : create,get,list,watch',
  'core/nodes/status : patch,update',
  'core/nodes : patch,update',
  'core/events : create,patch,update',
  `core/pods : ${READ}`,
  'core/pods : create,delete',
  'core/pods/status : patch,update',
  'core/pods/eviction : create',
  `core/configmaps,secrets : ${READ}`,
  'core/persistentvolumeclaims,persistentvolumes : get',
  'core/endpoints : get',
  'certificates.k8s.io/certificatesigningrequests : create,get,list,watch',
  'coordination.k8s.io/leases : create,delete,get,patch,update',
  'storage.k8s.io/volumeattachments : get',
  'core/serviceaccounts/token : create',
  'core/persistentvolumeclaims/status : get,patch,update',
  `storage.k8s.io/csidrivers : ${READ}`,
  'storage.k8s.io/csinodes : create,delete,get,patch,update',
  `node.k8s.io/runtimeclasses : ${READ}`,
);

/** The rules the Node authorizer grants every node beyond its graph checks (the system:node role's rules). */
export const NODE_RULES: readonly PolicyRule[] = nodeRules;

export const DEFAULT_CLUSTER_ROLES: DefaultClusterRole[] = [
  cr('cluster-admin', rules('*/* : *', 'URL * : *')),
  cr('admin', [], { aggregateFrom: AGGREGATE_TO('admin') }),
  cr('edit', [], { aggregateFrom: AGGREGATE_TO('edit'), labels: { [AGGREGATE_TO('admin')]: 'true' } }),
  cr('view', [], { aggregateFrom: AGGREGATE_TO('view'), labels: { [AGGREGATE_TO('edit')]: 'true' } }),
  cr('system:aggregate-to-admin', rules('authorization.k8s.io/localsubjectaccessreviews : create', 'rbac.authorization.k8s.io/rolebindings,roles : create,delete,deletecollection,get,list,patch,update,watch'), {
    labels: { [AGGREGATE_TO('admin')]: 'true' },
  }),
  cr(
    'system:aggregate-to-edit',
    rules(
      `core/pods/attach,pods/exec,pods/portforward,pods/proxy,secrets,services/proxy : ${READ}`,
      'core/serviceaccounts : impersonate',
      `core/pods,pods/attach,pods/exec,pods/portforward,pods/proxy : ${WRITE}`,
      'core/pods/eviction : create',
      `core/configmaps,events,persistentvolumeclaims,replicationcontrollers,replicationcontrollers/scale,secrets,serviceaccounts,services,services/proxy : ${WRITE}`,
      'core/serviceaccounts/token : create',
      `apps/daemonsets,deployments,deployments/rollback,deployments/scale,replicasets,replicasets/scale,statefulsets,statefulsets/scale : ${WRITE}`,
      `autoscaling/horizontalpodautoscalers : ${WRITE}`,
      `batch/cronjobs,jobs : ${WRITE}`,
      `extensions/daemonsets,deployments,deployments/rollback,deployments/scale,ingresses,networkpolicies,replicasets,replicasets/scale,replicationcontrollers/scale : ${WRITE}`,
      `policy/poddisruptionbudgets : ${WRITE}`,
      `networking.k8s.io/ingresses,networkpolicies : ${WRITE}`,
      'coordination.k8s.io/leases : create,delete,deletecollection,get,list,patch,update,watch',
    ),
    { labels: { [AGGREGATE_TO('edit')]: 'true' } },
  ),
  cr(
    'system:aggregate-to-view',
    rules(
      `core/configmaps,endpoints,persistentvolumeclaims,persistentvolumeclaims/status,pods,replicationcontrollers,replicationcontrollers/scale,serviceaccounts,services,services/status : ${READ}`,
      `core/bindings,events,limitranges,namespaces/status,pods/log,pods/status,replicationcontrollers/status,resourcequotas,resourcequotas/status : ${READ}`,
      `core/namespaces : ${READ}`,
      `discovery.k8s.io/endpointslices : ${READ}`,
      `apps/controllerrevisions,daemonsets,daemonsets/status,deployments,deployments/scale,deployments/status,replicasets,replicasets/scale,replicasets/status,statefulsets,statefulsets/scale,statefulsets/status : ${READ}`,
      `autoscaling/horizontalpodautoscalers,horizontalpodautoscalers/status : ${READ}`,
      `batch/cronjobs,cronjobs/status,jobs,jobs/status : ${READ}`,
      `extensions/daemonsets,daemonsets/status,deployments,deployments/scale,deployments/status,ingresses,ingresses/status,networkpolicies,replicasets,replicasets/scale,replicasets/status,replicationcontrollers/scale : ${READ}`,
      `policy/poddisruptionbudgets,poddisruptionbudgets/status : ${READ}`,
      `networking.k8s.io/ingresses,ingresses/status,networkpolicies : ${READ}`,
    ),
    { labels: { [AGGREGATE_TO('view')]: 'true' } },
  ),
  cr('system:auth-delegator', rules('authentication.k8s.io/tokenreviews : create', 'authorization.k8s.io/subjectaccessreviews : create')),
  cr('system:basic-user', rules('authorization.k8s.io/selfsubjectaccessreviews,selfsubjectrulesreviews : create', 'authentication.k8s.io/selfsubjectreviews : create')),
  cr('system:certificates.k8s.io:certificatesigningrequests:nodeclient', rules('certificates.k8s.io/certificatesigningrequests/nodeclient : create')),
  cr('system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', rules('certificates.k8s.io/certificatesigningrequests/selfnodeclient : create')),
  cr('system:certificates.k8s.io:kube-apiserver-client-approver', rules('certificates.k8s.io/signers [kubernetes.io/kube-apiserver-client] : approve')),
  cr('system:certificates.k8s.io:kube-apiserver-client-kubelet-approver', rules('certificates.k8s.io/signers [kubernetes.io/kube-apiserver-client-kubelet] : approve')),
  cr('system:certificates.k8s.io:kubelet-serving-approver', rules('certificates.k8s.io/signers [kubernetes.io/kubelet-serving] : approve')),
  cr('system:certificates.k8s.io:legacy-unknown-approver', rules('certificates.k8s.io/signers [kubernetes.io/legacy-unknown] : approve')),
  cr('system:discovery', rules('URL /api,/api/*,/apis,/apis/*,/healthz,/livez,/openapi,/openapi/*,/readyz,/version,/version/ : get')),
  cr('system:heapster', rules(`core/events,namespaces,nodes,pods : ${READ}`, `extensions/deployments : ${READ}`)),
  cr('system:kube-aggregator', rules(`core/endpoints,services : ${READ}`)),
  cr(
    'system:kube-controller-manager',
    rules(
      EVENTS,
      'coordination.k8s.io/leases : create',
      'coordination.k8s.io/leases [kube-controller-manager] : get,update',
      'core/secrets,serviceaccounts : create',
      'core/secrets : delete',
      'core/configmaps,namespaces,secrets,serviceaccounts : get',
      'core/secrets,serviceaccounts : update',
      'authentication.k8s.io/tokenreviews : create',
      'authorization.k8s.io/subjectaccessreviews : create',
      '*/* : list,watch',
      'core/serviceaccounts/token : create',
    ),
  ),
  cr('system:kube-dns', rules('core/endpoints,services : list,watch')),
  cr(
    'system:kube-scheduler',
    rules(
      EVENTS,
      'coordination.k8s.io/leases : create',
      'coordination.k8s.io/leases [kube-scheduler] : get,list,update,watch',
      'coordination.k8s.io/leasecandidates : create,delete,deletecollection,get,list,patch,update,watch',
      `core/nodes : ${READ}`,
      'core/pods : delete,get,list,watch',
      'core/bindings,pods/binding : create',
      'core/pods/status : patch,update',
      `core/replicationcontrollers,services : ${READ}`,
      `apps,extensions/replicasets : ${READ}`,
      `apps/statefulsets : ${READ}`,
      `policy/poddisruptionbudgets : ${READ}`,
      `core/persistentvolumeclaims,persistentvolumes : ${READ}`,
      'authentication.k8s.io/tokenreviews : create',
      'authorization.k8s.io/subjectaccessreviews : create',
      `storage.k8s.io/csinodes : ${READ}`,
      `storage.k8s.io/volumeattachments : ${READ}`,
      `core/namespaces : ${READ}`,
      `storage.k8s.io/csidrivers : ${READ}`,
      `storage.k8s.io/csistoragecapacities : ${READ}`,
    ),
  ),
  cr('system:kubelet-api-admin', rules(`core/nodes : ${READ}`, 'core/nodes : proxy', 'core/nodes/log,nodes/metrics,nodes/proxy,nodes/stats : *', 'core/nodes/configz,nodes/healthz,nodes/pods : *')),
  cr('system:monitoring', rules('URL /healthz,/healthz/*,/livez,/livez/*,/metrics,/metrics/slis,/readyz,/readyz/* : get')),
  cr('system:node', nodeRules),
  cr('system:node-bootstrapper', rules('certificates.k8s.io/certificatesigningrequests : create,get,list,watch')),
  cr('system:node-problem-detector', rules('core/nodes : get', 'core/nodes/status : patch', EVENTS)),
  cr('system:node-proxier', rules('core/endpoints,services : list,watch', `core/nodes : ${READ}`, EVENTS, 'networking.k8s.io/servicecidrs : list,watch', 'discovery.k8s.io/endpointslices : list,watch')),
  cr(
    'system:persistent-volume-provisioner',
    rules('core/persistentvolumes : create,delete,get,list,watch', 'core/persistentvolumeclaims : get,list,update,watch', `storage.k8s.io/storageclasses : ${READ}`, 'core/events : watch', EVENTS),
  ),
  cr('system:public-info-viewer', rules('URL /healthz,/livez,/readyz,/version,/version/ : get')),
  cr('system:service-account-issuer-discovery', rules('URL /.well-known/openid-configuration,/.well-known/openid-configuration/,/openid/v1/jwks,/openid/v1/jwks/ : get')),
  cr('system:volume-scheduler', rules('core/persistentvolumes : get,list,patch,update,watch', `storage.k8s.io/storageclasses : ${READ}`, 'core/persistentvolumeclaims : get,list,patch,update,watch')),
];

/** Controller roles `system:controller:<name>`, each bound to ServiceAccount kube-system/<name>; true = the events rule
 * appended last (the few roles that have it elsewhere list it in place). */
const CONTROLLER_ROLES: [string, boolean, string[]][] = [
  ['attachdetach-controller', false, ['core/persistentvolumeclaims,persistentvolumes : list,watch', `core/nodes : ${READ}`, 'core/nodes/status : patch,update', 'core/pods : list,watch', EVENTS, 'storage.k8s.io/volumeattachments : create,delete,get,list,watch', `storage.k8s.io/csidrivers : ${READ}`, `storage.k8s.io/csinodes : ${READ}`]],
  ['certificate-controller', true, ['certificates.k8s.io/certificatesigningrequests : delete,get,list,watch', 'certificates.k8s.io/certificatesigningrequests/approval,certificatesigningrequests/status : update', 'certificates.k8s.io/signers [kubernetes.io/kube-apiserver-client-kubelet] : approve', 'certificates.k8s.io/signers [kubernetes.io/kube-apiserver-client,kubernetes.io/kube-apiserver-client-kubelet,kubernetes.io/kubelet-serving,kubernetes.io/legacy-unknown] : sign', 'authorization.k8s.io/subjectaccessreviews : create']],
  ['clusterrole-aggregation-controller', false, ['rbac.authorization.k8s.io/clusterroles : escalate,get,list,patch,update,watch']],
  ['cronjob-controller', true, ['batch/cronjobs : get,list,update,watch', 'batch/jobs : create,delete,get,list,patch,update,watch', 'batch/cronjobs/status : update', 'batch/cronjobs/finalizers : update', 'core/pods : delete,list,watch']],
  ['daemon-set-controller', true, [`apps,extensions/daemonsets : ${READ}`, 'apps,extensions/daemonsets/status : update', 'apps,extensions/daemonsets/finalizers : update', 'core/nodes : list,watch', 'core/pods : create,delete,list,patch,watch', 'core/pods/binding : create', 'apps/controllerrevisions : create,delete,get,list,patch,update,watch']],
  ['deployment-controller', true, ['apps,extensions/deployments : get,list,update,watch', 'apps,extensions/deployments/status : update', 'apps,extensions/deployments/finalizers : update', 'apps,extensions/replicasets : create,delete,get,list,patch,update,watch', 'core/pods : get,list,update,watch']],
  ['disruption-controller', true, [`apps,extensions/deployments : ${READ}`, `apps,extensions/replicasets : ${READ}`, `core/replicationcontrollers : ${READ}`, `policy/poddisruptionbudgets : ${READ}`, `apps/statefulsets : ${READ}`, 'policy/poddisruptionbudgets/status : update', 'core/pods/status : patch,update', '*/*/scale : get']],
  ['endpoint-controller', true, [`core/pods,services : ${READ}`, 'core/endpoints : create,delete,get,list,update,watch', 'core/endpoints/restricted : create']],
  ['endpointslice-controller', true, [`core/nodes,pods,services : ${READ}`, 'core/services/finalizers : update', 'discovery.k8s.io/endpointslices : create,delete,get,list,update,watch']],
  ['endpointslicemirroring-controller', true, [`core/endpoints,services : ${READ}`, 'core/services/finalizers : update', 'core/endpoints/finalizers : update', 'discovery.k8s.io/endpointslices : create,delete,get,list,update,watch']],
  ['ephemeral-volume-controller', true, [`core/pods : ${READ}`, 'core/pods/finalizers : update', 'core/persistentvolumeclaims : create,get,list,watch']],
  ['expand-controller', true, ['core/persistentvolumes : get,list,patch,update,watch', 'core/persistentvolumeclaims/status : patch,update', `core/persistentvolumeclaims : ${READ}`]],
  ['generic-garbage-collector', true, ['*/* : delete,get,list,patch,update,watch']],
  ['horizontal-pod-autoscaler', true, [`autoscaling/horizontalpodautoscalers : ${READ}`, 'autoscaling/horizontalpodautoscalers/status : update', '*/*/scale : get,update', 'core/pods : list,watch', 'metrics.k8s.io/pods : list,watch', `custom.metrics.k8s.io/* : ${READ}`, `external.metrics.k8s.io/* : ${READ}`]],
  ['job-controller', true, ['batch/jobs : get,list,patch,update,watch', 'batch/jobs/status : update', 'batch/jobs/finalizers : update', 'core/pods : create,delete,list,patch,watch']],
  ['legacy-service-account-token-cleaner', false, ['core/configmaps [kube-apiserver-legacy-service-account-token-tracking] : get', 'core/secrets : delete,patch']],
  ['namespace-controller', false, ['core/namespaces : delete,get,list,watch', 'core/namespaces/finalize,namespaces/status : update', '*/* : delete,deletecollection,get,list,watch']],
  ['node-controller', true, ['core/nodes : delete,get,list,patch,update,watch', 'core/nodes/status : patch,update', 'core/pods/status : patch,update', 'core/pods : delete,get,list,watch']],
  ['persistent-volume-binder', false, ['core/persistentvolumes : create,delete,get,list,update,watch', 'core/persistentvolumes/status : update', 'core/persistentvolumeclaims : get,list,update,watch', 'core/persistentvolumeclaims/status : update', 'core/pods : create,delete,get,list,watch', `storage.k8s.io/storageclasses : ${READ}`, 'core/nodes : list,watch', EVENTS, 'core/events : watch']],
  ['pod-garbage-collector', false, ['core/pods : delete,list,watch', `core/nodes : ${READ}`, 'core/pods/status : patch']],
  ['pv-protection-controller', true, ['core/persistentvolumes : get,list,update,watch']],
  ['pvc-protection-controller', true, ['core/persistentvolumeclaims : get,list,update,watch', 'core/persistentvolumeclaims/status : update', `core/pods : ${READ}`]],
  ['replicaset-controller', true, ['apps,extensions/replicasets : get,list,update,watch', 'apps,extensions/replicasets/status : update', 'apps,extensions/replicasets/finalizers : update', 'core/pods : create,delete,list,patch,watch']],
  ['replication-controller', true, ['core/replicationcontrollers : get,list,update,watch', 'core/replicationcontrollers/status : update', 'core/replicationcontrollers/finalizers : update', 'core/pods : create,delete,list,patch,watch']],
  ['resourcequota-controller', true, ['*/* : list,watch', 'core/resourcequotas/status : update']],
  ['root-ca-cert-publisher', true, ['core/configmaps : create,update']],
  ['route-controller', true, ['core/nodes : list,watch', 'core/nodes/status : patch']],
  ['selinux-warning-controller', false, [EVENTS, `core/persistentvolumes : ${READ}`, `core/persistentvolumeclaims : ${READ}`, `core/pods : ${READ}`, `storage.k8s.io/csidrivers : ${READ}`]],
  ['service-account-controller', true, ['core/serviceaccounts : create']],
  ['service-cidrs-controller', true, ['networking.k8s.io/servicecidrs : get,list,patch,update,watch', 'networking.k8s.io/servicecidrs/finalizers : patch,update', 'networking.k8s.io/servicecidrs/status : patch,update', `networking.k8s.io/ipaddresses : ${READ}`]],
  ['service-controller', true, [`core/services : ${READ}`, 'core/services/status : patch,update', 'core/nodes : list,watch']],
  ['statefulset-controller', true, ['core/pods : list,watch', `apps/statefulsets : ${READ}`, 'apps/statefulsets/status : update', 'apps/statefulsets/finalizers : update', 'core/pods : create,delete,get,patch,update', 'apps/controllerrevisions : create,delete,get,list,patch,update,watch', 'core/persistentvolumeclaims : create,get,list,watch', 'core/persistentvolumeclaims : delete,update', 'core/pods/finalizers : update']],
  ['ttl-after-finished-controller', true, ['batch/jobs : delete,get,list,watch']],
  ['ttl-controller', true, ['core/nodes : list,patch,update,watch']],
  ['validatingadmissionpolicy-status-controller', true, [`admissionregistration.k8s.io/validatingadmissionpolicies : ${READ}`, 'admissionregistration.k8s.io/validatingadmissionpolicies/status : get,patch,update']],
];

export const CONTROLLER_ROLE_PREFIX = 'system:controller:';

export const DEFAULT_CONTROLLER_ROLES: DefaultClusterRole[] = CONTROLLER_ROLES.map(([name, events, r]) => cr(CONTROLLER_ROLE_PREFIX + name, rules(...r, ...(events ? [EVENTS] : []))));

export interface DefaultBinding {
  name: string;
  namespace?: string;
  roleRef: { kind: 'ClusterRole' | 'Role'; name: string };
  subjects: Subject[];
}

const RBAC_GROUP = 'rbac.authorization.k8s.io';
const user = (name: string): Subject => ({ kind: 'User', apiGroup: RBAC_GROUP, name });
const group = (name: string): Subject => ({ kind: 'Group', apiGroup: RBAC_GROUP, name });
const sa = (namespace: string, name: string): Subject => ({ kind: 'ServiceAccount', name, namespace });
const crb = (name: string, ...subjects: Subject[]): DefaultBinding => ({ name, roleRef: { kind: 'ClusterRole', name }, subjects });

export const DEFAULT_CLUSTER_ROLE_BINDINGS: DefaultBinding[] = [
  crb('cluster-admin', group('system:masters')),
  crb('system:basic-user', group('system:authenticated')),
  crb('system:discovery', group('system:authenticated')),
  crb('system:kube-controller-manager', user('system:kube-controller-manager')),
  crb('system:kube-dns', sa('kube-system', 'kube-dns')),
  crb('system:kube-scheduler', user('system:kube-scheduler')),
  crb('system:monitoring', group('system:monitoring')),
  crb('system:node'),
  crb('system:node-proxier', user('system:kube-proxy')),
  crb('system:public-info-viewer', group('system:authenticated'), group('system:unauthenticated')),
  crb('system:service-account-issuer-discovery', group('system:serviceaccounts')),
  crb('system:volume-scheduler', user('system:kube-scheduler')),
  ...CONTROLLER_ROLES.map(([name]) => crb(CONTROLLER_ROLE_PREFIX + name, sa('kube-system', name))),
];

export interface DefaultRole {
  name: string;
  namespace: string;
  rules: PolicyRule[];
}

const LEADER_LOCKING = ['coordination.k8s.io/leases : create,get,list,update,watch', 'coordination.k8s.io/leasecandidates : create,get,list,update,watch'];

export const DEFAULT_ROLES: DefaultRole[] = [
  { namespace: 'kube-system', name: 'extension-apiserver-authentication-reader', rules: rules(`core/configmaps [extension-apiserver-authentication] : ${READ}`) },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-controller-manager', rules: rules(...LEADER_LOCKING) },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', rules: rules(...LEADER_LOCKING) },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', rules: rules(`core/secrets : ${READ}`) },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', rules: rules('core/configmaps : create,get,list,watch') },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', rules: rules('core/secrets : delete,get,list,watch', EVENTS) },
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', rules: rules(`core/configmaps : ${READ}`, 'core/configmaps [cluster-info] : update', EVENTS) },
];

const rb = (namespace: string, name: string, role: string, ...subjects: Subject[]): DefaultBinding => ({ name, namespace, roleRef: { kind: 'Role', name: role }, subjects });

export const DEFAULT_ROLE_BINDINGS: DefaultBinding[] = [
  rb('kube-system', 'system::extension-apiserver-authentication-reader', 'extension-apiserver-authentication-reader', user('system:kube-controller-manager'), user('system:kube-scheduler')),
  rb('kube-system', 'system::leader-locking-kube-controller-manager', 'system::leader-locking-kube-controller-manager', user('system:kube-controller-manager'), sa('kube-system', 'kube-controller-manager'), sa('kube-system', 'leader-election-controller')),
  rb('kube-system', 'system::leader-locking-kube-scheduler', 'system::leader-locking-kube-scheduler', user('system:kube-scheduler'), sa('kube-system', 'kube-scheduler')),
  rb('kube-system', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', sa('kube-system', 'bootstrap-signer')),
  rb('kube-system', 'system:controller:cloud-provider', 'system:controller:cloud-provider', sa('kube-system', 'cloud-provider')),
  rb('kube-system', 'system:controller:token-cleaner', 'system:controller:token-cleaner', sa('kube-system', 'token-cleaner')),
  rb('kube-public', 'system:controller:bootstrap-signer', 'system:controller:bootstrap-signer', sa('kube-system', 'bootstrap-signer')),
];

/** The objects as the API serves them. */
export function clusterRoleObject(d: DefaultClusterRole): Record<string, unknown> {
  const o: Record<string, unknown> = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: d.name, labels: { ...BOOTSTRAP_LABEL, ...(d.labels ?? {}) }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } },
    rules: d.rules.map((r) => ({ ...r })),
  };
  if (d.aggregateFrom) o.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [d.aggregateFrom]: 'true' } }] };
  return o;
}

export function roleObject(d: DefaultRole): Record<string, unknown> {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: d.name, namespace: d.namespace, labels: { ...BOOTSTRAP_LABEL }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } },
    rules: d.rules.map((r) => ({ ...r })),
  };
}

export function bindingObject(d: DefaultBinding): Record<string, unknown> {
  const o: Record<string, unknown> = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: d.namespace ? 'RoleBinding' : 'ClusterRoleBinding',
    metadata: { name: d.name, labels: { ...BOOTSTRAP_LABEL }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' }, ...(d.namespace ? { namespace: d.namespace } : {}) },
    roleRef: { apiGroup: RBAC_GROUP, kind: d.roleRef.kind, name: d.roleRef.name },
  };
  if (d.subjects.length) o.subjects = d.subjects.map((s) => ({ ...s }));
  return o;
}
