import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable } from '../../endpoints/table/table.js';
import { printerFor } from '../../registry/resources/index.js';

const now = new Date('2025-06-01T12:00:00Z');
const created = '2025-06-01T11:00:00Z';
const row = (group: string, resource: string, obj: object): unknown[] => printerFor(group, resource)!.row(obj, now.getTime()).cells;
const template = { spec: { containers: [{ name: 'web', image: 'nginx:1.27' }, { name: 'log', image: 'busybox' }] } };

test('deployment Table: READY ready/replicas, wide containers, images and selector', () => {
  const d = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', creationTimestamp: created, resourceVersion: '42' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['front', 'back'] }, { key: 'canary', operator: 'DoesNotExist' }] },
      template,
    },
    status: { replicas: 3, updatedReplicas: 2, readyReplicas: 1, availableReplicas: 1 },
  };
  const t = buildTable({ group: 'apps', resource: 'deployments', objects: [d], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', listMeta: { resourceVersion: '42' }, now });
  assert.equal(
    JSON.stringify(t),
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '42' },
      columnDefinitions: [
        { name: 'Name', type: 'string', format: 'name', description: 'Name of the object, unique within its namespace', priority: 0 },
        { name: 'Ready', type: 'string', format: '', description: 'Ready replicas out of desired replicas', priority: 0 },
        { name: 'Up-to-date', type: 'string', format: '', description: 'Replicas running the latest pod template', priority: 0 },
        { name: 'Available', type: 'string', format: '', description: 'Replicas available to serve', priority: 0 },
        { name: 'Age', type: 'string', format: '', description: 'Time elapsed since the object was created', priority: 0 },
        { name: 'Containers', type: 'string', format: '', description: 'Names of the containers in the pod template', priority: 1 },
        { name: 'Images', type: 'string', format: '', description: 'Images of the containers in the pod template', priority: 1 },
        { name: 'Selector', type: 'string', format: '', description: 'Label selector of the pods this object manages', priority: 1 },
      ],
      rows: [{ cells: ['web', '1/3', 2, 1, '60m', 'web,log', 'nginx:1.27,busybox', 'app=web,!canary,tier in (back,front)'], object: null }],
    }),
  );
  // No status yet; replicas defaults to 1; an empty selector prints "".
  assert.deepEqual(row('apps', 'deployments', { metadata: { name: 'n' }, spec: { selector: {} } }), ['n', '0/1', 0, 0, '<unknown>', '', '', '']);
});

test('replica sets, stateful sets and daemon sets', () => {
  const rs = { metadata: { name: 'web-abc', creationTimestamp: created }, spec: { replicas: 2, selector: { matchLabels: { app: 'web', 'pod-template-hash': 'abc' } }, template }, status: { replicas: 2, readyReplicas: 1 } };
  assert.deepEqual(row('apps', 'replicasets', rs), ['web-abc', 2, 2, 1, '60m', 'web,log', 'nginx:1.27,busybox', 'app=web,pod-template-hash=abc']);
  assert.deepEqual(row('apps', 'replicasets', { metadata: { name: 'x' }, spec: { replicas: 0 } }).slice(1, 4).concat(row('apps', 'replicasets', { metadata: { name: 'x' } }).slice(7)), [0, 0, 0, '<none>']);
  const sts = { metadata: { name: 'db', creationTimestamp: created }, spec: { replicas: 3, template }, status: { readyReplicas: 2 } };
  assert.deepEqual(row('apps', 'statefulsets', sts), ['db', '2/3', '60m', 'web,log', 'nginx:1.27,busybox']);
  const ds = {
    metadata: { name: 'agent', creationTimestamp: created },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'a', image: 'agent:1' }] } } },
    status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2 },
  };
  assert.deepEqual(row('apps', 'daemonsets', ds), ['agent', 3, 3, 2, 3, 2, 'kubernetes.io/os=linux', '60m', 'a', 'agent:1', 'app=agent']);
  assert.equal(row('apps', 'daemonsets', { metadata: { name: 'x' } })[6], '<none>');
});

