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
  walk(value, type, [], set);
  return set;
}

function walk(v: unknown, t: MergeType, path: PathElement[], set: FieldSet): void {
  const atom = atomFor(t, v);
  if (!atom) return;
  if (atom.kind === 'scalar') {
    set.insert(path);
    return;
  }
  if (atom.kind === 'list') {
    if (atom.relationship === 'atomic') {
      set.insert(path);
      return;
    }
    if (!Array.isArray(v)) return;
    const pes = itemElements(atom, v);
    const seen = new Set<string>();
    const dup = new Set<string>();
    for (const pe of pes) {
      if (!pe) continue;
      const k = elementString(pe);
      if (seen.has(k) && !dup.has(k)) {
        dup.add(k);
        set.insert([...path, pe]); // duplicated live items are owned as a whole
      }
      seen.add(k);
    }
    v.forEach((item, i) => {
      const pe = pes[i];
      if (!pe || dup.has(elementString(pe))) return;
      const p = [...path, pe];
      walk(item, atom.elem, p, set);
      set.insert(p);
    });
    return;
  }
  if (atom.atomic) {
    set.insert(path);
    return;
  }
  if (!isObject(v)) return;
  for (const [key, val] of Object.entries(v)) {
    if (val === undefined) continue;
    const declared = atom.field(key);
    const ft = declared ?? atom.elem;
    const p = [...path, fieldPE(key)];
    if (ft) walk(val, ft, p, set);
    if (val === null || (isObject(val) && Object.keys(val).length === 0) || !declared) set.insert(p);
  }
}
