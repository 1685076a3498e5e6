// The whole server as a child process (`kubelite --data-dir <dir> --secure-port 0`), for tests that kill it or
// measure its memory apart from the test's own.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Credentials } from './h2-client.js';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'cli', 'main.js');

export interface ChildServer extends Credentials {
  proc: ChildProcess;
  pid: number;
  /** Output the child wrote (stdout and stderr). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resident set size of the child in MB (Linux /proc). */
  rssMB(): number;
}

export function startChildServer(dataDir: string, extraArgs: string[] = [], startTimeoutMs = 60_000, nodeArgs: string[] = []): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeArgs, MAIN, '--data-dir', dataDir, '--secure-port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`kubelite did not start within ${startTimeoutMs} ms: ${out}`));
    }, startTimeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /serving the Kubernetes API at (https:\/\/[^ ]+) /.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      proc.stdout!.on('data', (x: Buffer) => (out += x.toString()));
      const pki = join(dataDir, 'pki');
      resolve({
        proc,
        pid: proc.pid!,
        url: m[1]!,
        ca: readFileSync(join(pki, 'ca.crt'), 'utf8'),
        cert: readFileSync(join(pki, 'admin.crt'), 'utf8'),
        key: readFileSync(join(pki, 'admin.key'), 'utf8'),
        output: () => out,
        async kill(signal: NodeJS.Signals = 'SIGKILL') {
          if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
          await exited;
        },
        rssMB() {
          const m2 = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
          return m2 ? Math.round(Number(m2[1]) / 1024) : NaN;
        },
      });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.once('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`kubelite exited (${code ?? sig}) before it was serving: ${out}`));
    });
  });
}
