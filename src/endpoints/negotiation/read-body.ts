// Reads a request body up to --max-request-body-bytes; past the limit, kube's 413.
import { requestEntityTooLarge } from '../../errors/status.js';
import type { AnyRequest, RequestContext } from '../../http/request-context.js';

export async function readBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'] ?? -1);
  if (declared > limit) throw requestEntityTooLarge(limit);
  const body = await collect(ctx.req, limit);
  if (ctx.auditCapture) {
    ctx.auditCapture.requestBody = body;
    ctx.auditCapture.requestContentType = String(ctx.req.headers['content-type'] ?? '');
  }
  return body;
}

/**
 * The request's bytes, read with plain listeners: an async iterator over the request (`for await`) adds and
 * removes several listeners and promises per chunk, a visible share of a small write. Past `limit` the 413 is
 * thrown and the request destroyed (an HTTP/1.1 request with its connection; an HTTP/2 one, our H2Request, only
 * stops being read, its stream left open for the answer); a request closed before its end rejects.
 */
function collect(req: AnyRequest, limit: number): Promise<Buffer> {
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
        req.destroy();
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
