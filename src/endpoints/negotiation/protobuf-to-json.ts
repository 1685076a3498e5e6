// Turns a decoded protobuf message of a built-in kind into the object kube's JSON decoder would have produced
// from the same Go value. The rule for what is kept (DESIGN: the Go struct is the truth, JSON and proto are two
// encodings of it):
//   - Scalars (string, bool, numbers, bytes): gogo writes every non-pointer scalar, zero or not, so on the wire a
//     zero says nothing; for such fields zero and absent are the same Go value, and the zero is dropped (as JSON
//     `omitempty` drops it). Pointer fields (`ptr` in the descriptor, from protobuf-pointer-fields.ts) are written
//     only when set, so their zero is kept: replicas: 0, automountServiceAccountToken: false, storageClassName: "".
//   - Messages: present means non-nil (pointer) or a struct Go always encodes, so a present message is kept even
//     when empty (`spec: {}`), absent means nil and is omitted.
//   - Value types are rendered as their Go JSON marshallers do: Time/MicroTime as RFC 3339 (a zero time, which Go
//     writes as null, is omitted: null and absent decode alike), Quantity as its string, IntOrString as number or
//     string, Duration as Go's duration text, RawExtension/FieldsV1/JSON as the JSON they carry.
//   - Lists and maps: empty ones are absent on the wire; elements and map values are kept as they are, zeros
//     included (data: {key: ""} is meaningful).
//   - Field names are the JSON names (descriptor option `json`), embedded structs are inlined (`inline`), and Go
//     slice types that proto wraps in a message (ExtraValue, Verbs: type option `list`) become plain arrays.
import protobuf from 'protobufjs';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
type Msg = Record<string, unknown>;

/** Thrown when the bytes inside a value type (RawExtension, FieldsV1, JSON) are not what they must be. */
export class ProtobufValueError extends Error {}

/** Decodes a nested `k8s\0` envelope found inside a RawExtension; set by protobuf.ts to avoid an import cycle. */
export type NestedDecoder = (raw: Uint8Array) => JsonObject;

export function messageToJson(type: protobuf.Type, msg: Msg, nested: NestedDecoder, out: JsonObject = {}): JsonObject {
  for (const field of type.fieldsArray) {
    if (!Object.hasOwn(msg, field.name)) continue;
    const v = msg[field.name];
    const opts = field.options as { json?: string; inline?: boolean; ptr?: boolean } | undefined;
    const name = opts?.json ?? field.name;
    const rt = field.resolvedType;
    if (field.map) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0) continue;
      const obj: JsonObject = {};
      for (const [k, val] of entries) obj[k] = elementToJson(rt, field.type, val, nested);
      out[name] = obj;
    } else if (field.repeated) {
      const arr = v as unknown[];
      if (arr.length === 0) continue;
      out[name] = arr.map((el) => elementToJson(rt, field.type, el, nested));
    } else if (rt instanceof protobuf.Type) {
      if (opts?.inline) {
        messageToJson(rt, v as Msg, nested, out);
        continue;
      }
      const val = valueToJson(rt, v as Msg, nested);
      if (val !== undefined) out[name] = val;
    } else {
      const val = scalarToJson(field.type, v);
      if (opts?.ptr || !isZero(val)) out[name] = val;
    }
  }
  return out;
}

function elementToJson(rt: protobuf.Type | protobuf.Enum | null, type: string, v: unknown, nested: NestedDecoder): JsonValue {
  if (rt instanceof protobuf.Type) return valueToJson(rt, v as Msg, nested) ?? null;
  return scalarToJson(type, v);
}

const isZero = (v: JsonValue): boolean => v === '' || v === 0 || v === false;

function scalarToJson(type: string, v: unknown): JsonValue {
  switch (type) {
    case 'bytes':
      return Buffer.from(v as Uint8Array).toString('base64');
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return toNumber(v);
    default:
      return v as JsonValue;
  }
}

/** int64 fields decode to Long objects; JSON has plain numbers (kube writes int64 as JSON numbers). */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && v !== null && 'toNumber' in v) return (v as { toNumber(): number }).toNumber();
  return Number(v);
}

const has = (m: Msg, k: string): boolean => Object.hasOwn(m, k);

