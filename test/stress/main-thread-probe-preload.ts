// Loaded into a measured server (`node --import`; main-thread-probe.ts): each SIGUSR2 toggles a phase. At a
// phase's start the event-loop delay histogram is reset and a CPU profile of the main thread started; at its end the
// histogram (ms) and the profile are written to `$KUBELITE_PROBE_DIR/phase-<n>.{eld.json,cpuprofile}`.
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.KUBELITE_PROBE_DIR;
if (dir) {
  const eld = monitorEventLoopDelay({ resolution: 1 });
  eld.enable();
  const session = new Session();
  session.connect();
  let phase = 0;
  let inPhase = false;
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    if (!inPhase) {
      inPhase = true;
      eld.reset();
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
      return;
    }
    inPhase = false;
    const n = ++phase;
    const figures = { maxMs: ms(eld.max), p99Ms: ms(eld.percentile(99)), p999Ms: ms(eld.percentile(99.9)), meanMs: ms(eld.mean), count: eld.count };
    session.post('Profiler.stop', (err, res) => {
      if (!err) writeFileSync(join(dir, `phase-${n}.cpuprofile`), JSON.stringify(res.profile));
      writeFileSync(join(dir, `phase-${n}.eld.json`), JSON.stringify(figures));
    });
  });
}
