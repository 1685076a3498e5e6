// Health probes during large writes (issue 12 item 4), by hand: a child kubelite, three concurrent writes of each kind
// of a ConfigMap of --keys keys (150,000 by default: 2.4 MB bodies), /readyz, /livez and a small GET probed every
// --interval ms. Per kind it prints the probes' worst and p99 latency, the server's event-loop delay (max, p99, from
// perf_hooks.monitorEventLoopDelay in the server) and every main-thread task longer than --min-task ms in a CPU
// profile of the writes, named by the step of ours it ran in.
//   node dist/bench/large-write-probe.js [--keys 150000] [--interval 5] [--min-task 5] [--kinds merge,put] [--json out.json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LARGE_WRITE_KINDS, measureLargeWrites, type LargeWriteKind } from '../test/large-writes-load.js';
import { startProbedServer, type EventLoopDelay } from '../test/stress/main-thread-probe.js';
import type { LongTask } from '../test/stress/long-tasks.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const keys = Number(arg('keys', '150000'));
const intervalMs = Number(arg('interval', '5'));
const minTaskMs = Number(arg('min-task', '5'));
const kinds = arg('kinds', LARGE_WRITE_KINDS.join(',')).split(',') as LargeWriteKind[];
const jsonOut = arg('json', '');

const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-large-write-probe-'));
// On a loaded machine three writes of 150,000 keys may outlast the default 60 s request timeout.
const srv = await startProbedServer(dataDir, ['--request-timeout', '10m']);

interface KindResult {
  kind: LargeWriteKind;
  mb: number;
  writeMs: number[];
  probeWorstMs: number;
  probeP99Ms: number;
  quietWorstMs: number;
  eventLoopDelay: EventLoopDelay;
  load1: number;
  longTasks: LongTask[];
}
const results: KindResult[] = [];
try {
  for (const kind of kinds) {
    let phase: Awaited<ReturnType<typeof srv.stop>> | undefined;
    const f = await measureLargeWrites(srv, kind, {
      keys,
      intervalMs,
      onWrites: async (stage) => {
        if (stage === 'start') await srv.start();
        else phase = await srv.stop(minTaskMs);
      },
    });
    const eld = phase!.eventLoopDelay;
    const r: KindResult = {
      kind,
      mb: Math.round(f.bodyBytes / 2 ** 14) / 64,
      writeMs: f.writeMs,
      probeWorstMs: Math.max(...f.probes.map((p) => p.worstMs)),
      probeP99Ms: Math.max(...f.probes.map((p) => p.p99Ms)),
      quietWorstMs: f.quietWorstMs,
      eventLoopDelay: eld,
      load1: Math.round(loadavg()[0]! * 10) / 10,
      longTasks: phase!.longTasks,
    };
    results.push(r);
    console.log(
      `${kind} (${r.mb} MB x3): writes ${r.writeMs.join('/')} ms; probes worst ${r.probeWorstMs} ms p99 ${r.probeP99Ms} ms (quiet worst ${r.quietWorstMs}); ` +
        `event-loop delay max ${eld.maxMs} ms p99 ${eld.p99Ms} ms; load ${r.load1}; ${r.longTasks.length} tasks >= ${minTaskMs} ms`,
    );
    for (const t of [...r.longTasks].sort((a, b) => b.ms - a.ms)) console.log(`  ${t.ms} ms (wall ${t.wallMs})  ${t.step}\n      ${t.hottest.join('\n      ')}`);
  }
} finally {
  await srv.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ keys, intervalMs, results }, null, 2) + '\n');
