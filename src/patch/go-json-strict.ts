// Emulates sigs.k8s.io/json's UnmarshalStrict on a parsed tree: the first type error (Go's
// UnmarshalTypeError text) and the strict errors (`unknown field "<path>"`, `duplicate field
// "<path>"`) that kube-apiserver turns into 400s, warnings or 422s for patch bodies.
import type { GoJson } from './go-json-parse.js';
import { goJsonKind } from './go-json-parse.js';
import { goQuote } from './go-json-encode.js';

/** The few Go target types patch decoding uses. `name` is Go's reflect.Type string. */
export type GoType =
  | { kind: 'interface' }
  | { kind: 'string'; name: 'string' }
  | { kind: 'map'; name: string; elem: GoType }
  | { kind: 'slice'; name: string; elem: GoType }
  | { kind: 'struct'; name: string; shortName: string; fields: Array<[string, GoType]> };

export const GO_INTERFACE: GoType = { kind: 'interface' };
export const GO_STRING: GoType = { kind: 'string', name: 'string' };
export const GO_UNTYPED_MAP: GoType = { kind: 'map', name: 'map[string]interface {}', elem: GO_INTERFACE };

export interface StrictDecodeResult {
  /** The first type error, as Go's json package words it; decoding still "succeeds" around it. */
  typeError?: string;
  /** Strict errors in encounter order, deduplicated, at most 100. */
  strictErrors: string[];
}

const MAX_STRICT_ERRORS = 100;

function fitsInt64(raw: string): boolean {
  if (!/^-?\d+$/.test(raw)) return false;
  const n = BigInt(raw);
  return n >= -9223372036854775808n && n <= 9223372036854775807n;
}

class StrictDecoder {
  typeError?: string;
  strict: string[] = [];
  private seen = new Set<string>();
  private path: string[] = [];
  private struct?: string;
  private fieldStack: string[] = [];

  private saveTypeError(value: string, type: string): void {
    if (this.typeError !== undefined) return;
    this.typeError =
      this.struct !== undefined || this.fieldStack.length > 0
        ? `json: cannot unmarshal ${value} into Go struct field ${this.struct ?? ''}.${this.fieldStack.join('.')} of type ${type}`
        : `json: cannot unmarshal ${value} into Go value of type ${type}`;
  }

  private saveStrict(kind: 'unknown field' | 'duplicate field', field: string): void {
    const path = this.path.length ? `${this.path.join('')}.${field}` : field;
    const text = `${kind} ${goQuote(path)}`;
    if (this.strict.length >= MAX_STRICT_ERRORS || this.seen.has(text)) return;
    this.seen.add(text);
    this.strict.push(text);
  }

  private pushKey(key: string): void {
    this.path.push(this.path.length ? `.${key}` : key);
  }

  decode(v: GoJson, t: GoType): void {
    if (v.t === 'null') return;
    switch (t.kind) {
      case 'interface':
        if (v.t === 'object') this.object(v.entries, t);
        else if (v.t === 'array') this.array(v.items, GO_INTERFACE);
        // A number that is neither an int64 nor a finite float64 does not decode.
        else if (v.t === 'number' && !fitsInt64(v.raw) && !Number.isFinite(Number(v.raw))) this.saveTypeError(`number ${v.raw}`, 'float64');
        return;
      case 'string':
        if (v.t !== 'string') this.saveTypeError(goJsonKind(v), t.name);
        return;
      case 'slice':
        if (v.t === 'array') this.array(v.items, t.elem);
        else this.saveTypeError(goJsonKind(v), t.name);
        return;
      case 'map':
      case 'struct':
        if (v.t === 'object') this.object(v.entries, t);
        else this.saveTypeError(goJsonKind(v), t.name);
        return;
    }
  }

  private array(items: GoJson[], elem: GoType): void {
    const depth = this.path.length;
    items.forEach((item, i) => {
      this.path.push(`[${i}]`);
      this.decode(item, elem);
      this.path.length = depth;
    });
  }

  private object(entries: Array<[string, GoJson]>, t: GoType): void {
    const depth = this.path.length;
    const savedStruct = this.struct;
    const savedStack = this.fieldStack.length;
    const seen = new Set<string>();
    for (const [key, val] of entries) {
      let elem: GoType | undefined;
      if (t.kind === 'struct') {
        const field = t.fields.find(([name]) => name === key);
        if (!field) {
          this.saveStrict('unknown field', key);
          continue;
        }
        if (seen.has(key)) this.saveStrict('duplicate field', key);
        seen.add(key);
        this.fieldStack.push(key);
        this.struct = t.shortName;
        elem = field[1];
      } else {
        if (seen.has(key)) this.saveStrict('duplicate field', key);
        seen.add(key);
        elem = t.kind === 'map' ? t.elem : GO_INTERFACE;
      }
      this.pushKey(key);
      this.decode(val, elem);
      this.path.length = depth;
      this.struct = savedStruct;
      this.fieldStack.length = savedStack;
    }
  }
}

/** Strictly decodes a parsed JSON tree into the given Go type. */
export function strictDecode(v: GoJson, t: GoType): StrictDecodeResult {
  const d = new StrictDecoder();
  d.decode(v, t);
  return { typeError: d.typeError, strictErrors: d.strict };
}
