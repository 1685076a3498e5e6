import assert from 'node:assert/strict';
import { test } from 'node:test';
import protobuf from 'protobufjs';
import { parse as parseYaml } from 'yaml';
import { builtinResources } from '../../api/catalog.js';
import { OpenAPIV2Service } from '../openapi-v2.js';
import { OpenAPIV3Service } from '../openapi-v3.js';
import { anyOf, convert, encodeGnosticDocument } from './to-gnostic.js';

// A reader written independently of descriptor.ts: only the gnostic messages and fields this test inspects, with
// gnostic's numbers. Every other field on the wire must be skipped as unknown without harm.
const READER = `
syntax = "proto3";
package openapi.v2;
message Document { string swagger = 1; Info info = 2; repeated string schemes = 5; Paths paths = 8; Definitions definitions = 9;
  repeated SecurityRequirement security = 12; SecurityDefinitions security_definitions = 13; }
message Info { string title = 1; string version = 2; }
message Paths { repeated NamedAny vendor_extension = 1; repeated NamedPathItem path = 2; }
message NamedPathItem { string name = 1; PathItem value = 2; }
message PathItem { Operation get = 2; Operation patch = 8; repeated ParametersItem parameters = 9; }
message Operation { repeated string tags = 1; string operation_id = 5; repeated string produces = 6; repeated string consumes = 7;
  repeated ParametersItem parameters = 8; Responses responses = 9; repeated string schemes = 10; repeated NamedAny vendor_extension = 13; }
message ParametersItem { oneof oneof { Parameter parameter = 1; JsonReference json_reference = 2; } }
message JsonReference { string _ref = 1; }
message Parameter { oneof oneof { BodyParameter body_parameter = 1; NonBodyParameter non_body_parameter = 2; } }
message BodyParameter { string name = 2; string in = 3; bool required = 4; Schema schema = 5; }
message NonBodyParameter { oneof oneof { QueryParameterSubSchema query_parameter_sub_schema = 3; PathParameterSubSchema path_parameter_sub_schema = 4; } }
message QueryParameterSubSchema { bool required = 1; string in = 2; string name = 4; string type = 6; bool unique_items = 20; }
message PathParameterSubSchema { bool required = 1; string in = 2; string name = 4; string type = 5; bool unique_items = 19; }
message Responses { repeated NamedResponseValue response_code = 1; }
message NamedResponseValue { string name = 1; ResponseValue value = 2; }
message ResponseValue { oneof oneof { Response response = 1; } }
message Response { string description = 1; SchemaItem schema = 2; }
message SchemaItem { oneof oneof { Schema schema = 1; } }
message Definitions { repeated NamedSchema additional_properties = 1; }
message NamedSchema { string name = 1; Schema value = 2; }
message Schema { string _ref = 1; string format = 2; Any default = 5; repeated string required = 19; repeated Any enum = 20;
  AdditionalPropertiesItem additional_properties = 21; TypeItem type = 22; ItemsItem items = 23; repeated Schema all_of = 24;
  Properties properties = 25; repeated NamedAny vendor_extension = 31; }
message AdditionalPropertiesItem { oneof oneof { Schema schema = 1; bool boolean = 2; } }
message TypeItem { repeated string value = 1; }
message ItemsItem { repeated Schema schema = 1; }
message Properties { repeated NamedSchema additional_properties = 1; }
message NamedAny { string name = 1; Any value = 2; }
message Any { string yaml = 2; }
message SecurityDefinitions { repeated NamedSecurityDefinitionsItem additional_properties = 1; }
message NamedSecurityDefinitionsItem { string name = 1; SecurityDefinitionsItem value = 2; }
message SecurityDefinitionsItem { oneof oneof { ApiKeySecurity api_key_security = 2; } }
message ApiKeySecurity { string type = 1; string name = 2; string in = 3; }
message SecurityRequirement { repeated NamedStringArray additional_properties = 1; }
message NamedStringArray { string name = 1; StringArray value = 2; }
message StringArray { repeated string value = 1; }
`;
const Document = protobuf.parse(READER, { keepCase: true }).root.lookupType('openapi.v2.Document');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const v2 = new OpenAPIV2Service(new OpenAPIV3Service(builtinResources()));
const json = JSON.parse(v2.document().body) as Json;
const decoded = Document.toObject(Document.decode(encodeGnosticDocument(json)), { defaults: false, longs: Number }) as Json;

const byName = (pairs: Json[] | undefined, name: string) => pairs?.find((p) => p.name === name)?.value;
const ext = (s: Json) => Object.fromEntries((s.vendor_extension ?? []).map((e: Json) => [e.name, parseYaml(e.value.yaml)]));

