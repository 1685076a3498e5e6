// The floor's Table answer: kubectl's three ConfigMap columns and each row's object as PartialObjectMetadata, built
// from the parsed objects the floor keeps, serialized once.
import type { Cached } from './floor-store.js';

function age(created: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(created)) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h`;
}

export function floorTable(items: Cached[], rev: number): string {
  const now = Date.now();
  return JSON.stringify({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: String(rev) },
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
      { name: 'Data', type: 'string', format: '', description: '', priority: 0 },
      { name: 'Age', type: 'string', format: '', description: '', priority: 0 },
    ],
    rows: items.map((c) => ({
      cells: [c.obj.metadata.name, String(Object.keys(c.obj.data ?? {}).length), age(c.obj.metadata.creationTimestamp, now)],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: c.obj.metadata },
    })),
  });
}
