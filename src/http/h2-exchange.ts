// The request and response objects of an HTTP/2 stream, given to Node's HTTP/2 server in place of its compatibility
// classes (the `Http2ServerRequest` / `Http2ServerResponse` options of createSecureServer). Node still parses the
// stream and emits 'request' / 'connect' as it does for its own classes (CONNECT, `Expect`), but these are thin:
// no Readable per request, no Proxy socket, two listeners on the stream instead of eleven. They answer to what the
// pipeline uses — method, target, headers, the body as an async iterable; status, headers, write/end with Node's
// write-after-end and closed-stream rules, 'finish' and 'close' when the stream closes — and nothing else.
// HTTP/1.1 keeps Node's own IncomingMessage / ServerResponse.
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import type { TLSSocket } from 'node:tls';

const responseOf = Symbol('kubelite.h2Response');

type StreamWithResponse = ServerHttp2Stream & { [responseOf]?: H2Response };

const HTTP_TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const PSEUDO = new Set([':status', ':method', ':path', ':authority', ':scheme']);
/** Header names as the handlers spell them → checked and lower-cased (the same few dozen names on every answer). */
const validNames = new Map<string, string>();
const MAX_VALID_NAMES = 512;

// A stream's errors (a reset, a write after end) end it; as in Node's compatibility layer they are not the
// request's: the response's 'close' tells the pipeline.
function ignoreStreamError(): void {}

function onStreamClose(this: StreamWithResponse): void {
  const res = this[responseOf];
  if (res) res.streamClosed();
}

/** The request half of an HTTP/2 exchange. */
export class H2Request {
  readonly httpVersionMajor = 2;
  readonly httpVersionMinor = 0;

  constructor(
    readonly stream: ServerHttp2Stream,
    readonly headers: IncomingHttpHeaders,
    _options: unknown,
    readonly rawHeaders: string[],
  ) {}

  get method(): string | undefined {
    return this.headers[':method'];
  }

  get url(): string | undefined {
    return this.headers[':path'];
  }

  /** The connection's TLS socket (through the session; once the session is gone, the stream, as Node's own). */
  get socket(): TLSSocket {
    return (this.stream.session?.socket ?? this.stream) as unknown as TLSSocket;
  }

  get readableEnded(): boolean {
    return this.stream.readableEnded;
  }

  /** True once the body has been read to its end or the stream has gone. */
  get complete(): boolean {
    return this.stream.readableEnded || this.stream.closed || this.stream.destroyed;
  }

  // The few Readable methods a body reader uses (endpoints/negotiation/read-body.ts), so that it reads both kinds of
  // request alike: 'data', 'end', 'error' and 'close' of the stream.
  on(event: 'data', listener: (chunk: Buffer) => void): this;
  on(event: 'end' | 'close', listener: () => void): this;
  on(event: 'error', listener: (e: Error) => void): this;
  on(event: string, listener: (...args: never[]) => void): this {
    this.stream.on(event, listener as () => void);
    return this;
  }

  off(event: 'data', listener: (chunk: Buffer) => void): this;
  off(event: 'end' | 'close', listener: () => void): this;
  off(event: 'error', listener: (e: Error) => void): this;
  off(event: string, listener: (...args: never[]) => void): this {
    this.stream.off(event, listener as () => void);
    return this;
  }

  /**
   * Stops reading the body (a reader past its limit). Unlike an HTTP/1.1 request's, which takes the connection
   * with it, the stream stays open: its answer (the 413) still goes out on it.
   */
  destroy(): this {
    this.stream.pause();
    return this;
  }

  /** The body. Leaving the loop early does not reset the stream: the answer (a 413, say) is still to be written. */
  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return this.stream.iterator({ destroyOnReturn: false });
  }
}

/** The response half of an HTTP/2 exchange. */
export class H2Response extends EventEmitter {
  // A plain object, not Object.create(null): Node's respond() copies it with for...in, which is several times slower
  // over a dictionary-mode object (set() refuses `__proto__`, so no name reaches the prototype).
  private readonly headers: OutgoingHttpHeaders = {};
  private status = 200;
  private ending = false;
  private closed = false;
  private destroyed = false;

  constructor(readonly stream: ServerHttp2Stream) {
    super();
    (stream as StreamWithResponse)[responseOf] = this;
    stream.on('error', ignoreStreamError);
    stream.on('close', onStreamClose);
  }

  /** The stream closed (answered, reset, or its session went): 'finish' and 'close', once. */
  streamClosed(): void {
    if (this.closed) return;
    this.closed = true;
    (this.stream as StreamWithResponse)[responseOf] = undefined;
    this.emit('finish');
    this.emit('close');
  }

  get statusCode(): number {
    return this.status;
  }

