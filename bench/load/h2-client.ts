// HTTP/2 client sessions as the load generator uses them: TLS with the admin client certificate, large flow-control
// windows (so a thousand watch streams on a few connections are not throttled by WINDOW_UPDATE round trips), and a
// request helper that returns status and body.
import { connect, constants, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';

export interface Endpoint {
  url: string;
  ca: string;
  /** The client certificate (absent: the requests carry their own credentials, e.g. a bearer token). */
  cert?: string;
  key?: string;
}

export interface Reply {
  status: number;
  body: Buffer;
}

const WINDOW = 16 * 1024 * 1024;

export function openSession(ep: Endpoint): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const s = connect(ep.url, {
      ca: ep.ca,
      cert: ep.cert,
      key: ep.key,
      settings: { initialWindowSize: WINDOW, maxConcurrentStreams: 2000 },
    });
    s.once('error', reject);
    s.once('connect', () => {
      s.off('error', reject);
      s.on('error', () => undefined); // stream errors surface on the streams
      s.setLocalWindowSize(WINDOW);
      resolve(s);
    });
  });
}

export function request(s: ClientHttp2Session, method: string, path: string, body?: Buffer | string, headers: OutgoingHttpHeaders = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const h: OutgoingHttpHeaders = { [constants.HTTP2_HEADER_METHOD]: method, [constants.HTTP2_HEADER_PATH]: path, ...headers };
    if (body !== undefined) h['content-type'] ??= 'application/json';
    const req = s.request(h, { endStream: body === undefined });
    let status = 0;
    const chunks: Buffer[] = [];
    req.on('response', (rh) => (status = Number(rh[constants.HTTP2_HEADER_STATUS])));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ status, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
  });
}

export function closeSession(s: ClientHttp2Session): Promise<void> {
  return new Promise((resolve) => {
    if (s.closed || s.destroyed) return resolve();
    const t = setTimeout(() => {
      s.destroy();
      resolve();
    }, 1000);
    s.close(() => {
      clearTimeout(t);
      resolve();
    });
  });
}
