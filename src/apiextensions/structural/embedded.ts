// x-kubernetes-embedded-resource objects must carry apiVersion and kind (kube's objectmeta validation).
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { additionalSchema, itemSchema, type JSONSchemaProps } from '../../api/json-schema-props.js';

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function validateEmbeddedResources(s: JSONSchemaProps | undefined, v: unknown, path: string, errs: FieldError[] = []): FieldError[] {
  if (!s || v === null || v === undefined || typeof v !== 'object') return errs;
  if (Array.isArray(v)) {
    const items = itemSchema(s);
    if (items) v.forEach((x, i) => validateEmbeddedResources(items, x, `${path}[${i}]`, errs));
    return errs;
  }
  const o = v as Record<string, unknown>;
  if (s['x-kubernetes-embedded-resource'] && path) {
    if (typeof o.apiVersion !== 'string' || !o.apiVersion) errs.push(fieldErr.required(child(path, 'apiVersion'), 'must not be empty'));
    if (typeof o.kind !== 'string' || !o.kind) errs.push(fieldErr.required(child(path, 'kind'), 'must not be empty'));
  }
  const extra = additionalSchema(s);
  for (const [k, x] of Object.entries(o)) {
    const ps = s.properties?.[k] ?? extra;
    if (ps) validateEmbeddedResources(ps, x, child(path, k), errs);
  }
  return errs;
}
