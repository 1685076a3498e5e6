// Pod and workload validation end to end: raw POSTs and PUTs answered with kube-apiserver 1.33's 422 bodies
// (message and causes), and valid workloads still created.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const json = { 'Content-Type': 'application/json' };
const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
const container = { name: 'c', image: 'nginx' };
const template = (labels: object, spec: object = {}): object => ({ metadata: { labels }, spec: { containers: [container], ...spec } });

async function post(path: string, obj: object) {
  return s.request('POST', path, { body: JSON.stringify(obj), headers: json });
}

async function expect422(path: string, obj: object, message: string, causes: { reason: string; message: string; field: string }[]) {
  const r = await post(path, obj);
  assert.equal(r.status, 422, r.body);
  const body = r.json();
  assert.equal(body.kind, 'Status');
  assert.equal(body.reason, 'Invalid');
  assert.equal(body.code, 422);
  assert.equal(body.message, message);
  assert.deepEqual(body.details.causes, causes);
}

test('a pod without containers, and a pod mounting a missing volume', async () => {
  const pods = '/api/v1/namespaces/default/pods';
  await expect422(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1' }, spec: { containers: [] } }, 'Pod "p1" is invalid: spec.containers: Required value', [
    { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers' },
  ]);
  await expect422(
    pods,
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p2' }, spec: { containers: [{ name: 'c', volumeMounts: [{ name: 'v', mountPath: '/v' }] }], restartPolicy: 'Sometimes' } },
    'Pod "p2" is invalid: [spec.containers[0].image: Required value, spec.containers[0].volumeMounts[0].name: Not found: "v", spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"]',
    [
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' },
      { reason: 'FieldValueNotFound', message: 'Not found: "v"', field: 'spec.containers[0].volumeMounts[0].name' },
      { reason: 'FieldValueNotSupported', message: 'Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"', field: 'spec.restartPolicy' },
    ],
  );
  const ok = await post(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p3' }, spec: { containers: [container] } });
  assert.equal(ok.status, 201, ok.body);
});

test('deployments: selector required, template labels, replicas, restart policy', async () => {
  await expect422(
    DEPLOYMENTS,
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd1' }, spec: { template: template({ app: 'x' }) } },
    'Deployment.apps "d1" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`]',
    [
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.selector' },
      {
        reason: 'FieldValueInvalid',
        message: 'Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
        field: 'spec.template.metadata.labels',
      },
    ],
  );
  await expect422(
    DEPLOYMENTS,
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd2' }, spec: { replicas: -1, selector: { matchLabels: { app: 'x' } }, template: template({ app: 'x' }, { restartPolicy: 'Never' }) } },
    'Deployment.apps "d2" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"]',
    [
      { reason: 'FieldValueInvalid', message: 'Invalid value: -1: must be greater than or equal to 0', field: 'spec.replicas' },
      { reason: 'FieldValueNotSupported', message: 'Unsupported value: "Never": supported values: "Always"', field: 'spec.template.spec.restartPolicy' },
    ],
  );
  await expect422(
    DEPLOYMENTS,
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd3' }, spec: { selector: {}, template: template({ app: 'x' }) } },
    'Deployment.apps "d3" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    [
      {
        reason: 'FieldValueInvalid',
        message: 'Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
        field: 'spec.selector',
      },
    ],
  );
});

test('a deployment selector cannot change', async () => {
  const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd4' }, spec: { selector: { matchLabels: { app: 'x' } }, template: template({ app: 'x', v: '2' }) } };
  const created = await post(DEPLOYMENTS, dep);
  assert.equal(created.status, 201, created.body);
  const obj = created.json();
  obj.spec.selector = { matchLabels: { app: 'x', v: '2' } };
  const r = await s.request('PUT', `${DEPLOYMENTS}/d4`, { body: JSON.stringify(obj), headers: json });
  assert.equal(r.status, 422, r.body);
  assert.equal(
    r.json().message,
    'Deployment.apps "d4" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"x", "v":"2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  );
});

test('jobs and cron jobs: restart policy and schedule', async () => {
  await expect422(
    '/apis/batch/v1/namespaces/default/jobs',
    { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j1' }, spec: { template: { spec: { containers: [container], restartPolicy: 'Always' } } } },
    'Job.batch "j1" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    [{ reason: 'FieldValueRequired', message: 'Required value: valid values: "OnFailure", "Never"', field: 'spec.template.spec.restartPolicy' }],
  );
  await expect422(
    '/apis/batch/v1/namespaces/default/cronjobs',
    {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c1' },
      spec: { schedule: '* * * *', jobTemplate: { spec: { template: { spec: { containers: [container], restartPolicy: 'OnFailure' } } } } },
    },
    'CronJob.batch "c1" is invalid: spec.schedule: Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *]',
    [{ reason: 'FieldValueInvalid', message: 'Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *]', field: 'spec.schedule' }],
  );
});

test('daemon sets and stateful sets', async () => {
  await expect422(
    '/apis/apps/v1/namespaces/default/daemonsets',
    { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds1' }, spec: { selector: { matchLabels: { app: 'y' } }, template: template({ app: 'x' }) } },
    'DaemonSet.apps "ds1" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
    [{ reason: 'FieldValueInvalid', message: 'Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`', field: 'spec.template.metadata.labels' }],
  );
  const sts = await post('/apis/apps/v1/namespaces/default/statefulsets', {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'st1' },
    spec: { serviceName: 'st1', selector: { matchLabels: { app: 'x' } }, template: template({ app: 'x' }) },
  });
  assert.equal(sts.status, 201, sts.body);
});

test('pod resource quantities are stored and returned in canonical form', async () => {
  const pods = '/api/v1/namespaces/default/pods';
  const resources = { limits: { cpu: '1000m', memory: 1073741824 }, requests: { cpu: '0.5', memory: ' 512Mi ' } };
  const created = await post(pods, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'quantities' }, spec: { containers: [{ ...container, resources }] } });
  assert.equal(created.status, 201, created.body);
  const want = { limits: { cpu: '1', memory: '1073741824' }, requests: { cpu: '500m', memory: '512Mi' } };
  assert.deepEqual(created.json().spec.containers[0].resources, want);
  const got = await s.request('GET', `${pods}/quantities`);
  assert.deepEqual(got.json().spec.containers[0].resources, want);
});
