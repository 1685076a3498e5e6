import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable } from '../../endpoints/table/table.js';
import { podPrinter } from './pod.js';

const now = Date.parse('2025-06-01T12:00:00Z');
const meta = { name: 'p', namespace: 'default', creationTimestamp: '2025-06-01T11:00:00Z' };
const cells = (pod: object): unknown[] => podPrinter.row(pod, now).cells;

test('pod Table: exact columns, running pod row', () => {
  const pod = {
    metadata: meta,
    spec: { nodeName: 'node-1', containers: [{ name: 'a' }, { name: 'b' }] },
    status: {
      phase: 'Running',
      podIP: '10.0.0.5',
      podIPs: [{ ip: '10.0.0.5' }, { ip: 'fd00::5' }],
      conditions: [{ type: 'Ready', status: 'True' }],
      containerStatuses: [
        { name: 'a', ready: true, restartCount: 0, state: { running: { startedAt: '2025-06-01T11:00:10Z' } } },
        { name: 'b', ready: true, restartCount: 2, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: '2025-06-01T11:58:00Z' } } },
      ],
    },
  };
  const t = buildTable({ group: '', resource: 'pods', objects: [pod], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: new Date(now) });
  assert.deepEqual(t.columnDefinitions, [
    { name: 'Name', type: 'string', format: 'name', description: 'Name of the object, unique within its namespace', priority: 0 },
    { name: 'Ready', type: 'string', format: '', description: 'Ready containers out of all containers of the pod', priority: 0 },
    { name: 'Status', type: 'string', format: '', description: 'Summary of the pod and container states', priority: 0 },
    { name: 'Restarts', type: 'string', format: '', description: 'Container restarts, with the time of the latest one', priority: 0 },
    { name: 'Age', type: 'string', format: '', description: 'Time elapsed since the object was created', priority: 0 },
    { name: 'IP', type: 'string', format: '', description: 'First IP address assigned to the pod', priority: 1 },
    { name: 'Node', type: 'string', format: '', description: 'Node the pod is bound to', priority: 1 },
    { name: 'Nominated Node', type: 'string', format: '', description: 'Node nominated by preemption', priority: 1 },
    { name: 'Readiness Gates', type: 'string', format: '', description: 'Readiness gates that are true out of all gates', priority: 1 },
  ]);
  assert.equal(JSON.stringify(t.rows), '[{"cells":["p","2/2","Running","2 (2m ago)","60m","10.0.0.5","node-1","<none>","<none>"],"object":null}]');
});

test('pending pod without statuses', () => {
  assert.deepEqual(cells({ metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Pending' } }), [
    'p', '0/1', 'Pending', '0', '60m', '<none>', '<none>', '<none>', '<none>',
  ]);
  assert.deepEqual(cells({ metadata: { name: 'bare' } }), ['bare', '0/0', '', '0', '<unknown>', '<none>', '<none>', '<none>', '<none>']);
});

test('container waiting and terminated reasons', () => {
  const waiting = { metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Pending', containerStatuses: [{ name: 'a', restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff' } } }] } };
  assert.equal(cells(waiting)[2], 'ImagePullBackOff');
  const exit = { metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Failed', containerStatuses: [{ name: 'a', state: { terminated: { exitCode: 3 } } }] } };
  assert.equal(cells(exit)[2], 'ExitCode:3');
  const signal = { metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Failed', containerStatuses: [{ name: 'a', state: { terminated: { exitCode: 137, signal: 9 } } }] } };
  assert.equal(cells(signal)[2], 'Signal:9');
  // The first container's state wins (statuses are walked from the last).
  const two = {
    metadata: meta,
    spec: { containers: [{ name: 'a' }, { name: 'b' }] },
    status: { phase: 'Running', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'CrashLoopBackOff' } } }, { name: 'b', state: { terminated: { reason: 'Error', exitCode: 1 } } }] },
  };
  assert.equal(cells(two)[2], 'CrashLoopBackOff');
});

test('Completed with a running container reads Running or NotReady', () => {
  const base = (conditions: object[]) => ({
    metadata: meta,
    spec: { containers: [{ name: 'a' }, { name: 'b' }] },
    status: {
      phase: 'Running',
      conditions,
      containerStatuses: [
        { name: 'a', ready: true, state: { running: {} } },
        { name: 'b', ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } },
      ],
    },
  });
  assert.deepEqual(cells(base([{ type: 'Ready', status: 'True' }])).slice(1, 3), ['1/2', 'Running']);
  assert.deepEqual(cells(base([])).slice(1, 3), ['1/2', 'NotReady']);
});

