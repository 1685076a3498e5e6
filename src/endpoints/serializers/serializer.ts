// One media type of the resource endpoints (kube's runtime.SerializerInfo): how it writes answers and how it reads
// request bodies. The registry (serializers/index.ts) lists them; negotiation picks one by Accept for answers and by
// Content-Type for bodies (negotiation/decode-body.ts adds what every format shares: TypeMeta checks and defaults),
// so a new format is one file and one line there.
import type { RequestContext } from '../../http/request-context.js';
import type { DecodedApplyBody } from '../../apply/apply-body.js';
import type { DecodedPatch } from '../../patch/decoded-patch.js';

export type Format = 'json' | 'yaml' | 'protobuf' | 'cbor';

/** The type an endpoint decodes bodies into (its group-version and kind). */
export interface ExpectedType {
  apiVersion: string;
  kind: string;
}

/**
 * A body this format cannot read. `message` is what create and update report after kube's "the object provided is
 * unrecognized" prefix; `detail` is the decoder's own text, which the DeleteOptions decoder reports instead.
 */
export class BodyDecodeError extends Error {
  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = 'BodyDecodeError';
  }
}

export interface Serializer {
  /** The media type clients name in Accept and Content-Type. */
  mediaType: string;
  format: Format;
  /** Responses; undefined when responses in this format are not produced (negotiation does not offer it). */
  encode?(ctx: RequestContext, body: unknown): { contentType: string; bytes: string | Buffer };
  /**
   * Request bodies: the decoded value (any JSON value; the caller checks it is an object), or a BodyDecodeError
   * (or a Status error the format words itself). Formats that decode into the expected type's schema themselves
   * (Protobuf) set `decodesTyped`.
   */
  decode?(body: Buffer, expected: ExpectedType): unknown | Promise<unknown>;
  /**
   * A patch body of the JSON patch types (json-patch, merge-patch, strategic-merge-patch): Go's token tree, which
   * their strict decoding needs, or Go's syntax error text for the patch type to word.
   */
  decodePatch?(body: Buffer): DecodedPatch;
  /**
   * An apply configuration in this format (kube's apply-patch+yaml, apply-patch+cbor), read into a map without a
   * type: the object and the strict-decoding text of its body; kube's 400 `error decoding YAML: …` when it is none.
   */
  decodeApplyConfiguration?(body: Buffer): DecodedApplyBody | Promise<DecodedApplyBody>;
  /** The decoded value already has the expected type's field types (no separate typed decoding is needed). */
  decodesTyped?: boolean;
}

/**
 * Strict-decoding findings a decoder reports itself instead of the typed decode's (CBOR: the first unknown field by
 * its map index), keyed by the decoded object; the write hook reads them.
 */
export const decoderStrictErrors = new WeakMap<object, string[]>();
