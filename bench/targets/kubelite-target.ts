// The server under test: kubelite started in its own process with startServer(), as a library user starts it
// (SQLite at full durability in a fresh data dir, default verbosity), using the run's shared certificates so both
// servers do the same TLS work. Answers `rss` and `stop` over IPC. A second argument, an etcd URL, serves from that
// etcd instead of SQLite. `certDir` is kube's --cert-dir (the serving pair only), so the run's CA is also named as
// the client CA, or the admin certificate would be signed by a CA the server does not trust.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer } from '../../src/index.js';
import { cpuMicros, settledMemory } from './memory-probe.js';

const [certDir, etcdUrl, optionsJson] = process.argv.slice(2);
if (!certDir) throw new Error('usage: kubelite-target <cert-dir> [etcd-url|""] [server options as JSON]');
const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-bench-'));
// Optional server options as JSON (e.g. the authorization modes of the rbac scenario).
const overrides = optionsJson ? JSON.parse(optionsJson) : {};
const server = await startServer({ securePort: 0, bindAddress: '127.0.0.1', dataDir, certDir, clientCAFile: join(certDir, 'ca.crt'), writeKubeconfig: '', ...(etcdUrl ? { etcdServers: [etcdUrl] } : {}), ...overrides });

// CPU profiling of one measurement window at a time (the runner's --profile), through the inspector.
let profiler: Session | undefined;
async function profile(what: 'start' | 'stop', path?: string): Promise<void> {
  if (what === 'start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    // 200 µs between samples (V8's default is 1 ms): a write costs a few hundred µs, so stages need finer samples.
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
    return;
  }
  if (!profiler) return;
  const { profile: p } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  if (path) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(p));
  }
}

process.on('message', (m: { id: number; rss?: boolean; cpu?: boolean; stop?: boolean; profile?: 'start' | 'stop'; path?: string }) => {
  if (m.cpu) process.send!({ id: m.id, result: cpuMicros() });
  if (m.profile) void profile(m.profile, m.path).then(() => process.send!({ id: m.id, result: null }), (e: Error) => process.send!({ id: m.id, error: e.message }));
  if (m.rss) void settledMemory().then((result) => process.send!({ id: m.id, result }));
  if (m.stop) {
    void server.stop().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
// If the runner dies, do not linger.
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
process.send!({ id: 0, result: { url: server.url } });
