// The HTTP side of a watch: 200 with headers flushed before the first event, then one write per batch of events
// (Node flushes each write). HTTP/1.1 gets `Transfer-Encoding: chunked` as kube sends it; on HTTP/2 that header is
// illegal and DATA frames need none.
//
// A client that does not read must not pin memory. kube's cacher terminates a watcher whose buffer stays full: the
// client sees its stream end cleanly and resumes from its last resourceVersion. Here a watcher is cut off when its
// unsent output passes a hard bound, stays above a soft bound without ever draining for a while, or is the largest
// when all watch streams together hold more than a total bound. A cut-off stream ends cleanly; if the client has
// not taken the rest within a grace period, the stream (HTTP/2) or connection (HTTP/1.1) is destroyed, which frees
// what was buffered for it.
import { constants } from 'node:http2';
import { finalizeHeaders } from '../../http/respond.js';
import type { RequestContext } from '../../http/request-context.js';

interface StreamResponse {
  setHeader(name: string, value: string): unknown;
  writeHead(code: number): unknown;
  write(chunk: Buffer, cb: (err?: Error | null) => void): boolean;
  end(): unknown;
  destroy?(): unknown;
  once?(event: 'close', fn: () => void): unknown;
  readonly stream?: { close(code: number): void };
  readonly writableEnded: boolean;
  readonly writableFinished?: boolean;
  flushHeaders?(): void;
}

/** At most this much is handed to the response at once; the rest waits in the stream's own queue. */
const MAX_IN_FLIGHT_BYTES = 256 * 1024;

export interface WatchBufferLimits {
  /** Unsent bytes above which a watcher is cut off at once. */
  maxBufferedBytes: number;
  /** Unsent bytes above which a watcher whose client takes nothing for slowWatcherMs is cut off. */
  slowBufferedBytes: number;
  slowWatcherMs: number;
  /** Unsent bytes of all watch streams together; above it the largest backlogs are cut off. */
  maxTotalBufferedBytes: number;
  /** How long a cut-off stream may take to hand over what it holds before it is destroyed. */
  cutOffGraceMs: number;
}

const open = new Set<WatchStream>();
let lastTotalCheck = 0;
const TOTAL_CHECK_INTERVAL_MS = 50;
const SWEEP_INTERVAL_MS = 500;
let sweeper: NodeJS.Timeout | undefined;

/** Watch streams currently open (tests, metrics). */
export function openWatchStreams(): number {
  return open.size;
}

export class WatchStream {
  private readonly res: StreamResponse;
  private ended = false;
  private readonly http2: boolean;
  /** The response's 'close': HTTP/2 finishes a stream only when the client has taken everything. */
  private responseClosed = false;
  private endWhenFlushed = false;
  /**
   * Chunks not yet handed to the response (the same Buffers every watcher of an event writes), and the bytes handed
   * over whose write has not completed: Node hands a stream's whole buffer to one write once the previous completes,
   * so only this bounded hand-over shows how fast the client takes data.
   */
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private inFlight = 0;
  private initialPending = 0;
  /** The last time the client was seen taking data (or the stream opened). */
  lastProgressAt = Date.now();
  /** Called once when the stream is cut off for not reading (the session then releases its watcher). */
  onCutOff: (() => void) | undefined;

  constructor(
    ctx: RequestContext,
    private readonly limits: WatchBufferLimits,
    contentType = 'application/json',
  ) {
    this.res = ctx.res as unknown as StreamResponse;
    this.http2 = ctx.http2;
    this.res.once?.('close', () => (this.responseClosed = true));
    this.res.setHeader('Content-Type', contentType);
    if (!ctx.http2) this.res.setHeader('Transfer-Encoding', 'chunked');
    finalizeHeaders(ctx);
    this.res.writeHead(200);
    this.res.flushHeaders?.();
    open.add(this);
    startSweeper(limits);
  }

  get closed(): boolean {
    return this.ended || this.endWhenFlushed || this.res.writableEnded;
  }

  /** Unsent bytes. */
  get backlog(): number {
    return this.queued + this.inFlight;
  }

  /**
   * Queues the parts as one chunk; false once the stream is closed or has just been cut off. The initial events
   * (one write of the snapshot) do not count against the hard bound: a client gets its list however large it is.
   */
  write(parts: Buffer[] | Buffer, opts: { initial?: boolean } = NO_OPTIONS): boolean {
    if (this.closed) return false;
    const chunk = Buffer.isBuffer(parts) ? parts : parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    this.queue.push(chunk);
    this.queued += chunk.length;
    if (opts.initial) this.initialPending += chunk.length;
    this.pump();
    if (opts.initial) return true;
    if (this.backlog - this.initialPending > this.limits.maxBufferedBytes) {
      this.cutOff();
      return false;
    }
    enforceTotal(this.limits);
    return !this.closed;
  }

