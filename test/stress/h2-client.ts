// A small HTTP/2 client for the stress suites: many concurrent streams over a few sessions, each request bounded by
// a deadline (a request past it counts as a hang), sessions replaced when the server closes them.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { Agent, request as httpsRequest } from 'node:https';

export interface Credentials {
  url: string;
  ca: string;
  cert?: string;
  key?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class HangError extends Error {}

export class H2Client {
  private sessions: ClientHttp2Session[] = [];
  private next = 0;
  private readonly agent: Agent;

  constructor(
    private readonly creds: Credentials,
    private readonly sessionCount = 2,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 8, ca: creds.ca, cert: creds.cert, key: creds.key });
  }

  private session(): ClientHttp2Session {
    const i = this.next++ % this.sessionCount;
    let s = this.sessions[i];
    if (!s || s.closed || s.destroyed) {
      // Node's client keeps the unsent part of bodies the server answered unread (413s) in the session; its default
      // 10 MB would make the client itself refuse new streams after a few oversized bodies.
      s = connect(this.creds.url, { ca: this.creds.ca, cert: this.creds.cert, key: this.creds.key, maxSessionMemory: 1024 });
      s.on('error', () => undefined);
      s.unref();
      this.sessions[i] = s;
    }
    return s;
  }

  request(method: string, path: string, opts: { headers?: Record<string, string>; body?: string | Buffer; deadlineMs?: number; http1?: boolean } = {}): Promise<Answer> {
    const deadlineMs = opts.deadlineMs ?? 30_000;
    if (opts.http1) return this.request1(method, path, opts.headers ?? {}, opts.body, deadlineMs);
    return new Promise((resolve, reject) => {
      const stream = this.session().request({ ':method': method, ':path': path, ...(opts.headers ?? {}) }, { endStream: opts.body === undefined });
      let status = 0;
      let headers: Answer['headers'] = {};
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        stream.close(constants.NGHTTP2_CANCEL);
        reject(new HangError(`${method} ${path.slice(0, 120)}: no complete answer within ${deadlineMs} ms`));
      }, deadlineMs);
      stream.on('response', (h) => {
        status = Number(h[':status']);
        headers = h as Answer['headers'];
      });
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        clearTimeout(timer);
        resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      stream.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      if (opts.body !== undefined) stream.end(opts.body);
    });
  }

  /** HTTP/1.1 over kept-alive TLS connections. */
  private request1(method: string, path: string, headers: Record<string, string>, body: string | Buffer | undefined, deadlineMs: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const u = new URL(this.creds.url);
      const h = { ...headers };
      if (body !== undefined) h['content-length'] = String(Buffer.byteLength(body));
      const req = httpsRequest({ hostname: u.hostname, port: u.port, path, method, headers: h, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new HangError(`${method} ${path.slice(0, 120)}: no complete answer within ${deadlineMs} ms`));
      }, deadlineMs);
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
    for (const s of this.sessions) s?.close();
    this.sessions = [];
  }
}

/** Runs `task(i)` for i in [0, count) with at most `width` at once. */
export async function pool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
