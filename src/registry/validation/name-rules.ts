// The name rules kube-apiserver 1.33 derives from an object's spec (CRDs, APIServices, ClusterTrustBundles; the
// resources' homes name which rule their kind uses), and which groups get core's extra finalizer-name rule.
import { isValidPathSegmentName, nameIsDNSSubdomain, type NameValidator } from '../../validation/names.js';
import { str } from './untyped.js';

const field = (obj: unknown, ...path: string[]): unknown => {
  let cur: unknown = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
};

/** CustomResourceDefinitions are named `<spec.names.plural>.<spec.group>`. */
export function crdName(crd: unknown): NameValidator {
  const required = `${str(field(crd, 'spec', 'names', 'plural'))}.${str(field(crd, 'spec', 'group'))}`;
  return (name, prefix) => {
    const errs = nameIsDNSSubdomain(name, prefix);
    if (name !== required) errs.push('must be spec.names.plural+"."+spec.group');
    return errs;
  };
}

/** APIServices are named `<spec.version>.<spec.group>`. */
export function apiServiceName(apiService: unknown): NameValidator {
  const required = `${str(field(apiService, 'spec', 'version'))}.${str(field(apiService, 'spec', 'group'))}`;
  return (name) => {
    const minimal = isValidPathSegmentName(name);
    if (minimal.length) return minimal;
    return name === required ? [] : [`must be \`spec.version+"."+spec.group\`: ${JSON.stringify(required)}`];
  };
}

/**
 * ClusterTrustBundles linked to a signer are named `<signerName with '/' as ':'>:<DNS subdomain>`; others have no ':'.
 */
export function clusterTrustBundleName(bundle: unknown): NameValidator {
  const signer = str(field(bundle, 'spec', 'signerName'));
  return (name, prefix) => {
    if (signer === '') return name.includes(':') ? ['ClusterTrustBundle without signer name must not have ":" in its name'] : nameIsDNSSubdomain(name, prefix);
    const required = `${signer.replaceAll('/', ':')}:`;
    if (!name.startsWith(required)) return [`ClusterTrustBundle for signerName ${signer} must be named with prefix ${required}`];
    return nameIsDNSSubdomain(name.slice(required.length), prefix);
  };
}

// Groups whose validation goes through pkg/apis/core/validation.ValidateObjectMeta, which adds the
// "standard finalizer name or fully qualified" rule on top of apimachinery's generic checks.
const KUBE_META_GROUPS = new Set([
  '',
  'apps',
  'batch',
  'autoscaling',
  'policy',
  'rbac.authorization.k8s.io',
  'networking.k8s.io',
  'storage.k8s.io',
  'scheduling.k8s.io',
  'node.k8s.io',
  'certificates.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'resource.k8s.io',
  'storagemigration.k8s.io',
  'internal.apiserver.k8s.io',
]);

/**
 * True when kube validates finalizer names of this kind with core's extra rule. Leases, CRDs, APIServices,
 * admission registration and custom resources use apimachinery's generic metadata validation only.
 */
export function usesKubeFinalizerRule(group: string, _kind: string): boolean {
  return KUBE_META_GROUPS.has(group);
}
