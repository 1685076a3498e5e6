// A cluster's stored state at one revision, as plain JSON: every key with its value and revisions. A memory server
// started from one (ServerOptions.snapshot) begins exactly there, without replaying the writes that made it.
import type { KV, Storage } from './interface.js';

export interface ClusterSnapshot {
  kind: 'KubeliteSnapshot';
  version: 1;
  /** The store's revision when the snapshot was taken. */
  revision: number;
  entries: { key: string; createRevision: number; modRevision: number; /** base64 */ value: string }[];
}

/** Reads every key of `storage` at one revision (a single list). */
export async function snapshotStorage(storage: Storage): Promise<ClusterSnapshot> {
  const { kvs, rev } = await storage.list('');
  return {
    kind: 'KubeliteSnapshot',
    version: 1,
    revision: rev,
    entries: kvs.map((kv) => ({ key: kv.key, createRevision: kv.createRev, modRevision: kv.modRev, value: Buffer.from(kv.value).toString('base64') })),
  };
}

export class SnapshotError extends Error {}

/** The store contents of a snapshot, checked. */
export function snapshotContents(s: ClusterSnapshot): { rev: number; kvs: KV[] } {
  if (s?.kind !== 'KubeliteSnapshot' || s.version !== 1 || !Number.isSafeInteger(s.revision) || !Array.isArray(s.entries)) {
    throw new SnapshotError('not a kubelite snapshot (kind KubeliteSnapshot, version 1)');
  }
  return {
    rev: s.revision,
    kvs: s.entries.map((e) => ({ key: e.key, createRev: e.createRevision, modRev: e.modRevision, value: Buffer.from(e.value, 'base64') })),
  };
}
