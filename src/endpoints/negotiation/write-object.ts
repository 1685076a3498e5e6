// Encodes a response object in the negotiated format with its serializer (serializers/) and writes it.
import type { RequestContext } from '../../http/request-context.js';
import { writeBody } from '../../http/respond.js';
import { encoderFor } from '../serializers/index.js';
import type { Format } from '../serializers/serializer.js';

export function writeEncoded(ctx: RequestContext, code: number, body: unknown, format: Format): void {
  const { contentType, bytes } = encoderFor(format).encode!(ctx, body);
  writeBody(ctx, code, contentType, bytes);
}
