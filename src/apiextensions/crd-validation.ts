// Validation of CustomResourceDefinitions as kube-apiserver 1.33 does it (spec, names, versions, schemas,
// subresources, printer columns, selectable fields, stored versions). Paths follow kube's internal version: a
// schema, subresources or printer columns shared by every version are reported at spec.validation,
// spec.subresources and spec.additionalPrinterColumns, as kube lifts them there before validating.
import { fieldErr, GoValue, type FieldError } from '../errors/field-error.js';
import { jsonEqual } from '../api/object.js';
import { isDNS1035Label, isDNS1123Subdomain } from '../validation/names.js';
import { jsonPathSegments } from '../selection/custom-resource-fields.js';
import type { CRD, CRDSpec, CRDVersion, PrinterColumn, ScaleSubresource } from './crd-types.js';
import { validateCRDSchema } from './structural/schema-rules.js';
import { ruleTexts } from './cel/compile-rules.js';
import { validationRuleErrors } from './cel/rule-errors.js';

/** Told how long CEL compilation took (apiserver_cel_compilation_duration_seconds). */
export type CompilationObserver = (seconds: number) => void;

/** A version schema's structural errors, then its x-kubernetes-validations errors (CEL only on a sound schema). */
function schemaAndRuleErrors(schema: JSONSchemaProps, path: string, statusEnabled: boolean, existingRules?: ReadonlySet<string>, observe?: CompilationObserver): FieldError[] {
  const errs = validateCRDSchema(schema, path, statusEnabled);
  return [...errs, ...validationRuleErrors(schema, path, errs.length === 0, existingRules, observe)];
}
import { type JSONSchemaProps } from '../api/json-schema-props.js';

const COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];
const MAX_SELECTABLE_FIELDS = 8;
// Pointers print as addresses in Go's %#v; kube's texts show a heap address here.
const GO_POINTER = '0xc000000000';

/** Go's %#v of the internal versions list (the value kube shows in spec.versions errors). */
function goVersions(versions: CRDVersion[], lifted: Lifted): GoValue {
  const ptr = (set: boolean, type: string) => (set ? `(*${type})(${GO_POINTER})` : `(*${type})(nil)`);
  const items = versions.map(
    (v) =>
      `apiextensions.CustomResourceDefinitionVersion{Name:${JSON.stringify(v.name ?? '')}, Served:${!!v.served}, Storage:${!!v.storage}, Deprecated:${!!v.deprecated}, ` +
      `DeprecationWarning:${v.deprecationWarning !== undefined ? `(*string)(${GO_POINTER})` : '(*string)(nil)'}, ` +
      `Schema:${ptr(!lifted.schema && !!v.schema, 'apiextensions.CustomResourceValidation')}, ` +
      `Subresources:${ptr(!lifted.subresources && !!v.subresources, 'apiextensions.CustomResourceSubresources')}, ` +
      `AdditionalPrinterColumns:${!lifted.columns && v.additionalPrinterColumns?.length ? `[]apiextensions.CustomResourceColumnDefinition{...}` : '[]apiextensions.CustomResourceColumnDefinition(nil)'}, ` +
      `SelectableFields:${v.selectableFields?.length ? '[]apiextensions.SelectableField{...}' : '[]apiextensions.SelectableField(nil)'}}`,
  );
  return new GoValue(`[]apiextensions.CustomResourceDefinitionVersion{${items.join(', ')}}`);
}

interface Lifted {
  schema: boolean;
  subresources: boolean;
  columns: boolean;
}

/** Which per-version fields kube's v1 → internal conversion lifts to the top level (identical in every version). */
export function liftedFields(versions: CRDVersion[]): Lifted {
  const same = (get: (v: CRDVersion) => unknown) => versions.length > 0 && get(versions[0]!) !== undefined && versions.every((v) => jsonEqual(get(v), get(versions[0]!)));
  return {
    schema: same((v) => v.schema),
    subresources: same((v) => v.subresources),
    columns: same((v) => (v.additionalPrinterColumns?.length ? v.additionalPrinterColumns : undefined)),
  };
}

