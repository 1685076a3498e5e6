// Field errors as apimachinery's field.Error renders them: "<field>: <type>[: <value>][: <detail>]".

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

export interface FieldError {
  type: FieldErrorType;
  field: string;
  /** The offending value; `undefined` means "not shown". Pre-rendered Go values can be passed as GoValue. */
  value?: unknown;
  detail?: string;
}

/** A value already rendered the way Go's %#v would print it (e.g. `[]string{"a"}`, `0x0`). */
export class GoValue {
  constructor(readonly text: string) {}
}

const TYPE_TEXT: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

// Types whose text never includes the value.
const VALUE_OMITTED = new Set<FieldErrorType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError']);

/** Renders a JS value like Go's fmt for the common cases kube shows in field errors. */
export function renderGoValue(value: unknown): string {
  if (value instanceof GoValue) return value.text;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return `[]string{${value.map((v) => JSON.stringify(v)).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** The error text without the "<field>: " prefix (what a Status cause's message holds). */
export function fieldErrorBody(e: FieldError): string {
  let s = TYPE_TEXT[e.type];
  if (!VALUE_OMITTED.has(e.type) && e.value !== undefined) {
    s += `: ${renderGoValue(e.value)}`;
  } else if (e.type === 'FieldValueTooMany' && e.value !== undefined) {
    s += `: ${renderGoValue(e.value)}`;
  }
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

export function fieldErrorText(e: FieldError): string {
  return e.field ? `${e.field}: ${fieldErrorBody(e)}` : fieldErrorBody(e);
}

/** Joins several errors as apimachinery's aggregate does: one bare, several in brackets, duplicates removed. */
export function aggregateFieldErrors(errs: FieldError[]): string {
  const texts: string[] = [];
  for (const e of errs) {
    const t = fieldErrorText(e);
    if (!texts.includes(t)) texts.push(t);
  }
  return texts.length === 1 ? texts[0]! : `[${texts.join(', ')}]`;
}

export const fieldErr = {
  required: (field: string, detail?: string): FieldError => ({ type: 'FieldValueRequired', field, detail }),
  invalid: (field: string, value: unknown, detail?: string): FieldError => ({ type: 'FieldValueInvalid', field, value, detail }),
  forbidden: (field: string, detail?: string): FieldError => ({ type: 'FieldValueForbidden', field, detail }),
  notSupported: (field: string, value: unknown, supported: string[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field,
    value,
    detail: supported.length ? `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` : undefined,
  }),
  duplicate: (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, value }),
  notFound: (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, value }),
  tooLong: (field: string, max: number): FieldError => ({ type: 'FieldValueTooLong', field, detail: `may not be more than ${max} bytes` }),
  tooMany: (field: string, actual: number, max: number): FieldError => ({ type: 'FieldValueTooMany', field, value: actual, detail: `must have at most ${max} items` }),
  internal: (field: string, detail: string): FieldError => ({ type: 'InternalError', field, detail }),
};
