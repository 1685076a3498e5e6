// Field selectors on custom resources: metadata.name, metadata.namespace (namespaced kinds only) and
// the CRD version's `selectableFields[].jsonPath`, as apiextensions-apiserver's converter and
// strategy do. The label of a selectable field is its JSONPath without the leading dot.
import { makeFieldSet, objectMetaExtractors, type FieldExtractor, type FieldSet } from './field-sets.js';
import { SelectorError } from './label-requirement.js';

export interface CustomResourceFieldOptions {
  namespaced: boolean;
  /** `spec.versions[].selectableFields[].jsonPath` of the version being served, e.g. `.spec.color`. */
  selectableFields?: readonly string[];
}

/** Splits `.a.b['c.d']` into ["a", "b", "c.d"]; CRD validation only admits such simple paths. */
export function jsonPathSegments(path: string): string[] {
  const segs: string[] = [];
  const re = /\.([^.[\]]+)|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\]/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < path.length && (m = re.exec(path)) !== null) segs.push(m[1] ?? m[2] ?? m[3]!);
  if (re.lastIndex !== path.length) throw new Error(`unsupported selectable field path ${JSON.stringify(path)}`);
  return segs;
}

/** fmt.Sprint of a scalar decoded from JSON; missing or null reads "". */
function sprint(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

function lookup(obj: unknown, segs: readonly string[]): unknown {
  let cur = obj;
  for (const s of segs) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

export function customResourceFieldSet(opts: CustomResourceFieldOptions): FieldSet {
  const extractors: Record<string, FieldExtractor> = objectMetaExtractors(opts.namespaced);
  const custom = new Set<string>();
  for (const path of opts.selectableFields ?? []) {
    const label = path.replace(/^\./, '');
    const segs = jsonPathSegments(path);
    custom.add(label);
    extractors[label] = (obj) => sprint(lookup(obj, segs));
  }
  const labels = ['metadata.name', ...(opts.namespaced ? ['metadata.namespace'] : []), ...custom];
  const convert: FieldSet['convert'] = (label, value) => {
    if (label === 'metadata.name' || (opts.namespaced && label === 'metadata.namespace') || custom.has(label)) return { field: label, value };
    throw new SelectorError(`field label not supported: ${label}`);
  };
  return makeFieldSet(labels, convert, extractors);
}
