// A child kubelite whose main thread is watched (main-thread-probe-preload.ts): between `start()` and `stop()` its
// event-loop delay is recorded and its main thread profiled; `stop()` gives the delay's figures and the long tasks.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChildServer, type ChildServer } from './child-server.js';
import { longTasks, type LongTask } from './long-tasks.js';

export interface EventLoopDelay {
  maxMs: number;
  p99Ms: number;
  p999Ms: number;
  meanMs: number;
}

export interface ProbedServer extends ChildServer {
  start(): Promise<void>;
  /** The phase's event-loop delay and main-thread tasks of at least `minTaskMs` (long-tasks.ts). */
  stop(minTaskMs?: number): Promise<{ eventLoopDelay: EventLoopDelay; longTasks: LongTask[] }>;
}

const PRELOAD = fileURLToPath(new URL('./main-thread-probe-preload.js', import.meta.url));

export async function startProbedServer(dataDir: string, extraArgs: string[] = []): Promise<ProbedServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'kubelite-main-thread-probe-'));
  const before = process.env.KUBELITE_PROBE_DIR;
  process.env.KUBELITE_PROBE_DIR = outDir;
  let srv: ChildServer;
  try {
    srv = await startChildServer(dataDir, extraArgs, 60_000, ['--import', PRELOAD]);
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    throw e;
  } finally {
    if (before === undefined) delete process.env.KUBELITE_PROBE_DIR;
    else process.env.KUBELITE_PROBE_DIR = before;
  }
  let phase = 0;
  return {
    ...srv,
    async start() {
      srv.proc.kill('SIGUSR2');
      await sleep(50); // the profiler starts
    },
    async stop(minTaskMs = 5) {
      srv.proc.kill('SIGUSR2');
      const n = ++phase;
      const eldFile = join(outDir, `phase-${n}.eld.json`);
      for (let i = 0; i < 600 && !existsSync(eldFile); i++) await sleep(100);
      const eventLoopDelay = JSON.parse(readFileSync(eldFile, 'utf8')) as EventLoopDelay;
      const profile = JSON.parse(readFileSync(join(outDir, `phase-${n}.cpuprofile`), 'utf8'));
      return { eventLoopDelay, longTasks: longTasks(profile, minTaskMs) };
    },
    async kill(signal?: NodeJS.Signals) {
      await srv.kill(signal);
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * The tasks that are the server's own work, longest first: a task mostly spent in the garbage collector is left out
 * (its pauses grow with the machine's load, as the collector's helper threads wait for a core).
 */
export function workTasks(tasks: LongTask[]): LongTask[] {
  return tasks.filter((t) => t.gcPct < 50).sort((a, b) => b.ms - a.ms);
}

/**
 * The third-longest task of the server's own work (0 when there are fewer): three concurrent writes that each made a
 * pass over the object on the main thread leave at least three long tasks, while on a loaded machine a task or two of
 * no real work can look long (the main thread waiting for a core while the profiler's samples run on).
 */
export function thirdLongestWorkMs(tasks: LongTask[]): number {
  return workTasks(tasks)[2]?.ms ?? 0;
}

export function formatTasks(tasks: LongTask[]): string {
  const top = workTasks(tasks).slice(0, 3);
  return top.length ? top.map((t) => `${t.ms} ms of CPU (${t.wallMs} ms on the clock) in ${t.step}: ${t.hottest.join(', ')}`).join('; ') : 'none';
}
