// The ConfigMap every scenario writes: about 1.5 KB of JSON, as a typical small configuration object.
const CONFIG = Array.from({ length: 24 }, (_, i) => `setting_${String(i).padStart(2, '0')}: value-${'v'.repeat(36)}`).join('\n');

export function configMapBody(ns: string, name: string, mode: string, resourceVersion?: string): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns, labels: { app: 'bench', tier: 'load', shard: shardOf(name) }, ...(resourceVersion ? { resourceVersion } : {}) },
    data: { 'config.yaml': CONFIG, mode },
  });
}

/** A label that splits numbered objects into ten shards by their last digit (the list scenario selects one). */
export const shardOf = (name: string): string => `s${name.slice(-1)}`;

const RV = /"resourceVersion":"(\d+)"/;

/** The first resourceVersion in a JSON body (an object's own: metadata comes before data in both servers). */
export function resourceVersionOf(body: Buffer | string): string | undefined {
  return RV.exec(typeof body === 'string' ? body : body.toString('latin1'))?.[1];
}

const PATCHED = Array.from({ length: 14 }, (_, i) => `patched_${String(i).padStart(2, '0')}: value-${'p'.repeat(48)}`).join('\n');

/** A ~1 KB strategic merge patch of the ConfigMap above: a label, the config text and the mode change. */
export function configMapPatch(i: number): string {
  return JSON.stringify({ metadata: { labels: { rev: `r${i}` } }, data: { 'config.yaml': `# ${i}\n${PATCHED}`, mode: `patch-${i}` } });
}
