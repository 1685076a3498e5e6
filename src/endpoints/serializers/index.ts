// The serializers of the resource endpoints, in kube's order of preference (the order 406 and 415 texts list).
import { jsonSerializer } from './json.js';
import { protobufSerializer } from './protobuf.js';
import type { Format, Serializer } from './serializer.js';
import { yamlSerializer } from './yaml.js';

export const SERIALIZERS: readonly Serializer[] = [jsonSerializer, yamlSerializer, protobufSerializer];

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

/** The media types every resource endpoint accepts, as 406 and 415 answers list them. */
export const OBJECT_MEDIA_TYPES: readonly string[] = SERIALIZERS.map((s) => s.mediaType);
