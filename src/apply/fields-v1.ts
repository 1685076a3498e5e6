// The FieldsV1 wire form of a field set (ssa.md §1.2–§1.4): one JSON object per node, `"."` first when the
// node is itself owned, then every element in element order; a member without children is `{}`.
import { FieldSet } from './field-set.js';
import { compareElements, elementString, FieldsV1Error, parseElement, type PathElement } from './path-element.js';

export type FieldsV1 = { [key: string]: FieldsV1 };

export function encodeFieldsV1(set: FieldSet): FieldsV1 {
  const text = canonicalText.get(set);
  return text === undefined ? encodeNode(set, false) : (JSON.parse(text) as FieldsV1);
}

// Decoded sets by the JSON text of their FieldsV1 (objects of a kind share their few distinct field sets), each
// with its own encoding: the next write's managedFields neither parse nor sort what the last one wrote. Sets are
// immutable values, so one decoded set serves every object version carrying that text.
const decodedByText = new Map<string, FieldSet>();
const canonicalText = new WeakMap<FieldSet, string>();
const MAX_DECODED = 512;
const MAX_TEXT = 64 * 1024;

/**
 * decodeFieldsV1 of a FieldsV1 value read from storage (plain JSON data: its JSON text is all there is to it),
 * through the cache of decoded sets.
 */
export function decodeStoredFieldsV1(raw: unknown): FieldSet {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return decodeFieldsV1(raw);
  const text = JSON.stringify(raw);
  const hit = decodedByText.get(text);
  if (hit) return hit;
  const set = decodeFieldsV1(raw);
  if (text.length <= MAX_TEXT) {
    if (decodedByText.size >= MAX_DECODED) decodedByText.delete(decodedByText.keys().next().value!);
    decodedByText.set(text, set);
    canonicalText.set(set, JSON.stringify(encodeNode(set, false)));
  }
  return set;
}

function encodeNode(set: FieldSet, self: boolean): FieldsV1 {
  const out: FieldsV1 = {};
  if (self) out['.'] = {};
  const elements = new Map<string, PathElement>();
  for (const [k, pe] of set.members) elements.set(k, pe);
  for (const [k, c] of set.children) elements.set(k, c.pe);
  const sorted = [...elements.entries()].sort((a, b) => compareElements(a[1], b[1]));
  for (const [k] of sorted) {
    const child = set.children.get(k);
    const member = set.members.has(k);
    out[k] = child && !child.set.isEmpty() ? encodeNode(child.set, member) : {};
  }
  return out;
}

/** Parses FieldsV1; throws FieldsV1Error when any element is malformed. */
export function decodeFieldsV1(raw: unknown): FieldSet {
  const set = new FieldSet();
  if (raw === undefined || raw === null) return set;
  decodeNode(raw, set);
  return set;
}

function decodeNode(raw: unknown, into: FieldSet): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FieldsV1Error(`expected object, got ${JSON.stringify(raw)}`);
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (k === '.') continue; // handled by the parent
    const pe = parseElement(k);
    if (!pe) continue; // unknown element kind: dropped with its subtree
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new FieldsV1Error(`expected object for ${k}`);
    const entries = Object.keys(v);
    if (entries.length === 0) {
      into.members.set(elementString(pe), pe);
      continue;
    }
    if (entries.includes('.')) into.members.set(elementString(pe), pe);
    const child = into.childFor(pe);
    decodeNode(v, child);
    if (child.isEmpty()) into.children.delete(elementString(pe));
  }
}
