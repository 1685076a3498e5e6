// Storage keys, laid out as kube-apiserver lays them out in etcd (storage.md §1.1): built-in resources live under
// /registry/<resource>/[<namespace>/]<name>; custom resources, CRDs and APIServices under /registry/<group>/<resource>/.

const GROUP_QUALIFIED = new Set(['apiextensions.k8s.io', 'apiregistration.k8s.io']);

export function resourcePrefix(group: string, resource: string, builtin = true): string {
  if (!group || (builtin && !GROUP_QUALIFIED.has(group))) return `/registry/${resource}/`;
  return `/registry/${group}/${resource}/`;
}

export function objectKey(prefix: string, namespace: string, name: string): string {
  return namespace ? `${prefix}${namespace}/${name}` : `${prefix}${name}`;
}

export function namespacePrefix(prefix: string, namespace: string): string {
  return namespace ? `${prefix}${namespace}/` : prefix;
}
