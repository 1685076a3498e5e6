// RFC 6902 JSON patch as kube-apiserver 1.33 applies it (gopkg.in/evanphx/json-patch.v4 v4.12.0 with
// negative indices on and a 3 MiB copy budget), quirks included: `replace` of a missing member adds
// it, negative indices count from the end, `test` of a missing member against null passes, scalars
// are compared by their JSON text, the first path segment is never checked to be empty.
import { parseGoJson, type GoJson } from '../golang/encoding-json.js';
import type { DecodedPatch } from './decoded-patch.js';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';
import { compareGoStrings, goEncodeNumber, goEncodeString } from '../golang/encoding-json.js';
import { GO_INTERFACE, GO_STRING, strictDecode, type GoType } from '../golang/encoding-json.js';
import { ApiserverPanic, MAX_JSON_PATCH_OPERATIONS, patchApplyFailed, patchDecodeFailed, tooManyPatchOperations } from './patch-errors.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface JsonPatchOptions {
  /** The request's fieldValidation; absent means Warn, as in kube. */
  fieldValidation?: FieldValidation;
  /** Accumulated size limit of `copy` values (kube-apiserver's JSONPatchMaxCopyBytes default). */
  maxCopyBytes?: number;
  /** Throw an operation's failure as JsonPatchOperationError (its own text) instead of kube's patch-handler Status. */
  operationErrors?: boolean;
}

/** An operation that does not apply (a failed `test`, a missing path...): the operation and the failure. */
export class JsonPatchOperationError extends Error {
  constructor(message: string, readonly op: string, readonly path: string, readonly from: string) { super(message); }
  get testFailed(): boolean { return this.message === 'test failed'; }
}

export interface JsonPatchResult {
  result: unknown;
  /**
   * Strict decoding errors of the operations themselves (Warn/Strict only), e.g.
   * `json patch unknown field "[0].vaule"`, `json patch duplicate field "[0].op"`. Under Warn each is a
   * warning; under Strict they join the patched object's own strict errors in a 422 (see patchResultInvalid).
   */
  strictErrors: string[];
}

export const DEFAULT_MAX_COPY_BYTES = 3 * 1024 * 1024;

// A node of the document being patched, modelled on what the library distinguishes:
// `undefined` is a nil node (a null read from JSON, or an absent `value`), NULL_VALUE an explicit
// `"value": null` of an operation, Leaf a scalar kept as its JSON text (binary string).
class Leaf {
  readonly k = 'leaf' as const;
  private text: string | undefined;
  private val: unknown;
  private constructor(text: string | undefined, val: unknown) {
    this.text = text;
    this.val = val;
  }
  static ofRaw(raw: string): Leaf {
    return new Leaf(raw, undefined);
  }
  static ofValue(v: string | number | bigint | boolean): Leaf {
    return new Leaf(undefined, v);
  }
  /** The JSON text (computed lazily for document values, which Go would have encoded). */
  get raw(): string {
    if (this.text === undefined) {
      const v = this.val;
      this.text = typeof v === 'string' ? utf8ToBinary(goEncodeString(v)) : typeof v === 'number' ? goEncodeNumber(v) : String(v);
    }
    return this.text;
  }
  get value(): unknown {
    if (this.val === undefined) this.val = JSON.parse(binaryToUtf8(this.text!));
    return this.val;
  }
}
type Obj = { k: 'obj'; m: Map<string, PNode> };
type Arr = { k: 'arr'; a: PNode[] };
type NullValue = { k: 'null' };
type PNode = undefined | NullValue | Leaf | Obj | Arr;
/** A container traversal may yield: a JSON `null` that the library decoded into a nil map. */
type NilMap = { k: 'nilmap' };
type Container = Obj | Arr | NilMap;

const NULL_VALUE: NullValue = { k: 'null' };

class OpFailed extends Error {}

const JSON_PATCH_OP: GoType = {
  kind: 'struct',
  name: 'handlers.jsonPatchOp',
  shortName: 'jsonPatchOp',
  fields: [
    ['op', GO_STRING],
    ['path', GO_STRING],
    ['from', GO_STRING],
    ['value', GO_INTERFACE],
  ],
};
const STRICT_OPS: GoType = { kind: 'slice', name: '[]handlers.jsonPatchOp', elem: JSON_PATCH_OP };
const LIBRARY_OPS: GoType = { kind: 'slice', name: 'jsonpatch.Patch', elem: { kind: 'map', name: 'jsonpatch.Operation', elem: GO_INTERFACE } };

