// A set of field paths stored as a tree (ssa.md §1.1): each node has members (paths ending here) and children
// (paths continuing below); an element can be both. Sets are immutable values: operations return new sets.
import { compareElements, elementString, type Path, type PathElement } from './path-element.js';

interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

const byElement = <T extends { pe: PathElement }>(a: T, b: T): number => compareElements(a.pe, b.pe);

export class FieldSet {
  /** Keyed by the element's FieldsV1 string. */
  readonly members = new Map<string, PathElement>();
  readonly children = new Map<string, Child>();

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /** Adds a path in place (only while building a set). The empty path is not stored. */
  insert(path: Path): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) node = node.childFor(path[i]!);
    const last = path[path.length - 1]!;
    node.members.set(elementString(last), last);
  }

  /** The child set under pe, created when absent (building only). */
  childFor(pe: PathElement): FieldSet {
    const k = elementString(pe);
    let c = this.children.get(k);
    if (!c) {
      c = { pe, set: new FieldSet() };
      this.children.set(k, c);
    }
    return c.set;
  }

  has(path: Path): boolean {
    if (path.length === 0) return false;
    let node: FieldSet | undefined = this;
    for (let i = 0; i < path.length - 1; i++) {
      node = node.children.get(elementString(path[i]!))?.set;
      if (!node) return false;
    }
    return node.members.has(elementString(path[path.length - 1]!));
  }

  hasMember(pe: PathElement): boolean {
    return this.members.has(elementString(pe));
  }

  /** The subtree under one element (empty when none). */
  withPrefix(pe: PathElement): FieldSet {
    return this.children.get(elementString(pe))?.set ?? EMPTY;
  }

  isEmpty(): boolean {
    if (this.members.size) return false;
    for (const c of this.children.values()) if (!c.set.isEmpty()) return false;
    return true;
  }

  union(o: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) out.members.set(k, pe);
    for (const [k, pe] of o.members) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const oc = o.children.get(k);
      out.children.set(k, { pe: c.pe, set: oc ? c.set.union(oc.set) : c.set });
    }
    for (const [k, c] of o.children) if (!this.children.has(k)) out.children.set(k, c);
    return out;
  }

  intersection(o: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (o.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const oc = o.children.get(k);
      if (!oc) continue;
      const i = c.set.intersection(oc.set);
      if (!i.isEmpty()) out.children.set(k, { pe: c.pe, set: i });
    }
    return out;
  }

  /** Paths of this set not in o (members removed one by one; subtrees of o's members are kept). */
  difference(o: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (!o.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const oc = o.children.get(k);
      if (!oc) {
        out.children.set(k, c);
        continue;
      }
      const d = c.set.difference(oc.set);
      if (!d.isEmpty()) out.children.set(k, { pe: c.pe, set: d });
    }
    return out;
  }

  /** Like difference, but a member of o also removes everything beneath it. */
  recursiveDifference(o: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (!o.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      if (o.members.has(k)) continue;
      const oc = o.children.get(k);
      if (!oc) {
        out.children.set(k, c);
        continue;
      }
      const d = c.set.recursiveDifference(oc.set);
      if (!d.isEmpty()) out.children.set(k, { pe: c.pe, set: d });
    }
    return out;
  }

  /** Members in element order. */
  sortedMembers(): PathElement[] {
    return [...this.members.values()].sort(compareElements);
  }

  /** Children in element order. */
  sortedChildren(): Child[] {
    return [...this.children.values()].sort(byElement);
  }

  /** Every path, pre-order: a node's members first, then each child subtree, in element order. */
  iterate(fn: (p: Path) => void, prefix: PathElement[] = []): void {
    for (const pe of this.sortedMembers()) fn([...prefix, pe]);
    for (const c of this.sortedChildren()) c.set.iterate(fn, [...prefix, c.pe]);
  }

  paths(): Path[] {
    const out: Path[] = [];
    this.iterate((p) => out.push(p));
    return out;
  }

  /** Whether every path of this set is in o (difference(o).isEmpty(), without building the difference). */
  isSubsetOf(o: FieldSet): boolean {
    if (this === o) return true;
    for (const k of this.members.keys()) if (!o.members.has(k)) return false;
    for (const [k, c] of this.children) {
      const oc = o.children.get(k);
      if (oc ? !c.set.isSubsetOf(oc.set) : !c.set.isEmpty()) return false;
    }
    return true;
  }

  /** Whether both sets hold the same paths (compared in place: no set is built). */
  equals(o: FieldSet): boolean {
    if (this === o) return true;
    if (this.members.size !== o.members.size) return false;
    for (const k of this.members.keys()) if (!o.members.has(k)) return false;
    for (const [k, c] of this.children) {
      const oc = o.children.get(k);
      if (oc ? !c.set.equals(oc.set) : !c.set.isEmpty()) return false;
    }
    for (const [k, c] of o.children) if (!this.children.has(k) && !c.set.isEmpty()) return false;
    return true;
  }

  /** Paths as conflict messages print them, for debugging and tests. */
  toString(): string {
    return this.paths()
      .map((p) => p.map((pe) => elementString(pe)).join(' '))
      .join('\n');
  }
}

const EMPTY = new FieldSet();
