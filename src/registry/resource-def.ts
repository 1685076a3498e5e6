// What the registry needs to know about a served resource (a subset of the catalog's ResourceInfo).

export interface SubresourceDef {
  name: string;
  kind: string;
  group: string;
  version: string;
  verbs: string[];
  connect?: boolean;
}

export interface ResourceDef {
  group: string;
  version: string;
  resource: string;
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  categories: string[];
  subresources: SubresourceDef[];
}

export const apiVersionOf = (d: { group: string; version: string }): string => (d.group ? `${d.group}/${d.version}` : d.version);
