// What the served ResourceInfo of a custom resource version does not carry: its CRD, printer columns, selectable
// fields and deprecation warning. Looked up by the ResourceInfo object the router hands to handlers.
import type { ResourceInfo } from '../api/resource-info.js';
import { compareKubeAwareVersions } from '../discovery/order.js';
import type { PrinterColumn } from '../registry/resource-view.js';
import { customResourceFieldSet } from '../selection/custom-resource-fields.js';
import type { FieldSet } from '../selection/field-sets.js';
import type { CRD, CRDVersion } from './crd-types.js';
import { liftedFields } from './crd-validation.js';
import type { JSONSchemaProps } from '../api/json-schema-props.js';

export interface CustomResourceDetails {
  crd: CRD;
  version: CRDVersion;
  /** additionalPrinterColumns of the version (empty: the table shows the default Age column). */
  columns: PrinterColumn[];
  /** selectableFields[].jsonPath of the version. */
  selectableFields: string[];
  /** The version's structural schema (per-version or shared). */
  schema: JSONSchemaProps | undefined;
  /** The Warning text every request to a deprecated version gets. */
  deprecationWarning?: string;
}

const details = new WeakMap<ResourceInfo, CustomResourceDetails>();
const fieldSets = new WeakMap<ResourceInfo, FieldSet>();

/** kube's default text: `<group>/<version> <Kind> is deprecated; use <group>/<newest newer served version> <Kind>`. */
export function deprecationWarningOf(crd: CRD, version: CRDVersion): string | undefined {
  if (!version.deprecated) return undefined;
  if (version.deprecationWarning !== undefined) return version.deprecationWarning;
  const kind = crd.spec.names.kind;
  let msg = `${crd.spec.group}/${version.name} ${kind} is deprecated`;
  const newer = crd.spec.versions
    .filter((v) => v.served && !v.deprecated && compareKubeAwareVersions(v.name, version.name) > 0)
    .map((v) => v.name)
    .sort((a, b) => compareKubeAwareVersions(b, a));
  if (newer.length) msg += `; use ${crd.spec.group}/${newer[0]} ${kind}`;
  return msg;
}

export function setCustomResourceDetails(def: ResourceInfo, crd: CRD, version: CRDVersion): void {
  const shared = liftedFields(crd.spec.versions).columns ? crd.spec.versions[0]?.additionalPrinterColumns : undefined;
  const cols = version.additionalPrinterColumns ?? shared ?? [];
  details.set(def, {
    crd,
    version,
    columns: cols.map((c) => ({ name: c.name ?? '', type: c.type ?? 'string', format: c.format, description: c.description, priority: c.priority, jsonPath: c.jsonPath ?? '' })),
    selectableFields: (version.selectableFields ?? []).map((f) => f.jsonPath ?? '').filter(Boolean),
    schema: version.schema?.openAPIV3Schema ?? crd.spec.versions.find((v) => v.schema?.openAPIV3Schema)?.schema?.openAPIV3Schema,
    deprecationWarning: deprecationWarningOf(crd, version),
  });
}

/** The details of a served custom resource version; undefined for built-ins. */
export function customResourceDetails(def: ResourceInfo): CustomResourceDetails | undefined {
  return details.get(def);
}

/** Printer columns for the Table builder (`customColumns`), undefined for built-in resources. */
export function customColumnsFor(def: ResourceInfo): PrinterColumn[] | undefined {
  return details.get(def)?.columns;
}

/**
 * The field labels of a served custom resource version (metadata.name, metadata.namespace and the version's
 * selectableFields) for list and watch field selectors; undefined for built-in resources.
 */
export function customResourceFieldSetFor(def: ResourceInfo): FieldSet | undefined {
  const d = details.get(def);
  if (!d) return undefined;
  let set = fieldSets.get(def);
  if (!set) fieldSets.set(def, (set = customResourceFieldSet({ namespaced: def.namespaced, selectableFields: d.selectableFields })));
  return set;
}

const generations = new WeakMap<ResourceInfo, number>();
let nextGeneration = 0;

/**
 * A suffix for caches of serialized objects (keyed by group-version): '' for built-ins, and for a custom resource
 * one value per registration, so serializations made under an older schema (other defaults) are not reused.
 */
export function serializationKeySuffix(def: ResourceInfo): string {
  if (!details.has(def)) return '';
  let g = generations.get(def);
  if (g === undefined) generations.set(def, (g = ++nextGeneration));
  return `#cr${g}`;
}