test('init containers: progress, failures and sidecars', () => {
  const spec = { initContainers: [{ name: 'i1' }, { name: 'i2' }], containers: [{ name: 'a' }] };
  const progress = { metadata: meta, spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 0 } } }, { name: 'i2', state: { running: {} } }] } };
  assert.deepEqual(cells(progress).slice(1, 4), ['0/1', 'Init:1/2', '0']);
  const failing = { metadata: meta, spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } } }] } };
  assert.deepEqual(cells(failing).slice(1, 4), ['0/1', 'Init:CrashLoopBackOff', '4']);
  const exited = { metadata: meta, spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 2 } } }] } };
  assert.equal(cells(exited)[2], 'Init:ExitCode:2');
  const reasoned = { metadata: meta, spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { terminated: { exitCode: 2, reason: 'Error' } } }] } };
  assert.equal(cells(reasoned)[2], 'Init:Error');
  const podInit = { metadata: meta, spec, status: { phase: 'Pending', initContainerStatuses: [{ name: 'i1', state: { waiting: { reason: 'PodInitializing' } } }] } };
  assert.equal(cells(podInit)[2], 'Init:0/2');

  const sidecarSpec = { initContainers: [{ name: 's', restartPolicy: 'Always' }], containers: [{ name: 'a' }] };
  const sidecar = {
    metadata: meta,
    spec: sidecarSpec,
    status: {
      phase: 'Running',
      conditions: [{ type: 'Initialized', status: 'True' }, { type: 'Ready', status: 'True' }],
      initContainerStatuses: [{ name: 's', started: true, ready: true, restartCount: 1, state: { running: {} }, lastState: { terminated: { finishedAt: '2025-06-01T11:30:00Z' } } }],
      containerStatuses: [{ name: 'a', ready: true, restartCount: 0, state: { running: {} } }],
    },
  };
  assert.deepEqual(cells(sidecar).slice(1, 4), ['2/2', 'Running', '1 (30m ago)']);
});

test('scheduling gates, deletion and terminal conditions', () => {
  const gated = { metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } };
  assert.equal(cells(gated)[2], 'SchedulingGated');
  const deleting = { metadata: { ...meta, deletionTimestamp: '2025-06-01T11:59:00Z' }, spec: { containers: [] }, status: { phase: 'Running' } };
  assert.equal(cells(deleting)[2], 'Terminating');
  const lost = { metadata: { ...meta, deletionTimestamp: '2025-06-01T11:59:00Z' }, spec: { containers: [] }, status: { phase: 'Running', reason: 'NodeLost' } };
  assert.equal(cells(lost)[2], 'Unknown');
  const done = { metadata: { ...meta, deletionTimestamp: '2025-06-01T11:59:00Z' }, spec: { containers: [] }, status: { phase: 'Succeeded' } };
  assert.equal(cells(done)[2], 'Succeeded');
  assert.deepEqual(podPrinter.row(done, now).conditions, [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  const failed = { metadata: meta, spec: { containers: [] }, status: { phase: 'Failed', reason: 'Evicted' } };
  assert.equal(cells(failed)[2], 'Evicted');
  assert.deepEqual(podPrinter.row(failed, now).conditions, [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }]);
  assert.equal(podPrinter.row(gated, now).conditions, undefined);
});

test('readiness gates and nominated node', () => {
  const pod = {
    metadata: meta,
    spec: { containers: [], readinessGates: [{ conditionType: 'a' }, { conditionType: 'b' }, { conditionType: 'c' }] },
    status: { phase: 'Pending', nominatedNodeName: 'n2', conditions: [{ type: 'a', status: 'True' }, { type: 'b', status: 'False' }] },
  };
  assert.deepEqual(cells(pod).slice(5), ['<none>', '<none>', 'n2', '1/3']);
});

test('succeeded pod in a Table carries row conditions before object', () => {
  const pod = { metadata: meta, spec: { containers: [{ name: 'a' }] }, status: { phase: 'Succeeded', containerStatuses: [{ name: 'a', state: { terminated: { reason: 'Completed', exitCode: 0 } } }] } };
  const t = buildTable({ group: '', resource: 'pods', objects: [pod], tableApiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: new Date(now) });
  assert.equal(
    JSON.stringify(t.rows),
    '[{"cells":["p","0/1","Completed","0","60m","<none>","<none>","<none>","<none>"],"conditions":[{"type":"Completed","status":"True","reason":"Succeeded","message":"The pod has completed successfully."}],"object":null}]',
  );
});
