// Golden bytes: Protobuf bodies assembled here field by field from the 1.33 proto schemas (core/v1, apps/v1,
// meta/v1, runtime) as kube's generated gogo marshallers write them — every non-pointer field in field-number
// order with zero values written, pointers only when set, map entries by sorted key — compared with the encoder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeObject, encodeMessage, envelope, listEnvelope, listMessage, watchFrame } from './protobuf-wire.js';
import type { JsonObject } from './protobuf-to-json.js';

// A minimal independent protobuf writer for the expected bytes.
function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n;
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? b | 0x80 : b);
  } while (v);
  return out;
}
const tag = (field: number, wireType: number) => varint(field * 8 + wireType);
const bytes = (field: number, b: Buffer): Buffer => Buffer.from([...tag(field, 2), ...varint(b.length), ...b]);
const str = (field: number, s: string): Buffer => bytes(field, Buffer.from(s));
const msg = (field: number, ...parts: Buffer[]): Buffer => bytes(field, Buffer.concat(parts));
const int = (field: number, n: number): Buffer => Buffer.from([...tag(field, 0), ...varint(n)]);
const bool = (field: number, b: boolean): Buffer => int(field, b ? 1 : 0);
const seconds = (iso: string) => Date.parse(iso) / 1000;
/** metav1.Time: a Timestamp{seconds, nanos}, both always written; nothing inside when zero. */
const time = (field: number, iso?: string) => (iso ? msg(field, int(1, seconds(iso)), int(2, 0)) : msg(field));
const mapEntry = (field: number, k: string, v: string) => msg(field, str(1, k), str(2, v));
const expectedEnvelope = (apiVersion: string, kind: string, raw: Buffer) =>
  Buffer.concat([Buffer.from('k8s\0'), msg(1, str(1, apiVersion), str(2, kind)), bytes(2, raw), str(3, ''), str(4, '')]);

/** ObjectMeta fields 1-8 (name ... creationTimestamp), always written. */
function objectMeta(o: { name: string; namespace: string; uid?: string; resourceVersion?: string; generation?: number; created?: string }, ...rest: Buffer[]): Buffer {
  return msg(1, str(1, o.name), str(2, ''), str(3, o.namespace), str(4, ''), str(5, o.uid ?? ''), str(6, o.resourceVersion ?? ''), int(7, o.generation ?? 0), time(8, o.created), ...rest);
}