  /** Ends the stream once what is queued has been handed over. */
  end(): void {
    if (this.ended || this.endWhenFlushed) return;
    open.delete(this);
    if (this.backlog === 0) return this.finishResponse();
    this.endWhenFlushed = true;
    // A client that stops reading now must not keep the rest for ever either.
    const t = setTimeout(() => {
      if (!this.ended) this.cutOff();
    }, this.limits.slowWatcherMs);
    t.unref?.();
  }

  /**
   * Ends the stream for a client that does not read: what is queued is dropped (as kube drops the events of a
   * terminated watcher), and the stream is destroyed if the client has not taken the rest after the grace.
   */
  cutOff(): void {
    if (this.ended) return;
    this.queue.length = 0;
    this.queued = 0;
    this.initialPending = 0;
    open.delete(this);
    this.finishResponse();
    const grace = setTimeout(() => {
      // HTTP/1.1 finishes once all is handed to the kernel; an HTTP/2 stream's data may wait on flow control.
      const delivered = this.http2 ? this.responseClosed : this.res.writableFinished;
      if (delivered) return;
      // An HTTP/2 response that has ended ignores destroy(): reset its stream (the connection's others go on).
      if (this.res.stream?.close) this.res.stream.close(constants.NGHTTP2_CANCEL);
      else this.res.destroy?.();
    }, this.limits.cutOffGraceMs);
    grace.unref?.();
    this.onCutOff?.();
  }

  private finishResponse(): void {
    this.ended = true;
    if (!this.res.writableEnded) this.res.end();
  }

  private pumping = false;

  // One callback per stream for the last write of each hand-over (none made per write).
  private readonly written = (err?: Error | null): void => {
    this.initialPending = Math.max(0, this.initialPending - this.inFlight);
    this.inFlight = 0;
    if (err) return this.cutOff();
    this.lastProgressAt = Date.now();
    if (this.queue.length) this.pump();
    else if (this.endWhenFlushed) this.finishResponse();
  };

  private pump(): void {
    if (this.pumping) return; // a write that completed synchronously: the loop below goes on
    this.pumping = true;
    while (this.inFlight === 0 && this.queue.length && !this.ended) {
      if (this.queue.length === 1) {
        // The usual case: one chunk waiting, handed over as it is.
        const chunk = this.queue.pop()!;
        this.queued -= chunk.length;
        this.inFlight = chunk.length;
        this.res.write(chunk, this.written);
        continue;
      }
      let batch = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || batch + this.queue[n]!.length <= MAX_IN_FLIGHT_BYTES)) batch += this.queue[n++]!.length;
      const chunks = this.queue.splice(0, n);
      this.queued -= batch;
      this.inFlight = batch;
      for (let k = 0; k < chunks.length; k++) this.res.write(chunks[k]!, k === chunks.length - 1 ? this.written : noop);
    }
    this.pumping = false;
  }
}

const noop = () => undefined;
const NO_OPTIONS: { initial?: boolean } = {};

/** Every so often: a stream holding more than the slow bound whose client took nothing for a while is cut off. */
function startSweeper(limits: WatchBufferLimits): void {
  if (sweeper) return;
  sweeper = setInterval(() => {
    const now = Date.now();
    for (const s of open) {
      if (s.backlog > limits.slowBufferedBytes && now - s.lastProgressAt > limits.slowWatcherMs) s.cutOff();
    }
    if (open.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, SWEEP_INTERVAL_MS);
  sweeper.unref?.();
}

/** Above the total bound, streams are cut off, those that took nothing for longest first, then the largest. */
function enforceTotal(limits: WatchBufferLimits): void {
  const now = Date.now();
  if (now - lastTotalCheck < TOTAL_CHECK_INTERVAL_MS) return;
  lastTotalCheck = now;
  let total = 0;
  for (const s of open) total += s.backlog;
  if (total <= limits.maxTotalBufferedBytes) return;
  const order = [...open].sort((a, b) => a.lastProgressAt - b.lastProgressAt || b.backlog - a.backlog);
  for (const s of order) {
    if (total <= limits.maxTotalBufferedBytes) break;
    total -= s.backlog;
    s.cutOff();
  }
}
