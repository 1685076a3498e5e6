// OpenAPI v3 component schemas of a served custom resource version, as kube's CRD OpenAPI builder publishes them:
// the version's structural schema with apiVersion/kind/metadata filled in and x-kubernetes-group-version-kind,
// plus the list kind. `kubectl explain` and kubectl's client-side apply read these.
import type { ResourceInfo } from '../api/resource-info.js';
import type { CRD, CRDVersion } from './crd-types.js';
import { crdSchemaName } from './cr-resource-info.js';
import { customResourceDetails } from './custom-resource-details.js';
import type { JSONSchemaProps } from '../api/json-schema-props.js';

type Json = Record<string, unknown>;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
// kube's texts for the fields it adds to every CRD schema (ObjectMeta/TypeMeta documentation).
const API_VERSION_DOC =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DOC =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';
const METADATA_DOC = "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
const LIST_METADATA_DOC = 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#lists-and-lists';

/** The version's schema as published (x-kubernetes-validations and the like kept, metadata as a reference). */
function publishedSchema(schema: JSONSchemaProps | undefined): Json {
  const s: Json = schema ? structuredClone(schema) as Json : { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const props = ((s.properties as Json | undefined) ?? {}) as Json;
  props.apiVersion = { description: API_VERSION_DOC, type: 'string' };
  props.kind = { description: KIND_DOC, type: 'string' };
  props.metadata = { allOf: [{ $ref: `#/components/schemas/${META}.ObjectMeta` }], description: METADATA_DOC };
  s.properties = props;
  s.type ??= 'object';
  return s;
}

export function crdOpenAPISchemas(crd: CRD, version: CRDVersion, schema: JSONSchemaProps | undefined): Record<string, Json> {
  const group = crd.spec.group;
  const kind = crd.status?.acceptedNames?.kind || crd.spec.names.kind!;
  const listKind = crd.status?.acceptedNames?.listKind || crd.spec.names.listKind || `${kind}List`;
  const name = crdSchemaName(group, version.name, kind);
  const item = publishedSchema(schema);
  item['x-kubernetes-group-version-kind'] = [{ group, kind, version: version.name }];
  const list: Json = {
    description: `${listKind} is a list of ${kind}`,
    properties: {
      apiVersion: { description: API_VERSION_DOC, type: 'string' },
      items: { description: `List of ${crd.spec.names.plural}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`, items: { $ref: `#/components/schemas/${name}` }, type: 'array' },
      kind: { description: KIND_DOC, type: 'string' },
      metadata: { allOf: [{ $ref: `#/components/schemas/${META}.ListMeta` }], description: LIST_METADATA_DOC },
    },
    required: ['items'],
    type: 'object',
    'x-kubernetes-group-version-kind': [{ group, kind: listKind, version: version.name }],
  };
  return { [name]: item, [crdSchemaName(group, version.name, listKind)]: list };
}

/**
 * The `schemasFor` option of OpenAPIV3Service: every served custom resource of one group-version, from the
 * served list. Undefined when the group-version serves no custom resource.
 */
export function customResourceSchemasFor(resources: readonly ResourceInfo[], group: string, version: string): Record<string, Json> | undefined {
  let out: Record<string, Json> | undefined;
  for (const def of resources) {
    if (def.group !== group || def.version !== version) continue;
    const d = customResourceDetails(def);
    if (!d) continue;
    out = { ...(out ?? {}), ...crdOpenAPISchemas(d.crd, d.version, d.schema) };
  }
  return out;
}
