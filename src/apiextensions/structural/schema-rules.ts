// Static checks of a CRD's openAPIV3Schema: the OpenAPI subset CRDs accept and the structural-schema
// invariants, with kube-apiserver's paths (`properties[spec].type`) and texts. Structural errors are sorted by
// their text, as kube sorts them.
import { fieldErr, fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { goFieldValue } from './go-value.js';
import { pruneCustomResource } from './prune.js';
import { validateNode } from './validate-value.js';
import { additionalSchema, itemSchema, type JSONSchemaProps } from '../../api/json-schema-props.js';
import { RE2JS, RE2JSSyntaxException } from 're2js';

type Level = 'root' | 'item' | 'field';
const OPENAPI_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** Forbidden OpenAPI features and the properties/additionalProperties exclusivity (kube's OpenAPI pass). */
function openAPIRules(s: JSONSchemaProps, path: string, insideMeta: boolean, errs: FieldError[]): void {
  if (s.type && !OPENAPI_TYPES.includes(s.type)) {
    if (s.type === 'null') errs.push(fieldErr.forbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
    else errs.push(fieldErr.notSupported(`${path}.type`, s.type, OPENAPI_TYPES));
  }
  if (s.id) errs.push(fieldErr.forbidden(`${path}.id`, 'id is not supported'));
  if (s.additionalItems !== undefined) errs.push(fieldErr.forbidden(`${path}.additionalItems`, 'additionalItems is not supported'));
  if (s.patternProperties && Object.keys(s.patternProperties).length) errs.push(fieldErr.forbidden(`${path}.patternProperties`, 'patternProperties is not supported'));
  if (s.definitions && Object.keys(s.definitions).length) errs.push(fieldErr.forbidden(`${path}.definitions`, 'definitions is not supported'));
  if (s.dependencies !== undefined) errs.push(fieldErr.forbidden(`${path}.dependencies`, 'dependencies is not supported'));
  if (s.$ref !== undefined) errs.push(fieldErr.forbidden(`${path}.$ref`, '$ref is not supported'));
  if (Array.isArray(s.items)) errs.push(fieldErr.forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (insideMeta && s['x-kubernetes-embedded-resource']) errs.push(fieldErr.forbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  if (s.uniqueItems) errs.push(fieldErr.forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  if (s.additionalProperties !== undefined && s.properties && Object.keys(s.properties).length) {
    if (s.additionalProperties === false || typeof s.additionalProperties === 'object') {
      errs.push(fieldErr.forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
    }
  }
  const extra = additionalSchema(s);
  if (extra) openAPIRules(extra, `${path}.additionalProperties`, insideMeta, errs);
  for (const [k, p] of Object.entries(s.properties ?? {})) openAPIRules(p, `${path}.properties[${k}]`, false, errs);
  listTypeRules(s, path, errs);
  const items = itemSchema(s);
  if (items) openAPIRules(items, `${path}.items`, false, errs);
  for (const j of ['allOf', 'anyOf', 'oneOf'] as const) (s[j] ?? []).forEach((x, i) => openAPIRules(x, `${path}.${j}[${i}]`, insideMeta, errs));
  if (s.not) openAPIRules(s.not, `${path}.not`, insideMeta, errs);
}

function listTypeRules(s: JSONSchemaProps, path: string, errs: FieldError[]): void {
  const lt = s['x-kubernetes-list-type'];
  const keys = s['x-kubernetes-list-map-keys'];
  const mt = s['x-kubernetes-map-type'];
  if (s['x-kubernetes-preserve-unknown-fields'] === false) errs.push(fieldErr.invalid(`${path}.x-kubernetes-preserve-unknown-fields`, false, 'must be true or undefined'));
  if (mt !== undefined) {
    if (!s.type) errs.push(fieldErr.required(`${path}.type`, 'must be object if x-kubernetes-map-type is specified'));
    else if (s.type !== 'object') errs.push(fieldErr.invalid(`${path}.type`, s.type, 'must be object if x-kubernetes-map-type is specified'));
    if (mt !== 'atomic' && mt !== 'granular') errs.push(fieldErr.notSupported(`${path}.x-kubernetes-map-type`, mt, ['atomic', 'granular']));
  }
  if (lt !== undefined) {
    if (!s.type) errs.push(fieldErr.required(`${path}.type`, 'must be array if x-kubernetes-list-type is specified'));
    else if (s.type !== 'array') errs.push(fieldErr.invalid(`${path}.type`, s.type, 'must be array if x-kubernetes-list-type is specified'));
    else if (lt === 'set') {
      const it = itemSchema(s);
      if (it && it.type === 'object' && it['x-kubernetes-map-type'] !== 'atomic') {
        errs.push(fieldErr.invalid(`${path}.items.x-kubernetes-map-type`, it['x-kubernetes-map-type'] ?? null, 'must be atomic as item of a list with x-kubernetes-list-type=set'));
      }
    }
    if (!['atomic', 'set', 'map'].includes(lt)) errs.push(fieldErr.notSupported(`${path}.x-kubernetes-list-type`, lt, ['atomic', 'set', 'map']));
  }
  if (keys && keys.length) {
    if (lt === undefined) errs.push(fieldErr.required(`${path}.x-kubernetes-list-type`, 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else if (lt !== 'map') errs.push(fieldErr.invalid(`${path}.x-kubernetes-list-type`, lt, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (lt === 'map') {
    const it = itemSchema(s);
    if (!keys?.length) errs.push(fieldErr.required(`${path}.x-kubernetes-list-map-keys`, 'must not be empty if x-kubernetes-list-type is map'));
    if (!it) errs.push(fieldErr.required(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
    else if (it.type !== 'object') errs.push(fieldErr.invalid(`${path}.items.type`, it.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    else if (keys?.length) {
      if (!keys.every((k) => it.properties?.[k])) errs.push(fieldErr.invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'entries must all be names of item properties'));
      else if (new Set(keys).size !== keys.length) errs.push(fieldErr.invalid(`${path}.x-kubernetes-list-map-keys`, keys, 'must not contain duplicate entries'));
      else {
        for (const k of keys) {
          const ks = it.properties![k]!;
          if (ks.type && !['string', 'integer', 'number', 'boolean'].includes(ks.type)) {
            errs.push(fieldErr.invalid(`${path}.items.properties[${k}].type`, ks.type, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
          }
          if (ks.default === undefined && !(it.required ?? []).includes(k)) {
            errs.push(fieldErr.required(`${path}.items.properties[${k}].default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
          }
          if (ks.nullable) errs.push(fieldErr.forbidden(`${path}.items.properties[${k}].nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
        }
      }
    }
  }
}

const NESTED_FORBIDDEN: [keyof JSONSchemaProps, string][] = [
  ['type', 'must be empty to be structural'],
  ['additionalProperties', 'must be undefined to be structural'],
  ['default', 'must be undefined to be structural'],
  ['title', 'must be empty to be structural'],
  ['description', 'must be empty to be structural'],
  ['nullable', 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', 'must be false to be structural'],
  ['x-kubernetes-int-or-string', 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', 'must be empty to be structural'],
  ['x-kubernetes-list-type', 'must be undefined to be structural'],
  ['x-kubernetes-map-type', 'must be undefined to be structural'],
  ['x-kubernetes-validations', 'must be empty to be structural'],
];

function isIntOrStringAnyOf(s: JSONSchemaProps | undefined): boolean {
  const a = s?.anyOf;
  return !!a && a.length === 2 && a[0]?.type === 'integer' && a[1]?.type === 'string' && Object.keys(a[0]!).length === 1 && Object.keys(a[1]!).length === 1;
}

/** Logical junctors may only restrict values: no types, defaults, descriptions or extensions inside them. */
function nestedRules(s: JSONSchemaProps, path: string, lvl: Level, skipAnyOf: boolean, errs: FieldError[]): void {
  for (const [k, msg] of NESTED_FORBIDDEN) {
    const v = s[k];
    if (v === undefined || v === false || v === '' || (Array.isArray(v) && !v.length)) continue;
    errs.push(fieldErr.forbidden(`${path}.${k}`, msg));
  }
  if (lvl === 'root' && s.properties?.metadata) errs.push(fieldErr.forbidden(`${path}.properties[metadata]`, 'must not be specified in a nested context'));
  junctorRules(s, path, lvl, skipAnyOf, false, errs);
  const items = itemSchema(s);
  if (items) nestedRules(items, `${path}.items`, 'item', false, errs);
  for (const [k, p] of Object.entries(s.properties ?? {})) nestedRules(p, `${path}.properties[${k}]`, 'field', false, errs);
}

function junctorRules(s: JSONSchemaProps, path: string, lvl: Level, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, errs: FieldError[]): void {
  if (!skipAnyOf) (s.anyOf ?? []).forEach((x, i) => nestedRules(x, `${path}.anyOf[${i}]`, lvl, false, errs));
  (s.allOf ?? []).forEach((x, i) => nestedRules(x, `${path}.allOf[${i}]`, lvl, skipFirstAllOfAnyOf && i === 0, errs));
  (s.oneOf ?? []).forEach((x, i) => nestedRules(x, `${path}.oneOf[${i}]`, lvl, false, errs));
  if (s.not) nestedRules(s.not, `${path}.not`, lvl, false, errs);
  if (s.pattern !== undefined) {
    // Go's regexp syntax and error texts (RE2), not JavaScript's.
    try {
      RE2JS.compile(s.pattern);
    } catch (e) {
      if (!(e instanceof RE2JSSyntaxException)) throw e;
      errs.push(fieldErr.invalid(`${path}.pattern`, s.pattern, `must be a valid regular expression, but isn't: ${e.message}`));
    }
  }
}

function structuralRules(s: JSONSchemaProps, path: string, lvl: Level, errs: FieldError[]): void {
  if (s.type === 'array' && !s.items) errs.push(fieldErr.required(`${path}.items`, 'must be specified'));
  const items = itemSchema(s);
  if (items) structuralRules(items, `${path}.items`, 'item', errs);
  for (const [k, p] of Object.entries(s.properties ?? {})) structuralRules(p, `${path}.properties[${k}]`, 'field', errs);
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    if (lvl === 'root') errs.push(fieldErr.forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    const extra = additionalSchema(s);
    if (extra) structuralRules(extra, `${path}.additionalProperties`, 'field', errs);
  }
  const ios = s['x-kubernetes-int-or-string'];
  if (ios && s['x-kubernetes-preserve-unknown-fields']) errs.push(fieldErr.invalid(`${path}.x-kubernetes-preserve-unknown-fields`, true, 'must be false if x-kubernetes-int-or-string is true'));
  if (ios && s['x-kubernetes-embedded-resource']) errs.push(fieldErr.invalid(`${path}.x-kubernetes-embedded-resource`, true, 'must be false if x-kubernetes-int-or-string is true'));
  const allOfIOS = isIntOrStringAnyOf(s.allOf?.[0]) && !!ios;
  junctorRules(s, path, lvl, !!ios && isIntOrStringAnyOf(s), allOfIOS, errs);
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (embedded && s.type !== 'object') {
    if (!s.type) errs.push(fieldErr.required(`${path}.type`, 'must be object if x-kubernetes-embedded-resource is true'));
    else errs.push(fieldErr.invalid(`${path}.type`, s.type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (!s.type && !ios && !s['x-kubernetes-preserve-unknown-fields']) {
    const where = lvl === 'root' ? 'at the root' : lvl === 'item' ? 'for specified array items' : 'for specified object fields';
    errs.push(fieldErr.required(`${path}.type`, `must not be empty ${where}`));
  }
  if (embedded && s.additionalProperties !== undefined) errs.push(fieldErr.forbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  if (lvl === 'root' && s.type && s.type !== 'object') errs.push(fieldErr.invalid(`${path}.type`, s.type, 'must be object at the root'));
  const checkMeta = lvl === 'root' || embedded;
  const kind = s.properties?.kind;
  if (kind && checkMeta && kind.type !== 'string') errs.push(fieldErr.invalid(`${path}.properties[kind].type`, kind.type ?? '', 'must be string'));
  const apiVersion = s.properties?.apiVersion;
  if (apiVersion && checkMeta && apiVersion.type !== 'string') errs.push(fieldErr.invalid(`${path}.properties[apiVersion].type`, apiVersion.type ?? '', 'must be string'));
  const md = s.properties?.metadata;
  if (md) {
    if (checkMeta && md.type !== 'object') errs.push(fieldErr.invalid(`${path}.properties[metadata].type`, md.type ?? '', 'must be object'));
    if (lvl === 'root') {
      const { type: _t, default: _d, properties, ...rest } = md;
      const names = Object.keys(properties ?? {});
      const onlyNames = names.every((n) => n === 'name' || n === 'generateName');
      if (!onlyNames || Object.keys(rest).some((k) => k !== 'description')) {
        errs.push(fieldErr.forbidden(`${path}.properties[metadata]`, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
      }
    }
  }
  if (embedded && !s['x-kubernetes-preserve-unknown-fields'] && !Object.keys(s.properties ?? {}).length) {
    errs.push(fieldErr.required(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
}

/** Defaults must validate against their own schema (kube's structural defaulting validation). */
function defaultRules(s: JSONSchemaProps, path: string, errs: FieldError[]): void {
  if (s.default !== undefined && s.default !== null) {
    const e: FieldError[] = [];
    const { default: _d, ...rest } = s;
    validateNode(rest, s.default, '', e);
    for (const x of e) errs.push({ ...x, field: x.field ? `${path}.default.${x.field}` : `${path}.default` });
    if (!e.length && typeof s.default === 'object') {
      const pruned = structuredClone(s.default) as Record<string, unknown>;
      if (pruneCustomResource(rest, pruned).length) errs.push(fieldErr.invalid(`${path}.default`, goFieldValue(s.default), 'must not have unknown fields'));
    }
  }
  const items = itemSchema(s);
  if (items) defaultRules(items, `${path}.items`, errs);
  for (const [k, p] of Object.entries(s.properties ?? {})) defaultRules(p, `${path}.properties[${k}]`, errs);
  const extra = additionalSchema(s);
  if (extra) defaultRules(extra, `${path}.additionalProperties`, errs);
}

/** All schema errors of one openAPIV3Schema at `path` (e.g. `spec.validation.openAPIV3Schema`). */
export function validateCRDSchema(schema: JSONSchemaProps, path: string, statusEnabled: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (statusEnabled) {
    if (schema.type !== undefined && schema.type !== 'object') {
      errs.push(fieldErr.invalid(`${path}.type`, schema.type, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'));
    }
  }
  if (schema.nullable) errs.push(fieldErr.forbidden(`${path}.nullable`, 'nullable cannot be true at the root'));
  const structural: FieldError[] = [];
  structuralRules(schema, path, 'root', structural);
  structural.sort((a, b) => (fieldErrorText(a) < fieldErrorText(b) ? -1 : fieldErrorText(a) > fieldErrorText(b) ? 1 : 0));
  errs.push(...structural);
  if (!structural.length) defaultRules(schema, path, errs);
  openAPIRules(schema, path, false, errs);
  return errs;
}