// eslint-disable-next-line no-control-regex
const utf8ToBinary = (s: string): string => (/^[\x00-\x7f]*$/.test(s) ? s : Buffer.from(s, 'utf8').toString('latin1'));
const binaryToUtf8 = (s: string): string => Buffer.from(s, 'latin1').toString('utf8');

function fromValue(v: unknown): PNode {
  if (v === null || v === undefined) return undefined;
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return Leaf.ofValue(v);
  }
  if (Array.isArray(v)) return { k: 'arr', a: v.map(fromValue) };
  const m = new Map<string, PNode>();
  for (const [key, val] of Object.entries(v as Record<string, unknown>)) m.set(key, fromValue(val));
  return { k: 'obj', m };
}

/** `top` is what a top-level JSON null becomes; nested nulls are nil nodes. */
function fromGoJson(v: GoJson, top: PNode): PNode {
  switch (v.t) {
    case 'null':
      return top;
    case 'object': {
      const m = new Map<string, PNode>();
      for (const [key, val] of v.entries) m.set(key, fromGoJson(val, undefined));
      return { k: 'obj', m };
    }
    case 'array':
      return { k: 'arr', a: v.items.map((i) => fromGoJson(i, undefined)) };
    case 'string':
    case 'number':
      return Leaf.ofRaw(v.raw);
    case 'bool':
      return Leaf.ofRaw(String(v.value));
  }
}

function toValue(n: PNode | NilMap): unknown {
  if (n === undefined) return null;
  switch (n.k) {
    case 'null':
      return null;
    case 'nilmap':
      return null;
    case 'leaf':
      return n.value;
    case 'arr':
      return n.a.map(toValue);
    case 'obj': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of n.m) {
        if (k === '__proto__') Object.defineProperty(out, k, { value: toValue(v), enumerable: true, writable: true, configurable: true });
        else out[k] = toValue(v);
      }
      return out;
    }
  }
}

// json.Marshal of a node (binary string): compact, sorted keys, HTML-safe. Used for `copy`.
function marshal(n: PNode): string {
  if (n === undefined || n.k === 'null') return 'null';
  switch (n.k) {
    case 'leaf':
      return n.raw.replace(/[<>&]|\xe2\x80[\xa8\xa9]/g, (c) => (c.length === 1 ? `\\u00${c.charCodeAt(0).toString(16)}` : c === '\xe2\x80\xa8' ? '\\u2028' : '\\u2029'));
    case 'arr':
      return `[${n.a.map(marshal).join(',')}]`;
    case 'obj': {
      const keys = [...n.m.keys()].sort(compareGoStrings);
      return `{${keys.map((k) => `${utf8ToBinary(goEncodeString(k))}:${marshal(n.m.get(k))}`).join(',')}}`;
    }
  }
}

const decodeToken = (t: string): string => t.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));

// strconv.Atoi: optional sign, decimal digits, int64 range.
function atoi(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new OpFailed(`invalid index ${s}`);
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) throw new OpFailed(`index out of range ${s}`);
  return Number(n);
}

function get(c: Container, key: string): PNode {
  if (c.k === 'obj') return c.m.get(key);
  if (c.k === 'nilmap') return undefined;
  let i = atoi(key);
  if (i < 0) {
    if (i < -c.a.length) throw new OpFailed('invalid index');
    i += c.a.length;
  }
  if (i >= c.a.length) throw new OpFailed('invalid index');
  return c.a[i];
}

function set(c: Container, key: string, val: PNode): void {
  if (c.k === 'nilmap') throw new ApiserverPanic('assignment to entry in nil map');
  if (c.k === 'obj') {
    c.m.set(key, val);
    return;
  }
  let i = atoi(key);
  if (i < 0) {
    if (i < -c.a.length) throw new OpFailed('invalid index');
    i += c.a.length;
  }
  c.a[i] = val;
}

function add(c: Container, key: string, val: PNode): void {
  if (c.k !== 'arr') return set(c, key, val);
  if (key === '-') {
    c.a.push(val);
    return;
  }
  const size = c.a.length + 1;
  let i = atoi(key);
  if (i >= size) throw new OpFailed('invalid index');
  if (i < 0) {
    if (i < -size) throw new OpFailed('invalid index');
    i += size;
  }
  c.a.splice(i, 0, val);
}

function remove(c: Container, key: string): void {
  if (c.k === 'nilmap') throw new OpFailed('missing key');
  if (c.k === 'obj') {
    if (!c.m.has(key)) throw new OpFailed('missing key');
    c.m.delete(key);
    return;
  }
  let i = atoi(key);
  if (i >= c.a.length) throw new OpFailed('invalid index');
  if (i < 0) {
    if (i < -c.a.length) throw new OpFailed('invalid index');
    i += c.a.length;
  }
  c.a.splice(i, 1);
}

