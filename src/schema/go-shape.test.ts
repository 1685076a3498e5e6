// encoding/json's shape of built-in objects: struct order, omitempty, pointers, struct values, sorted map keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinKindSchema } from './builtin-schemas.js';
import { goShape } from './go-shape.js';

const shaped = (group: string, version: string, kind: string, obj: object) => JSON.stringify(goShape(structuredClone(obj), builtinKindSchema(group, version, kind)));

test('struct fields in declaration order; empty omitempty maps and zero scalars dropped; struct values always written', () => {
  assert.equal(
    shaped('', 'v1', 'ConfigMap', { data: { b: '2', a: '1' }, metadata: { annotations: {}, labels: {}, name: 'c' }, apiVersion: 'v1', kind: 'ConfigMap', binaryData: {} }),
    '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","creationTimestamp":null},"data":{"a":"1","b":"2"}}',
  );
});

test('a set pointer keeps its zero value; a non-pointer zero goes; fields without omitempty are written', () => {
  assert.equal(
    shaped('apps', 'v1', 'Deployment', { spec: { paused: false, replicas: 0, minReadySeconds: 0, template: {} } }),
    '{"metadata":{"creationTimestamp":null},"spec":{"replicas":0,"selector":null,"template":{"metadata":{"creationTimestamp":null},"spec":{"containers":null}},"strategy":{}},"status":{}}',
  );
});

test('containers always carry resources: {}; IntOrString and Quantity values are written as given', () => {
  const pod = goShape({ spec: { containers: [{ image: 'i', name: 'c', ports: [{ protocol: 'TCP', containerPort: 80 }] }] } }, builtinKindSchema('', 'v1', 'Pod')) as { spec: { containers: object[] } };
  assert.equal(JSON.stringify(pod.spec.containers[0]), '{"name":"c","image":"i","ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{}}');
  assert.equal(
    shaped('', 'v1', 'Service', { spec: { ports: [{ targetPort: 'http', port: 80 }] } }),
    '{"metadata":{"creationTimestamp":null},"spec":{"ports":[{"port":80,"targetPort":"http"}]},"status":{"loadBalancer":{}}}',
  );
});

test('map keys are sorted by bytes, not by locale', () => {
  assert.equal(shaped('', 'v1', 'ConfigMap', { data: { b: '', B: '', a: '', _: '' } }), '{"metadata":{"creationTimestamp":null},"data":{"B":"","_":"","a":"","b":""}}');
});
