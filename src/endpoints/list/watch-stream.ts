// The HTTP side of a watch: 200 with headers flushed before the first event, then one write per batch of events
// (Node flushes each write). HTTP/1.1 gets `Transfer-Encoding: chunked` as kube sends it; on HTTP/2 that header is
// illegal and DATA frames need none. A client too slow to drain its buffer is cut off, as kube drops watchers that
// cannot keep up; it then resumes from its last resourceVersion.
import { finalizeHeaders } from '../../http/respond.js';
import type { RequestContext } from '../../http/request-context.js';

interface StreamResponse {
  setHeader(name: string, value: string): unknown;
  writeHead(code: number): unknown;
  write(chunk: Buffer): boolean;
  end(): unknown;
  readonly writableEnded: boolean;
  readonly writableLength: number;
  flushHeaders?(): void;
}

export class WatchStream {
  private readonly res: StreamResponse;
  private ended = false;

  constructor(
    ctx: RequestContext,
    private readonly maxBufferedBytes: number,
    contentType = 'application/json',
  ) {
    this.res = ctx.res as unknown as StreamResponse;
    this.res.setHeader('Content-Type', contentType);
    if (!ctx.http2) this.res.setHeader('Transfer-Encoding', 'chunked');
    finalizeHeaders(ctx);
    this.res.writeHead(200);
    this.res.flushHeaders?.();
  }

  get closed(): boolean {
    return this.ended || this.res.writableEnded;
  }

  /** Writes the parts as one chunk; false once the stream is closed. */
  write(parts: Buffer[]): boolean {
    if (this.closed) return false;
    this.res.write(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    if (this.res.writableLength > this.maxBufferedBytes) {
      this.end();
      return false;
    }
    return true;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.res.writableEnded) this.res.end();
  }
}
