// CRD x-kubernetes-validations end to end: CEL rules rejected at CRD write with kube's texts, and rules
// evaluated on create, update, status, scale and apply of custom resources, asserting kube's 422 bodies and
// kubectl's output (transition rules, optionalOldSelf, messageExpression, reason, fieldPath, ratcheting).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
after(async () => {
  await s.close();
});

const JSON_CT = { 'content-type': 'application/json' };
const MERGE_CT = { 'content-type': 'application/merge-patch+json' };
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const WIDGETS = '/apis/rules.example.com/v1/namespaces/default/widgets';

function crd(name: string, schema: object, extra: object = {}) {
  const [plural, group] = [name.split('.')[0]!, name.split('.').slice(1).join('.')];
  const kind = plural[0]!.toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name },
    spec: {
      group, scope: 'Namespaced', names: { plural, singular: plural.slice(0, -1), kind, listKind: `${kind}List` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, ...extra }],
    },
  };
}

const WIDGET_SCHEMA = {
  type: 'object',
  'x-kubernetes-validations': [{ rule: "self.metadata.name.startsWith('w')", message: 'name must start with w' }],
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        { rule: 'self.replicas <= self.maxReplicas', message: 'replicas must be <= maxReplicas' },
        { rule: '!has(oldSelf.mode) || self.mode == oldSelf.mode', message: 'mode is immutable', reason: 'FieldValueForbidden', fieldPath: '.mode' },
      ],
      properties: {
        replicas: { type: 'integer' },
        maxReplicas: { type: 'integer' },
        mode: { type: 'string', maxLength: 10 },
        title: { type: 'string', maxLength: 20, 'x-kubernetes-validations': [{ rule: 'self.size() >= 2', messageExpression: "'title ' + self + ' is too short'" }] },
        ports: {
          type: 'array', maxItems: 4, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
          items: {
            type: 'object', required: ['name'],
            properties: { name: { type: 'string', maxLength: 10 }, port: { type: 'integer' } },
            'x-kubernetes-validations': [{ rule: 'oldSelf.hasValue() || self.port >= 1024', optionalOldSelf: true, message: 'new ports must be >= 1024' }],
          },
        },
      },
    },
    status: {
      type: 'object',
      properties: { ready: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= 0', message: 'ready must not be negative', reason: 'FieldValueInvalid' }] } },
    },
  },
};

const widget = (name: string, spec: object) => ({ apiVersion: 'rules.example.com/v1', kind: 'Widget', metadata: { name, namespace: 'default' }, spec });

function invalidStatus(name: string, kind: string, group: string, causes: { reason: string; message: string; field: string }[]) {
  const texts = causes.map((c) => `${c.field}: ${c.message}`);
  return {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: `${kind}.${group} "${name}" is invalid: ${texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`}`,
    reason: 'Invalid', details: { name, group, kind, causes }, code: 422,
  };
}

async function waitEstablished(name: string) {
  for (let i = 0; i < 100; i++) {
    const r = (await s.request('GET', `${CRDS}/${name}`)).json();
    if (r.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} not established`);
}

before(async () => {
  s = await startTestServer();
  const r = await s.request('POST', CRDS, { headers: JSON_CT, body: JSON.stringify(crd('widgets.rules.example.com', WIDGET_SCHEMA, { subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.ready' } } })) });
  assert.equal(r.status, 201, r.body);
  await waitEstablished('widgets.rules.example.com');
});

test('create: failing root and spec rules answer 422 with kube\'s causes, the root at <nil>', async () => {
  const r = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('a1', { replicas: 6, maxReplicas: 5 })) });
  assert.equal(r.status, 422);
  assert.deepEqual(r.json(), invalidStatus('a1', 'Widget', 'rules.example.com', [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "object": name must start with w', field: '<nil>' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "object": replicas must be <= maxReplicas', field: 'spec' },
  ]));
});

test('create: messageExpression gives the detail and optionalOldSelf rules run without an old value', async () => {
  const r = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('w-msg', { replicas: 1, maxReplicas: 2, title: 'x', ports: [{ name: 'http', port: 80 }] })) });
  assert.equal(r.status, 422);
  // kube visits sibling properties in Go map order (random); kubelite visits them in the stored object's key order,
  // which is Go's sorted order for unstructured objects.
  assert.deepEqual(r.json(), invalidStatus('w-msg', 'Widget', 'rules.example.com', [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "object": new ports must be >= 1024', field: 'spec.ports[0]' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "string": title x is too short', field: 'spec.title' },
  ]));
});

