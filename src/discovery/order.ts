// Discovery order of groups, versions and resources, as kube-apiserver's aggregator computes it from the
// APIService priorities (GroupPriorityMinimum, VersionPriority) of each group-version.
import type { ResourceInfo } from '../api/resource-info.js';

/** CRD group-versions get these from kube's CRD registration controller. */
export const DEFAULT_GROUP_PRIORITY = 1000;
export const DEFAULT_VERSION_PRIORITY = 100;

export interface VersionEntry {
  version: string;
  groupPriority: number;
  versionPriority: number;
  /** Resources of this group-version, sorted by resource name. */
  resources: ResourceInfo[];
}

export interface GroupEntry {
  name: string;
  /** Preference order: the first is the preferred version. */
  versions: VersionEntry[];
}

const versionRe = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/** kube's version.CompareKubeAwareVersionStrings: > 0 when a sorts before b (GA > beta > alpha, then numbers). */
export function compareKubeAwareVersions(a: string, b: string): number {
  const ma = versionRe.exec(a);
  const mb = versionRe.exec(b);
  if (!ma && !mb) return a < b ? 1 : a > b ? -1 : 0; // neither kube-like: lexical order
  if (ma && !mb) return 1;
  if (!ma && mb) return -1;
  const rank = (m: RegExpExecArray) => (m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0);
  const ra = rank(ma!);
  const rb = rank(mb!);
  if (ra !== rb) return ra - rb;
  const majA = Number(ma![1]);
  const majB = Number(mb![1]);
  if (majA !== majB) return majA - majB;
  return Number(ma![3] ?? 0) - Number(mb![3] ?? 0);
}

function byName(a: ResourceInfo, b: ResourceInfo): number {
  return a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0;
}

/**
 * Groups the served resources by group and version in discovery order. `tieBreak` decides between groups of equal
 * priority: the aggregated document compares group names, the legacy /apis list compares APIService names
 * (the smallest `<version>.<group>` of the group, where its first APIService appears in name order).
 */
export function orderGroups(resources: ResourceInfo[], tieBreak: 'group' | 'apiservice'): GroupEntry[] {
  const groups = new Map<string, Map<string, VersionEntry>>();
  for (const r of resources) {
    let versions = groups.get(r.group);
    if (!versions) groups.set(r.group, (versions = new Map()));
    let v = versions.get(r.version);
    if (!v) {
      v = {
        version: r.version,
        groupPriority: r.groupPriority ?? DEFAULT_GROUP_PRIORITY,
        versionPriority: r.versionPriority ?? DEFAULT_VERSION_PRIORITY,
        resources: [],
      };
      versions.set(r.version, v);
    }
    v.resources.push(r);
  }
  const out: GroupEntry[] = [];
  for (const [name, versions] of groups) {
    const list = [...versions.values()];
    for (const v of list) v.resources.sort(byName);
    list.sort((a, b) => (a.versionPriority !== b.versionPriority ? b.versionPriority - a.versionPriority : -compareKubeAwareVersions(a.version, b.version)));
    out.push({ name, versions: list });
  }
  const maxPriority = (g: GroupEntry) => Math.max(...g.versions.map((v) => v.groupPriority));
  const tieKey = (g: GroupEntry) => (tieBreak === 'group' ? g.name : g.versions.map((v) => `${v.version}.${g.name}`).sort()[0]!);
  out.sort((a, b) => {
    const pa = maxPriority(a);
    const pb = maxPriority(b);
    if (pa !== pb) return pb - pa;
    const ka = tieKey(a);
    const kb = tieKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return out;
}
