// Encodes a response object in the negotiated format with its serializer (serializers/) and writes it.
import type { RequestContext } from '../../http/request-context.js';
import { writeBody } from '../../http/respond.js';
import { encoderFor } from '../serializers/index.js';
import { loadProtobufWire } from '../serializers/protobuf.js';
import type { Format } from '../serializers/serializer.js';

export async function writeEncoded(ctx: RequestContext, code: number, body: unknown, format: Format): Promise<void> {
  if (format === 'protobuf') await loadProtobufWire();
  const { contentType, bytes } = encoderFor(format).encode!(ctx, body);
  await writeBody(ctx, code, contentType, bytes);
}
