// The version kube-apiserver 1.33 stores each built-in resource in, and which served resources share one storage
// (kube's "cohabiting" resources). The storage version is the one whose `<group>/<version>/<Kind>` hashes to the
// resource's discovery storageVersionHash (the catalog records kube's hashes), so the two never disagree.
import { createHash } from 'node:crypto';
import { allBuiltinResources } from '../api/catalog.js';
import { gvString } from '../api/resource-info.js';

export interface GroupResource {
  group: string;
  resource: string;
}

// Served resources whose objects live in another resource's storage.
const COHABITING: Record<string, GroupResource> = {
  'events.k8s.io/events': { group: '', resource: 'events' },
};

/** The group-resource whose storage holds a served resource's objects. */
export function storageResourceOf(group: string, resource: string): GroupResource {
  return COHABITING[`${group}/${resource}`] ?? { group, resource };
}

const hashOf = (s: string) => createHash('sha256').update(s).digest().subarray(0, 8).toString('base64');

let storageVersions: Map<string, string> | undefined;

function load(): Map<string, string> {
  if (storageVersions) return storageVersions;
  const all = allBuiltinResources();
  const versionsOfGroup = new Map<string, Set<string>>();
  for (const r of all) {
    let s = versionsOfGroup.get(r.group);
    if (!s) versionsOfGroup.set(r.group, (s = new Set()));
    s.add(r.version);
  }
  const out = new Map<string, string>();
  for (const r of all) {
    if (!r.storageVersionHash) continue;
    const home = storageResourceOf(r.group, r.resource);
    const key = `${home.group}/${home.resource}`;
    if (out.has(key)) continue;
    for (const v of versionsOfGroup.get(home.group) ?? []) {
      // kube hashes "<group>/<version>/<Kind>" (the core group's empty name included)
      if (hashOf(`${home.group}/${v}/${r.kind}`) === r.storageVersionHash) out.set(key, gvString(home.group, v));
    }
  }
  return (storageVersions = out);
}

/** The apiVersion kube stores a group-resource in (`autoscaling/v2`), or undefined when it is not stored. */
export function storageVersionOf(group: string, resource: string): string | undefined {
  const home = storageResourceOf(group, resource);
  return load().get(`${home.group}/${home.resource}`);
}

let sharing: Map<string, string[]> | undefined;

/** Every served apiVersion of the catalog that shares the storage of `group/resource`, in catalog order. */
export function versionsSharingStorage(group: string, resource: string): string[] {
  // One pass over the catalog for every storage (asked once per served resource while the stores are built).
  if (!sharing) {
    sharing = new Map();
    for (const r of allBuiltinResources()) {
      const h = storageResourceOf(r.group, r.resource);
      const key = `${h.group}/${h.resource}`;
      let list = sharing.get(key);
      if (!list) sharing.set(key, (list = []));
      const gv = gvString(r.group, r.version);
      if (!list.includes(gv)) list.push(gv);
    }
  }
  const home = storageResourceOf(group, resource);
  return [...(sharing.get(`${home.group}/${home.resource}`) ?? [])];
}
