// Which field labels each built-in resource accepts in a field selector, and the field values of an
// object. kube keeps these in two places that do not agree, and both matter:
//  - the field label conversion registered per kind (k8s.io/kubernetes pkg/apis/<group>/<version>/
//    conversion.go) decides which labels a request may use, may rename them, and words the 400;
//    kinds without one fall back to metadata.name/metadata.namespace with a different message;
//  - the registry strategy's ToSelectableFields decides the values an object has. A label accepted
//    but never set (pods' status.podIPs) reads "" and so matches only `=""` or `!=x`.
// Values are read from the v1 wire form of the object. apps/v1 registers no conversion, so
// Deployments and ReplicaSets accept only the metadata labels.
import { badRequest, type GroupResource } from '../errors/status.js';
import type { FieldSelector } from './field-selector.js';
import { SelectorError } from './label-requirement.js';

export interface FieldSet {
  /** Labels a selector may use for this resource (including renamed ones such as pods' spec.host). */
  readonly labels: readonly string[];
  /** kube's field label conversion: the label objects are matched on, or a SelectorError with kube's text. */
  convert(label: string, value: string): { field: string; value: string };
  /** All field values of one object, keyed by the labels `convert` returns. */
  fields(obj: unknown): Record<string, string>;
  /** One field value of an object ("" for fields the resource does not set), without building the rest. */
  value(obj: unknown, field: string): string;
}

type Obj = Record<string, unknown>;
/** Reads one field value from an object. */
export type FieldExtractor = (obj: unknown) => string;
type Extract = FieldExtractor;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});
const at = (obj: unknown, ...path: string[]): unknown => path.reduce<unknown>((o, k) => asObj(o)[k], obj);
/** A string field as Go reads it from a typed struct: absent is "". */
export const str = (obj: unknown, ...path: string[]): string => {
  const v = at(obj, ...path);
  return typeof v === 'string' ? v : '';
};
export const bool = (obj: unknown, ...path: string[]): string => String(at(obj, ...path) === true);
export const int = (obj: unknown, ...path: string[]): string => {
  const v = at(obj, ...path);
  return typeof v === 'number' && Number.isFinite(v) ? String(Math.trunc(v)) : '0';
};
export const strAt = (...path: string[]): Extract => (o) => str(o, ...path);

/** generic.ObjectMetaFieldsSet as extractors. */
export function objectMetaExtractors(namespaced: boolean): Record<string, Extract> {
  const out: Record<string, Extract> = { 'metadata.name': strAt('metadata', 'name') };
  if (namespaced) out['metadata.namespace'] = strAt('metadata', 'namespace');
  return out;
}

const META = ['metadata.name', 'metadata.namespace'];

