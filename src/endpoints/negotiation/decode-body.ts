// Decodes a create/update body by Content-Type (JSON, YAML, Protobuf) and checks apiVersion/kind against
// the endpoint, with kube's 400 and 415 texts (apiserver.md §3.1 step 3).
import { badRequest, unsupportedMediaType } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import { OBJECT_MEDIA_TYPES, serializerForContentType } from '../serializers/index.js';
import { cannotHandle, type ExpectedType } from '../serializers/serializer.js';
import { contentTypeOf } from './media-type.js';

export type { ExpectedType } from '../serializers/serializer.js';

export const UNKNOWN_BODY_FORMAT = `the body of the request was in an unknown format - accepted media types include: ${OBJECT_MEDIA_TYPES.join(', ')}`;

export async function decodeBody(contentTypeHeader: string | undefined, body: Buffer, expected: ExpectedType): Promise<KObject> {
  const serializer = serializerForContentType(contentTypeOf(contentTypeHeader));
  if (!serializer) throw unsupportedMediaType(UNKNOWN_BODY_FORMAT);
  const obj = await serializer.decode(body, expected);
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw cannotHandle(expected, 'json: cannot unmarshal into Go value of type struct');
  }
  const o = obj as KObject;
  if (o.apiVersion === undefined || o.apiVersion === '') o.apiVersion = expected.apiVersion;
  if (o.kind === undefined || o.kind === '') o.kind = expected.kind;
  if (o.apiVersion !== expected.apiVersion) {
    throw badRequest(`the API version in the data (${o.apiVersion}) does not match the expected API version (${expected.apiVersion})`);
  }
  if (o.kind !== expected.kind) {
    throw badRequest(`the kind in the data (${o.kind}) does not match the expected kind (${expected.kind})`);
  }
  // TypeMeta first, as Go encodes it.
  const { kind, apiVersion, ...rest } = o;
  return { kind, apiVersion, ...rest };
}
