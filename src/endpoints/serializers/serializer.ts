// One media type the resource endpoints read and write (kube's runtime.SerializerInfo). The registry
// (serializers/index.ts) lists them; negotiation, body decoding and response writing look formats up there, so a
// new format is one file and one line.
import { badRequest, type StatusError } from '../../errors/status.js';
import type { RequestContext } from '../../http/request-context.js';

export type Format = 'json' | 'yaml' | 'protobuf';

export interface ExpectedType {
  apiVersion: string;
  kind: string;
}

export interface Serializer {
  /** The media type clients name in Accept and Content-Type. */
  mediaType: string;
  format: Format;
  /** Other Content-Type values this serializer reads (JSON: none given, or any). */
  alsoReads?: readonly string[];
  /** Request bodies: the decoded object, or a StatusError with kube's text. */
  decode(body: Buffer, expected: ExpectedType): Promise<unknown>;
  /** Responses; undefined when responses in this format are not produced (negotiation does not offer it). */
  encode?(ctx: RequestContext, body: unknown): { contentType: string; bytes: string | Buffer };
}

/** kube's 400 for a body the decoder could not handle. */
export function cannotHandle(expected: ExpectedType, err: string): StatusError {
  const version = expected.apiVersion.split('/').pop()!;
  return badRequest(`${expected.kind} in version "${version}" cannot be handled as a ${expected.kind}: ${err}`);
}