function validateNames(names: CRDSpec['names'] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const n = names ?? {};
  const dns = (v: string | undefined) => (v ? isDNS1035Label(v) : []);
  if (n.plural && dns(n.plural).length) errs.push(fieldErr.invalid(`${path}.plural`, n.plural, dns(n.plural).join(',')));
  if (n.singular && dns(n.singular).length) errs.push(fieldErr.invalid(`${path}.singular`, n.singular, dns(n.singular).join(',')));
  if (n.kind && dns(n.kind.toLowerCase()).length) errs.push(fieldErr.invalid(`${path}.kind`, n.kind, 'may have mixed case, but should otherwise match: ' + dns(n.kind.toLowerCase()).join(',')));
  if (n.listKind && dns(n.listKind.toLowerCase()).length) {
    errs.push(fieldErr.invalid(`${path}.listKind`, n.listKind, 'may have mixed case, but should otherwise match: ' + dns(n.listKind.toLowerCase()).join(',')));
  }
  (n.shortNames ?? []).forEach((s, i) => {
    const e = isDNS1035Label(s);
    if (e.length) errs.push(fieldErr.invalid(`${path}.shortNames[${i}]`, s, e.join(',')));
  });
  if (n.kind && n.kind === n.listKind) errs.push(fieldErr.invalid(`${path}.listKind`, n.listKind, 'kind and listKind may not be the same'));
  (n.categories ?? []).forEach((c, i) => {
    const e = isDNS1035Label(c);
    if (e.length) errs.push(fieldErr.invalid(`${path}.categories[${i}]`, c, e.join(',')));
  });
  return errs;
}

function validateSimpleJSONPath(s: string, path: string): FieldError[] {
  if (!s) return [fieldErr.invalid(path, s, 'must not be empty')];
  if (!s.startsWith('.')) return [fieldErr.invalid(path, s, 'must be a simple json path starting with .')];
  if (s !== '.') {
    try {
      if (s.includes('[') || s.includes('..')) throw new Error('not dotted');
      jsonPathSegments(s);
    } catch {
      return [fieldErr.invalid(path, s, 'must be a json path in the dot notation')];
    }
  }
  return [];
}

function validateColumn(c: PrinterColumn, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(fieldErr.required(`${path}.name`, ''));
  if (!c.type) errs.push(fieldErr.required(`${path}.type`, `must be one of ${COLUMN_TYPES.join(',')}`));
  else if (!COLUMN_TYPES.includes(c.type)) errs.push(fieldErr.invalid(`${path}.type`, c.type, `must be one of ${COLUMN_TYPES.join(',')}`));
  if (c.format && !COLUMN_FORMATS.includes(c.format)) errs.push(fieldErr.invalid(`${path}.format`, c.format, `must be one of ${COLUMN_FORMATS.join(',')}`));
  if (!c.jsonPath) errs.push(fieldErr.required(`${path}.JSONPath`, ''));
  else errs.push(...validateSimpleJSONPath(c.jsonPath, `${path}.JSONPath`));
  return errs;
}

function validateScale(scale: ScaleSubresource, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const spec = scale.specReplicasPath;
  if (!spec) errs.push(fieldErr.required(`${path}.scale.specReplicasPath`, ''));
  else {
    const e = validateSimpleJSONPath(spec, `${path}.scale.specReplicasPath`);
    if (e.length) errs.push(...e);
    else if (!spec.startsWith('.spec.')) errs.push(fieldErr.invalid(`${path}.scale.specReplicasPath`, spec, 'should be a json path under .spec'));
  }
  const status = scale.statusReplicasPath;
  if (!status) errs.push(fieldErr.required(`${path}.scale.statusReplicasPath`, ''));
  else {
    const e = validateSimpleJSONPath(status, `${path}.scale.statusReplicasPath`);
    if (e.length) errs.push(...e);
    else if (!status.startsWith('.status.')) errs.push(fieldErr.invalid(`${path}.scale.statusReplicasPath`, status, 'should be a json path under .status'));
  }
  const sel = scale.labelSelectorPath;
  if (sel) {
    const e = validateSimpleJSONPath(sel, `${path}.scale.labelSelectorPath`);
    if (e.length) errs.push(...e);
    else if (!sel.startsWith('.spec.') && !sel.startsWith('.status.')) {
      errs.push(fieldErr.invalid(`${path}.scale.labelSelectorPath`, sel, 'should be a json path under either .spec or .status'));
    }
  }
  return errs;
}