test('schema errors that block CEL add kube\'s "rules were not checked" error', async () => {
  const r = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('a2', { replicas: 1, maxReplicas: 2, mode: 'far-too-long-mode' })) });
  assert.equal(r.status, 422);
  assert.deepEqual(r.json().details.causes, [
    { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 10 bytes', field: 'spec.mode' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation', field: '<nil>' },
  ]);
});

test('update: a transition rule with reason and fieldPath reports Forbidden at the field', { skip }, async () => {
  const c = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('w1', { replicas: 1, maxReplicas: 3, mode: 'fast', ports: [{ name: 'http', port: 8080 }] })) });
  assert.equal(c.status, 201, c.body);
  const r = await s.request('PATCH', `${WIDGETS}/w1`, { headers: MERGE_CT, body: JSON.stringify({ spec: { mode: 'slow' } }) });
  assert.equal(r.status, 422);
  assert.deepEqual(r.json(), invalidStatus('w1', 'Widget', 'rules.example.com', [{ reason: 'FieldValueForbidden', message: 'Forbidden: mode is immutable', field: 'spec.mode' }]));
  // An existing list-map entry correlates with its old value: the optionalOldSelf rule passes; a new entry does not.
  const ok = await s.request('PATCH', `${WIDGETS}/w1`, { headers: MERGE_CT, body: JSON.stringify({ spec: { ports: [{ name: 'http', port: 8081 }] } }) });
  assert.equal(ok.status, 200, ok.body);
  const kubectl = await s.kubectl(['patch', 'widget', 'w1', '--type=merge', '-p', '{"spec":{"ports":[{"name":"http","port":8081},{"name":"dns","port":53}]}}']);
  assert.equal(kubectl.code, 1);
  assert.equal(kubectl.stderr, 'The Widget "w1" is invalid: spec.ports[1]: Invalid value: "object": new ports must be >= 1024\n');
});

test('status and scale writes run the rules', { skip }, async () => {
  await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('w2', { replicas: 1, maxReplicas: 3 })) });
  const st = await s.request('PATCH', `${WIDGETS}/w2/status`, { headers: MERGE_CT, body: JSON.stringify({ status: { ready: -1 } }) });
  assert.equal(st.status, 422);
  // The scale sub-resource's statusReplicasPath check comes first; it does not block the rules.
  assert.deepEqual(st.json().details.causes, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: -1: should be a non-negative integer', field: '.status.ready' },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "integer": ready must not be negative', field: 'status.ready' },
  ]);
  const scaled = await s.kubectl(['scale', 'widget', 'w2', '--replicas=5']);
  assert.equal(scaled.code, 1);
  assert.equal(scaled.stderr, 'The Widget "w2" is invalid: spec: Invalid value: "object": replicas must be <= maxReplicas\n');
});

test('apply: kubectl apply of an object failing a rule prints kube\'s message', { skip }, async () => {
  const r = await s.kubectl(['apply', '--server-side', '-f', '-'], { input: JSON.stringify(widget('w3', { replicas: 4, maxReplicas: 2 })) });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, 'The Widget "w3" is invalid: spec: Invalid value: "object": replicas must be <= maxReplicas\n');
});

