// application/vnd.kubernetes.protobuf: accepted in Accept by the router's check, but responses are not produced yet
// (no encoder: negotiation does not offer it, and a writer asked for it falls back to JSON). Request bodies in it
// are decoded by negotiation/decode-body.ts through the generated descriptor.
import type { Serializer } from './serializer.js';

export const protobufSerializer: Serializer = {
  mediaType: 'application/vnd.kubernetes.protobuf',
  format: 'protobuf',
};
