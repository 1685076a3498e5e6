// The inverse of protobuf-to-json.ts: an object in kube's JSON form as the plain protobufjs value of its message,
// ready for Type.encode, shaped so that the bytes are those of kube's generated (gogo) marshallers: protobufjs writes
// fields in number order as gogo does; a non-pointer scalar is always written, its zero when the JSON omits it; a
// pointer (`ptr` in the descriptor) and a message the JSON lacks are not (Go's JSON always has a non-pointer
// struct), except Time and MicroTime, which gogo writes as an empty message when zero; map entries go in Go's
// sorted key order; null is "absent".
import protobuf from 'protobufjs';
import type { JsonObject, JsonValue } from './protobuf-to-json.js';

type Msg = Record<string, unknown>;

const resolved = new WeakSet<protobuf.Type>();
function fieldsOf(type: protobuf.Type): protobuf.Field[] {
  if (!resolved.has(type)) {
    for (const f of type.fieldsArray) f.resolve();
    resolved.add(type);
  }
  return type.fieldsArray;
}

export function jsonToMessage(type: protobuf.Type, json: JsonObject): Msg {
  const out: Msg = {};
  for (const field of fieldsOf(type)) {
    const opts = field.options as { json?: string; inline?: boolean } | undefined;
    const rt = field.resolvedType;
    if (opts?.inline && rt instanceof protobuf.Type) {
      out[field.name] = jsonToMessage(rt, json);
      continue;
    }
    const name = opts?.json ?? field.name;
    const v = Object.hasOwn(json, name) ? json[name] : undefined;
    if (v === null || v === undefined) {
      const zero = field.repeated || field.map || (field.options as { ptr?: boolean } | undefined)?.ptr ? undefined : zeroOf(field, rt);
      if (zero !== undefined) out[field.name] = zero;
      continue;
    }
    if (field.map) {
      const obj: Msg = {};
      const entries = v as JsonObject;
      for (const k of Object.keys(entries).sort()) {
        const val = entries[k];
        if (val !== null && val !== undefined) obj[k] = elementToProto(rt, field.type, val);
      }
      out[field.name] = obj;
    } else if (field.repeated) {
      out[field.name] = (v as JsonValue[]).map((el) => elementToProto(rt, field.type, el));
    } else {
      const val = elementToProto(rt, field.type, v);
      if (val !== undefined) out[field.name] = val;
    }
  }
  return out;
}

const SCALAR_ZERO: Readonly<Record<string, unknown>> = {
  string: '', bool: false, int32: 0, int64: 0, uint32: 0, uint64: 0, sint32: 0, sint64: 0, fixed32: 0, fixed64: 0,
  sfixed32: 0, sfixed64: 0, double: 0, float: 0,
};

/** What gogo writes for a non-pointer field the object leaves unset (undefined: nothing). */
function zeroOf(field: protobuf.Field, rt: protobuf.Type | protobuf.Enum | null): unknown {
  if (rt instanceof protobuf.Type) {
    const isTime = (rt.name === 'Time' || rt.name === 'MicroTime') && rt.parent?.fullName === '.k8s.io.apimachinery.pkg.apis.meta.v1';
    return isTime ? {} : undefined;
  }
  return SCALAR_ZERO[field.type];
}

function elementToProto(rt: protobuf.Type | protobuf.Enum | null, type: string, v: JsonValue): unknown {
  if (rt instanceof protobuf.Type) return valueToProto(rt, v);
  if (type === 'bytes') return Buffer.from(String(v), 'base64');
  return v;
}

const jsonBytes = (v: JsonValue): Buffer => Buffer.from(JSON.stringify(v));

function valueToProto(type: protobuf.Type, v: JsonValue): unknown {
  const pkg = type.parent?.fullName;
  if (pkg === '.k8s.io.apimachinery.pkg.apis.meta.v1') {
    switch (type.name) {
      case 'Time':
      case 'MicroTime':
        return parseTime(String(v));
      case 'Duration':
        return { duration: parseDuration(String(v)) };
      case 'FieldsV1':
        return { Raw: jsonBytes(v) };
    }
  } else if (pkg === '.k8s.io.apimachinery.pkg.api.resource' && (type.name === 'Quantity' || type.name === 'QuantityValue')) {
    return { string: String(v) };
  } else if (pkg === '.k8s.io.apimachinery.pkg.util.intstr' && type.name === 'IntOrString') {
    return typeof v === 'number' ? { type: 0, intVal: v, strVal: '' } : { type: 1, intVal: 0, strVal: String(v) };
  } else if (pkg === '.k8s.io.apimachinery.pkg.runtime' && type.name === 'RawExtension') {
    return { raw: jsonBytes(v) };
  } else if (pkg?.startsWith('.k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.')) {
    const schemaType = (): protobuf.Type => fieldsOf(type).find((f) => f.name === 'schema')!.resolvedType as protobuf.Type;
    switch (type.name) {
      case 'JSON':
        return { raw: jsonBytes(v) };
      case 'JSONSchemaPropsOrArray':
        return Array.isArray(v) ? { jSONSchemas: v.map((s) => jsonToMessage(schemaType(), s as JsonObject)) } : { schema: jsonToMessage(schemaType(), v as JsonObject) };
      case 'JSONSchemaPropsOrBool':
        return typeof v === 'boolean' ? { allows: v } : { allows: true, schema: jsonToMessage(schemaType(), v as JsonObject) };
      case 'JSONSchemaPropsOrStringArray':
        return Array.isArray(v) ? { property: v } : { schema: jsonToMessage(schemaType(), v as JsonObject) };
    }
  }
  if ((type.options as { list?: boolean } | undefined)?.list) {
    const only = fieldsOf(type)[0]!;
    return { [only.name]: (v as JsonValue[]).map((el) => elementToProto(only.resolvedType, only.type, el)) };
  }
  return jsonToMessage(type, v as JsonObject);
}

/** RFC 3339 → {seconds, nanos}, keeping fractions to the nanosecond (Date keeps milliseconds only). */
export function parseTime(s: string): { seconds: number; nanos: number } | undefined {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(s);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}${m[3]!.toUpperCase()}`);
  if (Number.isNaN(ms)) return undefined;
  return { seconds: Math.floor(ms / 1000), nanos: m[2] ? Number(m[2].padEnd(9, '0')) : 0 };
}

const UNIT_NS: Readonly<Record<string, number>> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Go's time.ParseDuration, to nanoseconds. */
export function parseDuration(s: string): number {
  if (s === '0') return 0;
  const m = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(s);
  if (!m) throw new Error(`time: invalid duration "${s}"`);
  let total = 0;
  for (const part of s.slice(m[1]!.length).matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * UNIT_NS[part[2]!]!;
  return Math.round(m[1] === '-' ? -total : total);
}
