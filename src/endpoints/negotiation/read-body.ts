// Reads a request body up to --max-request-body-bytes; past the limit, kube's 413.
import type { Readable } from 'node:stream';
import { requestEntityTooLarge } from '../../errors/status.js';
import type { RequestContext } from '../../http/request-context.js';
import { H2Request } from '../../http/h2-exchange.js';

export async function readBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'] ?? -1);
  if (declared > limit) throw requestEntityTooLarge(limit);
  // An HTTP/2 request is our thin H2Request (http/h2-exchange.ts): its stream carries the body, and past the limit
  // the stream stays open for the 413. An HTTP/1.1 request is Node's IncomingMessage, destroyed past the limit.
  const req = ctx.req as unknown;
  const body = req instanceof H2Request ? await collect(req.stream, limit, false) : await collect(req as Readable, limit, true);
  if (ctx.auditCapture) {
    ctx.auditCapture.requestBody = body;
    ctx.auditCapture.requestContentType = String(ctx.req.headers['content-type'] ?? '');
  }
  return body;
}

/**
 * The stream's bytes, read with plain listeners: an async iterator over the request (`for await`) adds and
 * removes several listeners and promises per chunk, a visible share of a small write. Past `limit` the 413 is
 * thrown and the stream destroyed or, when its answer still goes out on it, paused; a stream closed before its
 * end rejects.
 */
function collect(req: Readable, limit: number, destroyPastLimit: boolean): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        if (destroyPastLimit) req.destroy();
        else req.pause();
        reject(requestEntityTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onClose = () => {
      done();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