function schemaAt(schema: JSONSchemaProps | undefined, segs: string[]): JSONSchemaProps | undefined {
  let cur = schema;
  for (const s of segs) cur = cur?.properties?.[s];
  return cur;
}

function validateSelectableFields(fields: { jsonPath?: string }[], schema: JSONSchemaProps | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const p = `${path}[${i}].jsonPath`;
    if (!f.jsonPath) return errs.push(fieldErr.required(p, ''));
    let segs: string[];
    try {
      segs = jsonPathSegments(f.jsonPath);
    } catch (e) {
      return errs.push(fieldErr.invalid(p, f.jsonPath, `is an invalid path: ${(e as Error).message}`));
    }
    if (segs[0] === 'metadata') errs.push(fieldErr.invalid(p, f.jsonPath, 'must not point to fields in metadata'));
    else if (!['string', 'boolean', 'integer'].includes(schemaAt(schema, segs)?.type ?? '')) {
      errs.push(fieldErr.invalid(p, f.jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    }
    if (seen.has(f.jsonPath)) errs.push(fieldErr.duplicate(p, f.jsonPath));
    seen.add(f.jsonPath);
    return undefined;
  });
  if (seen.size > MAX_SELECTABLE_FIELDS) errs.push(fieldErr.tooMany(path, seen.size, MAX_SELECTABLE_FIELDS));
  return errs;
}

