// Decodes application/cbor request bodies into the JSON model with the rules of kube's CBOR decoder
// (apimachinery's cbor modes.Decode): the self-described tag is optional; byte strings and text strings both read as
// strings (a byte string in a Go []byte field, OpenAPI format "byte", becomes its base64 text; one tagged "expected
// base64/base64url/base16" reads as that text); map keys must be strings and unique once decoded; at most 1024 array
// elements and map pairs, 64 levels; integers must fit an int64; NaN, infinities, undefined, other simple values and
// bignums are refused; time tags read as RFC 3339 text; other tags read as their content. cbor2 parses the bytes.
import { decode, Tag } from 'cbor2';
import type { SchemaNode } from '../../schema/schema-node.js';

export class CborDecodeError extends Error {}

const MAX_ELEMENTS = 1024;
const MAX_DEPTH = 64;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A map as it was on the wire: every pair in order, duplicates included (they are checked once keys are decoded). */
class WireMap {
  constructor(readonly entries: [unknown, unknown][]) {}
}

const DECODE_OPTIONS = {
  rejectUndefined: true,
  rejectSimple: true,
  ignoreGlobalTags: true,
  maxDepth: MAX_DEPTH + 2,
  createObject: (kve: [unknown, unknown, Uint8Array][]) => new WireMap(kve.map(([k, v]) => [k, v])),
};

function childOf(node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  if (!node) return undefined;
  const p = node.property(key);
  if (p) return p;
  const a = node.additionalProperties;
  return typeof a === 'object' ? a : undefined;
}

function rfc3339Nano(d: Date, fracNanos?: string): string {
  const iso = d.toISOString(); // 2006-01-02T15:04:05.000Z
  const base = iso.slice(0, 19);
  const frac = (fracNanos ?? iso.slice(20, 23)).replace(/0+$/, '');
  return `${base}${frac ? '.' + frac : ''}Z`;
}

function timeTag(tag: number, contents: unknown): string {
  if (tag === 0) {
    if (typeof contents !== 'string') throw new CborDecodeError('cbor: tag number 0 must be followed by text string, got ' + typeName(contents));
    const d = new Date(contents);
    if (Number.isNaN(d.getTime())) throw new CborDecodeError(`cbor: cannot set ${contents} for time.Time: parsing time "${contents}" as "2006-01-02T15:04:05Z07:00": cannot parse`);
    const m = /\.(\d+)/.exec(contents);
    return rfc3339Nano(d, m?.[1]);
  }
  if (typeof contents !== 'number' || !Number.isFinite(contents)) throw new CborDecodeError('cbor: tag number 1 must be followed by integer or floating-point number, got ' + typeName(contents));
  const secs = Math.floor(contents);
  const nanos = Math.round((contents - secs) * 1e9);
  return rfc3339Nano(new Date(secs * 1000), String(nanos).padStart(9, '0'));
}

function typeName(v: unknown): string {
  if (v instanceof Uint8Array) return 'byte string';
  if (typeof v === 'string') return 'UTF-8 text string';
  if (Array.isArray(v)) return 'array';
  if (v instanceof WireMap) return 'map';
  return typeof v === 'number' || typeof v === 'bigint' ? 'integer' : String(v);
}

interface DecodeState {
  /** Index (in its map) of the first key, in wire order, that the schema does not declare. */
  unknownIndex?: number;
}

/** A key a typed (schema-guided) decode has no field for: the node lists properties and takes no others. */
function isUnknownKey(node: SchemaNode | undefined, key: string): boolean {
  if (!node || !node.hasProperties || node.property(key)) return false;
  const a = node.additionalProperties;
  return a === undefined || a === false;
}

