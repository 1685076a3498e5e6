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
  visit(lhs, rhs, type, [], c, true, undefined);
  return c;
}

/**
 * The comparison restricted to the paths of `within`: the same sets as compareValues intersected with it, found
 * without walking the parts of the values no path of `within` reaches (an apply only needs the changes of paths
 * other managers own).
 */
export function compareValuesWithin(lhs: unknown, rhs: unknown, type: MergeType, within: FieldSet): Comparison {
  const c: Comparison = { modified: new FieldSet(), added: new FieldSet(), removed: new FieldSet() };
  if (!within.isEmpty()) visit(lhs, rhs, type, [], c, false, within);
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

/**
 * l or r may be undefined (absent), not both. `want`: whether the path itself is recorded; `within`: the paths
 * below it to look at (undefined: all of them).
 */
function visit(l: unknown, r: unknown, t: MergeType, path: PathElement[], c: Comparison, want: boolean, within: FieldSet | undefined): void {
  const la = l === undefined ? undefined : atomFor(t, l);
  const ra = r === undefined ? undefined : atomFor(t, r);
  const atom = ra ?? la;
  if (!atom || (la && ra && la !== ra)) {
    if (want) leaf(l, r, path, c); // the value changed its kind: a leaf change
    return;
  }
  let isLeaf = false;
  // Nothing below to look at (a restricted walk at a path owned as a whole).
  const descend = within === undefined || within.members.size > 0 || within.children.size > 0;
  if (atom.kind === 'scalar') isLeaf = true;
  else if (atom.kind === 'list') {
    if (atom.relationship === 'atomic' || (isEmptyContainer(l) && isEmptyContainer(r))) isLeaf = true;
    else if (descend) visitList(Array.isArray(l) ? l : [], Array.isArray(r) ? r : [], atom, path, c, within);
  } else {
    if (atom.atomic || (isEmptyContainer(l) && isEmptyContainer(r))) isLeaf = true;
    else if (descend) {
      const lo = isObject(l) ? l : undefined;
      const ro = isObject(r) ? r : undefined;
      if (lo) for (const k in lo) visitMember(lo, ro, k, atom, path, c, within);
      if (ro) for (const k in ro) if (!lo || !Object.prototype.hasOwnProperty.call(lo, k)) visitMember(lo, ro, k, atom, path, c, within);
    }
  }
  if (!want) return;
  if (isLeaf) {
    leaf(l, r, path, c);
    return;
  }
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
}

function visitMember(
  lo: Record<string, unknown> | undefined,
  ro: Record<string, unknown> | undefined,
  k: string,
  atom: Extract<ReturnType<typeof atomFor>, { kind: 'map' }>,
  path: PathElement[],
  c: Comparison,
  within: FieldSet | undefined,
): void {
  const lv = present(lo, k) ? lo![k] : undefined;
  const rv = present(ro, k) ? ro![k] : undefined;
  if (lv === undefined && rv === undefined) return;
  const pe = fieldPE(k);
  let want = true;
  let below: FieldSet | undefined;
  if (within) {
    want = within.hasMember(pe);
    below = within.children.get(elementString(pe))?.set;
    if (!want && !below) return;
  }
  const ft = atom.field(k) ?? atom.elem;
  const p = [...path, pe];
  if (!ft) {
    if (want) leaf(lv, rv, p, c);
  } else visit(lv, rv, ft, p, c, want, within ? (below ?? EMPTY) : undefined);
}

const EMPTY = new FieldSet();

function visitList(
  l: unknown[],
  r: unknown[],
  atom: Extract<ReturnType<typeof atomFor>, { kind: 'list' }>,
  path: PathElement[],
  c: Comparison,
  within: FieldSet | undefined,
): void {
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
    let want = true;
    let below: FieldSet | undefined;
    if (within) {
      want = within.members.has(k);
      below = within.children.get(k)?.set;
      if (!want && !below) continue;
      below ??= EMPTY;
    }
    const ll = lv.get(k) ?? [];
    const rl = rv.get(k) ?? [];
    const p = [...path, pe];
    if (ll.length <= 1 && rl.length <= 1) visit(ll[0], rl[0], atom.elem, p, c, want, below);
    else if (ll.length >= 2 && rl.length >= 2) {
      if (want && (ll.length !== rl.length || ll.some((x, i) => !valueEqual(x, rl[i])))) c.modified.insert(p);
    } else if (ll.length >= 2) {
      if (rl.length) visit(undefined, rl[0], atom.elem, p, c, want, below);
      if (want) c.removed.insert(p);
    } else {
      if (ll.length) visit(ll[0], undefined, atom.elem, p, c, want, below);
      if (want) c.added.insert(p);
    }
  }
}
