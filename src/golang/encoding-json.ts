// Go's encoding/json as kube-apiserver shows it: Marshal (HTML-safe strings, sorted map keys, Go's number
// text; json-patch compares and measures the Go-encoded text), MarshalIndent for discovery documents, and the
// decoder: the scanner with Go's syntax error texts, and strict decoding into Go types (unknown and duplicate
// fields, type mismatches).
import { createHash } from 'node:crypto';
import { goQuote } from './strconv.js';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';

/** A string as encoding/json writes it (escapeHTML on, Go ≥ 1.22 short escapes for \b and \f). */
export function goEncodeString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    switch (c) {
      case 0x22: out += '\\"'; continue;
      case 0x5c: out += '\\\\'; continue;
      case 0x08: out += '\\b'; continue;
      case 0x0c: out += '\\f'; continue;
      case 0x0a: out += '\\n'; continue;
      case 0x0d: out += '\\r'; continue;
      case 0x09: out += '\\t'; continue;
      case 0x3c: case 0x3e: case 0x26: case 0x2028: case 0x2029:
        out += `\\u${c.toString(16).padStart(4, '0')}`;
        continue;
    }
    if (c < 0x20) {
      out += `\\u${c.toString(16).padStart(4, '0')}`;
      continue;
    }
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo < 0xe000) {
        out += s[i]! + s[i + 1]!;
        i++;
        continue;
      }
    }
    // A lone surrogate cannot exist in a Go string; Go writes invalid UTF-8 as U+FFFD.
    out += c >= 0xd800 && c < 0xe000 ? '\ufffd' : s[i]!;
  }
  return out + '"';
}

/** A float64 as encoding/json writes it: like JS, but exponents have at least two digits. */
export function goEncodeNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`json: unsupported value: ${n}`);
  const s = String(n);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** json.Marshal of a decoded JSON value: compact, map keys sorted, HTML-safe strings. */
export function goMarshal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'string':
      return goEncodeString(v);
    case 'number':
      return goEncodeNumber(v);
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (Array.isArray(v)) return `[${v.map(goMarshal).join(',')}]`;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).sort(compareGoStrings);
  return `{${keys.map((k) => `${goEncodeString(k)}:${goMarshal(obj[k])}`).join(',')}}`;
}

/** Go compares strings bytewise (UTF-8), which differs from UTF-16 order above U+FFFF. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// JSON as Go's encoding/json writes it: like JSON.stringify, but with <, >, & and the two JavaScript line
// terminators escaped (Go escapes HTML characters by default), so bodies and hashes match kube byte for byte.
const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

export function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]!);
}

/** Upper-case hex SHA-512, the hash kube uses for discovery and OpenAPI ETags. */
export function sha512Hex(data: string | Uint8Array): string {
  return createHash('sha512').update(data).digest('hex').toUpperCase();
}

// A JSON parser that fails exactly where Go's encoding/json scanner fails and with its texts
// ("invalid character 'x' looking for beginning of value", "unexpected end of JSON input", ...),
// because kube-apiserver returns those texts verbatim in 400 responses to bad patch bodies.
// The tree keeps what the patch code needs and JSON.parse loses: duplicate keys, key order, and
// the exact source text of scalars (json-patch's `test` compares scalars by their text).
export type GoJson =
  | { t: 'object'; entries: Array<[string, GoJson]> }
  | { t: 'array'; items: GoJson[] }
  /** `raw` is the source bytes as a binary (latin1) string, quotes included. */
  | { t: 'string'; value: string; raw: string }
  | { t: 'number'; raw: string }
  | { t: 'bool'; value: boolean }
  | { t: 'null' };

export class GoJsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'GoJsonSyntaxError';
  }
}

// Go's scanner stops at 10000; kubelite's own recursion needs a lower bound (nesting-depth.ts).
const MAX_DEPTH = MAX_NESTING_DEPTH;
const EOF = -1;

/** Go's quoteChar: a byte quoted as a character literal. */
export function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  return `'${quoteRune(c)}'`;
}

// strconv.Quote of a single rune below U+0100, without the surrounding quotes.
function quoteRune(r: number): string {
  switch (r) {
    case 0x07: return '\\a';
    case 0x08: return '\\b';
    case 0x0c: return '\\f';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x09: return '\\t';
    case 0x0b: return '\\v';
    case 0x5c: return '\\\\';
  }
  if (r < 0x20 || r === 0x7f) return `\\x${r.toString(16).padStart(2, '0')}`;
  // U+0080..U+009F are controls; U+00A0 (no-break space) and U+00AD (soft hyphen) are not printable in Go.
  if ((r >= 0x80 && r <= 0xa0) || r === 0xad) return `\\u${r.toString(16).padStart(4, '0')}`;
  return String.fromCharCode(r);
}

const isWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

type Frame = { kind: 'object'; node: { t: 'object'; entries: Array<[string, GoJson]> }; key: string } | { kind: 'array'; node: { t: 'array'; items: GoJson[] } };

class Scanner {
  i = 0;
  readonly b: Buffer;
  constructor(bytes: Uint8Array) {
    this.b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  peek(): number {
    return this.i < this.b.length ? this.b[this.i]! : EOF;
  }
  skipWs(): void {
    while (this.i < this.b.length && isWs(this.b[this.i]!)) this.i++;
  }
  /** Go feeds a space to the scanner at end of input: states that cannot take one report it. */
  fail(c: number, context: string): never {
    if (c === EOF) c = 0x20;
    throw new GoJsonSyntaxError(`invalid character ${quoteChar(c)} ${context}`, this.i);
  }
  unexpectedEnd(): never {
    throw new GoJsonSyntaxError('unexpected end of JSON input', this.b.length);
  }

  parse(): GoJson {
    const stack: Frame[] = [];
    this.skipWs();
    for (;;) {
      // Expect the beginning of a value.
      let value: GoJson | undefined;
      const c = this.peek();
      if (c === EOF) this.unexpectedEnd();
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (stack.length + 1 > MAX_DEPTH) this.fail(c, 'exceeded max depth');
        this.i++;
        this.skipWs();
        if (c === 0x7b) {
          const node = { t: 'object' as const, entries: [] as Array<[string, GoJson]> };
          const n = this.peek();
          if (n === 0x7d) {
            this.i++;
            value = node;
          } else if (n === 0x22) {
            stack.push({ kind: 'object', node, key: this.readKey() });
            continue;
          } else if (n === EOF) this.unexpectedEnd();
          else this.fail(n, 'looking for beginning of object key string');
        } else {
          const node = { t: 'array' as const, items: [] as GoJson[] };
          if (this.peek() === 0x5d) {
            this.i++;
            value = node;
          } else {
            stack.push({ kind: 'array', node });
            continue;
          }
        }
      } else if (c === 0x22) value = this.readString();
      else if (c === 0x2d || isDigit(c)) value = this.readNumber();
      else if (c === 0x74) value = this.readLiteral('true', { t: 'bool', value: true });
      else if (c === 0x66) value = this.readLiteral('false', { t: 'bool', value: false });
      else if (c === 0x6e) value = this.readLiteral('null', { t: 'null' });
      else this.fail(c, 'looking for beginning of value');

      // A value is complete: attach it and walk up through closing brackets.
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) {
          this.skipWs();
          if (this.i < this.b.length) this.fail(this.b[this.i]!, 'after top-level value');
          return value!;
        }
        if (top.kind === 'object') top.node.entries.push([top.key, value!]);
        else top.node.items.push(value!);
        this.skipWs();
        const n = this.peek();
        if (n === EOF) this.unexpectedEnd();
        if (top.kind === 'object') {
          if (n === 0x2c) {
            this.i++;
            this.skipWs();
            const k = this.peek();
            if (k === EOF) this.unexpectedEnd();
            if (k !== 0x22) this.fail(k, 'looking for beginning of object key string');
            top.key = this.readKey();
            break;
          }
          if (n !== 0x7d) this.fail(n, 'after object key:value pair');
        } else {
          if (n === 0x2c) {
            this.i++;
            this.skipWs();
            break;
          }
          if (n !== 0x5d) this.fail(n, 'after array element');
        }
        this.i++;
        stack.pop();
        value = top.node;
      }
    }
  }

  /** Reads `"key"` and the `:` after it, leaving the position at the value. */
  private readKey(): string {
    const key = this.readString().value;
    this.skipWs();
    const c = this.peek();
    if (c === EOF) this.unexpectedEnd();
    if (c !== 0x3a) this.fail(c, 'after object key');
    this.i++;
    this.skipWs();
    return key;
  }

  private readString(): { t: 'string'; value: string; raw: string } {
    const start = this.i;
    this.i++; // opening quote
    let escaped = false;
    for (;;) {
      const c = this.peek();
      if (c === EOF) this.unexpectedEnd();
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        this.i++;
        const e = this.peek();
        if (e === 0x75 /* u */) {
          this.i++;
          for (let k = 0; k < 4; k++) {
            const h = this.peek();
            if (!isHex(h)) this.fail(h, 'in \\u hexadecimal character escape');
            this.i++;
          }
          continue;
        }
        if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          this.i++;
          continue;
        }
        this.fail(e, 'in string escape code');
      }
      if (c < 0x20) this.fail(c, 'in string literal');
      this.i++;
    }
    this.i++; // closing quote
    const value = escaped ? unescape(this.b.subarray(start + 1, this.i - 1)) : this.b.toString('utf8', start + 1, this.i - 1);
    return { t: 'string', value, raw: this.b.toString('latin1', start, this.i) };
  }

  private readNumber(): GoJson {
    const start = this.i;
    if (this.peek() === 0x2d) {
      this.i++;
      if (!isDigit(this.peek())) this.fail(this.peek(), 'in numeric literal');
    }
    if (this.peek() === 0x30) this.i++;
    else while (isDigit(this.peek())) this.i++;
    if (this.peek() === 0x2e) {
      this.i++;
      if (!isDigit(this.peek())) this.fail(this.peek(), 'after decimal point in numeric literal');
      while (isDigit(this.peek())) this.i++;
    }
    const e = this.peek();
    if (e === 0x65 || e === 0x45) {
      this.i++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.i++;
      if (!isDigit(this.peek())) this.fail(this.peek(), 'in exponent of numeric literal');
      while (isDigit(this.peek())) this.i++;
    }
    return { t: 'number', raw: this.b.toString('latin1', start, this.i) };
  }

  private readLiteral(word: string, node: GoJson): GoJson {
    this.i++;
    for (let k = 1; k < word.length; k++) {
      const c = this.peek();
      if (c !== word.charCodeAt(k)) this.fail(c, `in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
    return node;
  }
}

// Decodes the body of a string literal the way Go does: lone surrogates become U+FFFD.
function unescape(body: Uint8Array): string {
  let out = '';
  let run = 0;
  const flush = (end: number): void => {
    if (end > run) out += Buffer.from(body.subarray(run, end)).toString('utf8');
  };
  let i = 0;
  while (i < body.length) {
    if (body[i] !== 0x5c) {
      i++;
      continue;
    }
    flush(i);
    const e = body[i + 1]!;
    if (e === 0x75) {
      let r = parseInt(Buffer.from(body.subarray(i + 2, i + 6)).toString('latin1'), 16);
      i += 6;
      if (r >= 0xd800 && r < 0xe000) {
        // A valid pair needs a high surrogate followed by an escaped low surrogate.
        let paired = false;
        if (r < 0xdc00 && body[i] === 0x5c && body[i + 1] === 0x75) {
          const lo = parseInt(Buffer.from(body.subarray(i + 2, i + 6)).toString('latin1'), 16);
          if (lo >= 0xdc00 && lo < 0xe000) {
            out += String.fromCharCode(r, lo);
            i += 6;
            paired = true;
          }
        }
        if (!paired) out += '\ufffd';
      } else out += String.fromCharCode(r);
      run = i;
      continue;
    }
    const map: Record<number, string> = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };
    out += map[e]!;
    i += 2;
    run = i;
  }
  flush(body.length);
  return out;
}

/** Parses JSON bytes; throws GoJsonSyntaxError with Go's message on malformed input. */
export function parseGoJson(input: Uint8Array | string): GoJson {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  return new Scanner(bytes).parse();
}

/** Go's name for the JSON kind in "cannot unmarshal <kind> into ...". */
export function goJsonKind(v: GoJson): string {
  return v.t === 'bool' ? 'bool' : v.t;
}

/** The plain JS value (later duplicate keys win, as they do when Go decodes into a map). */
export function goJsonToValue(v: GoJson): unknown {
  switch (v.t) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, val] of v.entries) {
        if (k === '__proto__') Object.defineProperty(out, k, { value: goJsonToValue(val), enumerable: true, writable: true, configurable: true });
        else out[k] = goJsonToValue(val);
      }
      return out;
    }
    case 'array':
      return v.items.map(goJsonToValue);
    case 'string':
      return v.value;
    case 'number':
      return Number(v.raw);
    case 'bool':
      return v.value;
    case 'null':
      return null;
  }
}

// Emulates sigs.k8s.io/json's UnmarshalStrict on a parsed tree: the first type error (Go's
// UnmarshalTypeError text) and the strict errors (`unknown field "<path>"`, `duplicate field
// "<path>"`) that kube-apiserver turns into 400s, warnings or 422s for patch bodies.
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
