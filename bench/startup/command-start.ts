// The time from spawning a server command to its first `/readyz` answered `ok` over HTTP/2 with the admin client
// certificate. The command prints its URL once it listens; until /readyz says ok we ask again every 5 ms.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeSession, openSession, request } from '../load/h2-client.js';

const URL_RE = /(https:\/\/127\.0\.0\.1:\d+)/;

export async function timeCommandToReady(argv: string[], certDir: () => string, timeoutMs = 30_000): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no URL printed within ${timeoutMs} ms: ${stderr}`)), timeoutMs);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = URL_RE.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code} before printing its URL: ${stderr}`)));
    });
    const dir = certDir();
    const ep = { url, ca: readFileSync(join(dir, 'ca.crt'), 'utf8'), cert: readFileSync(join(dir, 'admin.crt'), 'utf8'), key: readFileSync(join(dir, 'admin.key'), 'utf8') };
    const s = await openSession(ep);
    try {
      for (;;) {
        const r = await request(s, 'GET', '/readyz');
        if (r.status === 200 && r.body.toString() === 'ok') return performance.now() - t0;
        if (performance.now() - t0 > timeoutMs) throw new Error(`/readyz not ok within ${timeoutMs} ms: ${r.status} ${r.body}`);
        await new Promise((r2) => setTimeout(r2, 5));
      }
    } finally {
      await closeSession(s);
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(t);
    }
  }
}
