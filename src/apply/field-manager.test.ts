// The worked examples of ssa.md §9, each producing exactly the object and managedFields shown there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FieldManager } from './field-manager.js';
import { resetFieldsFilter } from './reset-fields.js';
import { builtinObjectType, customResourceType } from './schema-types.js';
import { StatusError } from '../errors/status.js';
import type { KObject } from '../api/object.js';

/** A fake clock: each test sets the second the next recorded change happens at. */
function fakeClock() {
  let second = 0;
  return {
    at(s: number) {
      second = s;
    },
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
  };
}

const t = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}Z`;

/** An entry as §9 shows it (every entry also has fieldsType FieldsV1). */
function entry(manager: string, operation: 'Apply' | 'Update', apiVersion: string, time: number | undefined, fieldsV1: object, subresource?: string) {
  const e: KObject = { manager, operation, apiVersion };
  if (time !== undefined) e.time = t(time);
  e.fieldsType = 'FieldsV1';
  e.fieldsV1 = fieldsV1;
  if (subresource) e.subresource = subresource;
  return e;
}

function conflictOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StatusError) return e;
    throw e;
  }
  assert.fail('expected a conflict');
}

const configMapType = builtinObjectType({ group: '', version: 'v1', kind: 'ConfigMap', schema: 'io.k8s.api.core.v1.ConfigMap' })!;
const deploymentType = builtinObjectType({ group: 'apps', version: 'v1', kind: 'Deployment', schema: 'io.k8s.api.apps.v1.Deployment' })!;

function configMapManager() {
  const clock = fakeClock();
  return { clock, fm: new FieldManager({ apiVersion: 'v1', kind: 'ConfigMap', type: configMapType, clock: clock.now }) };
}

const cm = (data?: Record<string, string>, labels?: Record<string, string>): KObject => {
  const o: KObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' } };
  if (labels) o.metadata.labels = labels;
  if (data) o.data = data;
  return o;
};

describe('E1: two appliers, shared field, conflict, force, multi-conflict message, removal', () => {
  const { clock, fm } = configMapManager();
  let obj: KObject;

  it('step 1: alice creates', () => {
    clock.at(1);
    obj = fm.apply(undefined, cm({ a: '1', b: '2' }, { app: 'demo' }), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields, [entry('alice', 'Apply', 'v1', 1, { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } })]);
    assert.deepEqual(obj.data, { a: '1', b: '2' });
  });

  it('step 2: bob shares .data.b', () => {
    clock.at(2);
    obj = fm.apply(obj, cm({ b: '2', c: '3' }), { manager: 'bob', force: false });
    assert.deepEqual(obj.data, { a: '1', b: '2', c: '3' });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'v1', 1, { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
      entry('bob', 'Apply', 'v1', 2, { 'f:data': { 'f:b': {}, 'f:c': {} } }),
    ]);
  });

  it('step 3: bob conflicts with alice on .data.a', () => {
    const e = conflictOf(() => fm.apply(obj, cm({ a: '9', b: '2', c: '3' }), { manager: 'bob', force: false }));
    assert.deepEqual(e.toJSON(), {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "alice": .data.a',
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' }] },
      code: 409,
    });
  });

  it('step 4: carol conflicts with both', () => {
    const e = conflictOf(() => fm.apply(obj, cm({ a: '7', b: '8', c: '9' }, { app: 'other' }), { manager: 'carol', force: false }));
    assert.equal(
      e.message,
      'Apply failed with 5 conflicts: conflicts with "alice":\n- .data.a\n- .data.b\n- .metadata.labels.app\nconflicts with "bob":\n- .data.b\n- .data.c',
    );
    assert.deepEqual(
      e.status.details!.causes!.map((c) => `${c.message} ${c.field}`),
      ['conflict with "alice" .data.a', 'conflict with "alice" .data.b', 'conflict with "alice" .metadata.labels.app', 'conflict with "bob" .data.b', 'conflict with "bob" .data.c'],
    );
  });

  it('step 5: bob forces', () => {
    clock.at(3);
    obj = fm.apply(obj, cm({ a: '9', b: '2', c: '3' }), { manager: 'bob', force: true });
    assert.deepEqual(obj.data, { a: '9', b: '2', c: '3' });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'v1', 1, { 'f:data': { 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
      entry('bob', 'Apply', 'v1', 3, { 'f:data': { 'f:a': {}, 'f:b': {}, 'f:c': {} } }),
    ]);
  });

  it('step 6: alice drops her label, which is removed with the empty labels map', () => {
    clock.at(4);
    obj = fm.apply(obj, cm({ b: '2' }), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('bob', 'Apply', 'v1', 3, { 'f:data': { 'f:a': {}, 'f:b': {}, 'f:c': {} } }),
      entry('alice', 'Apply', 'v1', 4, { 'f:data': { 'f:b': {} } }),
    ]);
    const { managedFields: _mf, ...md } = obj.metadata;
    assert.deepEqual(md, { name: 'cm', namespace: 'default' });
    assert.deepEqual(obj.data, { a: '9', b: '2', c: '3' });
  });

  it("E2: a controller's update moves ownership; alice's re-apply then conflicts", () => {
    clock.at(5);
    const next = structuredClone(obj);
    next.data = { a: '9', b: '5', c: '3', d: '4' };
    obj = fm.update(obj, next, 'controller');
    assert.deepEqual(obj.metadata.managedFields, [
      entry('bob', 'Apply', 'v1', 3, { 'f:data': { 'f:a': {}, 'f:c': {} } }),
      entry('controller', 'Update', 'v1', 5, { 'f:data': { 'f:b': {}, 'f:d': {} } }),
    ]);
    const e = conflictOf(() => fm.apply(obj, cm({ b: '2' }), { manager: 'alice', force: false }));
    assert.equal(e.message, 'Apply failed with 1 conflict: conflict with "controller" using v1: .data.b');
    assert.deepEqual(e.status.details!.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "controller" using v1', field: '.data.b' }]);
  });
});

describe('E3: kubectl create, then kubectl apply --server-side', () => {
  const { clock, fm } = configMapManager();
  clock.at(1);
  let obj = fm.update(undefined, cm({ key: 'v1' }, { app: 'demo' }), 'kubectl-create');

  it('create records an Update entry with "." on new maps', () => {
    assert.deepEqual(obj.metadata.managedFields, [
      entry('kubectl-create', 'Update', 'v1', 1, { 'f:data': { '.': {}, 'f:key': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }),
    ]);
  });

  it('apply conflicts, then forces', () => {
    const config = cm({ key: 'v2', other: 'x' }, { app: 'demo' });
    assert.equal(conflictOf(() => fm.apply(obj, config, { manager: 'kubectl', force: false })).message, 'Apply failed with 1 conflict: conflict with "kubectl-create" using v1: .data.key');
    clock.at(2);
    obj = fm.apply(obj, config, { manager: 'kubectl', force: true });
    assert.deepEqual(obj.data, { key: 'v2', other: 'x' });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('kubectl', 'Apply', 'v1', 2, { 'f:data': { 'f:key': {}, 'f:other': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } }),
      entry('kubectl-create', 'Update', 'v1', 1, { 'f:data': {}, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }),
    ]);
  });
});

describe('E4: first apply on an object without managedFields → before-first-apply', () => {
  const { clock, fm } = configMapManager();
  let obj: KObject = { ...cm({ key: 'v1', keep: 'k' }, { app: 'demo' }), metadata: { name: 'cm', namespace: 'default', uid: 'u1', labels: { app: 'demo' } } };

  it('an update of an object nobody owns fields of is not tracked', () => {
    clock.at(2);
    const next = structuredClone(obj);
    next.data.keep = 'k2';
    obj = fm.update(obj, next, 'someone');
    assert.equal(obj.metadata.managedFields, undefined);
    assert.equal(obj.data.keep, 'k2');
    obj.data.keep = 'k'; // the example's live object
  });

  it('a no-op apply: alice has no time, before-first-apply owns everything present', () => {
    clock.at(3);
    obj = fm.apply(obj, cm({ key: 'v1' }), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'v1', undefined, { 'f:data': { 'f:key': {} } }),
      entry('before-first-apply', 'Update', 'v1', 3, { 'f:data': { '.': {}, 'f:keep': {}, 'f:key': {} }, 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } } }),
    ]);
    assert.equal(obj.metadata.uid, 'u1');
  });

  it('then a change conflicts with before-first-apply', () => {
    const e = conflictOf(() => fm.apply(obj, cm({ key: 'v9' }), { manager: 'alice', force: false }));
    assert.equal(e.message, 'Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.key');
  });
});

describe('E5: no-op apply by a second manager', () => {
  const { clock, fm } = configMapManager();
  clock.at(4);
  let obj = fm.apply(undefined, cm({ a: '1' }), { manager: 'alice', force: false });

  it('bob gets an entry without time, sorted first', () => {
    clock.at(5);
    obj = fm.apply(obj, cm({ a: '1' }), { manager: 'bob', force: false });
    assert.deepEqual(obj.metadata.managedFields, [entry('bob', 'Apply', 'v1', undefined, { 'f:data': { 'f:a': {} } }), entry('alice', 'Apply', 'v1', 4, { 'f:data': { 'f:a': {} } })]);
  });

  it('alice applying data: {} keeps .data.a and owns only the map; her time stays', () => {
    clock.at(6);
    obj = fm.apply(obj, cm({}), { manager: 'alice', force: false });
    assert.deepEqual(obj.data, { a: '1' });
    assert.deepEqual(obj.metadata.managedFields, [entry('bob', 'Apply', 'v1', undefined, { 'f:data': { 'f:a': {} } }), entry('alice', 'Apply', 'v1', 4, { 'f:data': {} })]);
  });
});

describe('E6–E9: list-maps, multi-key ports with defaults, atomic lists, empty list-map', () => {
  const clock = fakeClock();
  const fm = new FieldManager({ apiVersion: 'apps/v1', kind: 'Deployment', type: deploymentType, clock: clock.now });
  const deployment = (spec: KObject): KObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec });
  const aliceSpec = (container: KObject | undefined): KObject => {
    const spec: KObject = { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: {} } };
    spec.template.spec.containers = container ? [container] : [];
    return spec;
  };
  const aliceE6 = { 'f:spec': { 'f:replicas': {}, 'f:selector': {}, 'f:template': { 'f:metadata': { 'f:labels': { 'f:app': {} } } } } } as KObject;
  let obj: KObject;

  it('E6: alice creates; the port key includes the defaulted protocol, which she does not own', () => {
    clock.at(1);
    obj = fm.apply(undefined, deployment(aliceSpec({ name: 'app', image: 'app:1', args: ['--a', '--b'], ports: [{ containerPort: 80 }] })), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'apps/v1', 1, {
        'f:spec': {
          'f:replicas': {},
          'f:selector': {},
          'f:template': {
            'f:metadata': { 'f:labels': { 'f:app': {} } },
            'f:spec': {
              'f:containers': {
                'k:{"name":"app"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } },
              },
            },
          },
        },
      }),
    ]);
  });

  it('E6: bob adds a sidecar after app', () => {
    clock.at(2);
    obj = fm.apply(obj, deployment({ template: { spec: { containers: [{ name: 'sidecar', image: 'proxy:1' }] } } }), { manager: 'bob', force: false });
    assert.deepEqual(
      obj.spec.template.spec.containers.map((c: KObject) => c.name),
      ['app', 'sidecar'],
    );
    assert.deepEqual(obj.metadata.managedFields[1], entry('bob', 'Apply', 'apps/v1', 2, { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"sidecar"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } } } }));
  });

  it('E7: an atomic list conflicts as a whole; forced, containers follow bob\'s order', () => {
    const config = deployment({ template: { spec: { containers: [{ name: 'sidecar', image: 'proxy:1' }, { name: 'app', args: ['--a', '--b', '--c'] }] } } });
    const e = conflictOf(() => fm.apply(obj, config, { manager: 'bob', force: false }));
    assert.equal(e.message, 'Apply failed with 1 conflict: conflict with "alice": .spec.template.spec.containers[name="app"].args');
    clock.at(3);
    obj = fm.apply(obj, config, { manager: 'bob', force: true });
    assert.deepEqual(obj.spec.template.spec.containers, [
      { name: 'sidecar', image: 'proxy:1' },
      { name: 'app', image: 'app:1', args: ['--a', '--b', '--c'], ports: [{ containerPort: 80 }] },
    ]);
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'apps/v1', 1, {
        'f:spec': {
          'f:replicas': {},
          'f:selector': {},
          'f:template': {
            'f:metadata': { 'f:labels': { 'f:app': {} } },
            'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } } } },
          },
        },
      }),
      entry('bob', 'Apply', 'apps/v1', 3, {
        'f:spec': {
          'f:template': {
            'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:args': {}, 'f:name': {} }, 'k:{"name":"sidecar"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
          },
        },
      }),
    ]);
  });

  it('E8: a second port with an explicit protocol; keys sort 53 before 80', () => {
    clock.at(4);
    obj = fm.apply(obj, deployment(aliceSpec({ name: 'app', image: 'app:2', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] })), { manager: 'alice', force: false });
    const app = obj.spec.template.spec.containers.find((c: KObject) => c.name === 'app');
    assert.deepEqual(app, { name: 'app', image: 'app:2', args: ['--a', '--b', '--c'], ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] });
    const alice = obj.metadata.managedFields.find((e: KObject) => e.manager === 'alice');
    assert.deepEqual(alice.fieldsV1['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"app"}']['f:ports'], {
      'k:{"containerPort":53,"protocol":"UDP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} },
      'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} },
    });
    assert.equal(alice.time, t(4));
    assert.deepEqual(
      Object.keys(alice.fieldsV1['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"app"}']['f:ports']),
      ['k:{"containerPort":53,"protocol":"UDP"}', 'k:{"containerPort":80,"protocol":"TCP"}'],
    );
  });

  it('E9: an empty list-map gives alice no ownership; her items go, bob\'s app item stays', () => {
    clock.at(5);
    const bobBefore = obj.metadata.managedFields.find((e: KObject) => e.manager === 'bob');
    obj = fm.apply(obj, deployment(aliceSpec(undefined)), { manager: 'alice', force: false });
    assert.deepEqual(obj.spec.template.spec.containers, [
      { name: 'sidecar', image: 'proxy:1' },
      { name: 'app', args: ['--a', '--b', '--c'] },
    ]);
    assert.deepEqual(obj.metadata.managedFields, [bobBefore, entry('alice', 'Apply', 'apps/v1', 5, aliceE6)]);
  });
});

describe('E10: custom resource with a schemaless spec (deduced)', () => {
  const clock = fakeClock();
  const type = customResourceType({ type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } });
  const fm = new FieldManager({ apiVersion: 'example.com/v1', kind: 'Widget', type, clock: clock.now });
  const widget = (spec: KObject): KObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec });
  let obj: KObject;

  it('maps are granular with "." on undeclared keys, lists atomic', () => {
    clock.at(1);
    obj = fm.apply(undefined, widget({ size: 3, tags: ['a', 'b'], nested: { x: 1, y: { z: true } }, empty: {} }), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'example.com/v1', 1, { 'f:spec': { 'f:empty': {}, 'f:nested': { '.': {}, 'f:x': {}, 'f:y': { '.': {}, 'f:z': {} } }, 'f:size': {}, 'f:tags': {} } }),
    ]);
  });

  it('a deduced list conflicts as a whole', () => {
    const e = conflictOf(() => fm.apply(obj, widget({ tags: ['c'], nested: { w: 2 } }), { manager: 'bob', force: false }));
    assert.equal(e.message, 'Apply failed with 1 conflict: conflict with "alice": .spec.tags');
  });

  it('fields alice stops applying are removed entirely', () => {
    clock.at(2);
    obj = fm.apply(obj, widget({ size: 3, tags: ['a', 'b'] }), { manager: 'alice', force: false });
    assert.deepEqual(obj.spec, { size: 3, tags: ['a', 'b'] });
    assert.deepEqual(obj.metadata.managedFields, [entry('alice', 'Apply', 'example.com/v1', 2, { 'f:spec': { 'f:size': {}, 'f:tags': {} } })]);
  });
});

describe('E11: sets (finalizers)', () => {
  const { clock, fm } = configMapManager();
  const withFinalizers = (f?: string[]): KObject => {
    const o = cm();
    if (f) o.metadata.finalizers = f;
    return o;
  };
  clock.at(1);
  let obj = fm.apply(undefined, withFinalizers(['example.com/a']), { manager: 'alice', force: false });
  clock.at(2);
  obj = fm.apply(obj, withFinalizers(['example.com/b']), { manager: 'bob', force: false });

  it('each applier owns its value', () => {
    assert.deepEqual(obj.metadata.finalizers, ['example.com/a', 'example.com/b']);
    assert.deepEqual(obj.metadata.managedFields, [
      entry('alice', 'Apply', 'v1', 1, { 'f:metadata': { 'f:finalizers': { 'v:"example.com/a"': {} } } }),
      entry('bob', 'Apply', 'v1', 2, { 'f:metadata': { 'f:finalizers': { 'v:"example.com/b"': {} } } }),
    ]);
  });

  it("alice's value goes with her; her empty entry disappears", () => {
    clock.at(3);
    obj = fm.apply(obj, withFinalizers(), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.finalizers, ['example.com/b']);
    assert.deepEqual(obj.metadata.managedFields, [entry('bob', 'Apply', 'v1', 2, { 'f:metadata': { 'f:finalizers': { 'v:"example.com/b"': {} } } })]);
  });
});

describe('E12: capping Update managers (ancient-changes)', () => {
  it('the oldest entries of a version fold into ancient-changes', () => {
    let obj: KObject = { ...cm({}), metadata: { name: 'cm', namespace: 'default', uid: 'u1' } };
    // A clock ticking once per recorded change: before-first-apply :01, owner :02, m01…m11 :03…:13.
    let second = 0;
    const fm2 = new FieldManager({ apiVersion: 'v1', kind: 'ConfigMap', type: configMapType, clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++second)) });
    obj = fm2.apply(obj, cm({ base: 'x' }), { manager: 'owner', force: false });
    for (let i = 1; i <= 11; i++) {
      const next = structuredClone(obj);
      next.data[`k${String(i).padStart(2, '0')}`] = 'v';
      obj = fm2.update(obj, next, `m${String(i).padStart(2, '0')}`);
    }
    assert.deepEqual(obj.metadata.managedFields, [
      entry('owner', 'Apply', 'v1', 2, { 'f:data': { 'f:base': {} } }),
      entry('ancient-changes', 'Update', 'v1', 4, { 'f:data': { '.': {}, 'f:k01': {}, 'f:k02': {} } }),
      ...Array.from({ length: 9 }, (_, j) => entry(`m${String(j + 3).padStart(2, '0')}`, 'Update', 'v1', j + 5, { 'f:data': { [`f:k${String(j + 3).padStart(2, '0')}`]: {} } })),
    ]);
  });
});

describe('E13: status subresource separation', () => {
  const clock = fakeClock();
  const type = customResourceType({
    type: 'object',
    properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } }, status: { type: 'object', properties: { ready: { type: 'boolean' } } } },
  });
  const main = new FieldManager({ apiVersion: 'example.com/v1', kind: 'Widget', type, clock: clock.now, ignore: resetFieldsFilter('', true) });
  const status = new FieldManager({ apiVersion: 'example.com/v1', kind: 'Widget', type, clock: clock.now, subresource: 'status', ignore: resetFieldsFilter('status', true) });
  const w = (o: KObject): KObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, ...o });
  let obj: KObject;

  it('apply to the main resource owns spec only', () => {
    clock.at(1);
    obj = main.apply(undefined, w({ spec: { size: 3 }, status: { ready: true } }), { manager: 'op', force: false });
    delete obj.status; // the store drops status on create
    assert.deepEqual(obj.metadata.managedFields, [entry('op', 'Apply', 'example.com/v1', 1, { 'f:spec': { 'f:size': {} } })]);
  });

  it('apply to /status owns status only, in its own entry', () => {
    clock.at(2);
    obj = status.apply(obj, w({ status: { ready: true } }), { manager: 'op', force: false });
    assert.deepEqual(obj.metadata.managedFields, [
      entry('op', 'Apply', 'example.com/v1', 1, { 'f:spec': { 'f:size': {} } }),
      entry('op', 'Apply', 'example.com/v1', 2, { 'f:status': { 'f:ready': {} } }, 'status'),
    ]);
  });

  it('a controller update of /status takes .status.ready; a later different apply conflicts', () => {
    clock.at(3);
    const next = structuredClone(obj);
    next.status.ready = false;
    obj = status.update(obj, next, 'ctl');
    assert.deepEqual(obj.metadata.managedFields, [
      entry('op', 'Apply', 'example.com/v1', 1, { 'f:spec': { 'f:size': {} } }),
      entry('ctl', 'Update', 'example.com/v1', 3, { 'f:status': { 'f:ready': {} } }, 'status'),
    ]);
    const e = conflictOf(() => status.apply(obj, w({ status: { ready: true } }), { manager: 'op', force: false }));
    assert.equal(e.message, 'Apply failed with 1 conflict: conflict with "ctl" with subresource "status" using example.com/v1: .status.ready');
  });
});

describe('E14 and the seed: managedFields reset by a non-apply write', () => {
  const { clock, fm } = configMapManager();
  clock.at(1);
  let base = fm.apply(undefined, cm({ a: '1', b: '2' }, { app: 'demo' }), { manager: 'alice', force: false });
  clock.at(2);
  base = fm.apply(base, cm({ b: '2', c: '3' }), { manager: 'bob', force: false });
  base.metadata.uid = 'u1';

  it('[{}] clears managedFields; later updates stay untracked; the next apply records before-first-apply', () => {
    clock.at(3);
    const next = structuredClone(base);
    next.metadata.managedFields = [{}];
    let obj = fm.update(base, next, 'kubectl-patch');
    assert.equal(obj.metadata.managedFields, undefined);
    clock.at(4);
    const labelled = structuredClone(obj);
    labelled.metadata.labels.x = 'y';
    obj = fm.update(obj, labelled, 'kubectl-label');
    assert.equal(obj.metadata.managedFields, undefined);
    clock.at(5);
    obj = fm.apply(obj, cm({ a: '1' }), { manager: 'alice', force: false });
    assert.deepEqual(obj.metadata.managedFields.map((e: KObject) => e.manager), ['alice', 'before-first-apply']);
    assert.equal(obj.metadata.managedFields[1].time, t(5));
  });

  it('[] does not reset (the seed wins over 1.33 code)', () => {
    const next = structuredClone(base);
    next.metadata.managedFields = [];
    const obj = fm.update(base, next, 'kubectl-patch');
    assert.deepEqual(obj.metadata.managedFields, base.metadata.managedFields);
  });

  it('[{}] with other changes: the reset comes first, the requester owns its changes', () => {
    clock.at(6);
    const next = structuredClone(base);
    next.metadata.managedFields = [{}];
    next.data.d = '4';
    const obj = fm.update(base, next, 'kubectl-patch');
    assert.deepEqual(obj.metadata.managedFields, [entry('kubectl-patch', 'Update', 'v1', 6, { 'f:data': { 'f:d': {} } })]);
  });
});
