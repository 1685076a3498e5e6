// What kubectl users hit first with built-in kinds: `kubectl create deployment` reads back with the fields a real
// server fills in, `kubectl debug` adds an ephemeral container, and `kubectl diff` after a server-side apply of an
// unchanged file finds nothing (exit 0), because the server drops empty maps as Go's encoder does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
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

async function ok(args: string[], input?: string) {
  const r = await s.kubectl(args, input === undefined ? undefined : { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

test('kubectl create deployment, then get -o yaml shows the defaulted spec and status: {}', { skip }, async () => {
  await ok(['create', 'deployment', 'web', '--image=nginx']);
  const d = JSON.parse(await ok(['get', 'deployment', 'web', '-o', 'json']));
  assert.equal(d.metadata.generation, 1);
  assert.deepEqual(d.metadata.labels, { app: 'web' });
  const { template, ...spec } = d.spec;
  assert.deepEqual(spec, {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  });
  assert.deepEqual(template, {
    metadata: { creationTimestamp: null, labels: { app: 'web' } },
    spec: {
      containers: [{ name: 'nginx', image: 'nginx', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' }],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      securityContext: {},
      schedulerName: 'default-scheduler',
    },
  });
  assert.deepEqual(d.status, {});
  const yaml = await ok(['get', 'deployment', 'web', '-o', 'yaml']);
  assert.match(yaml, /\n {2}progressDeadlineSeconds: 600\n {2}replicas: 1\n {2}revisionHistoryLimit: 10\n/);
  assert.match(yaml, /\nstatus: \{\}\n$/);
});

test('kubectl debug adds an ephemeral container with the container defaults and a new pod generation', { skip }, async () => {
  await ok(['run', 'p1', '--image=nginx']);
  await ok(['debug', 'pod/p1', '--image=busybox', '--container=dbg']);
  const p = JSON.parse(await ok(['get', 'pod', 'p1', '-o', 'json']));
  assert.deepEqual(p.spec.ephemeralContainers, [
    { name: 'dbg', image: 'busybox', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' },
  ]);
  assert.equal(p.spec.containers[0].name, 'p1');
  assert.equal(p.metadata.generation, 2, 'a pod spec change through ephemeralcontainers bumps the generation');
});

test('kubectl diff after kubectl apply --server-side of an unchanged file exits 0', { skip }, async () => {
  const path = join(s.dataDir, 'diff.yaml');
  writeFileSync(
    path,
    [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata:',
      '  name: diffcm',
      '  namespace: default',
      '  labels: {}',
      '  annotations: {}',
      'data: {}',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: diffdep',
      '  namespace: default',
      'spec:',
      '  selector:',
      '    matchLabels: {app: diffdep}',
      '  template:',
      '    metadata:',
      '      labels: {app: diffdep}',
      '    spec:',
      '      containers:',
      '      - name: c',
      '        image: nginx:1.27',
      '        ports:',
      '        - containerPort: 80',
      '',
    ].join('\n'),
  );
  await ok(['apply', '--server-side', '-f', path]);
  const r = await s.kubectl(['diff', '--server-side', '-f', path]);
  assert.equal(r.code, 0, `kubectl diff: ${r.stdout}${r.stderr}`);
  assert.equal(r.stdout, '');
});
