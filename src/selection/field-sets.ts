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
  /** The field values of one object, keyed by the labels `convert` returns. */
  fields(obj: unknown): Record<string, string>;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});
const at = (obj: unknown, ...path: string[]): unknown => path.reduce<unknown>((o, k) => asObj(o)[k], obj);
/** A string field as Go reads it from a typed struct: absent is "". */
const str = (obj: unknown, ...path: string[]): string => {
  const v = at(obj, ...path);
  return typeof v === 'string' ? v : '';
};
const bool = (obj: unknown, ...path: string[]): string => String(at(obj, ...path) === true);
const int = (obj: unknown, ...path: string[]): string => {
  const v = at(obj, ...path);
  return typeof v === 'number' && Number.isFinite(v) ? String(Math.trunc(v)) : '0';
};

/** generic.ObjectMetaFieldsSet. */
export function objectMetaFields(obj: unknown, namespaced: boolean): Record<string, string> {
  const out: Record<string, string> = { 'metadata.name': str(obj, 'metadata', 'name') };
  if (namespaced) out['metadata.namespace'] = str(obj, 'metadata', 'namespace');
  return out;
}

const META = ['metadata.name', 'metadata.namespace'];

/** runtime.DefaultMetaV1FieldSelectorConversion, for every kind without its own conversion. */
function defaultConvert(label: string, value: string): { field: string; value: string } {
  if (label === 'metadata.name' || label === 'metadata.namespace') return { field: label, value };
  throw new SelectorError(`"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
}

const notSupported = (label: string): string => `field label not supported: ${label}`;

interface KindSpec {
  /** Accepted label → label matched on (usually itself). */
  accepted: Record<string, string>;
  reject?: (label: string, version: string) => string;
  fields: (obj: unknown) => Record<string, string>;
}

const same = (...labels: string[]): Record<string, string> => Object.fromEntries(labels.map((l) => [l, l]));

function podFields(pod: unknown): Record<string, string> {
  const ips = at(pod, 'status', 'podIPs');
  const first = Array.isArray(ips) && ips.length > 0 ? str(ips[0], 'ip') : str(pod, 'status', 'podIP');
  return {
    'spec.nodeName': str(pod, 'spec', 'nodeName'),
    'spec.restartPolicy': str(pod, 'spec', 'restartPolicy'),
    'spec.schedulerName': str(pod, 'spec', 'schedulerName'),
    'spec.serviceAccountName': str(pod, 'spec', 'serviceAccountName'),
    'spec.hostNetwork': bool(pod, 'spec', 'hostNetwork'),
    'status.phase': str(pod, 'status', 'phase'),
    'status.podIP': first,
    'status.nominatedNodeName': str(pod, 'status', 'nominatedNodeName'),
    ...objectMetaFields(pod, true),
  };
}

/** Event fields under the core/v1 labels; reads either the core/v1 or the events.k8s.io/v1 form. */
function eventFields(ev: unknown): Record<string, string> {
  const ref = at(ev, 'involvedObject') ?? at(ev, 'regarding');
  const reporting = str(ev, 'reportingComponent') || str(ev, 'reportingController');
  const component = str(ev, 'source', 'component') || str(ev, 'deprecatedSource', 'component');
  return {
    'involvedObject.kind': str(ref, 'kind'),
    'involvedObject.namespace': str(ref, 'namespace'),
    'involvedObject.name': str(ref, 'name'),
    'involvedObject.uid': str(ref, 'uid'),
    'involvedObject.apiVersion': str(ref, 'apiVersion'),
    'involvedObject.resourceVersion': str(ref, 'resourceVersion'),
    'involvedObject.fieldPath': str(ref, 'fieldPath'),
    reason: str(ev, 'reason'),
    reportingComponent: reporting,
    source: component || reporting,
    type: str(ev, 'type'),
    ...objectMetaFields(ev, true),
  };
}

const EVENT_LABELS = [
  'involvedObject.kind',
  'involvedObject.namespace',
  'involvedObject.name',
  'involvedObject.uid',
  'involvedObject.apiVersion',
  'involvedObject.resourceVersion',
  'involvedObject.fieldPath',
  'reason',
  'reportingComponent',
  'source',
  'type',
];

const KINDS: Record<string, KindSpec> = {
  '/pods': {
    accepted: {
      ...same(
        'metadata.name',
        'metadata.namespace',
        'spec.nodeName',
        'spec.restartPolicy',
        'spec.schedulerName',
        'spec.serviceAccountName',
        'spec.hostNetwork',
        'status.phase',
        'status.podIP',
        'status.podIPs',
        'status.nominatedNodeName',
      ),
      'spec.host': 'spec.nodeName', // old v1 clients
    },
    fields: podFields,
  },
  '/nodes': {
    accepted: same('metadata.name', 'spec.unschedulable'),
    fields: (o) => ({ ...objectMetaFields(o, false), 'spec.unschedulable': bool(o, 'spec', 'unschedulable') }),
  },
  '/replicationcontrollers': {
    accepted: same('metadata.name', 'metadata.namespace', 'status.replicas'),
    fields: (o) => ({ ...objectMetaFields(o, true), 'status.replicas': int(o, 'status', 'replicas') }),
  },
  '/events': {
    accepted: same(...EVENT_LABELS, 'metadata.namespace', 'metadata.name'),
    fields: eventFields,
  },
  '/namespaces': {
    accepted: same('status.phase', 'metadata.name'),
    fields: (o) => ({ ...objectMetaFields(o, false), 'status.phase': str(o, 'status', 'phase') }),
  },
  '/secrets': {
    accepted: same('type', 'metadata.namespace', 'metadata.name'),
    fields: (o) => ({ ...objectMetaFields(o, true), type: str(o, 'type') }),
  },
  '/services': {
    accepted: same('metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'),
    fields: (o) => ({ ...objectMetaFields(o, true), 'spec.clusterIP': str(o, 'spec', 'clusterIP'), 'spec.type': str(o, 'spec', 'type') }),
  },
  // events.k8s.io/v1 shares the core Event storage: its own spellings map onto the core labels, and
  // the core spellings (involvedObject.*) are rejected here.
  'events.k8s.io/events': {
    accepted: {
      reason: 'reason',
      'regarding.kind': 'involvedObject.kind',
      'regarding.namespace': 'involvedObject.namespace',
      'regarding.name': 'involvedObject.name',
      'regarding.uid': 'involvedObject.uid',
      'regarding.apiVersion': 'involvedObject.apiVersion',
      'regarding.resourceVersion': 'involvedObject.resourceVersion',
      'regarding.fieldPath': 'involvedObject.fieldPath',
      reportingController: 'reportingComponent',
      source: 'source',
      type: 'type',
      'metadata.namespace': 'metadata.namespace',
      'metadata.name': 'metadata.name',
    },
    fields: eventFields,
  },
  'batch/jobs': {
    accepted: same('metadata.name', 'metadata.namespace', 'status.successful'),
    reject: (label) => `field label "${label}" not supported for Job`,
    // The label says "successful", the field is status.succeeded.
    fields: (o) => ({ ...objectMetaFields(o, true), 'status.successful': int(o, 'status', 'succeeded') }),
  },
  'certificates.k8s.io/certificatesigningrequests': {
    accepted: same('metadata.name', 'spec.signerName'),
    fields: (o) => ({ ...objectMetaFields(o, false), 'spec.signerName': str(o, 'spec', 'signerName') }),
  },
  // Served only with their feature gates (off by default in 1.33).
  'certificates.k8s.io/clustertrustbundles': {
    accepted: same('metadata.name', 'spec.signerName'),
    fields: (o) => ({ ...objectMetaFields(o, false), 'spec.signerName': str(o, 'spec', 'signerName') }),
  },
  'resource.k8s.io/resourceslices': {
    accepted: same('metadata.name', 'spec.nodeName', 'spec.driver'),
    reject: (label, version) => `field label not supported for resource.k8s.io/${version}, Kind=ResourceSlice: ${label}`,
    fields: (o) => ({ ...objectMetaFields(o, false), 'spec.nodeName': str(o, 'spec', 'nodeName'), 'spec.driver': str(o, 'spec', 'driver') }),
  },
};

const keyOf = (gr: GroupResource): string => `${gr.group}/${gr.resource}`;

const DEFAULT_SET: FieldSet = {
  labels: META,
  convert: defaultConvert,
  fields: (o) => objectMetaFields(o, true),
};

const builtinSets = new Map<string, FieldSet>();

/**
 * The field set of a built-in resource; resources without their own get metadata.name and
 * metadata.namespace. `version` only shapes messages that name it (resource.k8s.io).
 */
export function builtinFieldSet(gr: GroupResource, version = 'v1beta1'): FieldSet {
  const key = `${keyOf(gr)}@${version}`;
  let set = builtinSets.get(key);
  if (!set) {
    const spec = KINDS[keyOf(gr)];
    set = spec ? fromSpec(spec, version) : DEFAULT_SET;
    builtinSets.set(key, set);
  }
  return set;
}

function fromSpec(spec: KindSpec, version: string): FieldSet {
  const accepted = new Map(Object.entries(spec.accepted));
  const reject = spec.reject ?? notSupported;
  return {
    labels: [...accepted.keys()],
    convert(label, value) {
      const field = accepted.get(label);
      if (field === undefined) throw new SelectorError(reject(label, version));
      return { field, value };
    },
    fields: spec.fields,
  };
}

/** The labels a field selector may use on a built-in resource. */
export function supportedFieldLabels(gr: GroupResource): readonly string[] {
  return builtinFieldSet(gr).labels;
}

/** The field values of an object of a built-in resource, for matching a converted selector. */
export function fieldsForObject(gr: GroupResource, obj: unknown): Record<string, string> {
  return builtinFieldSet(gr).fields(obj);
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
