// Defaulting of core/v1 Pods and of everything a PodSpec holds (kube's pkg/apis/core/v1/defaults.go and the
// `+default` markers, 1.33): the PodSpec types are defaulted wherever they appear — pods, pod templates and every
// workload's template — while the Pod-only rules (requests from limits, enableServiceLinks, hostPort) are attached
// to the Pod type and so never reach templates.
import { defaultNumbers, defaultPointers, defaultStrings, empty, isMap, itemsAt, struct, unsetNumber, unsetString, type JsonMap, type TypeDefaults } from '../defaulting.js';

const CORE = 'io.k8s.api.core.v1.';

// A docker reference: [domain/]path[:tag][@digest], lower-case path components (distribution/reference).
const NAME_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const DOMAIN = '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?';
const REFERENCE = new RegExp(
  `^(?:${DOMAIN}/)?${NAME_COMPONENT}(?:/${NAME_COMPONENT})*(?::([\\w][\\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}))?$`,
);

/**
 * kube's pull policy default (SetDefaults_Container over parsers.ParseImageName): `Always` for tag `latest` or for
 * an image with neither tag nor digest, `IfNotPresent` otherwise, including images that do not parse.
 */
export function defaultPullPolicy(image: unknown): 'Always' | 'IfNotPresent' {
  if (typeof image !== 'string') return 'IfNotPresent';
  const m = REFERENCE.exec(image);
  if (!m) return 'IfNotPresent';
  const [, tag, digest] = m;
  if (tag === 'latest' || (tag === undefined && digest === undefined)) return 'Always';
  return 'IfNotPresent';
}

function container(c: JsonMap): void {
  if (unsetString(c.imagePullPolicy)) c.imagePullPolicy = defaultPullPolicy(c.image);
  defaultStrings(c, { terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' });
}

const LIFECYCLE_HTTP = { path: '/', scheme: 'HTTP' };

/** Requests copied from limits for every resource without a request (Pod only, not ephemeral containers). */
function requestsFromLimits(c: JsonMap): void {
  const res = c.resources;
  if (!isMap(res) || !isMap(res.limits) || empty(res.limits)) return;
  const requests = struct(res, 'requests');
  for (const [k, v] of Object.entries(res.limits)) if (!(k in requests)) requests[k] = v;
}

function hostPortsFromContainerPorts(c: JsonMap): void {
  for (const p of itemsAt(c, 'ports')) if (unsetNumber(p.hostPort)) p.hostPort = p.containerPort;
}

export const podSpecDefaults: TypeDefaults = {
  [`${CORE}Pod`]: (pod) => {
    const spec = isMap(pod.spec) ? pod.spec : undefined;
    if (!spec) return;
    for (const key of ['initContainers', 'containers']) for (const c of itemsAt(spec, key)) requestsFromLimits(c);
    defaultPointers(spec, { enableServiceLinks: true });
    if (spec.hostNetwork === true) for (const key of ['initContainers', 'containers']) for (const c of itemsAt(spec, key)) hostPortsFromContainerPorts(c);
  },
  [`${CORE}PodSpec`]: (spec) => {
    // The v1 conversion: serviceAccount only fills an empty serviceAccountName, and then mirrors it.
    if (unsetString(spec.serviceAccountName) && !unsetString(spec.serviceAccount)) spec.serviceAccountName = spec.serviceAccount;
    if (!unsetString(spec.serviceAccountName)) spec.serviceAccount = spec.serviceAccountName;
    else delete spec.serviceAccount;
    defaultStrings(spec, { dnsPolicy: 'ClusterFirst', restartPolicy: 'Always', schedulerName: 'default-scheduler' });
    defaultPointers(spec, { securityContext: {}, terminationGracePeriodSeconds: 30 });
  },
  [`${CORE}Container`]: container,
  [`${CORE}EphemeralContainer`]: container,
  [`${CORE}ContainerPort`]: (p) => defaultStrings(p, { protocol: 'TCP' }),
  [`${CORE}Probe`]: (p) => defaultNumbers(p, { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 }),
  [`${CORE}HTTPGetAction`]: (h) => defaultStrings(h, LIFECYCLE_HTTP),
  [`${CORE}GRPCAction`]: (g) => defaultPointers(g, { service: '' }),
  [`${CORE}ObjectFieldSelector`]: (f) => defaultStrings(f, { apiVersion: 'v1' }),
  [`${CORE}Volume`]: (v) => {
    const sources = Object.keys(v).filter((k) => k !== 'name' && v[k] !== null && v[k] !== undefined);
    if (sources.length === 0) v.emptyDir = {};
  },
  [`${CORE}HostPathVolumeSource`]: (h) => defaultPointers(h, { type: '' }),
  [`${CORE}SecretVolumeSource`]: (s) => defaultPointers(s, { defaultMode: 420 }),
  [`${CORE}ConfigMapVolumeSource`]: (s) => defaultPointers(s, { defaultMode: 420 }),
  [`${CORE}DownwardAPIVolumeSource`]: (s) => defaultPointers(s, { defaultMode: 420 }),
  [`${CORE}ProjectedVolumeSource`]: (s) => defaultPointers(s, { defaultMode: 420 }),
  [`${CORE}ServiceAccountTokenProjection`]: (s) => defaultPointers(s, { expirationSeconds: 3600 }),
  [`${CORE}PersistentVolumeClaimSpec`]: (s) => defaultPointers(s, { volumeMode: 'Filesystem' }),
  [`${CORE}ISCSIVolumeSource`]: (s) => defaultStrings(s, { iscsiInterface: 'default' }),
  [`${CORE}ISCSIPersistentVolumeSource`]: (s) => defaultStrings(s, { iscsiInterface: 'default' }),
  [`${CORE}RBDVolumeSource`]: (s) => defaultStrings(s, { pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' }),
  [`${CORE}RBDPersistentVolumeSource`]: (s) => defaultStrings(s, { pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' }),
  [`${CORE}AzureDiskVolumeSource`]: (s) => defaultPointers(s, { cachingMode: 'ReadWrite', fsType: 'ext4', readOnly: false, kind: 'Shared' }),
  [`${CORE}ScaleIOVolumeSource`]: (s) => defaultStrings(s, { storageMode: 'ThinProvisioned', fsType: 'xfs' }),
  [`${CORE}ScaleIOPersistentVolumeSource`]: (s) => defaultStrings(s, { storageMode: 'ThinProvisioned', fsType: 'xfs' }),
};
