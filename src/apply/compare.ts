// Compares two values of one type (ssa.md §3.2): leaves (scalars, atomic or empty containers) that differ are
// modified; leaves and containers only in the new value are added; only in the old value, removed.
import { FieldSet } from './field-set.js';
import { itemElements } from './list-item-element.js';
import { atomFor, type MergeType } from './merge-type.js';
import { elementString, fieldPE, type PathElement } from './path-element.js';
import { isEmptyContainer, valueEqual } from './value-equal.js';

export interface Comparison {
  modified: FieldSet;
  added: FieldSet;
  removed: FieldSet;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (o: Record<string, unknown> | undefined, k: string): boolean => !!o && Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

export function compareValues(lhs: unknown, rhs: unknown, type: MergeType): Comparison {
  const c: Comparison = { modified: new FieldSet(), added: new FieldSet(), removed: new FieldSet() };
  visit(lhs, rhs, type, [], c);
  return c;
}

/** Restricts a comparison to paths a filter keeps (reset fields are excluded from ownership, ssa.md §3.8). */
export function filterComparison(c: Comparison, filter: (s: FieldSet) => FieldSet): Comparison {
  return { modified: filter(c.modified), added: filter(c.added), removed: filter(c.removed) };
}

function leaf(l: unknown, r: unknown, path: PathElement[], c: Comparison): void {
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
  else if (!valueEqual(l, r)) c.modified.insert(path);
}

/** l or r may be undefined (absent), not both. */
function visit(l: unknown, r: unknown, t: MergeType, path: PathElement[], c: Comparison): void {
  const la = l === undefined ? undefined : atomFor(t, l);
  const ra = r === undefined ? undefined : atomFor(t, r);
  const atom = ra ?? la;
  if (!atom || (la && ra && la !== ra)) {
    leaf(l, r, path, c); // the value changed its kind: a leaf change
    return;
  }
  let isLeaf = false;
  if (atom.kind === 'scalar') isLeaf = true;
  else if (atom.kind === 'list') {
    if (atom.relationship === 'atomic' || (isEmptyContainer(l) && isEmptyContainer(r))) isLeaf = true;
    else visitList(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], atom, path, c);
  } else {
    if (atom.atomic || (isEmptyContainer(l) && isEmptyContainer(r))) isLeaf = true;
    else {
      const lo = isObject(l) ? l : undefined;
      const ro = isObject(r) ? r : undefined;
      const keys = new Set([...Object.keys(lo ?? {}), ...Object.keys(ro ?? {})]);
      for (const k of keys) {
        const lv = present(lo, k) ? lo![k] : undefined;
        const rv = present(ro, k) ? ro![k] : undefined;
        if (lv === undefined && rv === undefined) continue;
        const ft = atom.field(k) ?? atom.elem;
        const p = [...path, fieldPE(k)];
        if (!ft) leaf(lv, rv, p, c);
        else visit(lv, rv, ft, p, c);
      }
    }
  }
  if (isLeaf) {
    leaf(l, r, path, c);
    return;
  }
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
}

function visitList(l: unknown[], r: unknown[], atom: Extract<ReturnType<typeof atomFor>, { kind: 'list' }>, path: PathElement[], c: Comparison): void {
  const order: PathElement[] = [];
  const lv = new Map<string, unknown[]>();
  const rv = new Map<string, unknown[]>();
  itemElements(atom, l).forEach((pe, i) => {
    if (!pe) return;
    const k = elementString(pe);
    const g = lv.get(k);
    if (g) g.push(l[i]);
    else {
      lv.set(k, [l[i]]);
      order.push(pe);
    }
  });
  itemElements(atom, r).forEach((pe, i) => {
    if (!pe) return;
    const k = elementString(pe);
    const g = rv.get(k);
    if (g) g.push(r[i]);
    else {
      rv.set(k, [r[i]]);
      if (!lv.has(k)) order.push(pe);
    }
  });
  for (const pe of order) {
    const k = elementString(pe);
    const ll = lv.get(k) ?? [];
    const rl = rv.get(k) ?? [];
    const p = [...path, pe];
    if (ll.length <= 1 && rl.length <= 1) visit(ll[0], rl[0], atom.elem, p, c);
    else if (ll.length >= 2 && rl.length >= 2) {
      if (ll.length !== rl.length || ll.some((x, i) => !valueEqual(x, rl[i]))) c.modified.insert(p);
    } else if (ll.length >= 2) {
      if (rl.length) visit(undefined, rl[0], atom.elem, p, c);
      c.removed.insert(p);
    } else {
      if (ll.length) visit(ll[0], undefined, atom.elem, p, c);
      c.added.insert(p);
    }
  }
}
