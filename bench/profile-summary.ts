// The hottest functions of a V8 CPU profile (node --cpu-prof), by self time: where a scenario spends its CPU.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProfileLine {
  /** Share of the samples where the process was not idle, percent. */
  selfPct: number;
  fn: string;
  where: string;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url)); // from dist/bench/

export function summarizeProfile(path: string, top = 12): ProfileLine[] {
  if (!existsSync(path)) return [];
  const prof = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const frames = new Map(prof.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let busy = 0;
  for (const id of prof.samples) {
    const f = frames.get(id);
    if (!f || f.functionName === '(idle)') continue;
    busy++;
    const url = f.url.startsWith('file://') ? relative(repoRoot, fileURLToPath(f.url)) : f.url;
    const key = `${f.functionName || '(anonymous)'}\t${url ? `${url}:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = busy || 1;
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => {
      const [fn, where] = k.split('\t') as [string, string];
      return { selfPct: (100 * n) / total, fn, where };
    });
}
