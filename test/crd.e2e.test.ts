// CustomResourceDefinitions end to end with kubectl 1.33 and raw HTTP: CRDs of both scopes with a rich schema,
// conditions and name conflicts, valid and invalid resources with kube's Invalid texts, pruning, defaulting,
// fieldValidation, printer columns, status and scale sub-resources, two versions (one deprecated, one unserved),
// kubectl explain, and deleting a CRD together with its resources.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

async function k(args: string[], input?: string) {
  return s.kubectl(args, input === undefined ? {} : { input });
}
async function ok(args: string[], input?: string) {
  const r = await k(args, input);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
const JSON_CT = { 'content-type': 'application/json' };
const WIDGETS = '/apis/example.com/v1/namespaces/default/widgets';

const WIDGET_SCHEMA = `
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [replicas]
            properties:
              replicas: {type: integer, minimum: 0, maximum: 100}
              color: {type: string, enum: [red, green, blue], default: red}
              name: {type: string, maxLength: 5, pattern: '^[a-z]+$'}
              size: {type: number, exclusiveMinimum: true, minimum: 0}
              tags:
                type: array
                maxItems: 3
                items: {type: string}
                x-kubernetes-list-type: set
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    port: {x-kubernetes-int-or-string: true}
              labels:
                type: object
                additionalProperties: {type: string}
              when: {type: string, format: date-time}
              note: {type: string, nullable: true}
              template:
                type: object
                x-kubernetes-embedded-resource: true
                x-kubernetes-preserve-unknown-fields: true
              free:
                type: object
                x-kubernetes-preserve-unknown-fields: true
              selector: {type: string}
          status:
            type: object
            properties:
              replicas: {type: integer}
              selector: {type: string}`;

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: widgets
    kind: Widget
    shortNames: [wd]
    categories: [all]
  versions:
  - name: v1
    served: true
    storage: true
    schema:${WIDGET_SCHEMA}
    subresources:
      status: {}
      scale:
        specReplicasPath: .spec.replicas
        statusReplicasPath: .status.replicas
        labelSelectorPath: .status.selector
    additionalPrinterColumns:
    - {name: Replicas, type: integer, jsonPath: .spec.replicas}
    - {name: Color, type: string, jsonPath: .spec.color}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
    selectableFields:
    - jsonPath: .spec.color
  - name: v1beta1
    served: true
    storage: false
    deprecated: true
    schema:${WIDGET_SCHEMA}
    subresources:
      status: {}
  - name: v1alpha1
    served: false
    storage: false
    schema:${WIDGET_SCHEMA}
`;

const GADGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Cluster
  names: {plural: gadgets, singular: gadget, kind: Gadget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer, default: 1}
`;

async function crd(name: string) {
  return JSON.parse(await ok(['get', 'crd', name, '-o', 'json']));
}

test('CRDs of both scopes are created, named and established', { skip }, async () => {
  assert.match(await ok(['apply', '-f', '-'], WIDGET_CRD), /customresourcedefinition\.apiextensions\.k8s\.io\/widgets\.example\.com created/);
  assert.match(await ok(['create', '-f', '-'], GADGET_CRD), /customresourcedefinition\.apiextensions\.k8s\.io\/gadgets\.example\.com created/);
  assert.match(await ok(['wait', '--for', 'condition=established', 'crd/widgets.example.com', 'crd/gadgets.example.com', '--timeout=20s']), /condition met/);
  const w = await crd('widgets.example.com');
  assert.equal(w.metadata.generation, 1);
  assert.deepEqual(w.spec.conversion, { strategy: 'None' });
  assert.equal(w.spec.names.singular, 'widget');
  assert.equal(w.spec.names.listKind, 'WidgetList');
  assert.deepEqual(w.status.acceptedNames, { plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList', categories: ['all'] });
  assert.deepEqual(w.status.storedVersions, ['v1']);
  const conds = Object.fromEntries(w.status.conditions.map((c: { type: string }) => [c.type, c]));
  assert.deepEqual({ ...conds.NamesAccepted, lastTransitionTime: undefined }, { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found', lastTransitionTime: undefined });
  assert.deepEqual({ ...conds.Established, lastTransitionTime: undefined }, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted', lastTransitionTime: undefined });

  const res = await ok(['api-resources', '--api-group=example.com']);
  assert.match(res, /^gadgets\s+example\.com\/v1\s+false\s+Gadget$/m);
  assert.match(res, /^widgets\s+wd\s+example\.com\/v1\s+true\s+Widget$/m);
  // Discovery lists the served versions only, the preferred (GA) one first.
  const group = (await s.request('GET', '/apis/example.com')).json();
  assert.deepEqual(group.versions.map((v: { version: string }) => v.version), ['v1', 'v1beta1']);
  assert.equal(group.preferredVersion.version, 'v1');
  const list = (await s.request('GET', '/apis/example.com/v1')).json();
  const widgets = list.resources.find((r: { name: string }) => r.name === 'widgets');
  assert.deepEqual(widgets.categories, ['all']);
  assert.deepEqual(list.resources.map((r: { name: string }) => r.name).sort(), ['gadgets', 'widgets', 'widgets/scale', 'widgets/status']);
});

test('a created CRD is served by the time its create returns: discovery, OpenAPI and REST agree', { skip }, async () => {
  const body = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'doodads.example.org' },
    spec: { group: 'example.org', scope: 'Cluster', names: { plural: 'doodads', kind: 'Doodad' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }] },
  };
  const created = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(body) });
  assert.equal(created.status, 201);
  const [crdNow, disco, index, cr] = await Promise.all([
    s.request('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/doodads.example.org'),
    s.request('GET', '/apis/example.org/v1'),
    s.request('GET', '/openapi/v3'),
    s.request('POST', '/apis/example.org/v1/doodads', { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.org/v1', kind: 'Doodad', metadata: { name: 'd1' }, spec: { size: 3 } }) }),
  ]);
  assert.ok(crdNow.json().status.conditions.some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True'));
  assert.equal(disco.status, 200);
  assert.ok(index.json().paths['apis/example.org/v1']);
  assert.equal(cr.status, 201);
  // kubectl, without waiting for the condition, resolves the new kind at once.
  assert.match(await ok(['apply', '-f', '-'], 'apiVersion: example.org/v1\nkind: Doodad\nmetadata: {name: d2}\nspec: {size: 4}\n'), /doodad\.example\.org\/d2 created/);
  await ok(['delete', 'crd', 'doodads.example.org']);
});

test('CRD validation: kube texts for names, versions and structural schemas', { skip }, async () => {
  const bad = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: wrong.example.com}
spec:
  group: example.com
  scope: Global
  names: {plural: things, kind: Thing}
  versions:
  - name: v1
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {properties: {a: {type: string}}}
`;
  const r = await k(['create', '-f', '-'], bad);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /The CustomResourceDefinition "wrong\.example\.com" is invalid: /);
  assert.match(r.stderr, /\* metadata\.name: Invalid value: "wrong\.example\.com": must be spec\.names\.plural\+"\."\+spec\.group/);
  assert.match(r.stderr, /\* spec\.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"/);
  assert.match(r.stderr, /\* spec\.versions: Invalid value: \[\]apiextensions\.CustomResourceDefinitionVersion\{.*\}: must have exactly one version marked as storage version/);
  assert.match(r.stderr, /\* spec\.validation\.openAPIV3Schema\.properties\[spec\]\.type: Required value: must not be empty for specified object fields/);

  const raw = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
    headers: JSON_CT,
    body: JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'things.example.com' },
      spec: { group: 'example.com', scope: 'Cluster', names: { plural: 'things', kind: 'Thing' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'array' } } } } } } }] },
    }),
  });
  assert.equal(raw.status, 422);
  assert.equal(raw.json().reason, 'Invalid');
  assert.equal(raw.json().message, 'CustomResourceDefinition.apiextensions.k8s.io "things.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[a].items: Required value: must be specified');
});

test('a kind already accepted by another CRD of the group is a names conflict', { skip }, async () => {
  await ok(['create', '-f', '-'], GADGET_CRD.replace('name: gadgets.example.com', 'name: dupes.example.com').replace('plural: gadgets, singular: gadget', 'plural: dupes, singular: dupe'));
  let c: { status: { conditions: { type: string; status: string; reason: string; message: string }[] } } | undefined;
  for (let i = 0; i < 50; i++) {
    c = await crd('dupes.example.com');
    if (c!.status.conditions?.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const conds = Object.fromEntries(c!.status.conditions.map((x) => [x.type, x]));
  assert.deepEqual([conds.NamesAccepted!.status, conds.NamesAccepted!.reason, conds.NamesAccepted!.message], ['False', 'KindConflict', '"Gadget" is already in use']);
  assert.deepEqual([conds.Established!.status, conds.Established!.reason, conds.Established!.message], ['False', 'NotAccepted', 'not all names are accepted']);
  assert.equal((await s.request('GET', '/apis/example.com/v1/dupes')).status, 404);
  await ok(['delete', 'crd', 'dupes.example.com']);
});

test('valid resources are stored pruned and defaulted; printer columns show in kubectl get', { skip }, async () => {
  const w1 = `apiVersion: example.com/v1
kind: Widget
metadata: {name: w1}
spec:
  replicas: 2
  name: abc
  tags: [a, b]
  ports: [{name: http, port: 80}, {name: admin, port: admin}]
  labels: {x: z}
  when: "2024-01-02T03:04:05Z"
  template: {apiVersion: v1, kind: ConfigMap, metadata: {name: t}, data: {a: b}}
  free: {anything: [1, 2]}
`;
  assert.match(await ok(['apply', '-f', '-'], w1), /widget\.example\.com\/w1 created/);
  const got = JSON.parse(await ok(['get', 'widget', 'w1', '-o', 'json']));
  assert.equal(got.apiVersion, 'example.com/v1');
  assert.equal(got.metadata.generation, 1);
  assert.equal(got.spec.color, 'red');
  assert.deepEqual(got.spec.template.data, { a: 'b' });
  assert.deepEqual(got.spec.free, { anything: [1, 2] });

  const out = await ok(['get', 'wd']);
  assert.match(out, /^NAME\s+REPLICAS\s+COLOR\s+AGE$/m);
  assert.match(out, /^w1\s+2\s+red\s+\d+s$/m);
  // get all includes the "all" category.
  assert.match(await ok(['get', 'all']), /widget\.example\.com\/w1/);

  // Unknown fields: Warn (default for raw clients) prunes with a Warning, Strict (kubectl's default) fails.
  const warn = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w2' }, spec: { replicas: 1, bogus: 1 }, extra: true }) });
  assert.equal(warn.status, 201);
  assert.equal(warn.headers['warning'], '299 - "unknown field \\"extra\\"", 299 - "unknown field \\"spec.bogus\\""');
  assert.equal(warn.json().spec.bogus, undefined);
  // A null stays where the schema is nullable; elsewhere it becomes the default or is dropped.
  const nulls = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w4' }, spec: { replicas: 1, note: null, color: null, name: null } }) });
  assert.equal(nulls.status, 201);
  assert.deepEqual(nulls.json().spec, { replicas: 1, note: null, color: 'red' });
  const strict = await k(['create', '-f', '-'], 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w3}\nspec: {replicas: 1, bogus: 1}\n');
  assert.equal(strict.code, 1);
  assert.match(strict.stderr, /Error from server \(BadRequest\): error when creating "STDIN": Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec\.bogus"/);
  assert.match(await ok(['create', '--validate=false', '-f', '-'], 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w3}\nspec: {replicas: 1, bogus: 1}\n'), /widget\.example\.com\/w3 created/);
});

test('invalid resources get kube\'s Invalid messages', { skip }, async () => {
  const r = await k(['create', '-f', '-'], 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: bad}\nspec: {replicas: "2", color: pink}\n');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /The Widget "bad" is invalid: /);
  assert.match(r.stderr, /\* spec\.replicas: Invalid value: "string": spec\.replicas in body must be of type integer: "string"/);
  assert.match(r.stderr, /\* spec\.color: Unsupported value: "pink": supported values: "red", "green", "blue"/);
  assert.match(r.stderr, /\* \.spec\.replicas: Invalid value: 0: \.spec\.replicas accessor error: 2 is of the type string, expected int64/);

  const cases: [unknown, string][] = [
    [{}, 'spec.replicas: Required value'],
    [{ replicas: 101 }, 'spec.replicas: Invalid value: 101: spec.replicas in body should be less than or equal to 100'],
    // The scale checks run after the schema and keep the CRD's path with its leading dot.
    [{ replicas: -1 }, '[spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0, .spec.replicas: Invalid value: -1: should be a non-negative integer]'],
    [{ replicas: 1, size: 0 }, 'spec.size: Invalid value: 0: spec.size in body should be greater than 0'],
    [{ replicas: 1, name: 'abcdef' }, 'spec.name: Too long: may not be more than 5 bytes'],
    [{ replicas: 1, name: 'AB' }, "spec.name: Invalid value: \"AB\": spec.name in body should match '^[a-z]+$'"],
    [{ replicas: 1, tags: ['a', 'b', 'c', 'd'] }, 'spec.tags: Too many: 4: must have at most 3 items'],
    [{ replicas: 1, tags: ['a', 'a'] }, 'spec.tags[1]: Duplicate value: "a"'],
    [{ replicas: 1, ports: [{ name: 'x' }, { name: 'x', port: 1 }] }, 'spec.ports[1]: Duplicate value: map[string]interface {}{"name":"x"}'],
    [{ replicas: 1, ports: [{ name: 'x', port: true }] }, 'spec.ports[0].port: Invalid value: "boolean": spec.ports[0].port in body must be of type integer,string: "boolean"'],
    [{ replicas: 1, labels: { a: 1 } }, 'spec.labels.a: Invalid value: "integer": spec.labels.a in body must be of type string: "integer"'],
    [{ replicas: 1, when: 'yesterday' }, 'spec.when: Invalid value: "yesterday": spec.when in body must be of type date-time: "yesterday"'],
    [{ replicas: 1, tags: [null] }, 'spec.tags[0]: Invalid value: "null": spec.tags[0] in body must be of type string: "null"'],
    [{ replicas: 1, template: { metadata: { name: 'x' } } }, '[spec.template.apiVersion: Required value: must not be empty, spec.template.kind: Required value: must not be empty]'],
  ];
  for (const [spec, message] of cases) {
    const res = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'x' }, spec }) });
    assert.equal(res.status, 422, JSON.stringify(spec));
    assert.equal(res.json().message, `Widget.example.com "x" is invalid: ${message}`, JSON.stringify(spec));
  }
});

test('updates need a resourceVersion; strategic merge patch is refused with 415', { skip }, async () => {
  const cur = (await s.request('GET', `${WIDGETS}/w1`)).json();
  delete cur.metadata.resourceVersion;
  const put = await s.request('PUT', `${WIDGETS}/w1`, { headers: JSON_CT, body: JSON.stringify(cur) });
  assert.equal(put.status, 422);
  assert.equal(put.json().message, 'widgets.example.com "w1" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update');
  const missing = await s.request('PUT', `${WIDGETS}/nope`, { headers: JSON_CT, body: JSON.stringify({ ...cur, metadata: { name: 'nope', resourceVersion: '1' } }) });
  assert.equal(missing.status, 404);
  const smp = await s.request('PATCH', `${WIDGETS}/w1`, { headers: { 'content-type': 'application/strategic-merge-patch+json' }, body: '{"spec":{"replicas":3}}' });
  assert.equal(smp.status, 415);
  assert.equal(smp.json().message, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');
});

test('status sub-resource: spec/status split and generation', { skip }, async () => {
  await ok(['patch', 'widget', 'w1', '--subresource=status', '--type=merge', '-p', '{"status":{"replicas":2,"selector":"app=w"},"spec":{"replicas":9}}']);
  let w = JSON.parse(await ok(['get', 'widget', 'w1', '-o', 'json']));
  assert.deepEqual(w.status, { replicas: 2, selector: 'app=w' });
  assert.equal(w.spec.replicas, 2, 'spec changes through /status are ignored');
  assert.equal(w.metadata.generation, 1);
  const bad = await k(['patch', 'widget', 'w1', '--subresource=status', '--type=merge', '-p', '{"status":{"replicas":"two"}}']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /The Widget "w1" is invalid: \n\* status\.replicas: Invalid value: "string": status\.replicas in body must be of type integer: "string"\n\* \.status\.replicas: Invalid value: 0: \.status\.replicas accessor error: two is of the type string, expected int64/);
  await ok(['patch', 'widget', 'w1', '--type=merge', '-p', '{"status":{"replicas":7},"spec":{"color":"blue"}}']);
  w = JSON.parse(await ok(['get', 'widget', 'w1', '-o', 'json']));
  assert.equal(w.status.replicas, 2, 'status changes through the main resource are ignored');
  assert.equal(w.spec.color, 'blue');
  assert.equal(w.metadata.generation, 2);
});

test('selectableFields serve field selectors', { skip }, async () => {
  const out = await ok(['get', 'widgets', '--field-selector', 'spec.color=blue', '-o', 'name']);
  assert.equal(out, 'widget.example.com/w1\n');
  const list = await s.request('GET', `${WIDGETS}?fieldSelector=spec.color%3Dred`);
  assert.equal(list.status, 200);
  assert.ok(list.json().items.length > 0);
  assert.ok(list.json().items.every((i: { spec: { color: string } }) => i.spec.color === 'red'));
  const bad = await s.request('GET', `${WIDGETS}?fieldSelector=spec.name%3Dx`);
  assert.equal(bad.status, 400);
  assert.match(bad.json().message, /field label not supported: spec\.name/);
});

test('reads apply the current schema: defaults added later show on stored objects, keys sorted', { skip }, async () => {
  const patch = JSON.stringify([{ op: 'add', path: '/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/mode', value: { type: 'string', default: 'auto' } }]);
  await ok(['patch', 'crd', 'widgets.example.com', '--type=json', '-p', patch]);
  const c = await crd('widgets.example.com');
  assert.equal(c.metadata.generation, 2);
  let mode: string | undefined;
  for (let i = 0; i < 50 && mode === undefined; i++) {
    mode = JSON.parse(await ok(['get', 'widget', 'w1', '-o', 'json'])).spec.mode;
    if (mode === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(mode, 'auto');
  const list = JSON.parse(await ok(['get', 'widgets', '-o', 'json']));
  assert.ok(list.items.every((i: { spec: { mode: string } }) => i.spec.mode === 'auto'));
  const raw = await s.request('GET', `${WIDGETS}/w1`);
  assert.match(raw.body, /^\{"apiVersion":"example\.com\/v1","kind":"Widget","metadata":\{"annotations":\{/);
  assert.match(raw.body, /"spec":\{"color":"blue","free":\{"anything":\[1,2\]\},"labels":\{"x":"z"\},"mode":"auto","name":"abc",/);
});

test('scale sub-resource reads and writes the CRD paths', { skip }, async () => {
  assert.match(await ok(['scale', 'widget', 'w1', '--replicas=4']), /widget\.example\.com\/w1 scaled/);
  const scale = (await s.request('GET', `${WIDGETS}/w1/scale`)).json();
  assert.equal(scale.kind, 'Scale');
  assert.equal(scale.apiVersion, 'autoscaling/v1');
  assert.deepEqual(scale.spec, { replicas: 4 });
  assert.deepEqual(scale.status, { replicas: 2, selector: 'app=w' });
  const w = JSON.parse(await ok(['get', 'widget', 'w1', '-o', 'json']));
  assert.equal(w.spec.replicas, 4);
  assert.equal(w.metadata.generation, 3);
  const bad = await s.request('PATCH', `${WIDGETS}/w1/scale`, { headers: { 'content-type': 'application/merge-patch+json' }, body: '{"spec":{"replicas":-1}}' });
  assert.equal(bad.status, 422);
  assert.match(bad.json().message, /spec\.replicas: Invalid value: -1: /);
});

test('two served versions: apiVersion rewritten, deprecation warning, unserved version 404', { skip }, async () => {
  const r = await k(['get', 'widgets.v1beta1.example.com', 'w1', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).apiVersion, 'example.com/v1beta1');
  assert.match(r.stderr, /Warning: example\.com\/v1beta1 Widget is deprecated; use example\.com\/v1 Widget/);
  const created = await s.request('POST', '/apis/example.com/v1beta1/namespaces/default/widgets', { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1beta1', kind: 'Widget', metadata: { name: 'old' }, spec: { replicas: 1 } }) });
  assert.equal(created.status, 201);
  assert.equal(created.json().apiVersion, 'example.com/v1beta1');
  assert.equal(created.headers['warning'], '299 - "example.com/v1beta1 Widget is deprecated; use example.com/v1 Widget"');
  const v1 = await s.request('GET', `${WIDGETS}/old`);
  assert.equal(v1.json().apiVersion, 'example.com/v1');
  assert.equal(v1.headers['warning'], undefined);
  assert.equal((await s.request('GET', '/apis/example.com/v1alpha1/namespaces/default/widgets')).status, 404);
});

test('changing the storage version keeps old objects readable and records storedVersions', { skip }, async () => {
  const patch = JSON.stringify([
    { op: 'replace', path: '/spec/versions/0/storage', value: false },
    { op: 'replace', path: '/spec/versions/1/storage', value: true },
  ]);
  await ok(['patch', 'crd', 'widgets.example.com', '--type=json', '-p', patch]);
  const c = await crd('widgets.example.com');
  assert.deepEqual(c.status.storedVersions, ['v1', 'v1beta1']);
  const w = (await s.request('GET', `${WIDGETS}/w1`)).json();
  assert.equal(w.apiVersion, 'example.com/v1');
  assert.equal(w.spec.replicas, 4);
  const created = await s.request('POST', WIDGETS, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w5' }, spec: { replicas: 1 } }) });
  assert.equal(created.status, 201);
  assert.equal(created.json().apiVersion, 'example.com/v1');
  // Dropping a version that is still in storedVersions is refused.
  const drop = await k(['patch', 'crd', 'widgets.example.com', '--type=json', '-p', JSON.stringify([{ op: 'remove', path: '/spec/versions/0' }])]);
  assert.equal(drop.code, 1);
  assert.match(drop.stderr, /status\.storedVersions\[0\]: Invalid value: "v1": missing from spec\.versions; v1 was previously a storage version, and must remain in spec\.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status\.storedVersions/);
});

test('kubectl explain reads the CRD schema from OpenAPI v3', { skip }, async () => {
  const out = await ok(['explain', 'widgets.spec']);
  assert.match(out, /GROUP:\s+example\.com/);
  assert.match(out, /KIND:\s+Widget/);
  assert.match(out, /replicas\s+<integer> -required-/);
  assert.match(out, /color\s+<string>/);
  assert.match(out, /ports\s+<\[\]Object>/);
});

test('cluster-scoped custom resources', { skip }, async () => {
  assert.match(await ok(['create', '-f', '-'], 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g1}\nspec: {}\n'), /gadget\.example\.com\/g1 created/);
  const g = JSON.parse(await ok(['get', 'gadget', 'g1', '-o', 'json']));
  assert.equal(g.spec.size, 1);
  assert.equal(g.metadata.namespace, undefined);
  assert.match(await ok(['get', 'gadgets']), /^NAME\s+AGE\ng1\s+\d+s$/m);
  assert.equal((await s.request('GET', '/apis/example.com/v1/namespaces/default/gadgets')).status, 404);
});

test('deleting a CRD deletes its resources and stops serving them', { skip }, async () => {
  assert.match(await ok(['delete', 'crd', 'widgets.example.com']), /customresourcedefinition\.apiextensions\.k8s\.io "widgets\.example\.com" deleted/);
  assert.equal((await s.request('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com')).status, 404);
  assert.equal((await s.request('GET', WIDGETS)).status, 404);
  const list = (await s.request('GET', '/apis/example.com/v1')).json();
  assert.deepEqual(list.resources.map((r: { name: string }) => r.name), ['gadgets']);
  // Recreated, the CRD starts empty: its old resources were deleted, not orphaned.
  await ok(['apply', '-f', '-'], WIDGET_CRD);
  await ok(['wait', '--for', 'condition=established', 'crd/widgets.example.com', '--timeout=20s']);
  const again = await s.request('GET', WIDGETS);
  assert.equal(again.status, 200);
  assert.deepEqual(again.json().items, []);
});

test('a CRD being deleted is Terminating until its resources are gone', { skip }, async () => {
  await ok(['create', '-f', '-'], 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: held, finalizers: [example.com/hold]}\nspec: {}\n');
  assert.match(await ok(['delete', 'crd', 'gadgets.example.com', '--wait=false']), /deleted/);
  let c: { metadata: { deletionTimestamp?: string; finalizers?: string[] }; status: { conditions: { type: string; status: string; reason: string; message: string }[] } } | undefined;
  for (let i = 0; i < 50; i++) {
    c = await crd('gadgets.example.com');
    if (c!.status.conditions.some((x) => x.type === 'Terminating')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(c!.metadata.deletionTimestamp);
  assert.deepEqual(c!.metadata.finalizers, ['customresourcecleanup.apiextensions.k8s.io']);
  const term = c!.status.conditions.find((x) => x.type === 'Terminating')!;
  assert.deepEqual([term.status, term.reason, term.message], ['True', 'InstanceDeletionInProgress', 'CustomResource deletion is in progress']);
  const held = JSON.parse(await ok(['get', 'gadget', 'held', '-o', 'json']));
  assert.ok(held.metadata.deletionTimestamp);
  const create = await s.request('POST', '/apis/example.com/v1/gadgets', { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'late' } }) });
  assert.equal(create.status, 403);
  assert.equal(create.json().message, 'gadgets.example.com is forbidden: create not allowed while custom resource definition is terminating');
  await ok(['patch', 'gadget', 'held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
  await ok(['wait', '--for=delete', 'crd/gadgets.example.com', '--timeout=20s']);
  assert.equal((await s.request('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.com')).status, 404);
  assert.equal((await s.request('GET', '/apis/example.com/v1/gadgets')).status, 404);
});

test('deleting a namespace deletes the custom resources in it', { skip }, async () => {
  await ok(['create', 'namespace', 'crs']);
  await ok(['create', '-n', 'crs', '-f', '-'], 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: doomed}\nspec: {replicas: 1}\n');
  await ok(['delete', 'namespace', 'crs', '--timeout=30s']);
  assert.equal((await s.request('GET', '/apis/example.com/v1/namespaces/crs/widgets/doomed')).status, 404);
});

test('after a restart stored CRDs are served at once', { skip }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-crd-'));
  try {
    let t = await startTestServer({ dataDir });
    await t.kubectl(['apply', '-f', '-'], { input: GADGET_CRD });
    await t.kubectl(['wait', '--for', 'condition=established', 'crd/gadgets.example.com', '--timeout=20s']);
    const created = await t.request('POST', '/apis/example.com/v1/gadgets', { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'kept' }, spec: {} }) });
    assert.equal(created.status, 201);
    await t.close();
    t = await startTestServer({ dataDir });
    try {
      const got = await t.request('GET', '/apis/example.com/v1/gadgets/kept');
      assert.equal(got.status, 200);
      assert.deepEqual(got.json().spec, { size: 1 });
    } finally {
      await t.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
