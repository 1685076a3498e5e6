// Writing responses: JSON, Status errors and plain text, with the headers every response carries
// (Warning, Cache-Control) and only headers legal for the request's protocol.
import { gzip } from 'node:zlib';
import { StatusError, timeoutError, unknownError, type Status } from '../errors/status.js';
import { StorageError } from '../storage/interface.js';
import { prettyParam } from './query-params.js';
import type { RequestContext } from './request-context.js';

/** Formats one warning as kube's warning recorder does: 299 - "<text>", quotes and backslashes escaped. */
export function formatWarning(text: string): string {
  return `299 - "${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A header value as Go puts it on the wire: its UTF-8 bytes as they are. Node writes a header string one byte per
 * character (Latin-1) and refuses characters above U+00FF, so the UTF-8 bytes go in as Latin-1 characters. Line
 * breaks become spaces as in Go's header writer; other control characters, which Node refuses, too.
 */
export function wireHeaderValue(value: string): string {
  const clean = value.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ');
  return /[^\x00-\x7f]/.test(clean) ? Buffer.from(clean, 'utf8').toString('latin1') : clean;
}

const MAX_WARNINGS_RUNES = 4096;

function warningHeaders(warnings: string[]): string[] {
  const uniq = [...new Set(warnings)];
  let total = uniq.reduce((n, w) => n + [...w].length, 0);
  const list = total > MAX_WARNINGS_RUNES ? uniq.map((w) => ([...w].length > 256 ? [...w].slice(0, 256).join('') : w)) : uniq;
  total = 0;
  const out: string[] = [];
  for (const w of list) {
    total += [...w].length;
    if (total > MAX_WARNINGS_RUNES) break;
    out.push(wireHeaderValue(formatWarning(w)));
  }
  return out;
}

export function canWrite(ctx: RequestContext): boolean {
  return !ctx.timedOut && !ctx.res.headersSent && !ctx.res.writableEnded;
}

/** Headers every response gets; call right before writeHead. */
export function finalizeHeaders(ctx: RequestContext): void {
  const res = ctx.res;
  if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', 'no-cache, private');
  if (ctx.warnings.length) res.setHeader('Warning', warningHeaders(ctx.warnings));
}

/** kube compresses responses (APIResponseCompression) when the client accepts gzip and the body exceeds 128 KiB. */
const GZIP_THRESHOLD = 128 * 1024;
const GZIP_LEVEL = 1; // kube's defaultGzipContentEncodingLevel

function acceptsGzip(ctx: RequestContext): boolean {
  const h = ctx.req.headers['accept-encoding'];
  if (!h) return false;
  return String(h)
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return coding!.trim().toLowerCase() === 'gzip' && (!q || Number(q.slice(2)) > 0);
    });
}

/**
 * Writes a whole body. A body kube compresses is compressed on libuv's thread pool (a few megabytes take tens of
 * milliseconds, which would stop the event loop), and written when that is done: the promise then resolves once the
 * answer is written, and whoever reads the response's status or length afterwards (metrics, audit) awaits it.
 */
export function writeBody(ctx: RequestContext, code: number, contentType: string, body: string | Buffer, headers: Record<string, string | string[]> = {}): void | Promise<void> {
  if (!canWrite(ctx)) return;
  const res = ctx.res;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', contentType);
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  if (ctx.auditCapture?.response) {
    ctx.auditCapture.responseBody = buf;
    ctx.auditCapture.responseContentType = contentType;
  }
  if (buf.length > GZIP_THRESHOLD && !ctx.longRunning && acceptsGzip(ctx)) {
    return new Promise<Buffer | undefined>((resolve) => gzip(buf, { level: GZIP_LEVEL }, (err, out) => resolve(err ? undefined : out))).then((gz) => {
      if (!canWrite(ctx)) return;
      if (gz === undefined) return sendBody(ctx, code, buf);
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Vary', 'Accept-Encoding');
      sendBody(ctx, code, gz);
    });
  }
  sendBody(ctx, code, buf);
}

function sendBody(ctx: RequestContext, code: number, buf: Buffer): void {
  const res = ctx.res;
  res.setHeader('Content-Length', String(buf.length));
  finalizeHeaders(ctx);
  res.writeHead(code);
  if (ctx.method === 'HEAD') res.end();
  else res.end(buf);
}

/** Bodies at least this large are written by writeParts in chunks of about this size. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A body given as consecutive pieces (a list's head, its items' cached bytes, its tail; an object's stored bytes): the
 * same answer as writeBody of their concatenation, but a large one goes out in chunks of about a megabyte, one per
 * turn of the event loop (a megabyte's TLS encryption and framing at a time), so the client reads the first while
 * the next is copied, and no copy of the whole body is made. Where the body is
 * needed whole (HEAD, gzip, an audit event recording it) it is concatenated and written by writeBody.
 */
export async function writeParts(ctx: RequestContext, code: number, contentType: string, parts: readonly (string | Buffer)[]): Promise<void> {
  let size = 0;
  for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const whole = size < 2 * CHUNK_BYTES || ctx.method === 'HEAD' || ctx.auditCapture?.response || (size > GZIP_THRESHOLD && !ctx.longRunning && acceptsGzip(ctx));
  if (whole) return writeBody(ctx, code, contentType, concatParts(parts, 0, parts.length, size));
  if (!canWrite(ctx)) return;
  const res = ctx.res;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(size));
  finalizeHeaders(ctx);
  res.writeHead(code);
  parts = slicedParts(parts);
  let from = 0;
  while (from < parts.length) {
    let to = from;
    let bytes = 0;
    while (to < parts.length && (to === from || bytes < CHUNK_BYTES)) {
      const p = parts[to++]!;
      bytes += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
    }
    const chunk = concatParts(parts, from, to, bytes);
    from = to;
    if (from === parts.length) return void res.end(chunk);
    res.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
    // The client went away (or the request timed out) between two chunks: nothing more to send.
    if (ctx.timedOut || res.writableEnded || ctx.signal.aborted) return;
  }
}

/** `parts` with every Buffer of more than CHUNK_BYTES cut into views of at most that size (no copy). */
function slicedParts(parts: readonly (string | Buffer)[]): readonly (string | Buffer)[] {
  if (!parts.some((p) => typeof p !== 'string' && p.length > CHUNK_BYTES)) return parts;
  const out: (string | Buffer)[] = [];
  for (const p of parts) {
    if (typeof p === 'string' || p.length <= CHUNK_BYTES) out.push(p);
    else for (let at = 0; at < p.length; at += CHUNK_BYTES) out.push(p.subarray(at, at + CHUNK_BYTES));
  }
  return out;
}

function concatParts(parts: readonly (string | Buffer)[], from: number, to: number, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = from; i < to; i++) {
    const p = parts[i]!;
    at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
  }
  return out;
}

export function writeJSON(ctx: RequestContext, code: number, obj: unknown, headers: Record<string, string | string[]> = {}): void | Promise<void> {
  const pretty = wantsPretty(ctx);
  return writeBody(ctx, code, 'application/json', JSON.stringify(obj, null, pretty ? 2 : undefined) + '\n', headers);
}

export function writeText(ctx: RequestContext, code: number, text: string, headers: Record<string, string | string[]> = {}): void {
  writeBody(ctx, code, 'text/plain; charset=utf-8', text, headers);
}

/** `?pretty=true`, or a curl/Wget/browser User-Agent without pretty=false, gives indented JSON. */
export function wantsPretty(ctx: RequestContext): boolean {
  const p = prettyParam(ctx.query);
  if (p !== undefined) return p;
  const ua = String(ctx.req.headers['user-agent'] ?? '');
  return /^(curl|Wget|Mozilla\/5\.0)/.test(ua);
}

/** Writes a StatusError (or any error) as the Status kube-apiserver would send. */
export function writeError(ctx: RequestContext, err: unknown): void | Promise<void> {
  // The store did not answer in time: kube's handler gives up at its deadline with this Status.
  if (err instanceof StorageError && err.code === 'Unavailable') err = timeoutError('request did not complete within requested timeout - context deadline exceeded');
  // Any other storage failure passes through as kube passes its storage layer's errors on: a 500 with the message.
  // Anything else that is not a Status error is a bug (kube's panic): the panic-recovery filter logs it and
  // answers with kube's generic text, so that no JavaScript error text reaches a client.
  else if (err instanceof StorageError) err = unknownError(err.message);
  if (!(err instanceof StatusError)) throw err;
  const se = err;
  const body: Status = se.toJSON();
  if (ctx.auditCapture) ctx.auditCapture.status = body;
  const headers: Record<string, string> = {};
  const retry = se.status.details?.retryAfterSeconds;
  if (retry) headers['Retry-After'] = String(retry);
  if (se.code === 403 || se.code === 401) headers['X-Content-Type-Options'] = 'nosniff';
  const negotiated = ctx.encodeStatus?.(body);
  if (negotiated) return writeBody(ctx, se.code, negotiated.contentType, negotiated.bytes, headers);
  return writeJSON(ctx, se.code, body, headers);
}

/**
 * After an answer given before the request body was complete (a 504): an HTTP/1.1 connection is closed once the
 * answer is out (`Connection: close`), an HTTP/2 stream is reset with NO_ERROR, so a body that never ends does
 * not keep the socket. Call before writing the answer.
 */
export function closeUnfinishedRequest(ctx: RequestContext): void {
  const req = ctx.req as {
    complete?: boolean;
    stream?: { endAfterHeaders?: boolean; close(code: number): void; closed?: boolean; once(e: 'finish', fn: () => void): void };
    readableEnded?: boolean;
    socket?: { end(): void; destroy(): void; destroyed?: boolean };
  };
  if (ctx.http2) {
    const stream = req.stream;
    if (!stream || stream.endAfterHeaders || req.readableEnded) return;
    // The response's own 'finish' waits for the stream to close; the stream's writable side finishes with our END_STREAM.
    stream.once('finish', () =>
      setImmediate(() => {
        if (!stream.closed) stream.close(0); // NGHTTP2_NO_ERROR
      }),
    );
    return;
  }
  if (req.complete) return;
  if (!ctx.res.headersSent) ctx.res.setHeader('Connection', 'close');
  ctx.res.once('finish', () => {
    const socket = req.socket;
    if (!socket || socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}
