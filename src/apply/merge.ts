// Merges an applied configuration into the live value (ssa.md §2.2, §2.3): the config wins at leaves, granular
// maps merge key by key, associative lists merge item by item (shared items in config order, live-only items
// kept in place); atomic containers and pairs of empty containers are taken whole from the config.
import { itemElements } from './list-item-element.js';
import { atomFor, type ListAtom, type MergeType } from './merge-type.js';
import { elementString } from './path-element.js';
import { isEmptyContainer } from './value-equal.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (o: Record<string, unknown> | undefined, k: string): boolean => !!o && Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** The merged value; undefined when nothing remains (a merged container that ends up empty is left out, as upstream does). */
export function mergeValues(lhs: unknown, rhs: unknown, type: MergeType): unknown {
  return merge(lhs, rhs, type, clone);
}

/**
 * mergeValues whose result shares the parts it takes whole (leaves, atomic containers) with lhs and rhs: for a
 * caller that copies the result before changing anything in it.
 */
export function mergeValuesShared(lhs: unknown, rhs: unknown, type: MergeType): unknown {
  return merge(lhs, rhs, type, same);
}

type Copy = <T>(v: T) => T;

function merge(lhs: unknown, rhs: unknown, type: MergeType, copy: Copy): unknown {
  if (lhs === undefined && rhs === undefined) return undefined;
  const la = lhs === undefined ? undefined : atomFor(type, lhs);
  const ra = rhs === undefined ? undefined : atomFor(type, rhs);
  const atom = ra ?? la;
  if (!atom || (la && ra && la !== ra) || atom.kind === 'scalar') return copy(rhs !== undefined ? rhs : lhs);
  if (atom.kind === 'list') {
    if (atom.relationship === 'atomic' || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) return copy(rhs !== undefined ? rhs : lhs);
    return mergeList(Array.isArray(lhs) ? lhs : [], Array.isArray(rhs) ? rhs : [], atom, copy);
  }
  if (atom.atomic || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) return copy(rhs !== undefined ? rhs : lhs);
  const lo = isObject(lhs) ? lhs : undefined;
  const ro = isObject(rhs) ? rhs : undefined;
  const out: Record<string, unknown> = {};
  let any = false;
  const member = (k: string) => {
    const lv = present(lo, k) ? lo![k] : undefined;
    const rv = present(ro, k) ? ro![k] : undefined;
    if (lv === undefined && rv === undefined) return;
    const ft = atom.field(k) ?? atom.elem;
    const m = ft ? merge(lv, rv, ft, copy) : copy(rv !== undefined ? rv : lv);
    if (m !== undefined) {
      out[k] = m;
      if (k !== '__proto__') any = true; // (an assignment that sets no member)
    }
  };
  // Keys in the order of the live value, then the config's new ones.
  if (lo) for (const k in lo) member(k);
  if (ro) for (const k in ro) if (!lo || !Object.prototype.hasOwnProperty.call(lo, k)) member(k);
  return any ? out : undefined;
}

function mergeList(lhs: unknown[], rhs: unknown[], atom: ListAtom, copy: Copy): unknown {
  const lPEs = itemElements(atom, lhs);
  const rPEs = itemElements(atom, rhs);
  const lKeys = lPEs.map((pe) => (pe ? elementString(pe) : undefined));
  const rKeys = rPEs.map((pe) => (pe ? elementString(pe) : undefined));
  const observedL = new Map<string, unknown>();
  for (let i = 0; i < lhs.length; i++) {
    const k = lKeys[i];
    if (k === undefined) continue;
    // A duplicated live item is an opaque unit: replaced as a whole when the config names it.
    observedL.set(k, observedL.has(k) ? null : lhs[i]);
  }
  const observedR = new Map<string, unknown>();
  for (let i = 0; i < rhs.length; i++) if (rKeys[i] !== undefined) observedR.set(rKeys[i]!, rhs[i]);
  const shared = rKeys.filter((k): k is string => k !== undefined && observedL.has(k));
  let nextShared = shared.shift();
  const mergedR = new Set<string>();
  const out: unknown[] = [];
  const emit = (l: unknown, r: unknown) => {
    const m = merge(l ?? undefined, r, atom.elem, copy);
    if (m !== undefined) out.push(m);
  };
  const lLen = lhs.length;
  const rLen = rhs.length;
  for (let li = 0, ri = 0; li < lLen || ri < rLen; ) {
    const lk = li < lLen ? lKeys[li] : undefined;
    if (li < lLen && lk === undefined) {
      li++; // invalid live item: dropped (upstream refuses the merge)
      continue;
    }
    if (li < lLen && ri < rLen) {
      if (lk === rKeys[ri]) {
        mergedR.add(lk!);
        emit(observedL.get(lk!), observedR.get(lk!));
        li++;
        ri++;
        nextShared = shared.shift();
        continue;
      }
      if (observedR.has(lk!) && nextShared !== undefined && nextShared !== lk) {
        li++;
        continue;
      }
    }
    if (li < lLen) {
      if (!observedR.has(lk!)) {
        emit(lhs[li], undefined);
        li++;
        continue;
      } else if (mergedR.has(lk!)) li++;
    }
    if (ri < rLen) {
      const rk = rKeys[ri]!;
      mergedR.add(rk);
      emit(observedL.get(rk), observedR.get(rk));
      ri++;
      if (nextShared !== undefined && nextShared === rk) nextShared = shared.shift();
    }
  }
  return out.length ? out : undefined;
}

const clone = <T>(v: T): T => (v === null || typeof v !== 'object' ? v : structuredClone(v));
const same = <T>(v: T): T => v;
