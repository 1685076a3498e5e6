// The serializers of the resource endpoints, in kube's order of preference (the order 406 and 415 texts list).
import { cborSerializer } from './cbor.js';
import { jsonSerializer } from './json.js';
import { protobufSerializer } from './protobuf.js';
import type { Format, Serializer } from './serializer.js';
import { yamlSerializer } from './yaml.js';

// CBOR is last and served only with the CBORServingAndStorage gate on (mediaTypesOf).
export const SERIALIZERS: readonly Serializer[] = [jsonSerializer, yamlSerializer, protobufSerializer, cborSerializer];

const byMediaType = new Map<string, Serializer>(SERIALIZERS.map((s) => [s.mediaType, s]));

/** The serializer of an Accept media type (exact, no wildcards). */
export function serializerForMediaType(mediaType: string): Serializer | undefined {
  return byMediaType.get(mediaType);
}

/** The serializer writing a negotiated format; a format without an encoder is written as JSON. */
export function encoderFor(format: Format): Serializer {
  const s = SERIALIZERS.find((x) => x.format === format);
  return s?.encode ? s : jsonSerializer;
}

/**
 * The serializer reading a body of this Content-Type base type (kube's NegotiateInputSerializer): none or a wildcard
 * is JSON; CBOR only where the endpoint serves it. Undefined: kube's 415 (`unsupportedBodyFormat`).
 */
export function decoderFor(contentType: string, cbor: boolean): Serializer | undefined {
  if (contentType === '' || contentType === '*/*') return jsonSerializer;
  const s = byMediaType.get(contentType);
  if (!s?.decode || (s.format === 'cbor' && !cbor)) return undefined;
  return s;
}

/** The media types every resource endpoint accepts (without CBOR), as 406 and 415 answers list them. */
export const OBJECT_MEDIA_TYPES: readonly string[] = SERIALIZERS.filter((s) => s.format !== 'cbor').map((s) => s.mediaType);
const WITH_CBOR: readonly string[] = SERIALIZERS.map((s) => s.mediaType);

/** The media types an endpoint accepts, with application/cbor when the server serves CBOR. */
export function mediaTypesOf(cbor: boolean): readonly string[] {
  return cbor ? WITH_CBOR : OBJECT_MEDIA_TYPES;
}

const UNKNOWN_FORMAT = 'the body of the request was in an unknown format - accepted media types include: ';
const UNSUPPORTED = UNKNOWN_FORMAT + OBJECT_MEDIA_TYPES.join(', ');
const UNSUPPORTED_CBOR = UNKNOWN_FORMAT + WITH_CBOR.join(', ');

/** kube's 415 text for a body in no format the endpoint reads. */
export function unsupportedBodyFormat(cbor: boolean): string {
  return cbor ? UNSUPPORTED_CBOR : UNSUPPORTED;
}
