// A write's object is encoded once: the stored bytes (JSON without resourceVersion, stored-codec.ts) are also the
// response's JSON once the resourceVersion member is spliced in where setResourceVersion puts it (rv-splice.ts).
// The store records the splice for the object it returns; the response writes those bytes instead of encoding the
// object again, but only while the object is still the one written (same resourceVersion, nothing converted).
import type { KObject } from '../api/object.js';
import { encodeStored, AFTER_RESOURCE_VERSION } from './stored-codec.js';
import { splicedParts } from './rv-splice.js';

const encoder = new TextEncoder();

interface ServedForm {
  value: Uint8Array;
  at: number;
  rv: string;
}

const forms = new WeakMap<object, ServedForm>();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored bytes of `obj` (exactly encodeStored's) and the offset (rv-splice.ts's form) at which setResourceVersion
 * on obj's metadata puts the resourceVersion member in obj's JSON; undefined where that cannot be told for sure.
 */
export function encodeStoredForServing(obj: KObject): { value: Uint8Array; at: number | undefined } {
  const md = obj.metadata as Record<string, unknown> | undefined;
  if (!isObject(md)) return { value: encodeStored(obj), at: undefined };
  let stored: KObject = obj;
  let storedMd: Record<string, unknown> = md;
  if (md.resourceVersion !== undefined) {
    const { resourceVersion: _rv, ...rest } = md;
    storedMd = rest;
    stored = { ...obj, metadata: rest };
  }
  const text = JSON.stringify(stored);
  const value = encoder.encode(text);
  const at = rvOffset(stored, storedMd, rvIndex(md), text);
  if (at === undefined) return { value, at };
  // Offsets so far count UTF-16 units of the text: bytes differ only after a non-ASCII character.
  if (value.length === text.length) return { value, at };
  const pos = at >= 0 ? at : -at - 1;
  const bytes = Buffer.byteLength(text.slice(0, pos));
  return { value, at: at >= 0 ? bytes : -bytes - 1 };
}

/** Index among metadata's keys other than resourceVersion where setResourceVersion (stored-codec.ts) puts it. */
function rvIndex(md: Record<string, unknown>): number {
  const keys = Object.keys(md);
  const after = keys.findIndex((k) => AFTER_RESOURCE_VERSION.has(k));
  const own = keys.indexOf('resourceVersion');
  if (after < 0 || (own >= 0 && own < after)) return own >= 0 ? own : keys.length;
  return after;
}

/** The text of the members of `o` before its key index `n`, as JSON.stringify writes `o` (`{…}`). */
function prefixText(o: Record<string, unknown>, keys: string[], n: number): string {
  const p: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) p[keys[i]!] = o[keys[i]!];
  return JSON.stringify(p);
}

function rvOffset(stored: KObject, md: Record<string, unknown>, index: number, text: string): number | undefined {
  // Where metadata's `{` is in the text.
  const top = Object.keys(stored);
  const q = top.indexOf('metadata');
  const before = prefixText(stored, top, q);
  const head = before === '{}' ? '{"metadata":{' : `${before.slice(0, -1)},"metadata":{`;
  if (!text.startsWith(head)) return undefined;
  const mdStart = head.length - 1;
  // The members of metadata before the resourceVersion's place.
  const mkeys = Object.keys(md);
  const members = prefixText(md, mkeys, index);
  if (members === '{}') return text.charCodeAt(mdStart + 1) === 0x22 ? mdStart + 1 : undefined;
  const end = mdStart + members.length - 1;
  if (!text.startsWith(members.slice(0, -1), mdStart)) return undefined;
  const c = text.charCodeAt(end);
  if (c === 0x2c) return end + 1; // `"resourceVersion":"N",` before the next member
  if (c === 0x7d) return -end - 1; // `,"resourceVersion":"N"` closing metadata
  return undefined;
}

/** Records that `obj`, as it now is with resourceVersion `rv`, is served as `value` with `rv` spliced in at `at`. */
export function rememberServedJson(obj: KObject, value: Uint8Array, at: number | undefined, rv: string): void {
  if (at !== undefined) forms.set(obj, { value, at, rv });
}

/** The JSON of a written object as pieces, when it is still the object written; undefined otherwise. */
export function servedJson(obj: object): Buffer[] | undefined {
  const form = forms.get(obj);
  if (!form || (obj as KObject).metadata?.resourceVersion !== form.rv) return undefined;
  return splicedParts(form.value, form.at, form.rv);
}
