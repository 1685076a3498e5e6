// The embeddable helper test suites use: a real kubelite on 127.0.0.1 (port 0) with a temporary data dir, a
// kubeconfig file, kubectl runs and raw HTTP/1.1 and HTTP/2 requests with the admin client certificate.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as h2connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { startServer } from '../index.js';
import { startKubelite } from '../server/server.js';
import type { RunningServer, ServerOptions } from '../index.js';
import { findKubectl } from './kubectl.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  kubeconfigFile: string;
  /** Runs kubectl 1.33 against the server; resolves with code, stdout and stderr. */
  kubectl(args: string[], opts?: { input?: string; env?: Record<string, string> }): Promise<KubectlResult>;
  /** A raw request over HTTP/1.1 or HTTP/2 (client certificate by default). */
  request(method: string, path: string, opts?: RawRequestOptions): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RawRequestOptions {
  body?: string | Buffer;
  headers?: Record<string, string>;
  http2?: boolean;
  /** Send the admin client certificate (default true). */
  cert?: boolean;
  /** A different client certificate. */
  clientCert?: { cert: string; key: string };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * KUBELITE_TEST_ETCD_SERVERS=<urls> runs every test server on that etcd (whatever engine the test asked for), each
 * under its own --etcd-prefix named after its data dir, so a server restarted on the same data dir finds its data.
 * scripts/test-on-etcd.mjs starts an etcd and sets it.
 */
function etcdFromEnv(opts: Partial<ServerOptions>, dataDir: string): Partial<ServerOptions> {
  const servers = process.env.KUBELITE_TEST_ETCD_SERVERS;
  if (!servers || opts.etcdServers?.length) return {};
  // Alone on its prefix, a server needs no election (whose Lease renewals would move the revision under the tests).
  return { etcdServers: servers.split(','), etcdPrefix: `/kubelite-test/${basename(dataDir)}`, leaderElection: opts.leaderElection ?? false };
}

/** `log` receives the server's logs instead of the verbosity-driven default (tests that inspect them). */
export async function startTestServer(opts: Partial<ServerOptions> = {}, log?: Logger): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kubelite-test-'));
  const verbosity = process.env.KUBELITE_TEST_VERBOSITY ? Number(process.env.KUBELITE_TEST_VERBOSITY) : -1;
  const options = { securePort: 0, verbosity, ...opts, ...etcdFromEnv(opts, dataDir), dataDir, writeKubeconfig: join(dataDir, 'kubeconfig') };
  const server = log ? await startKubelite(options, log) : await startServer(options);
  const kubeconfigFile = join(dataDir, 'kubeconfig');
  const cacheDir = join(dataDir, 'kubectl-cache');
  let h2: ClientHttp2Session | undefined;

  const kubectl = (args: string[], o: { input?: string; env?: Record<string, string> } = {}) =>
    new Promise<KubectlResult>((resolve, reject) => {
      const bin = findKubectl();
      if (!bin) return reject(new Error('kubectl 1.33 not found'));
      const child = execFile(
        bin,
        ['--kubeconfig', kubeconfigFile, '--cache-dir', cacheDir, ...args],
        { env: { ...process.env, HOME: dataDir, KUBECONFIG: kubeconfigFile, ...(o.env ?? {}) }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (o.input !== undefined) child.stdin!.end(o.input);
    });

  const request = (method: string, path: string, o: RawRequestOptions = {}): Promise<RawResponse> => {
    const useCert = o.cert !== false;
    const cc = o.clientCert ?? (useCert ? server.admin : undefined);
    const finish = (status: number, headers: RawResponse['headers'], body: string): RawResponse => ({
      status,
      headers,
      body,
      json: () => JSON.parse(body),
    });
    if (o.http2) {
      return new Promise((resolve, reject) => {
        const session = h2connect(server.url, { ca: server.ca, cert: cc?.cert, key: cc?.key });
        session.on('error', reject);
        const req = session.request({ ':method': method, ':path': path, ...(o.headers ?? {}) });
        let status = 0;
        let headers: RawResponse['headers'] = {};
        const chunks: Buffer[] = [];
        req.on('response', (h) => {
          status = Number(h[':status']);
          headers = h as RawResponse['headers'];
        });
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          session.close();
          resolve(finish(status, headers, Buffer.concat(chunks).toString('utf8')));
        });
        req.on('error', reject);
        req.end(o.body);
      });
    }
    return new Promise((resolve, reject) => {
      const u = new URL(server.url);
      const headers = { ...(o.headers ?? {}) };
      if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
      const req = httpsRequest(
        { hostname: u.hostname, port: u.port, path: escapeRequestTarget(path), method, headers, ca: server.ca, cert: cc?.cert, key: cc?.key, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(finish(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8'))));
        },
      );
      req.on('error', reject);
      req.end(o.body);
    });
  };

  return {
    ...server,
    dataDir,
    kubeconfigFile,
    kubectl,
    request,
    async close() {
      h2?.close();
      await server.stop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Percent-encodes what cannot go on a request line as is, leaving dot segments alone (the server must see them). */
function escapeRequestTarget(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

export { findKubectl } from './kubectl.js';

/** Writes a file into the test server's data dir and returns its path. */
export function writeTestFile(s: TestServer, name: string, content: string): string {
  const p = join(s.dataDir, name);
  writeFileSync(p, content);
  return p;
}
