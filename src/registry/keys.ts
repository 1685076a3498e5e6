// Storage keys: /registry/<group or "core">/<resource>/[<namespace>/]<name>.

export function resourcePrefix(group: string, resource: string): string {
  return `/registry/${group || 'core'}/${resource}/`;
}

export function objectKey(prefix: string, namespace: string, name: string): string {
  return namespace ? `${prefix}${namespace}/${name}` : `${prefix}${name}`;
}

export function namespacePrefix(prefix: string, namespace: string): string {
  return namespace ? `${prefix}${namespace}/` : prefix;
}
