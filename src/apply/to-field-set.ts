// The field set of a value (ssa.md §3.1): scalars, atomic containers, nulls and empty objects are members;
// undeclared map keys and associative-list items are members with their descendants; declared struct fields
// holding non-empty objects are only parents.
import { FieldSet } from './field-set.js';
import { itemElements } from './list-item-element.js';
import { atomFor, type MergeType } from './merge-type.js';
import { elementString, fieldPE, type PathElement } from './path-element.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function toFieldSet(value: unknown, type: MergeType): FieldSet {
  const set = new FieldSet();
  walk(value, type, set, undefined);
  return set;
}

/** Adds pe as a member of node (the root path is never stored). */
function own(node: FieldSet, pe: PathElement | undefined): void {
  if (pe) node.members.set(elementString(pe), pe);
}

/** The set below pe: the set itself at the root, else a new child set attached by `attach` once non-empty. */
function below(node: FieldSet, pe: PathElement | undefined): FieldSet {
  if (!pe) return node;
  return node.children.get(elementString(pe))?.set ?? new FieldSet();
}

function attach(node: FieldSet, pe: PathElement | undefined, child: FieldSet): void {
  if (pe && child !== node && (child.members.size || child.children.size)) node.children.set(elementString(pe), { pe, set: child });
}

/** Adds the paths of v (at pe below node; pe undefined at the root). */
function walk(v: unknown, t: MergeType, node: FieldSet, pe: PathElement | undefined): void {
  const atom = atomFor(t, v);
  if (!atom) return;
  if (atom.kind === 'scalar') {
    own(node, pe);
    return;
  }
  if (atom.kind === 'list') {
    if (atom.relationship === 'atomic') {
      own(node, pe);
      return;
    }
    if (!Array.isArray(v)) return;
    const pes = itemElements(atom, v);
    const seen = new Set<string>();
    const dup = new Set<string>();
    const sub = below(node, pe);
    for (const ipe of pes) {
      if (!ipe) continue;
      const k = elementString(ipe);
      if (seen.has(k) && !dup.has(k)) {
        dup.add(k);
        own(sub, ipe); // duplicated live items are owned as a whole
      }
      seen.add(k);
    }
    for (let i = 0; i < v.length; i++) {
      const ipe = pes[i];
      if (!ipe || dup.has(elementString(ipe))) continue;
      const item = below(sub, ipe);
      walk(v[i], atom.elem, item, undefined);
      attach(sub, ipe, item);
      own(sub, ipe);
    }
    attach(node, pe, sub);
    return;
  }
  if (atom.atomic) {
    own(node, pe);
    return;
  }
  if (!isObject(v)) return;
  const sub = below(node, pe);
  for (const key in v) {
    const val = v[key];
    if (val === undefined) continue;
    const declared = atom.field(key);
    const ft = declared ?? atom.elem;
    const kpe = fieldPE(key);
    if (ft) walk(val, ft, sub, kpe);
    if (val === null || (isObject(val) && isEmptyObject(val)) || !declared) own(sub, kpe);
  }
  attach(node, pe, sub);
}

function isEmptyObject(o: Record<string, unknown>): boolean {
  for (const _ in o) return false;
  return true;
}
