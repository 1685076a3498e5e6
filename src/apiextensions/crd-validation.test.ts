import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../errors/field-error.js';
import type { CRD, CRDVersion } from './crd-types.js';
import { defaultCRD } from './crd-strategy.js';
import { validateCRD } from './crd-validation.js';
import type { JSONSchemaProps } from '../api/json-schema-props.js';

const SCHEMA: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', properties: { n: { type: 'integer' } } } } };

function crd(patch: (c: CRD) => void = () => undefined): CRD {
  const c: CRD = {
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', kind: 'Widget' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: structuredClone(SCHEMA) } }] },
    status: { storedVersions: ['v1'] },
  };
  defaultCRD(c as never);
  patch(c);
  return c;
}
const errs = (c: CRD) => validateCRD(c).map(fieldErrorText);

test('v1 defaults: singular, listKind, conversion None', () => {
  const c = crd();
  assert.equal(c.spec.names.singular, 'widget');
  assert.equal(c.spec.names.listKind, 'WidgetList');
  assert.deepEqual(c.spec.conversion, { strategy: 'None' });
  assert.deepEqual(errs(c), []);
});

test('group, scope and names', () => {
  assert.deepEqual(errs(crd((c) => (c.spec.group = 'example'))), ['spec.group: Invalid value: "example": should be a domain with at least one dot']);
  assert.deepEqual(errs(crd((c) => (c.spec.group = ''))), ['spec.group: Required value']);
  assert.deepEqual(errs(crd((c) => (c.spec.scope = 'Global'))), ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']);
  assert.deepEqual(errs(crd((c) => (c.spec.names.shortNames = ['W_1']))), [
    "spec.names.shortNames[0]: Invalid value: \"W_1\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(errs(crd((c) => (c.spec.names.listKind = 'Widget'))), ['spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same']);
  assert.deepEqual(errs(crd((c) => (c.spec.names.kind = 'Wid.get'))).slice(0, 1), [
    "spec.names.kind: Invalid value: \"Wid.get\": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  ]);
});

test('versions: exactly one storage version, unique names, schema required', () => {
  const two = (a: Partial<CRDVersion>, b: Partial<CRDVersion>) =>
    crd((c) => {
      c.spec.versions = [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: structuredClone(SCHEMA) }, ...a },
        { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: structuredClone(SCHEMA) }, ...b },
      ];
    });
  const both = errs(two({}, { storage: true }));
  assert.equal(both.length, 1);
  assert.match(both[0]!, /^spec\.versions: Invalid value: \[\]apiextensions\.CustomResourceDefinitionVersion\{apiextensions\.CustomResourceDefinitionVersion\{Name:"v1", Served:true, Storage:true, .*\}: must have exactly one version marked as storage version$/);
  assert.match(errs(two({}, { name: 'v1' }))[0]!, /: must contain unique version names$/);
  assert.deepEqual(errs(two({}, { schema: undefined })), ['spec.versions[1].schema.openAPIV3Schema: Required value']);
  assert.deepEqual(errs(two({}, { deprecationWarning: 'x' })), ['spec.versions[1].deprecationWarning: Invalid value: "x": can only be set for deprecated versions']);
});

test('schema errors are reported at spec.validation when every version shares the schema, per version otherwise', () => {
  const bad = (c: CRD, i: number) => ((c.spec.versions[i]!.schema!.openAPIV3Schema!.properties!.spec as JSONSchemaProps).properties!.n = {});
  assert.deepEqual(errs(crd((c) => bad(c, 0))), ['spec.validation.openAPIV3Schema.properties[spec].properties[n].type: Required value: must not be empty for specified object fields']);
  const perVersion = crd((c) => {
    c.spec.versions.push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: structuredClone(SCHEMA) } });
    bad(c, 1);
  });
  assert.deepEqual(errs(perVersion), ['spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[n].type: Required value: must not be empty for specified object fields']);
});

test('structural rules: sorted errors, forbidden features, metadata, list types, defaults', () => {
  const withSchema = (s: JSONSchemaProps) => errs(crd((c) => (c.spec.versions[0]!.schema = { openAPIV3Schema: s })));
  const P = 'spec.validation.openAPIV3Schema';
  assert.deepEqual(withSchema({ type: 'object', properties: { b: { type: 'array' }, a: {} } }), [
    `${P}.properties[a].type: Required value: must not be empty for specified object fields`,
    `${P}.properties[b].items: Required value: must be specified`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', additionalProperties: { type: 'string' } }), [`${P}.additionalProperties: Forbidden: must not be used at the root`]);
  assert.deepEqual(withSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }), [
    `${P}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', properties: { a: { type: 'string', anyOf: [{ type: 'string' }] } } }), [`${P}.properties[a].anyOf[0].type: Forbidden: must be empty to be structural`]);
  assert.deepEqual(withSchema({ type: 'object', properties: { a: { type: 'string', $ref: '#/x' } } }), [`${P}.properties[a].$ref: Forbidden: $ref is not supported`]);
  assert.deepEqual(withSchema({ type: 'object', properties: { a: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: { type: 'string' } } } }), [
    `${P}.properties[a].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', properties: { l: { type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'object', properties: { k: { type: 'string' } } } } } }), [
    `${P}.properties[l].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', properties: { l: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'], items: { type: 'object', properties: { k: { type: 'string' } } } } } }), [
    `${P}.properties[l].items.properties[k].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', properties: { n: { type: 'integer', default: 'x' } } }), [
    `${P}.properties[n].default: Invalid value: "string":  in body must be of type integer: "string"`,
  ]);
  assert.deepEqual(withSchema({ type: 'object', properties: { o: { type: 'object', default: { a: 1 }, properties: { b: { type: 'integer' } } } } }), [
    `${P}.properties[o].default: Invalid value: map[string]interface {}{"a":1}: must not have unknown fields`,
  ]);
  assert.deepEqual(withSchema({ type: 'string' }), [`${P}.type: Invalid value: "string": must be object at the root`]);
});

test('subresources, printer columns and selectable fields', () => {
  const v = (patch: Partial<CRDVersion>) => errs(crd((c) => Object.assign(c.spec.versions[0]!, patch)));
  assert.deepEqual(v({ subresources: { scale: { specReplicasPath: '.status.n', statusReplicasPath: 'status.n' } } }), [
    'spec.subresources.scale.specReplicasPath: Invalid value: ".status.n": should be a json path under .spec',
    'spec.subresources.scale.statusReplicasPath: Invalid value: "status.n": must be a simple json path starting with .',
  ]);
  assert.deepEqual(v({ additionalPrinterColumns: [{ name: 'X', type: 'str', jsonPath: '' }] }), [
    'spec.additionalPrinterColumns[0].type: Invalid value: "str": must be one of boolean,date,integer,number,string',
    'spec.additionalPrinterColumns[0].JSONPath: Required value',
  ]);
  assert.deepEqual(v({ selectableFields: [{ jsonPath: '.spec.n' }, { jsonPath: '.metadata.name' }, { jsonPath: '.spec' }] }), [
    'spec.versions[0].selectableFields[1].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata',
    'spec.versions[0].selectableFields[2].jsonPath: Invalid value: ".spec": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
  ]);
});

test('stored versions must stay in spec.versions', () => {
  const c = crd((x) => (x.status!.storedVersions = ['v0', 'v1']));
  assert.deepEqual(errs(c), [
    'status.storedVersions[0]: Invalid value: "v0": missing from spec.versions; v0 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v0 and removes v0 from status.storedVersions',
  ]);
});
