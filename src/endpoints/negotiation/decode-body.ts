// Decodes a create/update body by Content-Type (JSON, YAML, Protobuf) and checks apiVersion/kind against
// the endpoint, with kube's 400 and 415 texts (apiserver.md §3.1 step 3).
import { parseJsonBody } from '../field-validation/json-body.js';
import { parseYamlBody } from '../field-validation/yaml-body.js';
import { badRequest, StatusError, unsupportedMediaType } from '../../errors/status.js';
import type { KObject } from '../../registry/object.js';
import { contentTypeOf } from './media-type.js';

export interface ExpectedType {
  apiVersion: string;
  kind: string;
}

export const UNKNOWN_BODY_FORMAT =
  'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf';

type ProtobufDecoder = (body: Buffer, expected: ExpectedType) => KObject;
let protobufDecoder: ProtobufDecoder | undefined;

/** The protobuf codec is loaded on first use so that start-up stays fast. */
async function loadProtobuf(): Promise<ProtobufDecoder> {
  if (!protobufDecoder) {
    const mod = (await import('./protobuf.js')) as { decodeProtobufObject: ProtobufDecoder };
    protobufDecoder = mod.decodeProtobufObject;
  }
  return protobufDecoder;
}

function cannotHandle(expected: ExpectedType, err: string): StatusError {
  const version = expected.apiVersion.split('/').pop()!;
  return badRequest(`${expected.kind} in version "${version}" cannot be handled as a ${expected.kind}: ${err}`);
}

export async function decodeBody(contentTypeHeader: string | undefined, body: Buffer, expected: ExpectedType): Promise<KObject> {
  const ct = contentTypeOf(contentTypeHeader);
  let obj: unknown;
  if (ct === '' || ct === 'application/json' || ct === '*/*') {
    try {
      obj = parseJsonBody(body);
    } catch (e) {
      throw cannotHandle(expected, `json parse error: ${(e as Error).message}`);
    }
  } else if (ct === 'application/yaml') {
    try {
      obj = parseYamlBody(body);
    } catch (e) {
      throw cannotHandle(expected, `error converting YAML to JSON: ${(e as Error).message}`);
    }
  } else if (ct === 'application/vnd.kubernetes.protobuf') {
    obj = (await loadProtobuf())(body, expected);
  } else {
    throw unsupportedMediaType(UNKNOWN_BODY_FORMAT);
  }
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
