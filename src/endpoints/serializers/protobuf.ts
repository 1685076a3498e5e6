// application/vnd.kubernetes.protobuf responses through the generated descriptor (request bodies are decoded by
// negotiation/decode-body.ts). The encoder is loaded on first use (start-up stays fast): negotiation offers the
// format only for built-in kinds, and a writer awaits loadProtobufWire() before it encodes.
import type { KObject } from '../../api/object.js';
import type { Serializer } from './serializer.js';

type Wire = typeof import('../negotiation/protobuf-wire.js');
let wire: Wire | undefined;

/** The response encoder, loaded once. */
export async function loadProtobufWire(): Promise<Wire> {
  return (wire ??= await import('../negotiation/protobuf-wire.js'));
}

/** The encoder if loaded (after loadProtobufWire), for synchronous writers. */
export function protobufWire(): Wire {
  if (!wire) throw new Error('the protobuf encoder is used before loadProtobufWire()');
  return wire;
}

export const protobufSerializer: Serializer = {
  mediaType: 'application/vnd.kubernetes.protobuf',
  format: 'protobuf',
  encode(_ctx, body) {
    return { contentType: 'application/vnd.kubernetes.protobuf', bytes: protobufWire().encodeObject(body as KObject as never) };
  },
};
