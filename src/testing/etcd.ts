// A real etcd for tests: started on 127.0.0.1 with free ports and a temporary data dir, stopped (and the dir
// removed) afterwards. Tests that need etcd call `etcdAvailability()` first: without an etcd binary a developer's
// run skips them with the reason; in CI (the CI environment variable set) a missing etcd is a failure, never a skip.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface EtcdProcess {
  /** The client URL, e.g. http://127.0.0.1:40123. */
  url: string;
  dataDir: string;
  pid: number;
  /** Stops the process (SIGTERM, then SIGKILL) and removes the data dir unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** Stops the process but keeps its data, so `restart()` brings the same member back on the same ports. */
  pause(): Promise<void>;
  /** Starts the paused member again. */
  restart(): Promise<void>;
}

/** The etcd binary: $ETCD_BIN, or `etcd` on PATH (Debian's etcd-server installs /usr/bin/etcd). */
export function findEtcd(): string | undefined {
  const env = process.env.ETCD_BIN;
  if (env) return existsSync(env) ? env : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, 'etcd');
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

/**
 * undefined when etcd tests can run; otherwise the reason to skip them. Throws in CI, where they must run.
 */
export function etcdSkipReason(): string | undefined {
  const bin = findEtcd();
  if (bin) {
    const v = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (v.status === 0) return undefined;
    if (process.env.CI) throw new Error(`etcd at ${bin} does not run: ${v.stderr || v.error?.message}`);
    return `etcd at ${bin} does not run`;
  }
  if (process.env.CI) throw new Error('etcd is not installed, and CI must run the etcd tests (apt-get install etcd-server)');
  return 'no etcd binary found (install Debian\'s etcd-server or set ETCD_BIN); etcd tests skipped';
}

/** A TCP port on 127.0.0.1 nothing listens on (at the time of asking). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`etcd exited before serving: ${log()}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok && ((await res.json()) as { health?: string }).health === 'true') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`etcd did not become healthy within ${timeoutMs} ms: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface StartEtcdOptions {
  extraArgs?: string[];
  /** Serve clients over TLS with this pair, requiring client certificates signed by `caFile`. */
  tls?: { certFile: string; keyFile: string; caFile: string };
}

/** Starts a single-member etcd on 127.0.0.1; resolves once /health answers true. */
export async function startEtcd(opts: StartEtcdOptions = {}): Promise<EtcdProcess> {
  const bin = findEtcd();
  if (!bin) throw new Error(etcdSkipReason() ?? 'etcd not found');
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-etcd-'));
  const [clientPort, peerPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  // /health over plain HTTP on its own port, whatever the client port speaks.
  const metrics = `http://127.0.0.1:${metricsPort}`;
  const tlsArgs = opts.tls
    ? ['--cert-file', opts.tls.certFile, '--key-file', opts.tls.keyFile, '--trusted-ca-file', opts.tls.caFile, '--client-cert-auth']
    : [];
  const args = [
    '--name', 'test',
    '--data-dir', join(dataDir, 'data'),
    '--listen-client-urls', url,
    '--advertise-client-urls', url,
    '--listen-peer-urls', peer,
    '--initial-advertise-peer-urls', peer,
    '--initial-cluster', `test=${peer}`,
    '--listen-metrics-urls', metrics,
    ...tlsArgs,
    '--log-level', 'error',
    '--logger', 'zap',
    ...(opts.extraArgs ?? []),
  ];
  let child!: ChildProcess;
  let output = '';
  const launch = async (): Promise<void> => {
    output = '';
    child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (c: Buffer) => {
      output = (output + c.toString()).slice(-4000);
    });
    child.unref();
    (child.stderr as unknown as { unref?: () => void }).unref?.();
    try {
      await waitHealthy(metrics, child, () => output, 20_000);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
  };
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await launch();
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    dataDir,
    get pid() {
      return child.pid!;
    },
    async stop(o = {}) {
      await kill();
      if (!o.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    pause: kill,
    restart: launch,
  };
}