/** runtime.DefaultMetaV1FieldSelectorConversion, for every kind without its own conversion. */
function defaultConvert(label: string, value: string): { field: string; value: string } {
  if (label === 'metadata.name' || label === 'metadata.namespace') return { field: label, value };
  throw new SelectorError(`"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
}

const notSupported = (label: string): string => `field label not supported: ${label}`;

/** A resource's own field selectors (kube's field label conversion and ToSelectableFields). */
export interface FieldSelectorSpec {
  /** Accepted label → label matched on (usually itself). */
  accepted: Record<string, string>;
  reject?: (label: string, version: string) => string;
  /** What ToSelectableFields sets, without the metadata fields. */
  fields: Record<string, Extract>;
  namespaced: boolean;
}

export const same = (...labels: string[]): Record<string, string> => Object.fromEntries(labels.map((l) => [l, l]));

export const POD_FIELDS: Record<string, Extract> = {
  'spec.nodeName': strAt('spec', 'nodeName'),
  'spec.restartPolicy': strAt('spec', 'restartPolicy'),
  'spec.schedulerName': strAt('spec', 'schedulerName'),
  'spec.serviceAccountName': strAt('spec', 'serviceAccountName'),
  'spec.hostNetwork': (o) => bool(o, 'spec', 'hostNetwork'),
  'status.phase': strAt('status', 'phase'),
  // kube reads the first of status.podIPs; status.podIP is its v1 mirror when podIPs is absent.
  'status.podIP': (o) => {
    const ips = at(o, 'status', 'podIPs');
    return Array.isArray(ips) && ips.length > 0 ? str(ips[0], 'ip') : str(o, 'status', 'podIP');
  },
  'status.nominatedNodeName': strAt('status', 'nominatedNodeName'),
};

/** The object an event is about: core/v1 `involvedObject` or events.k8s.io/v1 `regarding`. */
const eventRef = (ev: unknown): unknown => at(ev, 'involvedObject') ?? at(ev, 'regarding');
const eventReporting = (ev: unknown): string => str(ev, 'reportingComponent') || str(ev, 'reportingController');

/** Event fields under the core/v1 labels; reads either the core/v1 or the events.k8s.io/v1 form. */
export const EVENT_FIELDS: Record<string, Extract> = {
  'involvedObject.kind': (o) => str(eventRef(o), 'kind'),
  'involvedObject.namespace': (o) => str(eventRef(o), 'namespace'),
  'involvedObject.name': (o) => str(eventRef(o), 'name'),
  'involvedObject.uid': (o) => str(eventRef(o), 'uid'),
  'involvedObject.apiVersion': (o) => str(eventRef(o), 'apiVersion'),
  'involvedObject.resourceVersion': (o) => str(eventRef(o), 'resourceVersion'),
  'involvedObject.fieldPath': (o) => str(eventRef(o), 'fieldPath'),
  reason: strAt('reason'),
  reportingComponent: eventReporting,
  source: (o) => str(o, 'source', 'component') || str(o, 'deprecatedSource', 'component') || eventReporting(o),
  type: strAt('type'),
};


/** A FieldSet from a conversion and the extractors of every field an object has. */
export function makeFieldSet(
  labels: readonly string[],
  convert: FieldSet['convert'],
  extractors: Readonly<Record<string, Extract>>,
): FieldSet {
  const entries = Object.entries(extractors);
  const byName = new Map(entries);
  return {
    labels,
    convert,
    fields(obj) {
      const out: Record<string, string> = {};
      for (const [k, f] of entries) out[k] = f(obj);
      return out;
    },
    value(obj, field) {
      const f = byName.get(field);
      return f ? f(obj) : '';
    },
  };
}

const DEFAULT_SET: FieldSet = makeFieldSet(META, defaultConvert, objectMetaExtractors(true));

/** The field set of a resource's own selectors, or the default one (metadata.name, metadata.namespace). */
export function fieldSetFromSpec(spec: FieldSelectorSpec | undefined, version: string): FieldSet {
  return spec ? fromSpec(spec, version) : DEFAULT_SET;
}

function fromSpec(spec: FieldSelectorSpec, version: string): FieldSet {
  const accepted = new Map(Object.entries(spec.accepted));
  const reject = spec.reject ?? notSupported;
  const convert: FieldSet['convert'] = (label, value) => {
    const field = accepted.get(label);
    if (field === undefined) throw new SelectorError(reject(label, version));
    return { field, value };
  };
  return makeFieldSet([...accepted.keys()], convert, { ...objectMetaExtractors(spec.namespaced), ...spec.fields });
}

/**
 * Applies a resource's field label conversion to a parsed selector, as the list, watch and
 * deletecollection handlers do; a rejected label is a 400 BadRequest with kube's text. Terms are
 * checked in the selector's (sorted) order, so the first bad one in that order is reported.
 */
export function convertFieldSelector(selector: FieldSelector, set: FieldSet): FieldSelector {
  try {
    return selector.transform((field, value) => set.convert(field, value));
  } catch (e) {
    if (e instanceof SelectorError) throw badRequest(e.message);
    throw e;
  }
}
