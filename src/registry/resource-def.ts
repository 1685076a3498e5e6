// What the registry needs to know about a served resource: the part of the catalog's ResourceInfo it reads.
import type { ResourceInfo, SubresourceInfo } from '../api/resource-info.js';

export type SubresourceDef = SubresourceInfo;

export type ResourceDef = Pick<
  ResourceInfo,
  'group' | 'version' | 'resource' | 'kind' | 'listKind' | 'singular' | 'namespaced' | 'verbs' | 'shortNames' | 'categories' | 'subresources' | 'builtin'
>;

export const apiVersionOf = (d: { group: string; version: string }): string => (d.group ? `${d.group}/${d.version}` : d.version);
