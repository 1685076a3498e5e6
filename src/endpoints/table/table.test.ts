import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable, hasTablePrinter, parseIncludeObject } from './table.js';
import { StatusError } from '../../errors/status.js';

const now = new Date('2025-06-01T12:00:00Z');
const NAME = { name: 'Name', type: 'string', format: 'name', description: 'Name of the object, unique within its namespace', priority: 0 };
const AGE = { name: 'Age', type: 'string', format: '', description: 'Time elapsed since the object was created', priority: 0 };

const cm = {
  kind: 'ConfigMap',
  apiVersion: 'v1',
  metadata: {
    name: 'cm1',
    namespace: 'default',
    uid: 'u-1',
    resourceVersion: '2001',
    creationTimestamp: '2025-06-01T11:55:00Z',
    labels: { app: 'x' },
    managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
  },
  data: { a: '1', b: '2' },
  binaryData: { c: 'AA==' },
};

test('ConfigMap list: exact Table with PartialObjectMetadata rows and list metadata', () => {
  const table = buildTable({
    group: '',
    resource: 'configmaps',
    objects: [cm],
    tableApiVersion: 'meta.k8s.io/v1',
    includeObject: 'Metadata',
    listMeta: { resourceVersion: '2011', continue: 'eyJ2IjoiIn0', remainingItemCount: 3 },
    now,
  });
  assert.equal(
    JSON.stringify(table),
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '2011', continue: 'eyJ2IjoiIn0', remainingItemCount: 3 },
      columnDefinitions: [NAME, { name: 'Data', type: 'string', format: '', description: 'Number of entries in data and binaryData', priority: 0 }, AGE],
      rows: [
        {
          cells: ['cm1', 3, '5m'],
          object: {
            kind: 'PartialObjectMetadata',
            apiVersion: 'meta.k8s.io/v1',
            metadata: {
              name: 'cm1',
              namespace: 'default',
              uid: 'u-1',
              resourceVersion: '2001',
              creationTimestamp: '2025-06-01T11:55:00Z',
              labels: { app: 'x' },
              managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
            },
          },
        },
      ],
    }),
  );
});

