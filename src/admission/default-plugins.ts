// The admission plug-ins kubelite builds from the resource registry, and which of them run: kube's default-on set
// with --enable-admission-plugins / --disable-admission-plugins, configured by --admission-control-config-file.
import type { ServerOptions } from '../config/options.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { readAdmissionConfig, type PluginConfigs } from './admission-config.js';
import type { AdmissionPlugin } from './chain.js';
import { admissionFlagErrors, enabledPluginNames, selectPlugins } from './plugin-names.js';
import { ServiceAccountAdmission } from './service-account.js';
import { PodSecurity, podSecurityConfig, type PodSecurityConfig } from './pod-security.js';
import { DefaultIngressClass, DefaultStorageClass } from './default-class.js';
import { PersistentVolumeClaimResize, StorageObjectInUseProtection } from './storage-protection.js';
import { TaintNodesByCondition } from './node-taint.js';
import { RuntimeClassAdmission } from './runtime-class.js';
import { LimitRanger } from './limit-ranger.js';
import { AlwaysAdmit, AlwaysDeny, AlwaysPullImages, NamespaceAutoProvision, NamespaceExists } from './opt-in-plugins.js';
import { ResourceQuotaAdmission } from './resource-quota.js';
import { NamespaceLookup } from './namespace-lookup.js';
import { StatusError } from '../errors/status.js';
import { CertificateApproval, CertificateSigning, CertificateSubjectRestriction, ClusterTrustBundleAttest } from './certificates.js';

const gr = (group: string, resource: string) => ({ group, resource });

/** A read through the watch cache as it is, then a consistent one when the object is not there yet. */
function reader(registry: ResourceRegistry, group: string, resource: string) {
  return (namespace: string, name: string) => registry.getObjectCachedFirst(gr(group, resource), namespace, name);
}

/** The plug-ins of this module (the assembly adds those it builds itself); `configs` from the configuration file. */
export function defaultAdmissionPlugins(registry: ResourceRegistry, selection: AdmissionSelection): AdmissionPlugin[] {
  const list = (group: string, resource: string) => async (namespace: string) => (await registry.storeFor(gr(group, resource))?.list(namespace))?.items ?? [];
  const cachedList = (group: string, resource: string) => async (namespace: string) =>
    (await registry.storeFor(gr(group, resource))?.list(namespace, { consistent: false }))?.items ?? [];
  // kube's quota and limit-range accessors: the informer, then a live read cached 30 s when it has none.
  const quotas = new NamespaceLookup({ cached: cachedList('', 'resourcequotas'), live: list('', 'resourcequotas'), maxEntries: 100 });
  const limitRanges = new NamespaceLookup({ cached: cachedList('', 'limitranges'), live: list('', 'limitranges'), maxEntries: 10_000 });
  const namespace = reader(registry, '', 'namespaces');
  return [
    new AlwaysAdmit(),
    new NamespaceAutoProvision(
      (name) => namespace('', name),
      async (name) => {
        try {
          await registry.storeFor(gr('', 'namespaces'))?.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { dryRun: false, warnings: [] });
        } catch (e) {
          if (!(e instanceof StatusError) || e.reason !== 'AlreadyExists') throw e;
        }
      },
    ),
    new NamespaceExists((name) => namespace('', name)),
    new AlwaysPullImages(),
    new AlwaysDeny(),
    new LimitRanger((namespace) => limitRanges.list(namespace)),
    new ResourceQuotaAdmission({
      listQuotas: (namespace) => quotas.list(namespace),
      updateStatus: async (namespace, name, change) => {
        // Looked up at the write: the stores are registered after the chain is built.
        const quotas = registry.storeFor(gr('', 'resourcequotas'));
        if (!quotas) return false;
        try {
          await quotas.update(
            namespace,
            name,
            (current) => {
              if (!current) throw new StatusError({ code: 404, reason: 'NotFound', message: 'gone' });
              change(current);
              return current;
            },
            { dryRun: false, warnings: [], subresource: 'status' },
          );
          return true;
        } catch (e) {
          if (e instanceof StatusError) return false;
          throw e;
        }
      },
    }),
    new ServiceAccountAdmission(reader(registry, '', 'serviceaccounts')),
    new PodSecurity({ getNamespace: (name) => namespace('', name), listPods: list('', 'pods') }, selection.podSecurity),
    new TaintNodesByCondition(),
    new DefaultStorageClass(() => list('storage.k8s.io', 'storageclasses')('')),
    new StorageObjectInUseProtection(),
    new PersistentVolumeClaimResize((name) => reader(registry, 'storage.k8s.io', 'storageclasses')('', name)),
    new RuntimeClassAdmission((name) => reader(registry, 'node.k8s.io', 'runtimeclasses')('', name)),
    new CertificateApproval(),
    new CertificateSigning(),
    new ClusterTrustBundleAttest(),
    new CertificateSubjectRestriction(),
    new DefaultIngressClass(() => list('networking.k8s.io', 'ingressclasses')('')),
  ];
}

export interface AdmissionSelection {
  /** The enabled plug-ins among those given, in kube's order. */
  select(plugins: AdmissionPlugin[]): AdmissionPlugin[];
  configs: PluginConfigs;
  podSecurity: PodSecurityConfig;
}

/** Checks the flags as kube does (errors joined as Go's error aggregate) and reads the configuration file. */
export function admissionPluginSelection(options: Pick<ServerOptions, 'enableAdmissionPlugins' | 'disableAdmissionPlugins' | 'admissionControlConfigFile'>): AdmissionSelection {
  const enable = options.enableAdmissionPlugins ?? [];
  const disable = options.disableAdmissionPlugins ?? [];
  const errs = admissionFlagErrors(enable, disable);
  if (errs.length === 1) throw new Error(errs[0]);
  if (errs.length > 1) throw new Error(`[${errs.join(', ')}]`);
  const enabled = enabledPluginNames(enable, disable);
  const configs = readAdmissionConfig(options.admissionControlConfigFile);
  return { select: (plugins) => selectPlugins(plugins, enabled), configs, podSecurity: podSecurityConfig(configs.get('PodSecurity')) };
}
