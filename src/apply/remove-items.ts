// Removes the paths of a set from a value (upstream's RemoveItems): a member path drops that map key or list
// item; a child path descends. A container left empty by removals becomes null, as upstream leaves it
// (typed decoding then drops it for built-in kinds).
import type { FieldSet } from './field-set.js';
import { itemElements } from './list-item-element.js';
import { atomFor, type MergeType } from './merge-type.js';
import { fieldPE } from './path-element.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function removeItems(value: unknown, toRemove: FieldSet, type: MergeType): unknown {
  const atom = atomFor(type, value);
  if (!atom || atom.kind === 'scalar') return value;
  if (atom.kind === 'list') {
    if (!Array.isArray(value) || value.length === 0) return null;
    if (atom.relationship === 'atomic') return null;
    const pes = itemElements(atom, value);
    const out: unknown[] = [];
    value.forEach((item, i) => {
      const pe = pes[i];
      if (!pe) {
        out.push(item);
        return;
      }
      if (toRemove.hasMember(pe)) return;
      const sub = toRemove.withPrefix(pe);
      out.push(sub.isEmpty() ? item : removeItems(item, sub, atom.elem));
    });
    return out.length ? out : null;
  }
  if (!isObject(value) || Object.keys(value).length === 0) return null;
  if (atom.atomic) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const pe = fieldPE(k);
    if (toRemove.hasMember(pe)) continue;
    const sub = toRemove.withPrefix(pe);
    const ft = atom.field(k) ?? atom.elem;
    out[k] = sub.isEmpty() || !ft ? v : removeItems(v, sub, ft);
  }
  return Object.keys(out).length ? out : null;
}
