// The floor: the least a server must do to answer the benchmark's requests with the same transport and store as
// kubelite. HTTP/2 over TLS on the raw stream API, the client certificate checked by the TLS handshake against the
// same CA, JSON bodies parsed, writes committed to SQLite by FloorStore (group commit, synchronous=FULL), reads
// answered from the committed JSON, lists concatenated from it, watch events encoded once and written to every
// watcher. No validation, defaulting, admission, managedFields, selectors, paging or content negotiation.
//
//   node dist/bench/baselines/floor-server.js <cert-dir> [data-dir]
// Under IPC (forked by the runner) it reports its URL and answers `rss` and `stop`; run as a command it prints
// `floor serving at <url>`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { FloorStore, type Cached } from './floor-store.js';
import { floorTable } from './floor-table.js';
import { cpuMicros, settledMemory } from '../targets/memory-probe.js';

const [certDir, givenDataDir] = process.argv.slice(2);
if (!certDir) throw new Error('usage: floor-server <cert-dir> [data-dir]');
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'kubelite-floor-'));
const store = new FloorStore(join(dataDir, 'floor.db'));
const pem = (name: string): string => readFileSync(join(certDir, name), 'utf8');

const VERSION = Buffer.from(JSON.stringify({ major: '1', minor: '33', gitVersion: 'v1.33.1', platform: 'linux/amd64' }));
const watchers = new Map<string, Set<ServerHttp2Stream>>();
const JSON_HEADERS = { ':status': 200, 'content-type': 'application/json' };

function answer(stream: ServerHttp2Stream, status: number, body: Buffer | string, type = 'application/json'): void {
  if (stream.destroyed) return;
  stream.respond({ ':status': status, 'content-type': type });
  stream.end(body);
}

function status(stream: ServerHttp2Stream, code: number, reason: string): void {
  answer(stream, code, JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason, code }));
}

function readBody(stream: ServerHttp2Stream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

store.onCommit = (written: Cached[]) => {
  for (const c of written) {
    const set = watchers.get(c.obj.metadata['namespace'] as string);
    if (!set?.size) continue;
    const type = c.createRev === c.modRev ? 'ADDED' : 'MODIFIED';
    const line = Buffer.concat([Buffer.from(`{"type":"${type}","object":`), c.json, Buffer.from('}\n')]);
    for (const s of set) s.write(line);
  }
};

async function configMaps(stream: ServerHttp2Stream, method: string, ns: string, name: string | undefined, query: URLSearchParams, headers: IncomingHttpHeaders): Promise<void> {
  const key = `/registry/configmaps/${ns}/${name ?? ''}`;
  if (method === 'GET' && name) {
    const c = store.objects.get(key);
    return c ? answer(stream, 200, c.json) : status(stream, 404, 'NotFound');
  }
  if (method === 'GET' && query.get('watch') === '1') {
    let set = watchers.get(ns);
    if (!set) watchers.set(ns, (set = new Set()));
    set.add(stream);
    stream.on('close', () => set.delete(stream));
    stream.respond(JSON_HEADERS);
    return;
  }
  if (method === 'GET') {
    const items = [...store.objects.entries()].filter(([k]) => k.startsWith(key)).map(([, c]) => c);
    if (String(headers.accept ?? '').includes('as=Table')) return answer(stream, 200, floorTable(items, store.rev));
    // The cached JSON of each item, written in chunks of a few hundred KB (no 16 MB copy).
    stream.respond(JSON_HEADERS);
    let parts: Buffer[] = [Buffer.from(`{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"${store.rev}"},"items":[`)];
    const comma = Buffer.from(',');
    items.forEach((c, i) => {
      if (i) parts.push(comma);
      parts.push(c.json);
      if (parts.length >= 512) {
        stream.write(Buffer.concat(parts));
        parts = [];
      }
    });
    parts.push(Buffer.from(']}'));
    stream.end(Buffer.concat(parts));
    return;
  }
  if (method === 'POST' && !name) {
    const obj = JSON.parse((await readBody(stream)).toString('utf8'));
    obj.metadata.namespace = ns;
    obj.metadata.uid = randomUUID();
    obj.metadata.creationTimestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const c = await store.write(`${key}${obj.metadata.name}`, obj, 0);
    return c ? answer(stream, 201, c.json) : status(stream, 409, 'AlreadyExists');
  }
  if (method === 'PUT' && name) {
    const obj = JSON.parse((await readBody(stream)).toString('utf8'));
    const cur = store.objects.get(key);
    if (!cur) return status(stream, 404, 'NotFound');
    obj.metadata.uid = cur.obj.metadata['uid'];
    obj.metadata.creationTimestamp = cur.obj.metadata.creationTimestamp;
    const c = await store.write(key, obj, Number(obj.metadata.resourceVersion));
    return c ? answer(stream, 200, c.json) : status(stream, 409, 'Conflict');
  }
  status(stream, 405, 'MethodNotAllowed');
}

const server = createSecureServer({
  allowHTTP1: true,
  key: pem('apiserver.key'),
  cert: pem('apiserver.crt'),
  ca: pem('ca.crt'),
  requestCert: true,
  rejectUnauthorized: false,
  minVersion: 'TLSv1.2',
  settings: { maxConcurrentStreams: 250 },
  maxSessionMemory: 64,
});
server.on('stream', (stream, headers) => {
  // Authentication: the handshake verified the client certificate against the CA; refuse a connection without one.
  if (!(stream.session?.socket as TLSSocket | undefined)?.authorized) return status(stream, 401, 'Unauthorized');
  const method = headers[':method'] ?? 'GET';
  const url = new URL(headers[':path'] ?? '/', 'https://floor');
  const p = url.pathname.split('/');
  if (url.pathname === '/readyz') return answer(stream, 200, 'ok', 'text/plain; charset=utf-8');
  if (url.pathname === '/version') return answer(stream, 200, VERSION);
  if (url.pathname === '/api/v1/namespaces' && method === 'POST') {
    return void readBody(stream).then((b) => answer(stream, 201, b));
  }
  // /api/v1/namespaces/<ns>/configmaps[/<name>]
  if (p[1] === 'api' && p[2] === 'v1' && p[3] === 'namespaces' && p[5] === 'configmaps' && p.length <= 7) {
    configMaps(stream, method, p[4]!, p[6] || undefined, url.searchParams, headers).catch(() => status(stream, 400, 'BadRequest'));
    return;
  }
  status(stream, 404, 'NotFound');
});
server.on('sessionError', () => undefined);
server.on('tlsClientError', () => undefined);

server.listen(0, '127.0.0.1', () => {
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!process.send) {
    process.stdout.write(`floor serving at ${url}\n`);
    const stop = (): void => {
      store.close();
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    return;
  }
  process.on('message', (m: { id: number; rss?: boolean; cpu?: boolean; stop?: boolean }) => {
    if (m.cpu) process.send!({ id: m.id, result: cpuMicros() });
    if (m.rss) void settledMemory().then((result) => process.send!({ id: m.id, result }));
    if (m.stop) {
      store.close();
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0)); // the runner is gone
  process.send({ id: 0, result: { url } });
});
