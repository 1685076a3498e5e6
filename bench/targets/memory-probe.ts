// RSS as the memory scenario reads it: after two full collections (when the process runs with --expose-gc) and a
// short pause, so garbage left by the requests just served does not count as retained memory.
/** CPU time this process has used, user + system, microseconds. */
export function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export async function settledMemory(): Promise<{ rss: number; heapUsed: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 2; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}
