// kube-apiserver 1.33's admission plug-in names: the execution order (kube's AllOrderedPlugins), the default-on set,
// and --enable-admission-plugins / --disable-admission-plugins as kube's AdmissionOptions read and check them.

/** Every plug-in kube-apiserver 1.33 registers, in execution order. */
export const ORDERED_PLUGINS: readonly string[] = [
  'AlwaysAdmit',
  'NamespaceAutoProvision',
  'NamespaceLifecycle',
  'NamespaceExists',
  'LimitPodHardAntiAffinityTopology',
  'LimitRanger',
  'ServiceAccount',
  'NodeRestriction',
  'TaintNodesByCondition',
  'AlwaysPullImages',
  'ImagePolicyWebhook',
  'PodSecurity',
  'PodNodeSelector',
  'Priority',
  'DefaultTolerationSeconds',
  'PodTolerationRestriction',
  'EventRateLimit',
  'ExtendedResourceToleration',
  'DefaultStorageClass',
  'StorageObjectInUseProtection',
  'OwnerReferencesPermissionEnforcement',
  'PersistentVolumeClaimResize',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'DenyServiceExternalIPs',
  'PodTopologyLabels',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
  'AlwaysDeny',
];

/** The plug-ins kube-apiserver 1.33 runs unless disabled; kubelite adds NodeRestriction (docs/deviations.md). */
export const DEFAULT_ON_PLUGINS: ReadonlySet<string> = new Set([
  'NamespaceLifecycle',
  'NodeRestriction',
  'LimitRanger',
  'ServiceAccount',
  'DefaultStorageClass',
  'PersistentVolumeClaimResize',
  'DefaultTolerationSeconds',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
  'StorageObjectInUseProtection',
  'Priority',
  'TaintNodesByCondition',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'PodSecurity',
  'PodTopologyLabels',
  'MutatingAdmissionPolicy',
  'ValidatingAdmissionPolicy',
]);

const REGISTERED = new Set(ORDERED_PLUGINS);

/** kube's AdmissionOptions.Validate texts for the two flags (empty: valid). */
export function admissionFlagErrors(enable: readonly string[], disable: readonly string[]): string[] {
  const errs: string[] = [];
  for (const n of enable) if (!REGISTERED.has(n)) errs.push(`enable-admission-plugins plugin ${JSON.stringify(n)} is unknown`);
  for (const n of disable) if (!REGISTERED.has(n)) errs.push(`disable-admission-plugins plugin ${JSON.stringify(n)} is unknown`);
  const both = [...new Set(enable.filter((n) => disable.includes(n)))].sort();
  if (both.length) errs.push(`[${both.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  return errs;
}

/** The enabled plug-ins in execution order: the default-on set plus `enable`, minus `disable` (enable wins). */
export function enabledPluginNames(enable: readonly string[] = [], disable: readonly string[] = []): string[] {
  const off = new Set(disable.filter((n) => !enable.includes(n)));
  return ORDERED_PLUGINS.filter((n) => !off.has(n) && (DEFAULT_ON_PLUGINS.has(n) || enable.includes(n)));
}

/** A plug-in as the chain sees it: only its name matters here. */
interface Named {
  readonly name: string;
}

/**
 * The given plug-ins that are enabled, in kube's order. Steps that are no admission plug-in in kube (names not in
 * ORDERED_PLUGINS, such as the RBAC escalation check of the RBAC registry) always run, before the plug-ins.
 */
export function selectPlugins<P extends Named>(plugins: readonly P[], enabled: readonly string[]): P[] {
  const rank = new Map(enabled.map((n, i) => [n, i]));
  const own = plugins.filter((p) => !REGISTERED.has(p.name));
  const known = plugins.filter((p) => rank.has(p.name)).sort((a, b) => rank.get(a.name)! - rank.get(b.name)!);
  return [...own, ...known];
}