/** A message as a JSON value; undefined means "omit" (Go would write null). */
function valueToJson(type: protobuf.Type, m: Msg, nested: NestedDecoder): JsonValue | undefined {
  const pkg = type.parent?.fullName;
  if (pkg === '.k8s.io.apimachinery.pkg.apis.meta.v1') {
    switch (type.name) {
      case 'Time':
        return formatTime(toNumber(m.seconds ?? 0), Number(m.nanos ?? 0), false);
      case 'MicroTime':
        return formatTime(toNumber(m.seconds ?? 0), Number(m.nanos ?? 0), true);
      case 'Duration':
        return formatDuration(BigInt(String(m.duration ?? 0)));
      case 'FieldsV1':
        return rawJson(m.Raw as Uint8Array | undefined, 'FieldsV1');
    }
  } else if (pkg === '.k8s.io.apimachinery.pkg.api.resource' && (type.name === 'Quantity' || type.name === 'QuantityValue')) {
    return has(m, 'string') ? (m.string as string) : '0';
  } else if (pkg === '.k8s.io.apimachinery.pkg.util.intstr' && type.name === 'IntOrString') {
    return toNumber(m.type ?? 0) === 1 ? ((m.strVal as string | undefined) ?? '') : Number(m.intVal ?? 0);
  } else if (pkg === '.k8s.io.apimachinery.pkg.runtime' && type.name === 'RawExtension') {
    const raw = m.raw as Uint8Array | undefined;
    if (raw && isEnvelope(raw)) return nested(raw);
    return rawJson(raw, 'RawExtension');
  } else if (pkg?.startsWith('.k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.')) {
    const schema = (): JsonValue | undefined => (has(m, 'schema') ? valueToJson(type.fields.schema!.resolvedType as protobuf.Type, m.schema as Msg, nested) : undefined);
    switch (type.name) {
      case 'JSON':
        return rawJson(m.raw as Uint8Array | undefined, 'JSON');
      case 'JSONSchemaPropsOrArray': {
        const list = (m.jSONSchemas as Msg[] | undefined) ?? [];
        if (list.length > 0) return list.map((s) => valueToJson(type.fields.jSONSchemas!.resolvedType as protobuf.Type, s, nested) ?? null);
        return schema();
      }
      case 'JSONSchemaPropsOrBool':
        return has(m, 'schema') ? schema() : Boolean(m.allows);
      case 'JSONSchemaPropsOrStringArray': {
        const list = (m.property as string[] | undefined) ?? [];
        return list.length > 0 ? list : schema();
      }
    }
  }
  if ((type.options as { list?: boolean } | undefined)?.list) {
    const only = type.fieldsArray[0]!;
    return ((m[only.name] as unknown[] | undefined) ?? []).map((el) => elementToJson(only.resolvedType, only.type, el, nested));
  }
  return messageToJson(type, m, nested);
}

const ENVELOPE_MAGIC = [0x6b, 0x38, 0x73, 0x00];
export const isEnvelope = (b: Uint8Array): boolean => b.length >= 4 && ENVELOPE_MAGIC.every((c, i) => b[i] === c);

function rawJson(raw: Uint8Array | undefined, what: string): JsonValue | undefined {
  if (!raw || raw.length === 0) return undefined;
  const text = Buffer.from(raw).toString('utf8');
  try {
    return JSON.parse(text) as JsonValue;
  } catch (e) {
    throw new ProtobufValueError(`${what} does not hold JSON: ${(e as Error).message}`);
  }
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** metav1.Time: RFC 3339 in UTC with seconds; MicroTime: with exactly six fraction digits. Zero → undefined. */
export function formatTime(seconds: number, nanos: number, micro: boolean): string | undefined {
  if (seconds === 0 && nanos === 0) return undefined;
  const d = new Date(seconds * 1000);
  const year = d.getUTCFullYear();
  const base = `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return micro ? `${base}.${pad(Math.floor(nanos / 1000), 6)}Z` : `${base}Z`;
}

/** Go's time.Duration.String(): "1h2m3.5s", "1.5ms", "0s". */
export function formatDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  const sign = neg ? '-' : '';
  const frac = (v: bigint, digits: number): string => {
    const s = v.toString().padStart(digits, '0').replace(/0+$/, '');
    return s ? `.${s}` : '';
  };
  if (u < 1000n) return `${sign}${u}ns`;
  if (u < 1000000n) return `${sign}${u / 1000n}${frac(u % 1000n, 3)}µs`;
  if (u < 1000000000n) return `${sign}${u / 1000000n}${frac(u % 1000000n, 6)}ms`;
  const secNs = u % 60000000000n;
  u /= 60000000000n;
  let out = `${secNs / 1000000000n}${frac(secNs % 1000000000n, 9)}s`;
  if (u > 0n) {
    out = `${u % 60n}m${out}`;
    u /= 60n;
    if (u > 0n) out = `${u}h${out}`;
  }
  return sign + out;
}
