// The main thread's long tasks in a V8 CPU profile: runs of consecutive non-idle samples lasting at least `minMs`,
// each named by the innermost function of ours (src/) present in at least half of its samples, with its hottest
// functions by self time. What stops the event loop for that long also stops every health probe.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface LongTask {
  /** The task's length with each sample counted at most twice the sampling interval: on a loaded machine a sample
   * also spans the time the process waited for a core, which no change of ours removes. */
  ms: number;
  /** The task's length on the wall clock. */
  wallMs: number;
  /** The innermost src/ function in at least half of the samples. */
  step: string;
  /** The hottest functions by self time, with their share of the task. */
  hottest: string[];
  /** The share of the task the garbage collector took, percent. */
  gcPct: number;
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url)); // from dist/test/stress/

function frameName(f: CallFrame): string {
  const url = f.url.startsWith('file://') ? relative(repoRoot, fileURLToPath(f.url)).replace(/^dist\//, '') : f.url;
  return `${f.functionName || '(anonymous)'}${url ? ` ${url}:${f.lineNumber + 1}` : ''}`;
}

export function longTasks(prof: CpuProfile, minMs = 5, intervalUs = 500): LongTask[] {
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackOf = (id: number): CallFrame[] => {
    const s: CallFrame[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) s.push(byId.get(cur)!.callFrame);
    return s; // innermost first
  };
  const tasks: LongTask[] = [];
  let run: { id: number; us: number; wallUs: number }[] = [];
  const flush = () => {
    const us = run.reduce((a, s) => a + s.us, 0);
    const wallUs = run.reduce((a, s) => a + s.wallUs, 0);
    if (us >= minMs * 1000) {
      const self = new Map<string, number>();
      const inclusive = new Map<string, { us: number; depth: number }>();
      for (const s of run) {
        const stack = stackOf(s.id);
        const leaf = frameName(stack[0]!);
        self.set(leaf, (self.get(leaf) ?? 0) + s.us);
        const seen = new Set<string>();
        stack.forEach((f, depth) => {
          if (!f.url.includes('/src/')) return;
          const name = frameName(f);
          if (seen.has(name)) return;
          seen.add(name);
          const e = inclusive.get(name) ?? { us: 0, depth: 0 };
          e.us += s.us;
          e.depth = Math.max(e.depth, stack.length - depth);
          inclusive.set(name, e);
        });
      }
      const step = [...inclusive.entries()].filter(([, e]) => e.us >= us / 2).sort((a, b) => b[1].depth - a[1].depth)[0]?.[0] ?? '(no src frame)';
      const hottest = [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([n, u]) => `${Math.round((100 * u) / us)}% ${n}`);
            const gcUs = self.get('(garbage collector)') ?? 0;
      tasks.push({ ms: Math.round(us / 100) / 10, wallMs: Math.round(wallUs / 100) / 10, step, hottest, gcPct: Math.round((100 * gcUs) / us) });
    }
    run = [];
  };
  for (let i = 0; i < prof.samples.length; i++) {
    const id = prof.samples[i]!;
    const wallUs = prof.timeDeltas[i + 1] ?? 0;
    if (byId.get(id)!.callFrame.functionName === '(idle)') flush();
    else run.push({ id, us: Math.min(wallUs, 2 * intervalUs), wallUs });
  }
  flush();
  return tasks;
}