function convert(v: unknown, node: SchemaNode | undefined, depth: number, st: DecodeState = {}): unknown {
  if (depth > MAX_DEPTH) throw new CborDecodeError(`cbor: exceeded max nested level ${MAX_DEPTH}`);
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new CborDecodeError(Number.isNaN(v) ? 'cbor: floating-point number NaN not allowed' : 'cbor: floating-point infinity not allowed');
    return v;
  }
  if (typeof v === 'bigint') {
    if (v < INT64_MIN || v > INT64_MAX) {
      throw new CborDecodeError(v > 0n ? `cbor: cannot unmarshal positive integer into Go value of type int64 (${v} overflows Go's int64)` : `cbor: cannot unmarshal negative integer into Go value of type int64 (-${-v} overflows Go's int64)`);
    }
    return Number(v);
  }
  if (v instanceof Uint8Array) {
    const b = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    return node?.format === 'byte' ? b.toString('base64') : b.toString('utf8');
  }
  if (Array.isArray(v)) {
    if (v.length > MAX_ELEMENTS) throw new CborDecodeError(`cbor: exceeded max number of elements ${MAX_ELEMENTS} for CBOR array`);
    const items = node?.items;
    return v.map((x) => convert(x, items, depth + 1, st));
  }
  if (v instanceof WireMap) {
    if (v.entries.length > MAX_ELEMENTS) throw new CborDecodeError(`cbor: exceeded max number of key-value pairs ${MAX_ELEMENTS} for CBOR map`);
    const out: Record<string, unknown> = {};
    let i = 0;
    for (const [rawKey, value] of v.entries) {
      let key: string;
      if (typeof rawKey === 'string') key = rawKey;
      else if (rawKey instanceof Uint8Array) key = Buffer.from(rawKey.buffer, rawKey.byteOffset, rawKey.byteLength).toString('utf8');
      else throw new CborDecodeError(`cbor: cannot unmarshal ${typeName(rawKey)} into Go value of type string`);
      if (Object.prototype.hasOwnProperty.call(out, key)) throw new CborDecodeError(`cbor: found duplicate map key "${key}" at map element index ${i}`);
      if (st.unknownIndex === undefined && isUnknownKey(node, key)) st.unknownIndex = i;
      out[key] = convert(value, childOf(node, key), depth + 1, st);
      i++;
    }
    return out;
  }
  if (v instanceof Tag) {
    const tag = Number(v.tag);
    const contents = v.contents;
    switch (tag) {
      case 0:
      case 1:
        return timeTag(tag, contents);
      case 2:
      case 3:
        throw new CborDecodeError(`cbor: bignum tag (${tag}) is forbidden`);
      case 21:
      case 22:
      case 23:
        if (contents instanceof Uint8Array) {
          const b = Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
          return tag === 21 ? b.toString('base64url') : tag === 22 ? b.toString('base64') : b.toString('hex');
        }
        return convert(contents, node, depth + 1, st);
      default:
        return convert(contents, node, depth + 1, st);
    }
  }
  throw new CborDecodeError(`cbor: unsupported data item ${String(v)}`);
}

/**
 * The JSON-model value of one CBOR data item (the whole body); `schema` guides Go []byte fields of built-in kinds and
 * finds the first undeclared field (`strict` receives kube's strict-decoding text for it).
 */
export function decodeCbor(body: Uint8Array, schema?: SchemaNode, strict?: string[]): unknown {
  let raw: unknown;
  try {
    raw = decode(body, DECODE_OPTIONS);
  } catch (e) {
    throw new CborDecodeError(cbor2Message(e as Error, body));
  }
  const st: DecodeState = {};
  const value = convert(raw, schema, 0, st);
  if (strict && st.unknownIndex !== undefined) strict.push(`cbor: found unknown field at map element index ${st.unknownIndex}`);
  return value;
}

/** The texts fxamacker/cbor gives for what cbor2 reports in its own words. */
function cbor2Message(e: Error, body: Uint8Array): string {
  const m = e.message;
  if (body.length === 0) return 'EOF';
  if (/undefined/i.test(m)) return 'cbor: simple value 23 is not recognized';
  if (/simple/i.test(m)) return 'cbor: simple value is not recognized';
  if (/depth/i.test(m)) return `cbor: exceeded max nested level ${MAX_DEPTH}`;
  if (/extra data|unexpected end|offset|insufficient|not enough/i.test(m)) return 'unexpected EOF';
  return `cbor: ${m}`;
}
