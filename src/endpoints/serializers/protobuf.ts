// application/vnd.kubernetes.protobuf through the generated descriptor. Encoder and decoder are loaded on first use
// (start-up stays fast): negotiation offers the format only for built-in kinds, and a writer awaits
// loadProtobufWire() before it encodes.
import type { KObject } from '../../api/object.js';
import { MAX_NESTING_DEPTH, nestingExceeds } from '../../config/nesting-depth.js';
import { badRequest } from '../../errors/status.js';
import type { ExpectedType, Serializer } from './serializer.js';

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

type BodyCodec = typeof import('../negotiation/protobuf.js');
let bodyCodec: BodyCodec | undefined;

/** A body in kube's `k8s\0` envelope, in kube's JSON form; the codec words its own 400s. */
async function decodeProtobufBody(body: Buffer, expected: ExpectedType): Promise<unknown> {
  const obj = (bodyCodec ??= await import('../negotiation/protobuf.js')).decodeProtobufObject(body, expected);
  // Embedded JSON (RawExtension, JSONSchemaProps) can nest as deep as it likes in Protobuf.
  if (nestingExceeds(obj)) {
    const version = expected.apiVersion.split('/').pop()!;
    throw badRequest(`${expected.kind} in version "${version}" cannot be handled as a ${expected.kind}: exceeded max depth of ${MAX_NESTING_DEPTH}`);
  }
  return obj;
}

export const protobufSerializer: Serializer = {
  mediaType: 'application/vnd.kubernetes.protobuf',
  format: 'protobuf',
  encode(_ctx, body) {
    return { contentType: 'application/vnd.kubernetes.protobuf', bytes: protobufWire().encodeObject(body as KObject as never) };
  },
  decode: decodeProtobufBody,
  decodesTyped: true,
};
