// Aggregated discovery (apidiscovery.k8s.io/v2 APIGroupDiscoveryList) for /api and /apis. Keys follow the Go
// structs' order and omitempty rules, so JSON.stringify writes what kube writes.
import type { ResourceInfo } from '../api/resource-info.js';
import { apiResources } from './legacy.js';
import { orderGroups, type GroupEntry } from './order.js';

export interface DiscoveryGVK {
  group: string;
  version: string;
  kind: string;
}

export interface APISubresourceDiscovery {
  subresource: string;
  responseKind?: DiscoveryGVK;
  acceptedTypes?: DiscoveryGVK[];
  verbs: string[];
}

export interface APIResourceDiscovery {
  resource: string;
  responseKind?: DiscoveryGVK;
  scope: 'Namespaced' | 'Cluster';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: APISubresourceDiscovery[];
}

export interface APIVersionDiscovery {
  version: string;
  resources?: APIResourceDiscovery[];
  freshness?: 'Current' | 'Stale';
}

export interface APIGroupDiscovery {
  metadata: { name?: string; creationTimestamp: null };
  versions?: APIVersionDiscovery[];
}

export interface APIGroupDiscoveryList {
  kind: 'APIGroupDiscoveryList';
  apiVersion: 'apidiscovery.k8s.io/v2';
  metadata: Record<string, never>;
  items: APIGroupDiscovery[];
}

// Built from the legacy resource list, as kube converts an APIResourceList: every "<r>/<sub>" entry becomes a
// sub-resource of <r>, with the kind it reports (group/version empty when the same as the resource's).
function versionDiscovery(resources: ResourceInfo[], version: string): APIVersionDiscovery {
  const out: APIResourceDiscovery[] = [];
  const byName = new Map<string, APIResourceDiscovery>();
  for (const e of apiResources(resources)) {
    const slash = e.name.indexOf('/');
    const responseKind = { group: e.group ?? '', version: e.version ?? '', kind: e.kind };
    if (slash < 0) {
      const d: APIResourceDiscovery = {
        resource: e.name,
        responseKind,
        scope: e.namespaced ? 'Namespaced' : 'Cluster',
        singularResource: e.singularName,
        verbs: e.verbs,
      };
      if (e.shortNames?.length) d.shortNames = e.shortNames;
      if (e.categories?.length) d.categories = e.categories;
      byName.set(e.name, d);
      out.push(d);
      continue;
    }
    const parent = byName.get(e.name.slice(0, slash));
    if (!parent) continue;
    (parent.subresources ??= []).push({ subresource: e.name.slice(slash + 1), responseKind, verbs: e.verbs });
  }
  const v: APIVersionDiscovery = { version };
  if (out.length) v.resources = out;
  v.freshness = 'Current';
  return v;
}

function groupDiscovery(g: GroupEntry): APIGroupDiscovery {
  const metadata: APIGroupDiscovery['metadata'] = g.name ? { name: g.name, creationTimestamp: null } : { creationTimestamp: null };
  const versions = g.versions.map((v) => versionDiscovery(v.resources, v.version));
  return versions.length ? { metadata, versions } : { metadata };
}

function list(items: APIGroupDiscovery[]): APIGroupDiscoveryList {
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** The aggregated document for /api: one item, the core group (its metadata has no name). */
export function aggregatedCore(resources: ResourceInfo[]): APIGroupDiscoveryList {
  return list(orderGroups(resources.filter((r) => r.group === ''), 'group').map(groupDiscovery));
}

/** The aggregated document for /apis: every named group in priority order. */
export function aggregatedGroups(resources: ResourceInfo[]): APIGroupDiscoveryList {
  return list(orderGroups(resources.filter((r) => r.group !== ''), 'group').map(groupDiscovery));
}