  set statusCode(code: number) {
    code |= 0;
    if (code >= 100 && code < 200) throw new RangeError('informational status codes cannot be used');
    if (code < 100 || code > 599) throw new RangeError(`invalid status code: ${code}`);
    this.status = code;
  }

  get headersSent(): boolean {
    return this.stream.headersSent;
  }

  get writableEnded(): boolean {
    return this.ending;
  }

  get writableFinished(): boolean {
    return this.stream.writableFinished;
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.stream.headersSent) throw new Error('Response has already been initiated.');
    this.set(name, value);
    return this;
  }

  getHeader(name: string): number | string | string[] | undefined {
    const key = validNames.get(name) ?? name.trim().toLowerCase();
    return Object.prototype.hasOwnProperty.call(this.headers, key) ? this.headers[key] : undefined;
  }

  hasHeader(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.headers, validNames.get(name) ?? name.trim().toLowerCase());
  }

  removeHeader(name: string): void {
    if (this.stream.headersSent) throw new Error('Response has already been initiated.');
    delete this.headers[name.trim().toLowerCase()];
  }

  private set(rawName: string, value: number | string | readonly string[] | undefined): void {
    let name = validNames.get(rawName);
    if (name === undefined) {
      name = rawName.trim().toLowerCase();
      if (name === '' || name.includes(' ')) throw new TypeError(`Header name must be a valid HTTP token ["${rawName}"]`);
      if (PSEUDO.has(name)) throw new TypeError('Cannot set HTTP/2 pseudo-headers');
      if (name === '__proto__') throw new TypeError(`Header name must be a valid HTTP token ["${rawName}"]`);
      if (!HTTP_TOKEN.test(name)) {
        this.destroy(new TypeError(`Header name must be a valid HTTP token ["${name}"]`));
        return;
      }
      if (validNames.size >= MAX_VALID_NAMES) validNames.clear();
      validNames.set(rawName, name);
    }
    if (value === undefined || value === null) throw new TypeError(`Invalid value "${String(value)}" for header "${name}"`);
    // A connection-specific header has no place in HTTP/2: dropped, as Node's compatibility layer drops it.
    if (name === 'connection' && value !== 'trailers') return;
    this.headers[name] = value as string | string[] | number;
  }

  writeHead(statusCode: number, headers?: OutgoingHttpHeaders | readonly [string, string][]): this {
    if (this.closed || this.stream.destroyed) return this;
    if (this.stream.headersSent) throw new Error('Response has already been initiated.');
    if (Array.isArray(headers)) for (const [k, v] of headers as [string, string][]) this.set(k, v);
    else if (headers && typeof headers === 'object') for (const k of Object.keys(headers)) this.set(k, (headers as OutgoingHttpHeaders)[k] as string);
    this.status = statusCode;
    this.headers[':status'] = statusCode;
    this.stream.respond(this.headers, { endStream: this.ending });
    return this;
  }

  /** Sends the headers now (a watch's 200 before its first event). */
  flushHeaders(): void {
    if (!this.closed && !this.stream.headersSent) this.writeHead(this.status);
  }

  /** An interim 100 Continue (Node calls it for `Expect: 100-continue`). */
  writeContinue(): boolean {
    if (this.stream.headersSent || this.closed) return false;
    this.stream.additionalHeaders({ ':status': 100 });
    return true;
  }

  write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean {
    let err: Error | undefined;
    if (this.ending) err = Object.assign(new Error('write after end'), { code: 'ERR_STREAM_WRITE_AFTER_END' });
    else if (this.closed) err = Object.assign(new Error('The stream has been destroyed'), { code: 'ERR_HTTP2_INVALID_STREAM' });
    else if (this.destroyed) return false;
    if (err) {
      if (cb) process.nextTick(cb, err);
      this.destroy(err);
      return false;
    }
    if (!this.stream.headersSent) this.writeHead(this.status);
    return this.stream.write(chunk, cb);
  }

  end(cb?: () => void): this;
  end(chunk: string | Uint8Array, cb?: () => void): this;
  end(chunk?: string | Uint8Array | (() => void), cb?: () => void): this {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    }
    if (this.closed || this.ending) {
      if (cb) process.nextTick(cb);
      return this;
    }
    const stream = this.stream;
    if (chunk !== undefined && chunk !== null) {
      if (!stream.headersSent) this.writeHead(this.status);
      // HEAD, 204 and 304 answers end the stream with their headers; a body given anyway is dropped.
      if (!stream.writableEnded && !stream.destroyed) stream.write(chunk);
    }
    this.ending = true;
    if (cb) this.once('finish', cb);
    if (!stream.headersSent) this.writeHead(this.status);
    if (this.closed || stream.destroyed) this.streamClosed();
    else stream.end();
    return this;
  }

  destroy(err?: Error): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stream.destroy(err);
  }
}