test('ratcheting: an unchanged value failing a new rule becomes a warning; changing it is an error', { skip }, async () => {
  await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify(widget('w4', { replicas: 1, maxReplicas: 9 })) });
  const stricter = structuredClone(WIDGET_SCHEMA) as typeof WIDGET_SCHEMA & { properties: { spec: { properties: { maxReplicas: object } } } };
  stricter.properties.spec.properties.maxReplicas = { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self <= 5' }] } as never;
  const current = (await s.request('GET', `${CRDS}/widgets.rules.example.com`)).json();
  current.spec.versions[0].schema.openAPIV3Schema = stricter;
  const u = await s.request('PUT', `${CRDS}/widgets.rules.example.com`, { headers: JSON_CT, body: JSON.stringify(current) });
  assert.equal(u.status, 200, u.body);
  let label: { code: number; stderr: string } = { code: -1, stderr: '' };
  for (let i = 0; i < 50; i++) {
    label = await s.kubectl(['label', 'widget', 'w4', `try=${i}`, '--overwrite']);
    if (label.stderr.includes('Warning')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(label.code, 0, label.stderr);
  assert.equal(label.stderr, 'Warning: spec.maxReplicas: Invalid value: "integer": failed rule: self <= 5\n');
  const r = await s.request('PATCH', `${WIDGETS}/w4`, { headers: MERGE_CT, body: JSON.stringify({ spec: { maxReplicas: 8 } }) });
  assert.equal(r.status, 422);
  assert.deepEqual(r.json().details.causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: "integer": failed rule: self <= 5', field: 'spec.maxReplicas' }]);
});

// One version: kube validates its schema lifted to spec.validation.
const P = 'spec.validation.openAPIV3Schema';
const HINT = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';

test('CRD write: compilation errors, non-bool rules and optionalOldSelf without oldSelf are Invalid at the rule', async () => {
  const schema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: { x: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.z == 1' }, { rule: 'self.x', message: 'm' }, { rule: 'self.x == 1', optionalOldSelf: true }],
      },
    },
  };
  const r = await s.request('POST', CRDS, { headers: JSON_CT, body: JSON.stringify(crd('gizmos.rules.example.com', schema)) });
  assert.equal(r.status, 422);
  const sp = `${P}.properties[spec].x-kubernetes-validations`;
  assert.deepEqual(r.json().details.causes, [
    { reason: 'FieldValueInvalid', field: `${sp}[0].rule`, message: 'Invalid value: apiextensions.ValidationRule{Rule:"self.z == 1", Message:"", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:5: undefined field \'z\'\n | self.z == 1\n | ....^' },
    { reason: 'FieldValueInvalid', field: `${sp}[1].rule`, message: 'Invalid value: apiextensions.ValidationRule{Rule:"self.x", Message:"m", MessageExpression:"", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}: cel expression must evaluate to a bool' },
    { reason: 'FieldValueInvalid', field: `${sp}[2].optionalOldSelf`, message: 'Invalid value: true: may not be set if oldSelf is not used in rule' },
  ]);
});

test('CRD write: rule shapes (missing rule, blank message, bad reason, invalid fieldPath)', async () => {
  const schema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object', properties: { x: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: ' ' }, { rule: 'true', message: ' ' }, { rule: 'true', reason: 'Nope' }, { rule: 'true', fieldPath: '.y' }],
      },
    },
  };
  const r = await s.request('POST', CRDS, { headers: JSON_CT, body: JSON.stringify(crd('gizmos.rules.example.com', schema)) });
  assert.equal(r.status, 422);
  const sp = `${P}.properties[spec].x-kubernetes-validations`;
  assert.deepEqual(r.json().details.causes, [
    { reason: 'FieldValueRequired', field: `${sp}[0].rule`, message: 'Required value: rule is not specified' },
    { reason: 'FieldValueInvalid', field: `${sp}[1].message`, message: 'Invalid value: " ": message must be non-empty if specified' },
    { reason: 'FieldValueNotSupported', field: `${sp}[2].reason`, message: 'Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"' },
    { reason: 'FieldValueInvalid', field: `${sp}[3].fieldPath`, message: 'Invalid value: ".y": fieldPath must be a valid path' },
  ]);
});

test('CRD write: estimated cost over the per-rule and per-schema budgets, and oldSelf under a set list', { skip }, async () => {
  const schema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          l: { type: 'array', items: { type: 'string' } },
          s: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= oldSelf' }] } },
        },
        'x-kubernetes-validations': [{ rule: 'self.l.all(a, self.l.all(b, a == b))' }],
      },
    },
  };
  const r = await s.request('POST', CRDS, { headers: JSON_CT, body: JSON.stringify(crd('gizmos.rules.example.com', schema)) });
  assert.equal(r.status, 422);
  const sp = `${P}.properties[spec]`;
  assert.deepEqual(r.json().details.causes, [
    { reason: 'FieldValueInvalid', field: `${sp}.properties[s].items.x-kubernetes-validations[0].rule`, message: `Invalid value: "self >= oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${sp}.properties[s]` },
    { reason: 'FieldValueForbidden', field: `${sp}.x-kubernetes-validations[0].rule`, message: `Forbidden: estimated rule cost exceeds budget by factor of more than 100x ${HINT}` },
    { reason: 'FieldValueForbidden', field: `${sp}.x-kubernetes-validations[0].rule`, message: 'Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema' },
    { reason: 'FieldValueForbidden', field: P, message: `Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${HINT}` },
  ]);
  // kubectl prints the same causes.
  const k = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(crd('gizmos.rules.example.com', schema)) });
  assert.equal(k.code, 1);
  const causes = (r.json().details.causes as { field: string; message: string }[]).map((c) => `* ${c.field}: ${c.message}\n`);
  assert.equal(k.stderr, `The CustomResourceDefinition "gizmos.rules.example.com" is invalid: \n${causes.join('')}`);
});
