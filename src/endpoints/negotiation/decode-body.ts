// Decodes a create/update body with the serializer its Content-Type names (serializers/, kube's
// NegotiateInputSerializer) and does what kube's codec does for every format: reads apiVersion and kind, defaults
// them from the endpoint and checks them against it, with kube's 400 and 415 texts (apiserver.md §3.1 step 3).
import { badRequest, StatusError, unsupportedMediaType } from '../../errors/status.js';
import type { KubeObject } from '../../api/object.js';
import { contentTypeOf } from './media-type.js';
import { typeMetaError } from './type-meta.js';
import { decoderFor, unsupportedBodyFormat } from '../serializers/index.js';
import { jsonSerializer } from '../serializers/json.js';
import { BodyDecodeError, decoderStrictErrors, type ExpectedType, type Serializer } from '../serializers/serializer.js';

export type { ExpectedType };

/** kube's summarizeData: the first 30 bytes, as text when the body starts with `{`, else in hex. */
function summarize(body: Buffer): string {
  if (body.length === 0) return '<empty>';
  const head = body.subarray(0, 30);
  const shown = body[0] === 0x7b ? head.toString('utf8') : head.toString('hex');
  return body.length > 30 ? `${shown} ...` : shown;
}

/** A body whose apiVersion and kind cannot be read at all (kube's transformDecodeError without a kind). */
function unrecognized(expected: ExpectedType, err: string, body: Buffer): StatusError {
  return badRequest(`the object provided is unrecognized (must be of type ${expected.kind}): ${err} (${summarize(body)})`);
}

// Go's %v of the anonymous struct kube reads apiVersion and kind into.
const FIND_KIND_TYPE = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

const goKindOf = (v: unknown): string => (Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string');

/** `cbor`: the endpoint serves application/cbor (CBORServingAndStorage). */
export async function decodeBody(contentTypeHeader: string | undefined, body: Buffer, expected: ExpectedType, cbor = false): Promise<KubeObject> {
  const serializer = decoderFor(contentTypeOf(contentTypeHeader), cbor);
  if (!serializer) throw unsupportedMediaType(unsupportedBodyFormat(cbor));
  let obj: unknown;
  try {
    obj = await serializer.decode!(body, expected);
  } catch (e) {
    if (e instanceof BodyDecodeError) throw unrecognized(expected, e.message, body);
    throw e;
  }
  if (obj === null || obj === undefined) obj = {};
  if (typeof obj !== 'object' || Array.isArray(obj)) {
    throw unrecognized(expected, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goKindOf(obj)} into Go value of type ${FIND_KIND_TYPE}`, body);
  }
  const o = obj as KubeObject;
  const tm = typeMetaError(o);
  if (tm) throw unrecognized(expected, tm, body);
  if (o.apiVersion === null) delete o.apiVersion;
  if (o.kind === null) delete o.kind;
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
  const decoded: KubeObject = { kind, apiVersion, ...rest };
  const strict = decoderStrictErrors.get(o);
  if (strict) decoderStrictErrors.set(decoded, strict);
  return decoded;
}

/**
 * The serializer reading a DeleteOptions body: kube's delete handler reads JSON, YAML and Protobuf, and any other
 * Content-Type as JSON.
 */
export function optionsDecoderFor(contentTypeHeader: string | undefined): Serializer {
  return decoderFor(contentTypeOf(contentTypeHeader), false) ?? jsonSerializer;
}
