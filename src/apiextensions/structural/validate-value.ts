// Validates a custom resource against its structural schema with the messages kube-apiserver sends: kube-openapi's
// validator texts ("<path> in body must be of type integer: \"string\"") mapped to field errors as
// apiextensions-apiserver maps them (Required, Unsupported value, Too long, Too many, Invalid value).
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { checkFormat } from './formats.js';
import { goFieldValue, goFloat } from './go-value.js';
import { additionalSchema, itemSchema, type JSONSchemaProps } from '../../api/json-schema-props.js';

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The JSON type name kube-openapi infers for a decoded value. */
export function jsonTypeOf(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'object') return 'object';
  return typeof v; // string, boolean
}

function typesOf(s: JSONSchemaProps): string[] {
  if (s['x-kubernetes-int-or-string']) return ['integer', 'string'];
  return s.type ? [s.type] : [];
}

const typeError = (path: string, expected: string, actual: string, shown: unknown): FieldError => ({
  type: 'FieldValueTypeInvalid',
  field: path,
  value: shown,
  detail: `${path} in body must be of type ${expected}: ${JSON.stringify(actual)}`,
});

const invalid = (path: string, value: unknown, msg: string): FieldError => fieldErr.invalid(path, goFieldValue(value), `${path} in body ${msg}`);

function validateType(s: JSONSchemaProps, v: unknown, path: string, errs: FieldError[]): void {
  const types = typesOf(s);
  if (!types.length && !s.format) return;
  const actual = jsonTypeOf(v);
  if (actual === 'null') {
    if (types.length && !s.nullable) errs.push(typeError(path, types.join(','), 'null', 'null'));
    return;
  }
  const numeric = types.includes('number') || types.includes('integer');
  if (s.format && (actual === 'string' || actual === 'array') && !numeric) return;
  const isIntFloat = actual === 'integer' && types.includes('number');
  if (!(types.includes(actual) || isIntFloat)) errs.push(typeError(path, types.join(','), actual, actual));
}

function validateString(s: JSONSchemaProps, v: string, path: string, errs: FieldError[]): void {
  const runes = [...v].length;
  if (s.maxLength !== undefined && runes > s.maxLength) {
    errs.push({ type: 'FieldValueTooLong', field: path, detail: `may not be more than ${s.maxLength} ${s.maxLength === 1 ? 'byte' : 'bytes'}` });
  }
  if (s.minLength !== undefined && runes < s.minLength) errs.push(invalid(path, v, `should be at least ${s.minLength} chars long`));
  if (s.pattern !== undefined) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined;
    }
    if (re && !re.test(v)) errs.push(invalid(path, v, `should match '${s.pattern}'`));
  }
  if (s.format) {
    const ok = checkFormat(s.format, v);
    if (ok === false) errs.push({ type: 'FieldValueTypeInvalid', field: path, value: v, detail: `${path} in body must be of type ${s.format}: ${JSON.stringify(v)}` });
  }
}

function validateNumber(s: JSONSchemaProps, v: number, path: string, errs: FieldError[]): void {
  if (s.multipleOf !== undefined && s.multipleOf > 0) {
    const q = v / s.multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9) errs.push(invalid(path, v, `should be a multiple of ${goFloat(s.multipleOf)}`));
  }
  if (s.maximum !== undefined) {
    if (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum) {
      errs.push(invalid(path, v, `should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${goFloat(s.maximum)}`));
    }
  }
  if (s.minimum !== undefined) {
    if (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum) {
      errs.push(invalid(path, v, `should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${goFloat(s.minimum)}`));
    }
  }
}

function validateArray(s: JSONSchemaProps, v: unknown[], path: string, errs: FieldError[]): void {
  const items = itemSchema(s);
  if (items) v.forEach((x, i) => validateNode(items, x, `${path}[${i}]`, errs));
  if (s.minItems !== undefined && v.length < s.minItems) errs.push(invalid(path, v, `should have at least ${s.minItems} items`));
  if (s.maxItems !== undefined && v.length > s.maxItems) errs.push(fieldErr.tooMany(path, v.length, s.maxItems));
  if (s.uniqueItems) {
    const seen = new Set(v.map((x) => JSON.stringify(x)));
    if (seen.size !== v.length) errs.push(invalid(path, v, `shouldn't contain duplicates`));
  }
}

