// The cap on Update entries (ssa.md §3.5): above 10, the oldest entries of a version fold into that version's
// `ancient-changes` entry.
import { managerIdentity, timeSeconds, type Managed, type ManagerEntry } from './managed-fields.js';
import { compareStrings } from './path-element.js';

export const MAX_UPDATE_MANAGERS = 10;
export const ANCIENT_CHANGES = 'ancient-changes';

export function capUpdateManagers(managed: Managed, max = MAX_UPDATE_MANAGERS): void {
  const updates = [...managed.entries()].filter(([, e]) => e.operation === 'Update');
  if (updates.length <= max) return;
  updates.sort(([ia, a], [ib, b]) => timeSeconds(a.time) - timeSeconds(b.time) || compareStrings(ia, ib));
  let count = updates.length;
  const firstOfVersion = new Map<string, string>();
  for (const [id, e] of updates) {
    if (count <= max) break;
    const bucketInfo = { manager: ANCIENT_CHANGES, operation: 'Update' as const, apiVersion: e.apiVersion, subresource: '' };
    const bucketId = managerIdentity(bucketInfo);
    const first = firstOfVersion.get(e.apiVersion);
    if (first === undefined) {
      firstOfVersion.set(e.apiVersion, id);
      continue;
    }
    let bucket: ManagerEntry | undefined = managed.get(bucketId);
    if (!bucket) {
      // The first entry of this version becomes the bucket.
      const f = managed.get(first)!;
      managed.delete(first);
      bucket = { ...bucketInfo, set: f.set, time: f.time };
      managed.set(bucketId, bucket);
      firstOfVersion.set(e.apiVersion, bucketId);
    }
    bucket.set = bucket.set.union(e.set);
    bucket.time = e.time;
    managed.delete(id);
    count--;
  }
}