/** The container holding the last token of `path`, and that token; the first segment is skipped unchecked. */
function locate(root: Container, path: string): { c: Container; key: string } {
  const split = path.split('/');
  if (split.length < 2) throw new OpFailed(`missing path ${path}`);
  let c = root;
  for (const part of split.slice(1, -1)) {
    let next: PNode;
    try {
      next = get(c, decodeToken(part));
    } catch {
      throw new OpFailed(`missing path ${path}`);
    }
    if (next === undefined) throw new OpFailed(`missing path ${path}`);
    if (next.k === 'null') throw new ApiserverPanic('invalid memory address or nil pointer dereference');
    if (next.k === 'leaf') {
      // A JSON null decodes into a nil map; any other scalar is not a container.
      if (next.raw !== 'null') throw new OpFailed(`missing path ${path}`);
      c = { k: 'nilmap' };
    } else c = next;
  }
  return { c, key: decodeToken(split[split.length - 1]!) };
}

function nilDeref(): never {
  throw new ApiserverPanic('invalid memory address or nil pointer dereference');
}

// The library's structural equality: objects by members, arrays by elements, scalars by JSON text.
// `o` comes from the operation's value; a nil on either side where the library dereferences it panics.
function equal(n: PNode, o: PNode): boolean {
  if (n === undefined || o === undefined) nilDeref();
  const nKind = n.k === 'leaf' && n.raw === 'null' ? 'emptyobj' : n.k;
  switch (nKind) {
    case 'null':
      return o.k === 'null';
    case 'leaf':
      return o.k === 'leaf' && (n as Leaf).raw === o.raw;
    case 'emptyobj':
      return o.k === 'obj' && o.m.size === 0;
    case 'obj': {
      if (o.k !== 'obj') return false;
      const nm = (n as Obj).m;
      if (nm.size !== o.m.size) return false;
      for (const [k, v] of nm) {
        if (!o.m.has(k)) return false;
        const ov = o.m.get(k);
        if ((v === undefined) !== (ov === undefined)) return false;
        if (v !== undefined && !equal(v, ov)) return false;
      }
      return true;
    }
    case 'arr': {
      if (o.k !== 'arr') return false;
      const na = (n as Arr).a;
      if (na.length !== o.a.length) return false;
      return na.every((v, i) => equal(v, o.a[i]));
    }
  }
  return false;
}

type Operation = Map<string, GoJson>;

function opString(op: Operation | undefined, field: string): string | undefined {
  const v = op?.get(field);
  return v && v.t === 'string' ? v.value : undefined;
}

function requireString(op: Operation | undefined, field: string): string {
  const s = opString(op, field);
  if (s === undefined) throw new OpFailed(`operation missing ${field} field`);
  return s;
}

function opValue(op: Operation | undefined): PNode {
  const v = op?.get('value');
  return v === undefined ? undefined : fromGoJson(v, NULL_VALUE);
}

/** Nesting of containers in a node (iterative; stops counting past the limit). */
function depthOf(n: PNode): number {
  let max = 0;
  const stack: Array<[PNode, number]> = [[n, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === undefined || (v.k !== 'obj' && v.k !== 'arr')) continue;
    if (d > max) max = d;
    if (max > MAX_NESTING_DEPTH) return max;
    for (const c of v.k === 'obj' ? v.m.values() : v.a) stack.push([c, d + 1]);
  }
  return max;
}

/**
 * A value placed at `path` must keep the document within the nesting limit (kubelite's, docs/deviations.md):
 * copies into their own subtree could otherwise grow it without bound. Fails the operation as the library's
 * re-decoding of a too deep copy fails it.
 */
function checkDepth(path: string, value: PNode): void {
  const segments = path === '' ? 0 : path.split('/').length - 1;
  if (segments + depthOf(value) > MAX_NESTING_DEPTH) throw new OpFailed('exceeded max depth');
}

class Applier {
  copied = 0;
  constructor(public root: Container, readonly maxCopyBytes: number) {}