test('includeObject: None writes "object":null, Object the object itself, Metadata follows the Table version', () => {
  const base = { group: '', resource: 'configmaps', objects: [cm], listMeta: { resourceVersion: '1' }, now };
  const none = buildTable({ ...base, tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None' });
  assert.equal(JSON.stringify(none.rows), '[{"cells":["cm1",3,"5m"],"object":null}]');
  const full = buildTable({ ...base, tableApiVersion: 'meta.k8s.io/v1', includeObject: 'Object' });
  assert.equal(full.rows![0]!.object, cm);
  const beta = buildTable({ ...base, tableApiVersion: 'meta.k8s.io/v1beta1', includeObject: 'Metadata' });
  assert.equal(beta.apiVersion, 'meta.k8s.io/v1beta1');
  assert.deepEqual(Object.keys(beta.rows![0]!.object!), ['kind', 'apiVersion', 'metadata']);
  assert.equal(beta.rows![0]!.object!.apiVersion, 'meta.k8s.io/v1beta1');
});

test('includeObject=Object fills TypeMeta when the stored items lack it', () => {
  const { kind: _k, apiVersion: _a, ...bare } = cm;
  const t = buildTable({ group: '', resource: 'configmaps', objects: [bare], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'Object', apiVersion: 'v1', kind: 'ConfigMap', now });
  assert.deepEqual(Object.keys(t.rows![0]!.object!).slice(0, 3), ['kind', 'apiVersion', 'metadata']);
  assert.equal(t.rows![0]!.object!.kind, 'ConfigMap');
});

test('noHeaders: columnDefinitions null (watch events after the first); APIService ignores it', () => {
  const t = buildTable({ group: '', resource: 'configmaps', objects: [cm], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', noHeaders: true, now });
  assert.equal(t.columnDefinitions, null);
  assert.deepEqual(t.metadata, {});
  const api = buildTable({
    group: 'apiregistration.k8s.io',
    resource: 'apiservices',
    objects: [{ metadata: { name: 'v1.', creationTimestamp: '2025-06-01T11:00:00Z' }, spec: {}, status: { conditions: [{ type: 'Available', status: 'True' }] } }],
    tableApiVersion: 'meta.k8s.io/v1',
    includeObject: 'None',
    noHeaders: true,
    now,
  });
  assert.deepEqual(api.columnDefinitions!.map((c) => c.name), ['Name', 'Service', 'Available', 'Age']);
  assert.deepEqual(api.rows![0]!.cells, ['v1.', 'Local', 'True', '60m']);
});

test('empty lists: printers write "rows":[], the default convertor "rows":null', () => {
  const printed = buildTable({ group: '', resource: 'configmaps', objects: [], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'Metadata', listMeta: { resourceVersion: '9' }, now });
  assert.equal(JSON.stringify({ m: printed.metadata, r: printed.rows }), '{"m":{"resourceVersion":"9"},"r":[]}');
  const dflt = buildTable({ group: 'rbac.authorization.k8s.io', resource: 'roles', objects: [], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'Metadata', listMeta: { resourceVersion: '9' }, now });
  assert.equal(dflt.rows, null);
  assert.match(JSON.stringify(dflt), /"rows":null}$/);
  const crd = buildTable({ group: 'example.com', resource: 'widgets', objects: [], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'Metadata', customColumns: [], now });
  assert.deepEqual(crd.rows, []);
});

test('default convertor: Name and Created At (date, RFC3339 in UTC)', () => {
  const role = {
    kind: 'Role',
    apiVersion: 'rbac.authorization.k8s.io/v1',
    metadata: { name: 'reader', namespace: 'default', resourceVersion: '77', creationTimestamp: '2025-06-01T13:30:00+02:00' },
  };
  const t = buildTable({ group: 'rbac.authorization.k8s.io', resource: 'roles', objects: [role], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', listMeta: { resourceVersion: '77' }, now });
  assert.equal(
    JSON.stringify(t),
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '77' },
      columnDefinitions: [NAME, { name: 'Created At', type: 'date', format: '', description: 'Time the object was created', priority: 0 }],
      rows: [{ cells: ['reader', '2025-06-01T11:30:00Z'], object: null }],
    }),
  );
  const noTime = buildTable({ group: '', resource: 'limitranges', objects: [{ metadata: { name: 'l' } }], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', now });
  assert.deepEqual(noTime.rows![0]!.cells, ['l', '0001-01-01T00:00:00Z']);
});

test('custom resource columns', () => {
  const widget = {
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name: 'w1', namespace: 'default', creationTimestamp: '2025-06-01T10:00:00Z', resourceVersion: '5' },
    spec: { replicas: 2 },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
  const t = buildTable({
    group: 'example.com',
    resource: 'widgets',
    objects: [widget],
    tableApiVersion: 'meta.k8s.io/v1',
    includeObject: 'None',
    listMeta: { resourceVersion: '5' },
    customColumns: [
      { name: 'Replicas', type: 'integer', format: 'int32', jsonPath: '.spec.replicas' },
      { name: 'Ready', type: 'string', description: 'Readiness', priority: 1, jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ],
    now,
  });
  assert.equal(
    JSON.stringify(t),
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '5' },
      columnDefinitions: [
        NAME,
        { name: 'Replicas', type: 'integer', format: 'int32', description: 'Custom resource definition column (in JSONPath format): .spec.replicas', priority: 0 },
        { name: 'Ready', type: 'string', format: '', description: 'Readiness', priority: 1 },
        { name: 'Age', type: 'date', format: '', description: 'Custom resource definition column (in JSONPath format): .metadata.creationTimestamp', priority: 0 },
      ],
      rows: [{ cells: ['w1', 2, 'True', '120m'], object: null }],
    }),
  );
});

test('parseIncludeObject: default Metadata, exact 400 for unknown values', () => {
  assert.equal(parseIncludeObject(null), 'Metadata');
  assert.equal(parseIncludeObject(''), 'Metadata');
  assert.equal(parseIncludeObject('None'), 'None');
  assert.equal(parseIncludeObject('Object'), 'Object');
  assert.throws(
    () => parseIncludeObject('x'),
    (e: unknown) => {
      assert.ok(e instanceof StatusError);
      assert.deepEqual(e.toJSON(), {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `Unable to convert to Table as requested: includeObject: Invalid value: "x": must be 'Metadata', 'Object', 'None', or empty`,
        reason: 'BadRequest',
        code: 400,
      });
      return true;
    },
  );
  assert.throws(() => parseIncludeObject('metadata'), StatusError);
});

test('hasTablePrinter', () => {
  assert.equal(hasTablePrinter('', 'pods'), true);
  assert.equal(hasTablePrinter('apps', 'deployments'), true);
  assert.equal(hasTablePrinter('events.k8s.io', 'events'), true);
  assert.equal(hasTablePrinter('rbac.authorization.k8s.io', 'roles'), false);
  assert.equal(hasTablePrinter('apiextensions.k8s.io', 'customresourcedefinitions'), false);
  assert.equal(hasTablePrinter('', 'limitranges'), false);
  assert.equal(hasTablePrinter('', 'toString'), false);
});