test('controller revisions name their controller as kind.group/name', () => {
  const cr = { metadata: { name: 'web-6d4', creationTimestamp: created, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'u', controller: true }] }, revision: 2 };
  assert.deepEqual(row('apps', 'controllerrevisions', cr), ['web-6d4', 'statefulset.apps/web', 2, '60m']);
  assert.deepEqual(row('apps', 'controllerrevisions', { metadata: { name: 'orphan' }, revision: 1 }).slice(1, 2), ['<none>']);
});

test('jobs: status, completions and duration', () => {
  const job = {
    metadata: { name: 'pi', creationTimestamp: created },
    spec: { completions: 3, parallelism: 1, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } }, template: { spec: { containers: [{ name: 'pi', image: 'perl' }] } } },
    status: { succeeded: 3, startTime: '2025-06-01T11:00:00Z', completionTime: '2025-06-01T11:01:30Z', conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }] },
  };
  assert.deepEqual(row('batch', 'jobs', job), ['pi', 'Complete', '3/3', '90s', '60m', 'pi', 'perl', 'batch.kubernetes.io/controller-uid=u1']);
  const running = { metadata: { name: 'r' }, spec: { parallelism: 4 }, status: { active: 4, startTime: '2025-06-01T11:30:00Z' } };
  assert.deepEqual(row('batch', 'jobs', running).slice(0, 4), ['r', 'Running', '0/1 of 4', '30m']);
  const fresh = { metadata: { name: 'f', deletionTimestamp: created }, spec: {} };
  assert.deepEqual(row('batch', 'jobs', fresh).slice(0, 4), ['f', 'Terminating', '0/1', '']);
  const suspended = { metadata: { name: 's' }, spec: { completions: 1 }, status: { conditions: [{ type: 'Suspended', status: 'True' }] } };
  assert.equal(row('batch', 'jobs', suspended)[1], 'Suspended');
  const failed = { metadata: { name: 'x' }, status: { conditions: [{ type: 'FailureTarget', status: 'True' }, { type: 'Failed', status: 'True' }] } };
  assert.equal(row('batch', 'jobs', failed)[1], 'Failed');
});

test('cron jobs', () => {
  const cj = {
    metadata: { name: 'hello', creationTimestamp: created },
    spec: { schedule: '*/5 * * * *', suspend: false, jobTemplate: { spec: { template: { spec: { containers: [{ name: 'h', image: 'busybox' }] } } } } },
    status: { active: [{ name: 'hello-1' }], lastScheduleTime: '2025-06-01T11:55:00Z' },
  };
  assert.deepEqual(row('batch', 'cronjobs', cj), ['hello', '*/5 * * * *', '<none>', 'False', 1, '5m', '60m', 'h', 'busybox', '<none>']);
  const tz = { metadata: { name: 'tz' }, spec: { schedule: '@daily', timeZone: 'Etc/UTC', suspend: true } };
  assert.deepEqual(row('batch', 'cronjobs', tz).slice(1, 6), ['@daily', 'Etc/UTC', 'True', 0, '<none>']);
});

test('column types of the apps and batch printers', () => {
  const types = (g: string, r: string) => printerFor(g, r)!.columns.map((c) => `${c.name}:${c.type}:${c.priority}`).join(' ');
  assert.equal(types('apps', 'replicasets'), 'Name:string:0 Desired:integer:0 Current:integer:0 Ready:integer:0 Age:string:0 Containers:string:1 Images:string:1 Selector:string:1');
  assert.equal(types('apps', 'statefulsets'), 'Name:string:0 Ready:string:0 Age:string:0 Containers:string:1 Images:string:1');
  assert.equal(types('batch', 'jobs'), 'Name:string:0 Status:string:0 Completions:string:0 Duration:string:0 Age:string:0 Containers:string:1 Images:string:1 Selector:string:1');
  assert.equal(
    types('batch', 'cronjobs'),
    'Name:string:0 Schedule:string:0 Timezone:string:0 Suspend:boolean:0 Active:integer:0 Last Schedule:string:0 Age:string:0 Containers:string:1 Images:string:1 Selector:string:1',
  );
});