  apply(op: Operation | undefined): void {
    switch (opString(op, 'op')) {
      case 'add': {
        const path = requireString(op, 'path');
        const { c, key } = locate(this.root, path);
        const value = opValue(op);
        checkDepth(path, value);
        return add(c, key, value);
      }
      case 'remove': {
        const { c, key } = locate(this.root, requireString(op, 'path'));
        return remove(c, key);
      }
      case 'replace':
        return this.replace(op);
      case 'move': {
        const from = locate(this.root, requireString(op, 'from'));
        const val = get(from.c, from.key);
        remove(from.c, from.key);
        const path = requireString(op, 'path');
        const to = locate(this.root, path);
        checkDepth(path, val);
        return add(to.c, to.key, val);
      }
      case 'copy': {
        const from = locate(this.root, requireString(op, 'from'));
        const val = get(from.c, from.key);
        const path = requireString(op, 'path');
        const to = locate(this.root, path);
        let copy: PNode;
        if (val !== undefined) {
          checkDepth(path, val);
          // The library copies by re-encoding: the copy is fresh JSON text, counted against the budget.
          const text = marshal(val);
          this.copied += text.length;
          copy = fromGoJson(parseGoJson(Buffer.from(text, 'latin1')), Leaf.ofRaw('null'));
        }
        if (this.maxCopyBytes > 0 && this.copied > this.maxCopyBytes) throw new OpFailed('copy limit exceeded');
        return add(to.c, to.key, copy);
      }
      case 'test':
        return this.test(op);
      default:
        throw new OpFailed('unexpected kind');
    }
  }

  private replace(op: Operation | undefined): void {
    const path = requireString(op, 'path');
    if (path === '') {
      const val = opValue(op);
      if (val === undefined) nilDeref();
      if (val.k !== 'obj' && val.k !== 'arr') throw new OpFailed('replace operation value must be object or array');
      this.root = val;
      return;
    }
    const { c, key } = locate(this.root, path);
    get(c, key); // fails on a bad array index; a missing object member is fine (and gets added)
    const value = opValue(op);
    checkDepth(path, value);
    set(c, key, value);
  }

  private test(op: Operation | undefined): void {
    const path = requireString(op, 'path');
    const expected = opValue(op);
    if (path === '') {
      if (this.root.k === 'nilmap') nilDeref();
      if (!equal(this.root, expected)) throw new OpFailed('test failed');
      return;
    }
    const { c, key } = locate(this.root, path);
    const actual = get(c, key);
    if (actual === undefined) {
      if (op?.get('value') === undefined) nilDeref();
      if (expected !== NULL_VALUE) throw new OpFailed('test failed');
      return;
    }
    if (expected === undefined) throw new OpFailed('test failed');
    if (!equal(actual, expected)) throw new OpFailed('test failed');
  }
}

function toOperation(v: GoJson): Operation | undefined {
  if (v.t !== 'object') return undefined;
  return new Map(v.entries);
}

/**
 * Applies an RFC 6902 patch (its body as the JSON serializer read it) to a decoded JSON document (the current object in the request
 * version). Throws StatusError with kube's code, reason and message: 400 for an undecodable body,
 * 413 for more than 10000 operations, 422 (generic text) when any operation fails; ApiserverPanic
 * where kube-apiserver itself panics.
 */
export function applyJsonPatch(doc: unknown, patch: DecodedPatch, opts: JsonPatchOptions = {}): JsonPatchResult {
  const validation = opts.fieldValidation ?? 'Warn';
  const strictMode = validation !== 'Ignore';
  if (patch.syntaxError !== undefined) throw patchDecodeFailed(patch.syntaxError, strictMode);
  const parsed = patch.tree;
  let strictErrors: string[] = [];
  if (strictMode) {
    const strict = strictDecode(parsed, STRICT_OPS);
    if (strict.typeError) throw patchDecodeFailed(strict.typeError, true);
    strictErrors = strict.strictErrors.map((e) => `json patch ${e}`);
  }
  const lib = strictDecode(parsed, LIBRARY_OPS);
  if (lib.typeError) throw patchDecodeFailed(lib.typeError, false);
  const ops = parsed.t === 'array' ? parsed.items.map(toOperation) : [];
  if (ops.length > MAX_JSON_PATCH_OPERATIONS) throw tooManyPatchOperations(ops.length);

  const root = fromValue(doc);
  if (root === undefined || (root.k !== 'obj' && root.k !== 'arr')) throw new TypeError('applyJsonPatch: document must be an object or array');
  const applier = new Applier(root, opts.maxCopyBytes ?? DEFAULT_MAX_COPY_BYTES);
  let current: Operation | undefined;
  try {
    for (const op of ops) {
      current = op;
      applier.apply(op);
    }
  } catch (e) {
    if (e instanceof OpFailed) {
      if (!opts.operationErrors) throw patchApplyFailed();
      throw new JsonPatchOperationError(e.message, opString(current, 'op') ?? '', opString(current, 'path') ?? '', opString(current, 'from') ?? '');
    }
    throw e;
  }
  return { result: toValue(applier.root), strictErrors };
}