function validateSpec(spec: CRDSpec, existingRules?: ReadonlySet<string>, observe?: CompilationObserver): FieldError[] {
  const errs: FieldError[] = [];
  const versions = Array.isArray(spec.versions) ? spec.versions : [];
  const lifted = liftedFields(versions);
  if (!spec.group) errs.push(fieldErr.required('spec.group', ''));
  else if (isDNS1123Subdomain(spec.group).length) errs.push(fieldErr.invalid('spec.group', spec.group, isDNS1123Subdomain(spec.group).join(',')));
  else if (spec.group.split('.').length < 2) errs.push(fieldErr.invalid('spec.group', spec.group, 'should be a domain with at least one dot'));
  if (!spec.scope) errs.push(fieldErr.required('spec.scope', ''));
  else if (spec.scope !== 'Cluster' && spec.scope !== 'Namespaced') errs.push(fieldErr.notSupported('spec.scope', spec.scope, ['Cluster', 'Namespaced']));
  if (!lifted.schema) {
    versions.forEach((v, i) => {
      if (!v.schema?.openAPIV3Schema) errs.push(fieldErr.required(`spec.versions[${i}].schema.openAPIV3Schema`, ''));
    });
  }
  let storage = 0;
  const names = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    const p = `spec.versions[${i}]`;
    if (v.storage) storage++;
    if (names.has(v.name)) unique = false;
    names.add(v.name);
    const e = isDNS1035Label(v.name ?? '');
    if (e.length) errs.push(fieldErr.invalid(`${p}.name`, v.name ?? '', e.join(',')));
    if (!v.deprecated && v.deprecationWarning !== undefined) errs.push(fieldErr.invalid(`${p}.deprecationWarning`, v.deprecationWarning, 'can only be set for deprecated versions'));
    else if (v.deprecationWarning !== undefined && [...v.deprecationWarning].length > 256) {
      errs.push(fieldErr.invalid(`${p}.deprecationWarning`, v.deprecationWarning, 'must be <= 256 characters long'));
    }
    const statusEnabled = !!(lifted.subresources ? versions[0]!.subresources : v.subresources)?.status;
    if (!lifted.schema && v.schema?.openAPIV3Schema) errs.push(...schemaAndRuleErrors(v.schema.openAPIV3Schema, `${p}.schema.openAPIV3Schema`, statusEnabled, existingRules, observe));
    if (!lifted.subresources && v.subresources?.scale) errs.push(...validateScale(v.subresources.scale, `${p}.subresources`));
    if (!lifted.columns) (v.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, `${p}.additionalPrinterColumns[${j}]`)));
    if (v.selectableFields?.length) {
      const schema = v.schema?.openAPIV3Schema;
      if (!schema) errs.push(fieldErr.invalid(`${p}.selectableFields`, '', 'may only be set when `version.schema.openAPIV3Schema` is not included'));
      else errs.push(...validateSelectableFields(v.selectableFields, schema, `${p}.selectableFields`));
    }
  });
  if (!unique) errs.push(fieldErr.invalid('spec.versions', goVersions(versions, lifted), 'must contain unique version names'));
  if (storage !== 1) errs.push(fieldErr.invalid('spec.versions', goVersions(versions, lifted), 'must have exactly one version marked as storage version'));
  const n = spec.names ?? {};
  if (!n.plural) errs.push(fieldErr.required('spec.names.plural', ''));
  if (!n.singular) errs.push(fieldErr.required('spec.names.singular', ''));
  if (!n.kind) errs.push(fieldErr.required('spec.names.kind', ''));
  if (!n.listKind) errs.push(fieldErr.required('spec.names.listKind', ''));
  errs.push(...validateNames(spec.names, 'spec.names'));
  const first = versions[0];
  if (lifted.schema && first?.schema?.openAPIV3Schema) {
    errs.push(...schemaAndRuleErrors(first.schema.openAPIV3Schema, 'spec.validation.openAPIV3Schema', !!(lifted.subresources ? first.subresources : undefined)?.status || versions.some((v) => v.subresources?.status), existingRules, observe));
  }
  if (lifted.subresources && first?.subresources?.scale) errs.push(...validateScale(first.subresources.scale, 'spec.subresources'));
  if (lifted.columns) (first!.additionalPrinterColumns ?? []).forEach((c, j) => errs.push(...validateColumn(c, `spec.additionalPrinterColumns[${j}]`)));
  const strategy = spec.conversion?.strategy ?? 'None';
  if (strategy !== 'None' && strategy !== 'Webhook') errs.push(fieldErr.notSupported('spec.conversion.strategy', strategy, ['None', 'Webhook']));
  const webhook = spec.conversion?.webhook as { clientConfig?: unknown; conversionReviewVersions?: unknown[] } | undefined | null;
  if (strategy === 'Webhook') {
    if (!webhook) errs.push(fieldErr.required('spec.conversion.webhook', 'required when strategy is set to Webhook'));
    else {
      if (!webhook.clientConfig) errs.push(fieldErr.required('spec.conversion.webhook.clientConfig', 'required when strategy is set to Webhook'));
      if (!webhook.conversionReviewVersions?.length) errs.push(fieldErr.required('spec.conversion.webhook.conversionReviewVersions', 'must specify one of v1, v1beta1'));
    }
  } else if (webhook) errs.push(fieldErr.forbidden('spec.conversion.webhook', 'should not be set when strategy is not set to Webhook'));
  if (spec.preserveUnknownFields) {
    errs.push(fieldErr.invalid('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  return errs;
}

function validateStoredVersions(crd: CRD): FieldError[] {
  const stored = crd.status?.storedVersions ?? [];
  const path = 'status.storedVersions';
  if (!stored.length) return [fieldErr.invalid(path, new GoValue('[]string{}'), 'must have at least one stored version')];
  const errs: FieldError[] = [];
  const versions = crd.spec.versions ?? [];
  const storageVersion = versions.find((v) => v.storage)?.name;
  if (storageVersion && !stored.includes(storageVersion)) errs.push(fieldErr.invalid(path, stored, `must have the storage version ${storageVersion}`));
  stored.forEach((v, i) => {
    if (!versions.some((x) => x.name === v)) {
      errs.push(
        fieldErr.invalid(
          `${path}[${i}]`,
          v,
          `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`,
        ),
      );
    }
  });
  return errs;
}

/** kube's ValidateCustomResourceDefinition after the ObjectMeta rules (the store checks metadata and the name). */
export function validateCRD(crd: CRD, existingRules?: ReadonlySet<string>, observe?: CompilationObserver): FieldError[] {
  return [...validateSpec(crd.spec ?? ({} as CRDSpec), existingRules, observe), ...validateNames(crd.status?.acceptedNames, 'status.acceptedNames'), ...validateStoredVersions(crd)];
}

/** Updates: the same rules (kube relaxes some for schemas that did not change; kubelite does not need to). */
export function validateCRDUpdate(crd: CRD, old: CRD, observe?: CompilationObserver): FieldError[] {
  // Rules already stored compile in the StoredExpressions environment, new ones in NewExpressions.
  const existing = new Set<string>();
  for (const v of old.spec?.versions ?? []) ruleTexts(v.schema?.openAPIV3Schema, existing);
  return validateCRD(crd, existing, observe);
}
