// Reset fields (ssa.md §3.8): paths an endpoint's strategy overwrites from the stored object are left out of
// every ownership computation there. The main resource of a kind with a status subresource resets `status`;
// `/status` keeps only `status` (this server's store takes nothing else from a status write).
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

export const noReset: FieldFilter = (s) => s;

/** The filter of an endpoint. */
export function resetFieldsFilter(subresource: string, hasStatusSubresource: boolean): FieldFilter {
  if (subresource === 'status') return onlyTopLevel('status');
  return hasStatusSubresource ? excludeTopLevel('status') : noReset;
}
