import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinKindSchema, resourceSchema } from './builtin-schemas.js';
import { compileSchema, SchemaNode } from './schema-node.js';
import { goTypeName } from './go-type-name.js';

test('built-in kinds resolve $ref/allOf wrappers into shared component nodes', () => {
  const dep = builtinKindSchema('apps', 'v1', 'Deployment')!;
  assert.equal(dep.component, 'io.k8s.api.apps.v1.Deployment');
  assert.deepEqual(dep.groupVersionKinds, [{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
  const containers = dep.at(['spec', 'template', 'spec', 'containers'])!;
  assert.equal(containers.type, 'array');
  assert.equal(containers.patchStrategy, 'merge');
  assert.equal(containers.patchMergeKey, 'name');
  assert.equal(containers.listType, 'map');
  assert.deepEqual(containers.listMapKeys, ['name']);
  const container = dep.at(['spec', 'template', 'spec', 'containers', 0])!;
  assert.equal(container.component, 'io.k8s.api.core.v1.Container');
  assert.deepEqual(container.required, ['name']);
  // `resources: {allOf:[$ref], default:{}}` keeps the component and adds the local default.
  const resources = container.property('resources')!;
  assert.equal(resources.component, 'io.k8s.api.core.v1.ResourceRequirements');
  assert.deepEqual(resources.default, {});
  assert.equal(resources.isStruct, true);
  // A bare allOf wrapper gives the very same node (children are compiled once).
  assert.equal(container.property('livenessProbe'), container.property('readinessProbe'));
  assert.equal(dep.at(['spec', 'template', 'spec', 'containers', 0]), container);
  const ports = container.property('ports')!;
  assert.equal(ports.listType, 'map');
  assert.deepEqual(ports.listMapKeys, ['containerPort', 'protocol']);
  assert.equal(ports.items!.property('protocol')!.default, 'TCP');
  assert.equal(ports.items!.property('containerPort')!.format, 'int32');
});

test('maps, int-or-string, opaque values and map types', () => {
  const cm = builtinKindSchema('', 'v1', 'ConfigMap')!;
  const data = cm.property('data')!;
  assert.equal(data.isMap, true);
  assert.equal((data.additionalProperties as SchemaNode).type, 'string');
  assert.equal(goTypeName(data), 'map[string]string');
  assert.equal(goTypeName(cm.property('binaryData')!), 'map[string][]uint8');
  const labels = cm.at(['metadata', 'labels'])!;
  assert.equal(labels.isMap, true);
  assert.equal(cm.at(['metadata', 'labels', 'anything'])!.type, 'string');
  assert.equal(goTypeName(cm.property('metadata')!), 'v1.ObjectMeta');
  const fieldsV1 = cm.at(['metadata', 'managedFields', 0, 'fieldsV1'])!;
  assert.equal(fieldsV1.isOpaque, true);
  const svc = builtinKindSchema('', 'v1', 'Service')!;
  const targetPort = svc.at(['spec', 'ports', 0, 'targetPort'])!;
  assert.equal(targetPort.intOrString, true);
  assert.equal(targetPort.isOpaque, false);
  assert.equal(svc.at(['spec', 'selector'])!.mapType, 'atomic');
  assert.equal(svc.at(['metadata', 'nosuchfield']), undefined);
});

test('resourceSchema uses the catalog component name; unknown group-versions give undefined', () => {
  const node = resourceSchema({ group: 'batch', version: 'v1', kind: 'CronJob', schema: 'io.k8s.api.batch.v1.CronJob' })!;
  assert.equal(node.component, 'io.k8s.api.batch.v1.CronJob');
  assert.equal(node.at(['spec', 'jobTemplate', 'spec', 'template', 'spec', 'restartPolicy'])!.type, 'string');
  assert.equal(resourceSchema({ group: 'example.com', version: 'v1', kind: 'Widget' }), undefined);
  assert.equal(builtinKindSchema('', 'v1', 'NoSuchKind'), undefined);
});

test('CRD structural schemas (JSONSchemaProps) compile the same way', () => {
  const node = compileSchema({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['size'],
        properties: {
          size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
          port: { 'x-kubernetes-int-or-string': true },
          name: { type: 'string', maxLength: 63, pattern: '^[a-z]+$', enum: ['a', 'b'], nullable: true },
          tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set', maxItems: 5, uniqueItems: true },
          raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
          servers: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['host'],
            items: { type: 'object', properties: { host: { type: 'string' } } },
          },
          labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular' },
        },
        'x-kubernetes-validations': [{ rule: 'self.size < 5', message: 'too big' }],
      },
    },
  });
  const spec = node.property('spec')!;
  assert.deepEqual(spec.required, ['size']);
  assert.deepEqual(spec.validations, [{ rule: 'self.size < 5', message: 'too big' }]);
  const size = spec.property('size')!;
  assert.equal(size.minimum, 1);
  assert.equal(size.maximum, 10);
  assert.equal(size.default, 3);
  assert.equal(spec.property('port')!.intOrString, true);
  const name = spec.property('name')!;
  assert.equal(name.maxLength, 63);
  assert.equal(name.pattern, '^[a-z]+$');
  assert.deepEqual(name.enum, ['a', 'b']);
  assert.equal(name.nullable, true);
  const tags = spec.property('tags')!;
  assert.equal(tags.listType, 'set');
  assert.equal(tags.maxItems, 5);
  assert.equal(tags.uniqueItems, true);
  assert.equal(spec.property('raw')!.preserveUnknownFields, true);
  assert.equal(spec.property('raw')!.isOpaque, true);
  assert.equal(spec.property('template')!.embeddedResource, true);
  assert.deepEqual(spec.property('servers')!.listMapKeys, ['host']);
  assert.equal(spec.at(['servers', 0, 'host'])!.type, 'string');
  assert.equal(spec.at(['labels', 'x'])!.type, 'string');
  assert.equal(spec.property('labels')!.mapType, 'granular');
});

test('recursive component schemas stay finite (JSONSchemaProps refers to itself)', () => {
  const crd = builtinKindSchema('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition')!;
  const props = crd.at(['spec', 'versions', 0, 'schema', 'openAPIV3Schema', 'properties', 'x'])!;
  assert.equal(props.component, 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps');
  const deeper = props.at(['properties', 'y', 'properties', 'z'])!;
  assert.equal(deeper.component, props.component);
  assert.equal(deeper, props, 'the same raw schema compiles once');
  assert.equal(props.property('x-kubernetes-preserve-unknown-fields')!.type, 'boolean');
  // JSON and JSONSchemaPropsOrBool are opaque to the decoder.
  assert.equal(props.property('default')!.isOpaque, true);
});
