// Reads a request body up to --max-request-body-bytes; past the limit, kube's 413.
import { requestEntityTooLarge } from '../../errors/status.js';
import type { RequestContext } from '../../http/request-context.js';

export async function readBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'] ?? -1);
  if (declared > limit) throw requestEntityTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw requestEntityTooLarge(limit);
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  if (ctx.auditCapture) {
    ctx.auditCapture.requestBody = body;
    ctx.auditCapture.requestContentType = String(ctx.req.headers['content-type'] ?? '');
  }
  return body;
}
