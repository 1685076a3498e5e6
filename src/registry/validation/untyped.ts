// Reading an object under validation, which arrives untyped: the value at a field as the type a Go struct field
// would give it, its zero value when absent or of another type (the typed decoding has already refused those).
export type Obj = Record<string, unknown>;

/** A map field; `{}` when absent. */
export const record = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
/** A list field; `[]` when absent. */
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A string field; `''` when absent. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Whether a pointer field is set (neither absent nor null). */
export const isSet = (v: unknown): boolean => v !== undefined && v !== null;