function validateEnum(s: JSONSchemaProps, v: unknown, path: string, errs: FieldError[]): void {
  if (!s.enum?.length) return;
  const json = JSON.stringify(v ?? null);
  if (s.enum.some((e) => JSON.stringify(e) === json)) return;
  const supported = s.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  errs.push({ ...fieldErr.notSupported(path, goFieldValue(v), supported) });
}

function validateObject(s: JSONSchemaProps, v: Record<string, unknown>, path: string, errs: FieldError[]): void {
  const n = Object.keys(v).length;
  if (s.minProperties !== undefined && n < s.minProperties) errs.push(invalid(path, v, `should have at least ${s.minProperties} properties`));
  if (s.maxProperties !== undefined && n > s.maxProperties) errs.push(fieldErr.tooMany(path, n, s.maxProperties));
  const props = s.properties ?? {};
  const extra = additionalSchema(s);
  if (extra) for (const [k, x] of Object.entries(v)) if (!(k in props)) validateNode(extra, x, child(path, k), errs);
  for (const [k, ps] of Object.entries(props)) if (k in v) validateNode(ps, v[k], child(path, k), errs);
  for (const k of s.required ?? []) if (!(k in v)) errs.push(fieldErr.required(child(path, k), ''));
}

function validateJunctors(s: JSONSchemaProps, v: unknown, path: string, errs: FieldError[]): void {
  const quoted = JSON.stringify(path);
  for (const sub of s.allOf ?? []) {
    const e: FieldError[] = [];
    validateNode(sub, v, path, e);
    if (e.length) errs.push(fieldErr.invalid(path, '', `${quoted} must validate all the schemas (allOf)`), ...e);
  }
  if (s.anyOf?.length) {
    const results = s.anyOf.map((sub) => {
      const e: FieldError[] = [];
      validateNode(sub, v, path, e);
      return e;
    });
    if (!results.some((e) => e.length === 0)) errs.push(fieldErr.invalid(path, '', `${quoted} must validate at least one schema (anyOf)`), ...results[0]!);
  }
  if (s.oneOf?.length) {
    const passing = s.oneOf.filter((sub) => {
      const e: FieldError[] = [];
      validateNode(sub, v, path, e);
      return e.length === 0;
    }).length;
    if (passing !== 1) errs.push(fieldErr.invalid(path, '', `${quoted} must validate one and only one schema (oneOf)`));
  }
  if (s.not) {
    const e: FieldError[] = [];
    validateNode(s.not, v, path, e);
    if (!e.length) errs.push(fieldErr.invalid(path, '', `${quoted} must not validate the schema (not)`));
  }
}

/** One schema node, validators in kube-openapi's order: type, junctors, string, format, number, array, enum, object. */
export function validateNode(s: JSONSchemaProps, v: unknown, path: string, errs: FieldError[]): void {
  validateType(s, v, path, errs);
  if (v === null || v === undefined) {
    validateEnum(s, v, path, errs);
    return;
  }
  validateJunctors(s, v, path, errs);
  if (typeof v === 'string') validateString(s, v, path, errs);
  else if (typeof v === 'number') validateNumber(s, v, path, errs);
  else if (Array.isArray(v)) validateArray(s, v, path, errs);
  validateEnum(s, v, path, errs);
  if (typeof v === 'object' && !Array.isArray(v)) validateObject(s, v as Record<string, unknown>, path, errs);
}

/** Validates a whole custom resource (paths relative to the object root, e.g. `spec.replicas`). */
export function validateCustomResourceValue(schema: JSONSchemaProps, obj: unknown): FieldError[] {
  const errs: FieldError[] = [];
  // Root metadata is validated by the ObjectMeta rules; the schema's metadata part only allows name/generateName.
  const root = { ...schema, properties: { ...(schema.properties ?? {}) } };
  delete root.properties.metadata;
  validateNode(root, obj, '', errs);
  return errs;
}
