// Decodes a create/update body by Content-Type (JSON, YAML, Protobuf) and checks apiVersion/kind against
// the endpoint, with kube's 400 and 415 texts (apiserver.md §3.1 step 3).
import { YAMLError } from 'yaml';
import { JsonBodySyntaxError, parseJsonBody } from '../field-validation/json-body.js';
import { YamlLimitError } from '../../patch/yaml-decode.js';
import { MAX_NESTING_DEPTH, nestingExceeds } from '../../config/nesting-depth.js';
import { parseYamlBody } from '../field-validation/yaml-body.js';
import { badRequest, StatusError, unsupportedMediaType } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import { contentTypeOf } from './media-type.js';
import { typeMetaError } from './type-meta.js';

export interface ExpectedType {
  apiVersion: string;
  kind: string;
}

export const UNKNOWN_BODY_FORMAT =
  'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf';
const UNKNOWN_BODY_FORMAT_CBOR = `${UNKNOWN_BODY_FORMAT}, application/cbor`;

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

/** A CBOR body: kube's decode errors are 400s naming the expected kind, with the body summarized in hex. */
async function decodeCborBody(body: Buffer, expected: ExpectedType, strict: string[]): Promise<unknown> {
  const { decodeCbor, CborDecodeError } = await import('./cbor-decode.js');
  const { builtinKindSchema } = await import('../../schema/builtin-schemas.js');
  const slash = expected.apiVersion.indexOf('/');
  const [group, version] = slash < 0 ? ['', expected.apiVersion] : [expected.apiVersion.slice(0, slash), expected.apiVersion.slice(slash + 1)];
  try {
    return decodeCbor(body, builtinKindSchema(group, version, expected.kind), strict);
  } catch (e) {
    if (!(e instanceof CborDecodeError)) throw e;
    throw unrecognized(expected, `unable to determine group/version/kind: ${e.message}`, body);
  }
}

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
export async function decodeBody(contentTypeHeader: string | undefined, body: Buffer, expected: ExpectedType, cbor = false): Promise<KObject> {
  const ct = contentTypeOf(contentTypeHeader);
  let obj: unknown;
  let cborStrict: string[] | undefined;
  if (ct === '' || ct === 'application/json' || ct === '*/*') {
    try {
      obj = parseJsonBody(body);
    } catch (e) {
      if (!(e instanceof JsonBodySyntaxError)) throw e;
      throw unrecognized(expected, `couldn't get version/kind; json parse error: ${e.message}`, body);
    }
  } else if (ct === 'application/yaml') {
    try {
      obj = parseYamlBody(body);
    } catch (e) {
      if (e instanceof YamlLimitError) throw unrecognized(expected, e.message, body);
      if (e instanceof YAMLError) throw unrecognized(expected, `yaml: ${e.message}`, body);
      throw e;
    }
  } else if (ct === 'application/vnd.kubernetes.protobuf') {
    obj = (await loadProtobuf())(body, expected);
    // Embedded JSON (RawExtension, JSONSchemaProps) can nest as deep as it likes in Protobuf.
    if (nestingExceeds(obj)) {
      const version = expected.apiVersion.split('/').pop()!;
      throw badRequest(`${expected.kind} in version "${version}" cannot be handled as a ${expected.kind}: exceeded max depth of ${MAX_NESTING_DEPTH}`);
    }
  } else if (ct === 'application/cbor' && cbor) {
    obj = await decodeCborBody(body, expected, (cborStrict = []));
  } else {
    throw unsupportedMediaType(cbor ? UNKNOWN_BODY_FORMAT_CBOR : UNKNOWN_BODY_FORMAT);
  }
  if (obj === null || obj === undefined) obj = {};
  if (typeof obj !== 'object' || Array.isArray(obj)) {
    throw unrecognized(expected, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goKindOf(obj)} into Go value of type ${FIND_KIND_TYPE}`, body);
  }
  const o = obj as KObject;
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
  const decoded: KObject = { kind, apiVersion, ...rest };
  if (cborStrict) (await import('./cbor-decode.js')).cborStrictErrors.set(decoded, cborStrict);
  return decoded;
}