/** Checks one decoded Schema against its JSON, recursively: the fields kubectl's openapi reader relies on. */
function sameSchema(s: Json, j: Json, at: string): void {
  assert.equal(s._ref ?? undefined, j.$ref, `${at} $ref`);
  assert.deepEqual(s.type?.value, j.type === undefined ? undefined : [j.type], `${at} type`);
  assert.equal(s.format ?? undefined, j.format, `${at} format`);
  assert.deepEqual(s.required, j.required?.length ? j.required : undefined, `${at} required`);
  assert.deepEqual(s.default === undefined ? undefined : parseYaml(s.default.yaml), j.default, `${at} default`);
  assert.deepEqual(s.enum?.map((e: Json) => parseYaml(e.yaml)), j.enum?.length ? j.enum : undefined, `${at} enum`);
  const xs = Object.fromEntries(Object.entries(j).filter(([k]) => k.startsWith('x-')));
  assert.deepEqual(ext(s), xs, `${at} vendor extensions`);
  const props = s.properties?.additional_properties ?? [];
  assert.deepEqual(props.map((p: Json) => p.name), Object.keys(j.properties ?? {}), `${at} property names`);
  for (const p of props) sameSchema(p.value, j.properties[p.name], `${at}.${p.name}`);
  if (j.items) sameSchema(s.items.schema[0], j.items, `${at}[]`);
  else assert.equal(s.items, undefined);
  if (typeof j.additionalProperties === 'boolean') assert.equal(s.additional_properties.boolean, j.additionalProperties, `${at} additionalProperties`);
  else if (j.additionalProperties) sameSchema(s.additional_properties.schema, j.additionalProperties, `${at}{}`);
  else assert.equal(s.additional_properties, undefined, `${at} additionalProperties`);
}

test('the protobuf document carries the JSON document: swagger, info, path and definition names', () => {
  assert.equal(decoded.swagger, '2.0');
  assert.deepEqual(decoded.info, { title: 'Kubernetes', version: 'v1.33.1' });
  assert.deepEqual(decoded.paths.path.map((p: Json) => p.name), Object.keys(json.paths));
  assert.equal(decoded.paths.vendor_extension, undefined);
  assert.deepEqual(decoded.definitions.additional_properties.map((d: Json) => d.name), Object.keys(json.definitions));
  assert.ok(decoded.paths.path.length > 300 && decoded.definitions.additional_properties.length > 500);
  assert.deepEqual(decoded.security_definitions.additional_properties, [
    { name: 'BearerToken', value: { api_key_security: { type: 'apiKey', name: 'authorization', in: 'header' } } },
  ]);
  assert.deepEqual(decoded.security, [{ additional_properties: [{ name: 'BearerToken', value: {} }] }]);
});

