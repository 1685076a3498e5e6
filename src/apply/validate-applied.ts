// Strict type check of an applied configuration before it is merged (ssa.md §2.8): undeclared fields, scalar
// types, list items without keys, duplicate keys. Errors carry upstream's texts and `.path: ` prefixes.
import { itemElementsOrErrors, ListItemError } from './list-item-element.js';
import { atomFor, type MergeType } from './merge-type.js';
import { elementString, elementText, fieldPE, type PathElement } from './path-element.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's %T of a decoded JSON value. */
function goTypeOf(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  if (v === null) return '<nil>';
  return 'map[string]interface {}';
}

/** Go's %v of a scalar inside upstream's value wrapper. */
const goValue = (v: unknown): string => (isObject(v) || Array.isArray(v) ? JSON.stringify(v) : String(v));

export function validateApplied(value: unknown, type: MergeType): string[] {
  const errs: string[] = [];
  check(value, type, [], errs);
  return errs;
}

const at = (path: PathElement[], msg: string): string => (path.length ? `${path.map(elementText).join('')}: ${msg}` : msg);

/** `path`: where v is; the walk pushes and pops its elements (errors render it at once). */
function check(v: unknown, t: MergeType, path: PathElement[], errs: string[]): void {
  const atom = atomFor(t, v);
  if (!atom) return;
  if (atom.kind === 'scalar') {
    if (v === null) return;
    if (isObject(v) || Array.isArray(v)) {
      errs.push(at(path, `expected scalar, got ${goTypeOf(v)}`));
      return;
    }
    if (atom.scalar === 'numeric' && typeof v !== 'number') errs.push(at(path, `expected numeric (int or float), got ${goTypeOf(v)}`));
    else if (atom.scalar === 'string' && typeof v !== 'string') errs.push(at(path, `expected string, got &value.valueUnstructured{Value:${goValue(v)}}`));
    else if (atom.scalar === 'boolean' && typeof v !== 'boolean') errs.push(at(path, `expected boolean, got &{${goValue(v)}}`));
    return;
  }
  if (atom.kind === 'list') {
    if (v === null || v === undefined) return;
    if (!Array.isArray(v)) {
      errs.push(at(path, `expected list, got &{${goValue(v)}}`));
      return;
    }
    if (atom.relationship === 'atomic') {
      v.forEach((item, i) => {
        path.push({ kind: 'i', index: i });
        check(item, atom.elem, path, errs);
        path.pop();
      });
      return;
    }
    const seen = new Set<string>();
    const { elements, errors } = itemElementsOrErrors(atom, v);
    v.forEach((item, i) => {
      const pe = elements[i];
      if (!pe) {
        const e = errors[i];
        if (e instanceof ListItemError) errs.push(at(path, `element ${i}: ${e.message}`));
        return;
      }
      const k = elementString(pe);
      if (seen.has(k)) {
        errs.push(at(path, `duplicate entries for key ${elementText(pe)}`));
        return;
      }
      seen.add(k);
      path.push(pe);
      check(item, atom.elem, path, errs);
      path.pop();
    });
    return;
  }
  if (v === null || v === undefined) return;
  if (!isObject(v)) {
    errs.push(at(path, `expected map, got &{${goValue(v)}}`));
    return;
  }
  for (const [k, val] of Object.entries(v)) {
    const ft = atom.field(k) ?? atom.elem;
    path.push(fieldPE(k));
    if (!ft) errs.push(at(path, 'field not declared in schema'));
    else check(val, ft, path, errs);
    path.pop();
  }
}
