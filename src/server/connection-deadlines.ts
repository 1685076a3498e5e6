// The connection deadlines of kube-apiserver's Go http.Server: a TLS handshake and the first request's headers
// must arrive within ReadHeaderTimeout (32 s); a connection with no request in flight is closed after IdleTimeout
// (90 s): HTTP/1.1 keep-alive connections are closed, HTTP/2 sessions without streams get a GOAWAY. Node's own
// HTTP/1.1 timeouts do not apply to connections an HTTP/2 server accepts, hence these timers.
import type { Http2SecureServer, Http2Session, ServerHttp2Stream } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import type { AnyRequest, AnyResponse } from '../http/request-context.js';
import type { ConnectionDeadlines } from '../config/options.js';

export type { ConnectionDeadlines } from '../config/options.js';

export const KUBE_CONNECTION_DEADLINES: ConnectionDeadlines = { idleTimeoutMs: 90_000, readHeaderTimeoutMs: 32_000 };

interface Http1State {
  active: number;
  timer?: NodeJS.Timeout;
}

export function applyConnectionDeadlines(server: Http2SecureServer, d: ConnectionDeadlines): void {
  const http1 = new WeakMap<TLSSocket, Http1State>();
  const arm = (socket: TLSSocket, st: Http1State, ms: number) => {
    clearTimeout(st.timer);
    st.timer = setTimeout(() => socket.destroy(), ms);
    st.timer.unref();
  };

  server.on('secureConnection', (socket: TLSSocket) => {
    if (socket.alpnProtocol === 'h2') return;
    const st: Http1State = { active: 0 };
    http1.set(socket, st);
    arm(socket, st, d.readHeaderTimeoutMs);
    socket.once('close', () => clearTimeout(st.timer));
  });

  server.on('request', (req: AnyRequest, res: AnyResponse) => {
    if (req.httpVersionMajor === 2) return;
    const socket = req.socket as TLSSocket;
    const st = http1.get(socket);
    if (!st) return;
    st.active++;
    clearTimeout(st.timer);
    res.once('close', () => {
      st.active--;
      if (st.active === 0 && !socket.destroyed) arm(socket, st, d.idleTimeoutMs);
    });
  });

  server.on('session', (session: Http2Session) => {
    let active = 0;
    let timer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        session.close();
        setTimeout(() => session.destroy(), 1000).unref();
      }, d.idleTimeoutMs);
      timer.unref();
    };
    session.on('stream', (stream: ServerHttp2Stream) => {
      active++;
      clearTimeout(timer);
      stream.once('close', () => {
        if (--active === 0 && !session.closed && !session.destroyed) armIdle();
      });
    });
    session.once('close', () => clearTimeout(timer));
    armIdle();
  });
}
