// application/cbor (kube's CBOR serializer, behind the CBORServingAndStorage feature gate: negotiation offers it and
// bodies are read in it only when the gate is on). Built-in kinds follow their schema (Go []byte and float fields);
// custom resources have none to follow.
import { CBOR_MEDIA_TYPE, encodeObject } from '../negotiation/cbor-wire.js';
import { BodyDecodeError, decoderStrictErrors, type ExpectedType, type Serializer } from './serializer.js';
import { featureEnabled } from '../../features/feature-gates.js';
import { badRequest } from '../../errors/status.js';
import type { DecodedApplyBody } from '../../apply/apply-body.js';
import type { KObject } from '../../api/object.js';

export const CBOR_GATE = 'CBORServingAndStorage';

/** Whether the server serves CBOR (the alpha gate, off by default). */
export function cborEnabled(options: { featureGates: Record<string, boolean> }): boolean {
  return featureEnabled(options, CBOR_GATE);
}

/** A body in kube's CBOR: decode errors name the expected kind; kube's strict finding is kept for the write hook. */
async function decodeCborBody(body: Buffer, expected: ExpectedType): Promise<unknown> {
  const { decodeCbor, CborDecodeError } = await import('../negotiation/cbor-decode.js');
  const { builtinKindSchema } = await import('../../schema/builtin-schemas.js');
  const slash = expected.apiVersion.indexOf('/');
  const [group, version] = slash < 0 ? ['', expected.apiVersion] : [expected.apiVersion.slice(0, slash), expected.apiVersion.slice(slash + 1)];
  const strict: string[] = [];
  let value: unknown;
  try {
    value = decodeCbor(body, builtinKindSchema(group, version, expected.kind), strict);
  } catch (e) {
    if (!(e instanceof CborDecodeError)) throw e;
    throw new BodyDecodeError(`unable to determine group/version/kind: ${e.message}`);
  }
  if (value !== null && typeof value === 'object') decoderStrictErrors.set(value, strict);
  return value;
}

/** An apply configuration in CBOR (kube's apply-patch+cbor): one map, read without a schema. */
async function decodeCborApplyConfiguration(body: Buffer): Promise<DecodedApplyBody> {
  const { decodeCbor, CborDecodeError } = await import('../negotiation/cbor-decode.js');
  let value: unknown;
  try {
    value = decodeCbor(body);
  } catch (e) {
    if (e instanceof CborDecodeError) throw badRequest(`error decoding YAML: ${e.message}`);
    throw e;
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    const got = Array.isArray(value) ? 'array' : typeof value === 'string' ? 'byte string' : typeof value === 'number' ? 'integer' : 'primitives';
    throw badRequest(`error decoding YAML: cbor: cannot unmarshal ${got} into Go value of type map[string]interface {}`);
  }
  return { config: (value ?? {}) as KObject };
}

export const cborSerializer: Serializer = {
  mediaType: CBOR_MEDIA_TYPE,
  format: 'cbor',
  encode: (_ctx, body) => ({ contentType: CBOR_MEDIA_TYPE, bytes: encodeObject(body) }),
  decode: decodeCborBody,
  decodeApplyConfiguration: decodeCborApplyConfiguration,
};
