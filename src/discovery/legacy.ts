// Legacy (unaggregated) discovery documents: /api, /api/v1, /apis, /apis/<group>, /apis/<group>/<version>.
// Objects are built with their keys in the order of kube's Go structs, so JSON.stringify writes kube's bytes.
import { gvString, type ResourceInfo } from '../api/resource-info.js';
import { orderGroups, type GroupEntry } from './order.js';

export interface ServerAddressByClientCIDR {
  clientCIDR: string;
  serverAddress: string;
}

export interface GroupVersionForDiscovery {
  groupVersion: string;
  version: string;
}

export interface APIGroup {
  kind?: 'APIGroup';
  apiVersion?: 'v1';
  name: string;
  versions: GroupVersionForDiscovery[];
  preferredVersion?: GroupVersionForDiscovery;
}

export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
}

export interface APIResourceList {
  kind: 'APIResourceList';
  apiVersion?: 'v1';
  groupVersion: string;
  resources: APIResource[];
}

/** GET /api: served address as kube computes it for a client without a matching CIDR rule. */
export function apiVersions(serverAddress: string): { kind: 'APIVersions'; versions: string[]; serverAddressByClientCIDRs: ServerAddressByClientCIDR[] } {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function discoveryGroup(g: GroupEntry): APIGroup {
  const versions = g.versions.map((v) => ({ groupVersion: gvString(g.name, v.version), version: v.version }));
  return { name: g.name, versions, preferredVersion: versions[0] };
}

/** GET /apis: every named group in discovery order (the aggregator writes apiVersion too). */
export function apiGroupList(resources: ResourceInfo[]): { kind: 'APIGroupList'; apiVersion: 'v1'; groups: APIGroup[] } {
  const groups = orderGroups(resources.filter((r) => r.group !== ''), 'apiservice').map(discoveryGroup);
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** GET /apis/<group>; undefined when no version of the group is served. */
export function apiGroup(resources: ResourceInfo[], group: string): APIGroup | undefined {
  if (group === '') return undefined;
  const g = orderGroups(
    resources.filter((r) => r.group === group),
    'apiservice',
  )[0];
  return g ? { kind: 'APIGroup', apiVersion: 'v1', ...discoveryGroup(g) } : undefined;
}

/** The entries of one APIResourceList: each resource, then its sub-resources as `<resource>/<sub>`, by name. */
export function apiResources(resources: ResourceInfo[]): APIResource[] {
  const out: APIResource[] = [];
  for (const r of resources) {
    const top: APIResource = { name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: r.verbs };
    if (r.shortNames.length) top.shortNames = r.shortNames;
    if (r.categories.length) top.categories = r.categories;
    if (r.storageVersionHash) top.storageVersionHash = r.storageVersionHash;
    out.push(top);
    for (const s of r.subresources) {
      const otherGV = s.group !== r.group || s.version !== r.version;
      out.push({
        name: `${r.resource}/${s.name}`,
        singularName: '',
        namespaced: r.namespaced,
        ...(otherGV ? { group: s.group, version: s.version } : {}),
        kind: s.kind,
        verbs: s.verbs,
      });
    }
  }
  // kube's installer walks the paths in sorted order
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** GET /api/v1 or /apis/<group>/<version>; undefined when nothing of that group-version is served. */
export function apiResourceList(resources: ResourceInfo[], group: string, version: string): APIResourceList | undefined {
  const mine = resources.filter((r) => r.group === group && r.version === version);
  if (mine.length === 0) return undefined;
  const list = apiResources(mine);
  // the core group's list is written without apiVersion
  return group === ''
    ? { kind: 'APIResourceList', groupVersion: version, resources: list }
    : { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gvString(group, version), resources: list };
}