const pod = {
  kind: 'Pod',
  apiVersion: 'v1',
  metadata: { name: 'web', namespace: 'default', uid: '6f1c1b7e-0000-4000-8000-000000000001', resourceVersion: '42', creationTimestamp: '2024-01-01T00:00:00Z', labels: { tier: 'fe', app: 'web' } },
  spec: {
    containers: [{ name: 'nginx', image: 'nginx:1.27', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' }],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    serviceAccountName: 'default',
    serviceAccount: 'default',
    securityContext: {},
    schedulerName: 'default-scheduler',
    priority: 0,
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
  },
  status: { phase: 'Pending', qosClass: 'BestEffort' },
};

function podBytes(): Buffer {
  const meta = objectMeta(
    { name: 'web', namespace: 'default', uid: pod.metadata.uid, resourceVersion: '42', created: '2024-01-01T00:00:00Z' },
    mapEntry(11, 'app', 'web'),
    mapEntry(11, 'tier', 'fe'),
  );
  const container = msg(2, str(1, 'nginx'), str(2, 'nginx:1.27'), str(5, ''), msg(8), str(13, '/dev/termination-log'), str(14, 'IfNotPresent'), bool(16, false), bool(17, false), bool(18, false), str(20, 'File'));
  const spec = msg(2,
    container, str(3, 'Always'), int(4, 30), str(6, 'ClusterFirst'), str(8, 'default'), str(9, 'default'), str(10, ''),
    bool(11, false), bool(12, false), bool(13, false), msg(14), str(16, ''), str(17, ''), str(19, 'default-scheduler'),
    str(24, ''), int(25, 0), bool(30, true), str(31, 'PreemptLowerPriority'),
  );
  const status = msg(3, str(1, 'Pending'), str(3, ''), str(4, ''), str(5, ''), str(6, ''), str(9, 'BestEffort'), str(11, ''), str(14, ''), int(17, 0));
  return Buffer.concat([meta, spec, status]);
}

test('golden bytes: a Pod', () => {
  assert.equal(encodeObject(pod).toString('hex'), expectedEnvelope('v1', 'Pod', podBytes()).toString('hex'));
});

test('golden bytes: a Deployment (pointers, IntOrString, Quantity, a template with zero-valued fields)', () => {
  const deployment = {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'api', namespace: 'prod', generation: 3, creationTimestamp: '2024-05-06T07:08:09Z' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'api' } },
      template: { metadata: { creationTimestamp: null, labels: { app: 'api' } }, spec: { containers: [{ name: 'api', image: 'api:v2', resources: { limits: { cpu: '500m' } } }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 1 } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    },
    status: { observedGeneration: 3, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 },
  };
  const container = msg(2, str(1, 'api'), str(2, 'api:v2'), str(5, ''), msg(8, msg(1, str(1, 'cpu'), msg(2, str(1, '500m')))), str(13, ''), str(14, ''), bool(16, false), bool(17, false), bool(18, false), str(20, ''));
  const podSpec = msg(2, container, str(3, ''), str(6, ''), str(8, ''), str(9, ''), str(10, ''), bool(11, false), bool(12, false), bool(13, false), str(16, ''), str(17, ''), str(19, ''), str(24, ''));
  const template = msg(3, objectMeta({ name: '', namespace: '' }, mapEntry(11, 'app', 'api')), podSpec);
  const intOrString = (field: number, v: number | string) => (typeof v === 'number' ? msg(field, int(1, 0), int(2, v), str(3, '')) : msg(field, int(1, 1), int(2, 0), str(3, v)));
  const strategy = msg(4, str(1, 'RollingUpdate'), msg(2, intOrString(1, '25%'), intOrString(2, 1)));
  const spec = msg(2, int(1, 2), msg(2, mapEntry(1, 'app', 'api')), template, strategy, int(5, 0), int(6, 10), bool(7, false), int(9, 600));
  const status = msg(3, int(1, 3), int(2, 2), int(3, 2), int(4, 2), int(5, 0), int(7, 2));
  const raw = Buffer.concat([objectMeta({ name: 'api', namespace: 'prod', generation: 3, created: '2024-05-06T07:08:09Z' }), spec, status]);
  assert.equal(encodeObject(deployment).toString('hex'), expectedEnvelope('apps/v1', 'Deployment', raw).toString('hex'));
});

const configMaps: JsonObject[] = [
  { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', namespace: 'ns', resourceVersion: '7' }, data: { y: '2', x: '1' } },
  { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'b', namespace: 'ns', resourceVersion: '9' }, immutable: true, binaryData: { bin: 'AAE=' } },
];
const configMapBytes = [
  Buffer.concat([objectMeta({ name: 'a', namespace: 'ns', resourceVersion: '7' }), mapEntry(2, 'x', '1'), mapEntry(2, 'y', '2')]),
  Buffer.concat([objectMeta({ name: 'b', namespace: 'ns', resourceVersion: '9' }), msg(3, str(1, 'bin'), bytes(2, Buffer.from([0, 1]))), bool(4, true)]),
];

test('golden bytes: a ConfigMapList, whole or spliced from its items\' shared bytes', () => {
  const listMeta = { resourceVersion: '100' };
  const raw = Buffer.concat([msg(1, str(1, ''), str(2, '100'), str(3, '')), ...configMapBytes.map((b) => bytes(2, b))]);
  const expected = expectedEnvelope('v1', 'ConfigMapList', raw).toString('hex');
  assert.equal(encodeObject({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: listMeta, items: configMaps }).toString('hex'), expected);
  assert.equal(envelope('v1', 'ConfigMapList', listMessage(listMeta, configMaps.map((c) => encodeMessage(c)))).toString('hex'), expected);
  assert.equal(listEnvelope('v1', 'ConfigMapList', listMeta, configMaps.map((c) => encodeMessage(c))).toString('hex'), expected);
});

test('golden bytes: a Status error', () => {
  const status = {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'configmaps "x" not found', reason: 'NotFound',
    details: { name: 'x', kind: 'configmaps' }, code: 404,
  };
  const raw = Buffer.concat([
    msg(1, str(1, ''), str(2, ''), str(3, '')),
    str(2, 'Failure'), str(3, 'configmaps "x" not found'), str(4, 'NotFound'),
    msg(5, str(1, 'x'), str(2, ''), str(3, 'configmaps'), int(5, 0), str(6, '')),
    int(6, 404),
  ]);
  assert.equal(encodeObject(status).toString('hex'), expectedEnvelope('v1', 'Status', raw).toString('hex'));
});

test('golden bytes: a watch event (length prefix, bare WatchEvent, RawExtension holding the envelope)', () => {
  const objectEnvelope = expectedEnvelope('v1', 'ConfigMap', configMapBytes[0]!);
  const event = Buffer.concat([str(1, 'ADDED'), msg(2, bytes(1, objectEnvelope))]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(event.length);
  assert.equal(watchFrame('ADDED', encodeObject(configMaps[0]!)).toString('hex'), Buffer.concat([length, event]).toString('hex'));
});
