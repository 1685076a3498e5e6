// A timeline of start-up's phases, for finding where start-up time goes: with KUBELITE_STARTUP_TRACE set, each
// phase's wall time and the process's CPU time (all threads) since the previous mark are written to stderr once
// ready. On a loaded machine the CPU times are the steadier figure.
const enabled = !!process.env.KUBELITE_STARTUP_TRACE;
const marks: { phase: string; ms: number; cpuMs: number; at: number }[] = [];
let last = 0;
let lastCpu = 0;

/** Marks the end of a phase of start-up. */
export function startupPhase(phase: string): void {
  if (!enabled) return;
  const now = performance.now();
  const u = process.cpuUsage();
  const cpu = (u.user + u.system) / 1000;
  marks.push({ phase, ms: now - (last || now), cpuMs: last ? cpu - lastCpu : 0, at: now });
  last = now;
  lastCpu = cpu;
}

/** Writes the timeline (when enabled) and starts a new one. */
export function reportStartup(): void {
  if (!enabled) return;
  const lines = marks.map((m) => `${m.ms.toFixed(1).padStart(7)} ms ${m.cpuMs.toFixed(1).padStart(7)} ms CPU  ${m.phase} (at ${m.at.toFixed(0)} ms)`);
  process.stderr.write(`kubelite start-up:\n${lines.join('\n')}\n`);
  marks.length = 0;
  last = 0;
}
