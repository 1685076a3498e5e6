// Request bodies in the Protobuf media type (application/vnd.kubernetes.protobuf), which client-go typed clients,
// and so kubectl's generator commands, auth can-i and auth whoami, send for built-in kinds. A body is the magic
// `k8s\0` followed by a runtime.Unknown whose typeMeta names the kind and whose raw bytes are the object's own
// message; decoding yields the object in kube's JSON form (see protobuf-to-json.ts for the rules), so everything
// after the codec sees one representation whatever the Content-Type was.
import protobuf from 'protobufjs';
import { StatusError } from '../../errors/status.js';
import { encodeObject, watchFrame } from './protobuf-wire.js';
import { messageToJson, isEnvelope, ProtobufValueError, type JsonObject } from './protobuf-to-json.js';
import { messageTypeFor, unknownType } from './protobuf-types.js';

export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

export interface ExpectedKind {
  /** The apiVersion of the endpoint (`v1`, `apps/v1`): fills a missing apiVersion, as kube defaults it. */
  apiVersion: string;
  /** The kind the endpoint takes; fills a missing kind and names it in error messages. */
  kind: string;
}

/**
 * A body that cannot be decoded: a 400 BadRequest worded as kube's create/update handlers word it, carrying the
 * decoder's own error text as `decoderMessage`. kube's delete handler passes that text on unwrapped, which makes it a
 * 500 with an empty reason; a DeleteOptions caller answers `internalError(e.decoderMessage)`-style instead.
 */
export class ProtobufDecodeError extends StatusError {
  readonly decoderMessage: string;
  constructor(message: string, decoderMessage: string) {
    super({ code: 400, reason: 'BadRequest', message });
    this.decoderMessage = decoderMessage;
  }
}

// The scheme kube-apiserver registers built-in kinds in; its "no kind is registered" errors name it.
const SCHEME_NAME = 'pkg/api/legacyscheme/scheme.go:30';

/**
 * Decodes a protobuf request body into the object's JSON form, with `kind` and `apiVersion` set from the envelope
 * (or from `expected` where the envelope leaves them empty). Throws a ProtobufDecodeError (400 BadRequest) worded
 * as kube-apiserver's create/update handlers word decode failures:
 *   - unreadable envelope: `the object provided is unrecognized (must be of type <Kind>): <err> (<hex of the first 30 bytes> ...)`
 *   - readable envelope, bad object: `<Kind> in version "<v>" cannot be handled as a <ExpectedKind>: <err>`
 * Whether the decoded apiVersion/kind suit the endpoint is the caller's check, as in kube's handlers.
 */
export function decodeProtobufObject(body: Buffer | Uint8Array, expected?: ExpectedKind): Record<string, unknown> {
  const bytes = body instanceof Buffer ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const unrecognized = (err: string): ProtobufDecodeError =>
    new ProtobufDecodeError(`the object provided is unrecognized (must be of type ${expected?.kind ?? ''}): ${err} (${summarize(bytes)})`, err);

  if (bytes.length === 0) throw unrecognized('empty data');
  if (!isEnvelope(bytes)) throw unrecognized('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  if (bytes.length === 4) throw unrecognized('empty body');

  let unknown: { typeMeta?: { apiVersion?: string; kind?: string }; raw?: Uint8Array };
  try {
    unknown = unknownType().decode(bytes.subarray(4)) as typeof unknown;
  } catch (e) {
    throw unrecognized(wireError(e));
  }
  const apiVersion = unknown.typeMeta?.apiVersion || expected?.apiVersion || '';
  const kind = unknown.typeMeta?.kind || expected?.kind || '';
  const version = apiVersion.slice(apiVersion.indexOf('/') + 1);
  const cannotHandle = (err: string): ProtobufDecodeError =>
    new ProtobufDecodeError(`${kind} in version "${version}" cannot be handled as a ${expected?.kind ?? kind}: ${err}`, err);

  if (!kind) throw unrecognized(`Object 'Kind' is missing in '${typeMetaGoString(unknown.typeMeta)}'`);
  if (!apiVersion) throw cannotHandle(`Object 'apiVersion' is missing in '${typeMetaGoString(unknown.typeMeta)}'`);
  const type = messageTypeFor(apiVersion, kind);
  if (!type) throw cannotHandle(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "${SCHEME_NAME}"`);

  let decoded: protobuf.Message;
  try {
    decoded = type.decode(unknown.raw ?? new Uint8Array(0));
  } catch (e) {
    throw cannotHandle(wireError(e));
  }
  try {
    const obj: JsonObject = { kind, apiVersion };
    return messageToJson(type, decoded as unknown as Record<string, unknown>, decodeNested, obj);
  } catch (e) {
    if (e instanceof ProtobufValueError) throw cannotHandle(e.message);
    throw e;
  }
}

/**
 * Encodes an object in kube's JSON form (with `apiVersion` and `kind` of a built-in kind) as a protobuf body, as
 * kube-apiserver writes responses (protobuf-wire.ts). Throws a plain Error for kinds without a protobuf message
 * (custom resources): callers negotiate JSON for those.
 */
export function encodeProtobufObject(obj: Record<string, unknown>): Buffer {
  return encodeObject(obj as JsonObject);
}

/** One protobuf watch frame (`application/vnd.kubernetes.protobuf;stream=watch`) of an object. */
export function encodeProtobufWatchEvent(type: string, object: Record<string, unknown>): Buffer {
  return watchFrame(type, encodeObject(object as JsonObject));
}

/** A RawExtension holding another protobuf object (a nested envelope), decoded the same way. */
function decodeNested(raw: Uint8Array): JsonObject {
  return decodeProtobufObject(raw) as JsonObject;
}

/** kube prints bodies it cannot read as hex, at most 30 bytes, then " ..." (a JSON-looking body as text). */
function summarize(data: Buffer): string {
  const max = 30;
  if (data.length === 0) return '<empty>';
  if (data[0] === 0x7b) return data.length > max ? `${data.subarray(0, max).toString('latin1')} ...` : data.toString('latin1');
  return data.length > max ? `${data.subarray(0, max).toString('hex')} ...` : data.toString('hex');
}

const typeMetaGoString = (tm: { apiVersion?: string; kind?: string } | undefined): string =>
  `runtime.TypeMeta{APIVersion:"${tm?.apiVersion ?? ''}", Kind:"${tm?.kind ?? ''}"}`;

/**
 * protobufjs and gogo word wire errors differently: a truncated message reads as gogo's io.ErrUnexpectedEOF, an
 * unknown field with an impossible wire type as gogo's skip error; others keep protobufjs's text behind "proto: ".
 */
function wireError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof RangeError || /index out of range/.test(msg)) return 'unexpected EOF';
  const wireType = /invalid wire type (\d+)/.exec(msg);
  if (wireType) return `proto: illegal wireType ${wireType[1]}`;
  return `proto: ${msg}`;
}
