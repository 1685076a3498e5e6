// One in-process start-up, in a fresh process: the time from calling the start function to a listening, ready
// server. Modes: `kubelite-fresh` (startServer() on an empty data dir: generates certificates), `kubelite-certs`
// (startServer() with the run's existing certificates), `floor` (raw better-sqlite3 opened with the engine's
// settings plus a raw HTTP/2 TLS listener, with the same existing certificates).
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [mode, certDir] = process.argv.slice(2) as [string, string];
const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-bench-start-'));
let importMs: number;
let startMs: number;
let stop: () => Promise<void>;

if (mode === 'floor') {
  const t0 = performance.now();
  const { createSecureServer } = await import('node:http2');
  const { openDatabase } = await import('../../src/storage/sqlite/sqlite-open.js');
  const t1 = performance.now();
  const { db } = openDatabase(join(dataDir, 'floor.db'), 'FULL');
  const pem = (n: string): string => readFileSync(join(certDir, n), 'utf8');
  const server = createSecureServer({ allowHTTP1: true, key: pem('apiserver.key'), cert: pem('apiserver.crt'), ca: pem('ca.crt'), requestCert: true, rejectUnauthorized: false });
  server.on('stream', (s) => (s.respond({ ':status': 200 }), s.end('ok')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const t2 = performance.now();
  importMs = t1 - t0;
  startMs = t2 - t1;
  stop = async () => {
    server.close();
    db.close();
  };
} else {
  // Existing certificates: the data dir of a server started before (its pki/ already holds CA, serving and admin
  // pairs and the service-account key), which is what a restart finds. --cert-dir would only supply the serving pair.
  if (mode === 'kubelite-certs') {
    cpSync(certDir, join(dataDir, 'pki'), { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dataDir, 'pki', 'sa.key'), privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
  }
  const t0 = performance.now();
  const { startServer } = await import('../../src/index.js');
  const t1 = performance.now();
  const s = await startServer({ securePort: 0, dataDir, writeKubeconfig: '' });
  const t2 = performance.now();
  importMs = t1 - t0;
  startMs = t2 - t1;
  stop = () => s.stop();
}
process.send!({ id: 0, result: { importMs, startMs } });
await stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