test('every definition decodes to the same schema: $ref as _ref, properties, required, items, maps, x-kubernetes-*', () => {
  for (const d of decoded.definitions.additional_properties as Json[]) sameSchema(d.value, json.definitions[d.name], d.name);
  const cm = byName(decoded.definitions.additional_properties, 'io.k8s.api.core.v1.ConfigMap');
  assert.deepEqual(cm.vendor_extension, [{ name: 'x-kubernetes-group-version-kind', value: { yaml: '- group: ""\n  kind: ConfigMap\n  version: v1\n' } }]);
  const meta = byName(cm.properties.additional_properties, 'metadata');
  assert.deepEqual(meta, { _ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', default: { yaml: '{}\n' } });
  const data = byName(cm.properties.additional_properties, 'data');
  assert.deepEqual(data, { type: { value: ['object'] }, additional_properties: { schema: { type: { value: ['string'] }, default: { yaml: '""\n' } } } });
  const containers = byName(byName(decoded.definitions.additional_properties, 'io.k8s.api.core.v1.PodSpec').properties.additional_properties, 'containers');
  assert.equal(containers.items.schema[0]._ref, '#/definitions/io.k8s.api.core.v1.Container');
  assert.deepEqual(ext(containers), { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map', 'x-kubernetes-patch-merge-key': 'name', 'x-kubernetes-patch-strategy': 'merge' });
  assert.deepEqual(byName(decoded.definitions.additional_properties, 'io.k8s.api.apps.v1.DeploymentSpec').required, ['selector', 'template']);
});

test('operations: body and query parameters as their oneof variants, consumes, responses, the GVK extension', () => {
  const item = byName(decoded.paths.path, '/api/v1/namespaces/{namespace}/configmaps/{name}');
  const patch = item.patch;
  assert.equal(patch.operation_id, 'patchCoreV1NamespacedConfigMap');
  assert.deepEqual(patch.consumes, json.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch.consumes);
  assert.deepEqual(patch.parameters[0], {
    parameter: { body_parameter: { name: 'body', in: 'body', required: true, schema: { _ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } } },
  });
  const fv = patch.parameters.find((p: Json) => p.parameter.non_body_parameter?.query_parameter_sub_schema?.name === 'fieldValidation');
  assert.equal(fv.parameter.non_body_parameter.query_parameter_sub_schema.type, 'string');
  assert.deepEqual(ext(patch), { 'x-kubernetes-action': 'patch', 'x-kubernetes-group-version-kind': { group: '', version: 'v1', kind: 'ConfigMap' } });
  assert.deepEqual(byName(patch.responses.response_code, '200'), { response: { description: 'OK', schema: { schema: { _ref: '#/definitions/io.k8s.api.core.v1.ConfigMap' } } } });
  assert.deepEqual(patch.schemes, ['https']);
  const pathParams = item.parameters.map((p: Json) => p.parameter.non_body_parameter.path_parameter_sub_schema ?? p.parameter.non_body_parameter.query_parameter_sub_schema);
  assert.deepEqual(pathParams.map((p: Json) => `${p.in}:${p.name}`), json.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].parameters.map((p: Json) => `${p.in}:${p.name}`));
});

test('vendor extension values are YAML text the way gnostic writes Any', () => {
  assert.deepEqual(anyOf('merge'), { yaml: 'merge\n' });
  assert.deepEqual(anyOf(''), { yaml: '""\n' });
  assert.deepEqual(anyOf(true), { yaml: 'true\n' });
  assert.deepEqual(anyOf(['name', 'protocol']), { yaml: '- name\n- protocol\n' });
  assert.deepEqual(anyOf({ a: ['b'] }), { yaml: 'a:\n    - b\n' });
});

test('the shapes kube documents do not use yet still map to their gnostic variants', () => {
  const doc = {
    swagger: '2.0',
    info: { title: 't', version: 'v' },
    paths: {
      'x-p': 1,
      '/a': {
        parameters: [{ $ref: '#/parameters/p' }],
        get: {
          parameters: [
            { in: 'header', name: 'h', type: 'string', required: false },
            { in: 'formData', name: 'f', type: 'file' },
            { in: 'path', name: 'n', type: 'integer', required: true, maximum: 5, maxLength: 3, enum: [1, 2] },
          ],
          responses: { default: { $ref: '#/responses/r' }, 'x-r': 'v', '200': { description: 'd', schema: { type: 'file' } } },
        },
      },
    },
    definitions: {
      s: { type: ['string', 'null'], additionalProperties: false, items: [{ type: 'string' }, { $ref: '#/definitions/o' }], allOf: [{ $ref: '#/definitions/o' }] },
    },
    securityDefinitions: { o: { type: 'oauth2', flow: 'accessCode', scopes: { read: 'r' } }, b: { type: 'basic' } },
  };
  const m = convert('Document', doc) as Json;
  assert.deepEqual(m.paths.vendor_extension, [{ name: 'x-p', value: { yaml: '1\n' } }]);
  const item = m.paths.path[0].value;
  assert.deepEqual(item.parameters, [{ json_reference: { _ref: '#/parameters/p' } }]);
  assert.deepEqual(
    item.get.parameters.map((p: Json) => Object.keys(p.parameter.non_body_parameter)[0]),
    ['header_parameter_sub_schema', 'form_data_parameter_sub_schema', 'path_parameter_sub_schema'],
  );
  assert.deepEqual(item.get.parameters[0].parameter.non_body_parameter.header_parameter_sub_schema, { in: 'header', name: 'h', type: 'string' }, 'false left out');
  assert.deepEqual(item.get.parameters[2].parameter.non_body_parameter.path_parameter_sub_schema, {
    required: true, in: 'path', name: 'n', type: 'integer', maximum: 5, max_length: 3, enum: [{ yaml: '1\n' }, { yaml: '2\n' }],
  });
  assert.deepEqual(item.get.responses, {
    response_code: [
      { name: '200', value: { response: { description: 'd', schema: { file_schema: { type: 'file' } } } } },
      { name: 'default', value: { json_reference: { _ref: '#/responses/r' } } },
    ],
    vendor_extension: [{ name: 'x-r', value: { yaml: 'v\n' } }],
  });
  const s = m.definitions.additional_properties[0].value;
  assert.deepEqual(s.type, { value: ['string', 'null'] });
  assert.deepEqual(s.additional_properties, { boolean: false });
  assert.deepEqual(s.items.schema, [{ type: { value: ['string'] } }, { _ref: '#/definitions/o' }]);
  assert.deepEqual(s.all_of, [{ _ref: '#/definitions/o' }]);
  assert.deepEqual(m.security_definitions.additional_properties, [
    { name: 'o', value: { oauth2_access_code_security: { type: 'oauth2', flow: 'accessCode', scopes: { additional_properties: [{ name: 'read', value: 'r' }] } } } },
    { name: 'b', value: { basic_authentication_security: { type: 'basic' } } },
  ]);
  // a oneof bool is written even when false (field 21 → tag 0xaa 0x01, then AdditionalPropertiesItem field 2 = 0)
  const bytes = Buffer.from(encodeGnosticDocument({ definitions: { s: { additionalProperties: false } } }));
  assert.ok(bytes.includes(Buffer.from([0xaa, 0x01, 0x02, 0x10, 0x00])), bytes.toString('hex'));
});
