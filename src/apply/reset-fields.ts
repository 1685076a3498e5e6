// Reset fields (ssa.md §3.8): paths an endpoint's strategy overwrites from the stored object are left out of
// every ownership computation there. The main resource of a kind with a status subresource resets `status`;
// `/status` keeps only `status` (this server's store takes nothing else from a status write); `/scale`
// entries are expressed in the parent's paths and own at most `spec.replicas`.
import { FieldSet } from './field-set.js';
import { fieldPE } from './path-element.js';

export type FieldFilter = (s: FieldSet) => FieldSet;

/** Drops the given top-level fields and everything beneath them. */
export function excludeTopLevel(...names: string[]): FieldFilter {
  const excluded = FieldSet.of(...names.map((n) => [fieldPE(n)]));
  return (s) => s.recursiveDifference(excluded);
}

/** Keeps only the given top-level fields and what is beneath them. */
export function onlyTopLevel(...names: string[]): FieldFilter {
  return (s) => {
    const out = new FieldSet();
    for (const n of names) {
      const pe = fieldPE(n);
      if (s.hasMember(pe)) out.insert([pe]);
      const sub = s.withPrefix(pe);
      if (!sub.isEmpty()) out.children.set(`f:${n}`, { pe, set: sub });
    }
    return out;
  };
}

/** Keeps only one path (with what is beneath it): what a /scale write can change (spec.replicas). */
export function onlyPath(...names: string[]): FieldFilter {
  const keep = FieldSet.of(names.map((n) => fieldPE(n)));
  return (s) => {
    let node: FieldSet = s;
    for (let i = 0; i < names.length - 1; i++) node = node.withPrefix(fieldPE(names[i]!));
    const last = fieldPE(names[names.length - 1]!);
    const out = node.hasMember(last) ? keep : new FieldSet();
    const sub = node.withPrefix(last);
    if (sub.isEmpty()) return out;
    let wrapped = sub;
    for (let i = names.length - 1; i >= 0; i--) {
      const parent = new FieldSet();
      parent.children.set(`f:${names[i]}`, { pe: fieldPE(names[i]!), set: wrapped });
      wrapped = parent;
    }
    return out.union(wrapped);
  };
}

export const noReset: FieldFilter = (s) => s;

/** The filter of an endpoint. */
export function resetFieldsFilter(subresource: string, hasStatusSubresource: boolean): FieldFilter {
  if (subresource === 'status') return onlyTopLevel('status');
  if (subresource === 'scale') return onlyPath('spec', 'replicas');
  return hasStatusSubresource ? excludeTopLevel('status') : noReset;
}
