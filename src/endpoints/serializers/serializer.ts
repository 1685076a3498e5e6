// One media type the resource endpoints answer in (kube's runtime.SerializerInfo). The registry (serializers/index.ts)
// lists them; negotiation and response writing look formats up there, so a new response format is one file and one
// line. Request bodies are decoded by negotiation/decode-body.ts (depth limits, kube's summaries of bad bodies).
import type { RequestContext } from '../../http/request-context.js';

export type Format = 'json' | 'yaml' | 'protobuf' | 'cbor';

export interface Serializer {
  /** The media type clients name in Accept and Content-Type. */
  mediaType: string;
  format: Format;
  /** Responses; undefined when responses in this format are not produced (negotiation does not offer it). */
  encode?(ctx: RequestContext, body: unknown): { contentType: string; bytes: string | Buffer };
}
