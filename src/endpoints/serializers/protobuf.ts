// application/vnd.kubernetes.protobuf: request bodies through the generated descriptor (loaded on first use, so
// start-up stays fast). Responses are not produced yet: negotiation does not offer the format, and a writer
// asked for it falls back to JSON.
import type { KObject } from '../../api/object.js';
import type { ExpectedType, Serializer } from './serializer.js';

type ProtobufDecoder = (body: Buffer, expected: ExpectedType) => KObject;
let decoder: ProtobufDecoder | undefined;

export const protobufSerializer: Serializer = {
  mediaType: 'application/vnd.kubernetes.protobuf',
  format: 'protobuf',
  async decode(body, expected) {
    if (!decoder) {
      const mod = (await import('../negotiation/protobuf.js')) as { decodeProtobufObject: ProtobufDecoder };
      decoder = mod.decodeProtobufObject;
    }
    return decoder(body, expected);
  },
};
