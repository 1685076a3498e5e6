// Type-specific checks (everything except ObjectMeta) of a built-in kind, as its home in registry/resources/ defines
// them. validate-object.ts interleaves them with the metadata checks as each strategy does.
import type { FieldError } from '../../errors/field-error.js';
import type { GroupKind } from '../../errors/status.js';
import { builtinResourceByKind } from '../resources/index.js';
import type { MetaChecks } from '../resources/builtin-resource.js';

const NO_META: MetaChecks = { update: () => [], create: () => [] };

/** The checks a kind runs after its metadata on create. */
export function validateKindCreate(gk: GroupKind, obj: unknown): FieldError[] {
  return builtinResourceByKind(gk.group, gk.kind)?.validateCreate?.(obj) ?? [];
}

/** The checks a kind runs on update besides metadata. */
export function validateKindUpdate(gk: GroupKind, obj: unknown, old: unknown): FieldError[] {
  return builtinResourceByKind(gk.group, gk.kind)?.validateUpdate?.(obj, old, NO_META) ?? [];
}

/** Type-specific errors of `obj` (create) or of the update from `oldObj` to `obj`, metadata excluded. */
export function validateKind(gk: GroupKind, obj: unknown, oldObj?: unknown): FieldError[] {
  return oldObj === undefined ? validateKindCreate(gk, obj) : validateKindUpdate(gk, obj, oldObj);
}
