// Bodies built here with protobufjs the way gogo writes them: every non-pointer scalar present (zero or not), pointer
// fields only when set. The expected objects are what kube's JSON decoder would yield for the same Go value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../errors/status.js';
import { decodeProtobufObject, encodeProtobufObject, encodeProtobufWatchEvent, ProtobufDecodeError } from './protobuf.js';
import { protoType } from './protobuf-types.js';

const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';

function encode(typeName: string, obj: Record<string, unknown>): Uint8Array {
  const t = protoType(typeName);
  return t.encode(t.fromObject(obj)).finish();
}

function envelope(apiVersion: string, kind: string, typeName: string, obj: Record<string, unknown>): Buffer {
  const unknown = encode('k8s.io.apimachinery.pkg.runtime.Unknown', {
    typeMeta: { apiVersion, kind },
    raw: encode(typeName, obj),
    contentEncoding: '',
    contentType: '',
  });
  return Buffer.concat([Buffer.from('k8s\0', 'latin1'), unknown]);
}

// ObjectMeta as gogo writes it for a new object: every non-pointer field present.
const meta = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  generateName: '',
  namespace: '',
  selfLink: '',
  uid: '',
  resourceVersion: '',
  generation: 0,
  creationTimestamp: {},
  ...extra,
});

function decodeError(body: Buffer, expected?: { apiVersion: string; kind: string }): StatusError {
  try {
    decodeProtobufObject(body, expected);
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected a StatusError, got ${String(e)}`);
    assert.equal(e.code, 400);
    assert.equal(e.reason, 'BadRequest');
    return e;
  }
  assert.fail('decoding succeeded');
}

test('Secret: bytes data as base64, stringData, type; a pointer bool set to false is kept', () => {
  const body = envelope('v1', 'Secret', 'k8s.io.api.core.v1.Secret', {
    metadata: meta('s1', { namespace: 'ns1', labels: { app: 'x', empty: '' } }),
    data: { key: Buffer.from([0, 1, 2, 255]), blank: Buffer.alloc(0) },
    stringData: { plain: 'text', none: '' },
    type: 'kubernetes.io/basic-auth',
    immutable: false,
  });
  assert.deepStrictEqual(decodeProtobufObject(body, { apiVersion: 'v1', kind: 'Secret' }), {
    kind: 'Secret',
    apiVersion: 'v1',
    metadata: { name: 's1', namespace: 'ns1', labels: { app: 'x', empty: '' } },
    data: { key: 'AAEC/w==', blank: '' },
    stringData: { plain: 'text', none: '' },
    type: 'kubernetes.io/basic-auth',
    immutable: false,
  });
});

test('Deployment: pointer zeros kept, non-pointer zeros dropped, Quantity, IntOrString, inlined embedded structs, Time', () => {
  const container = {
    name: 'web',
    image: 'nginx:1.27',
    command: [],
    args: ['-g', ''],
    workingDir: '',
    ports: [{ name: '', hostPort: 0, containerPort: 80, protocol: 'TCP', hostIP: '' }],
    env: [
      { name: 'PASSWORD', value: '', valueFrom: { secretKeyRef: { localObjectReference: { name: 'creds' }, key: 'pw', optional: false } } },
      { name: 'EMPTY', value: '' },
    ],
    envFrom: [{ prefix: '', configMapRef: { localObjectReference: { name: 'settings' } } }],
    resources: {
      limits: { cpu: { string: '500m' }, memory: { string: '1Gi' } },
      requests: { cpu: { string: '250m' } },
    },
    terminationMessagePath: '',
    imagePullPolicy: '',
    securityContext: { runAsNonRoot: false, allowPrivilegeEscalation: false },
    stdin: false,
    stdinOnce: false,
    tty: false,
  };
  const body = envelope('apps/v1', 'Deployment', 'k8s.io.api.apps.v1.Deployment', {
    metadata: meta('web', { creationTimestamp: { seconds: 1700000000, nanos: 5 }, annotations: { note: 'a' } }),
    spec: {
      replicas: 0,
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] },
      template: {
        metadata: meta('', { labels: { app: 'web' } }),
        spec: {
          volumes: [
            { name: 'cfg', volumeSource: { configMap: { localObjectReference: { name: 'settings' }, defaultMode: 420 } } },
            { name: 'scratch', volumeSource: { emptyDir: { medium: '', sizeLimit: { string: '64Mi' } } } },
          ],
          containers: [container],
          restartPolicy: 'Always',
          terminationGracePeriodSeconds: 30,
          dnsPolicy: '',
          serviceAccountName: '',
          automountServiceAccountToken: false,
          nodeName: '',
          hostNetwork: false,
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: { type: 0, intVal: 0 }, maxSurge: { type: 1, strVal: '25%' } } },
      minReadySeconds: 0,
      paused: false,
      progressDeadlineSeconds: 600,
    },
    status: { observedGeneration: 0, replicas: 0 },
  });
  assert.deepStrictEqual(decodeProtobufObject(body, { apiVersion: 'apps/v1', kind: 'Deployment' }), {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'web', creationTimestamp: '2023-11-14T22:13:20Z', annotations: { note: 'a' } },
    spec: {
      replicas: 0,
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          volumes: [
            { name: 'cfg', configMap: { name: 'settings', defaultMode: 420 } },
            { name: 'scratch', emptyDir: { sizeLimit: '64Mi' } },
          ],
          containers: [
            {
              name: 'web',
              image: 'nginx:1.27',
              args: ['-g', ''],
              ports: [{ containerPort: 80, protocol: 'TCP' }],
              env: [{ name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'creds', key: 'pw', optional: false } } }, { name: 'EMPTY' }],
              envFrom: [{ configMapRef: { name: 'settings' } }],
              resources: { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '250m' } },
              securityContext: { runAsNonRoot: false, allowPrivilegeEscalation: false },
            },
          ],
          restartPolicy: 'Always',
          terminationGracePeriodSeconds: 30,
          automountServiceAccountToken: false,
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
      progressDeadlineSeconds: 600,
    },
    status: {},
  });
});

test('PersistentVolumeClaim: storageClassName "" (a pointer: no class) is kept, volumeName "" is not', () => {
  const body = envelope('v1', 'PersistentVolumeClaim', 'k8s.io.api.core.v1.PersistentVolumeClaim', {
    metadata: meta('data'),
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: { string: '1Gi' } } },
      volumeName: '',
      storageClassName: '',
    },
    status: { phase: '' },
  });
  assert.deepStrictEqual(decodeProtobufObject(body), {
    kind: 'PersistentVolumeClaim',
    apiVersion: 'v1',
    metadata: { name: 'data' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: '' },
    status: {},
  });
});

test('SelfSubjectAccessReview (kubectl auth can-i) and SubjectAccessReview with extra (ExtraValue → arrays)', () => {
  const ssar = envelope('authorization.k8s.io/v1', 'SelfSubjectAccessReview', 'k8s.io.api.authorization.v1.SelfSubjectAccessReview', {
    metadata: meta(''),
    spec: { resourceAttributes: { namespace: 'default', verb: 'create', group: '', version: '', resource: 'configmaps', subresource: '', name: '' } },
    status: { allowed: false, denied: false, reason: '', evaluationError: '' },
  });
  assert.deepStrictEqual(decodeProtobufObject(ssar, { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview' }), {
    kind: 'SelfSubjectAccessReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: {},
    spec: { resourceAttributes: { namespace: 'default', verb: 'create', resource: 'configmaps' } },
    status: {},
  });

  const sar = envelope('authorization.k8s.io/v1', 'SubjectAccessReview', 'k8s.io.api.authorization.v1.SubjectAccessReview', {
    metadata: meta(''),
    spec: {
      nonResourceAttributes: { path: '/healthz', verb: 'get' },
      user: 'alice',
      groups: ['system:authenticated'],
      extra: { scopes: { items: ['a', 'b'] }, none: { items: [] } },
      uid: '',
    },
    status: { allowed: false },
  });
  assert.deepStrictEqual(decodeProtobufObject(sar), {
    kind: 'SubjectAccessReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: {},
    spec: {
      nonResourceAttributes: { path: '/healthz', verb: 'get' },
      user: 'alice',
      groups: ['system:authenticated'],
      extra: { scopes: ['a', 'b'], none: [] },
    },
    status: {},
  });
});

test('DeleteOptions decode from meta/v1 whatever group version the envelope names', () => {
  const opts = {
    gracePeriodSeconds: 0,
    preconditions: { uid: '6f1c3f3e-0000-4000-8000-000000000001', resourceVersion: '42' },
    orphanDependents: false,
    propagationPolicy: 'Foreground',
    dryRun: ['All'],
  };
  const want = {
    gracePeriodSeconds: 0,
    preconditions: { uid: '6f1c3f3e-0000-4000-8000-000000000001', resourceVersion: '42' },
    orphanDependents: false,
    propagationPolicy: 'Foreground',
    dryRun: ['All'],
  };
  for (const apiVersion of ['v1', 'apps/v1', 'meta.k8s.io/v1']) {
    const body = envelope(apiVersion, 'DeleteOptions', `${META}.DeleteOptions`, opts);
    assert.deepStrictEqual(decodeProtobufObject(body, { apiVersion: 'v1', kind: 'DeleteOptions' }), { kind: 'DeleteOptions', apiVersion, ...want });
  }
  // A pointer set to "" (empty preconditions) stays: kube compares it and fails, it does not ignore it.
  const empty = envelope('v1', 'DeleteOptions', `${META}.DeleteOptions`, { preconditions: { uid: '' }, dryRun: [] });
  assert.deepStrictEqual(decodeProtobufObject(empty), { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: '' } });
});

test('Lease: MicroTime with microseconds, Time, pointer int32', () => {
  const body = envelope('coordination.k8s.io/v1', 'Lease', 'k8s.io.api.coordination.v1.Lease', {
    metadata: meta('leader', { namespace: 'kube-system', deletionTimestamp: { seconds: 1748772000, nanos: 0 } }),
    spec: {
      holderIdentity: 'node-1',
      leaseDurationSeconds: 15,
      acquireTime: { seconds: 1748772000, nanos: 123456789 },
      renewTime: { seconds: 1748772005, nanos: 0 },
      leaseTransitions: 0,
    },
  });
  assert.deepStrictEqual(decodeProtobufObject(body), {
    kind: 'Lease',
    apiVersion: 'coordination.k8s.io/v1',
    metadata: { name: 'leader', namespace: 'kube-system', deletionTimestamp: '2025-06-01T10:00:00Z' },
    spec: {
      holderIdentity: 'node-1',
      leaseDurationSeconds: 15,
      acquireTime: '2025-06-01T10:00:00.123456Z',
      renewTime: '2025-06-01T10:00:05.000000Z',
      leaseTransitions: 0,
    },
  });
});

test('ConfigMap managedFields: FieldsV1 and Time rendered as JSON', () => {
  const body = envelope('v1', 'ConfigMap', 'k8s.io.api.core.v1.ConfigMap', {
    metadata: meta('cm', {
      managedFields: [
        {
          manager: 'kubectl-create',
          operation: 'Update',
          apiVersion: 'v1',
          time: { seconds: 1748772000 },
          fieldsType: 'FieldsV1',
          fieldsV1: { Raw: Buffer.from('{"f:data":{".":{},"f:a":{}}}') },
          subresource: '',
        },
      ],
    }),
    data: { a: '1' },
  });
  assert.deepStrictEqual(decodeProtobufObject(body), {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: {
      name: 'cm',
      managedFields: [
        {
          manager: 'kubectl-create',
          operation: 'Update',
          apiVersion: 'v1',
          time: '2025-06-01T10:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } },
        },
      ],
    },
    data: { a: '1' },
  });
});

test('ControllerRevision: RawExtension data is the JSON it carries', () => {
  const body = envelope('apps/v1', 'ControllerRevision', 'k8s.io.api.apps.v1.ControllerRevision', {
    metadata: meta('rev-1'),
    data: { raw: Buffer.from('{"spec":{"template":{"metadata":{"labels":{"a":"b"}}}}}') },
    revision: 2,
  });
  assert.deepStrictEqual(decodeProtobufObject(body), {
    kind: 'ControllerRevision',
    apiVersion: 'apps/v1',
    metadata: { name: 'rev-1' },
    data: { spec: { template: { metadata: { labels: { a: 'b' } } } } },
    revision: 2,
  });
});

test('CustomResourceDefinition: JSONSchemaProps names ($ref, x-kubernetes-*), JSON values, OrArray/OrBool/OrStringArray', () => {
  const S = (o: Record<string, unknown>) => ({ type: '', format: '', ...o });
  const body = envelope('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition', {
    metadata: meta('widgets.example.com'),
    spec: {
      group: 'example.com',
      names: { plural: 'widgets', singular: '', kind: 'Widget', listKind: '' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          deprecated: false,
          schema: {
            openAPIV3Schema: S({
              type: 'object',
              required: ['spec'],
              properties: {
                spec: S({
                  type: 'object',
                  xKubernetesPreserveUnknownFields: false,
                  properties: {
                    size: S({ type: 'integer', default: { raw: Buffer.from('3') }, maximum: 0, exclusiveMaximum: false }),
                    mode: S({ type: 'string', enum: [{ raw: Buffer.from('"a"') }, { raw: Buffer.from('"b"') }], maxLength: 8 }),
                    tags: S({ type: 'array', items: { schema: S({ type: 'string' }) }, xKubernetesListType: 'set' }),
                    ports: S({
                      type: 'array',
                      items: { schema: S({ type: 'object', required: ['port'] }) },
                      xKubernetesListType: 'map',
                      xKubernetesListMapKeys: ['port'],
                    }),
                    labels: S({ type: 'object', additionalProperties: { allows: true, schema: S({ type: 'string' }) } }),
                    closed: S({ type: 'object', additionalProperties: { allows: false } }),
                    ref: S({ ref: '#/definitions/x' }),
                  },
                  dependencies: { size: { property: ['mode'] } },
                  xKubernetesValidations: [{ rule: 'self.size < 10', message: '', messageExpression: '', reason: 'FieldValueInvalid', fieldPath: '', optionalOldSelf: false }],
                }),
              },
            }),
          },
        },
      ],
      preserveUnknownFields: false,
    },
    status: {},
  });
  assert.deepStrictEqual(decodeProtobufObject(body), {
    kind: 'CustomResourceDefinition',
    apiVersion: 'apiextensions.k8s.io/v1',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { plural: 'widgets', kind: 'Widget' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              required: ['spec'],
              properties: {
                spec: {
                  type: 'object',
                  'x-kubernetes-preserve-unknown-fields': false,
                  properties: {
                    size: { type: 'integer', default: 3, maximum: 0 },
                    mode: { type: 'string', enum: ['a', 'b'], maxLength: 8 },
                    tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
                    ports: { type: 'array', items: { type: 'object', required: ['port'] }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port'] },
                    labels: { type: 'object', additionalProperties: { type: 'string' } },
                    closed: { type: 'object', additionalProperties: false },
                    ref: { $ref: '#/definitions/x' },
                  },
                  dependencies: { size: ['mode'] },
                  'x-kubernetes-validations': [{ rule: 'self.size < 10', reason: 'FieldValueInvalid', optionalOldSelf: false }],
                },
              },
            },
          },
        },
      ],
    },
    status: {},
  });
});

test('a missing apiVersion and kind are taken from the endpoint, as kube defaults them', () => {
  const unknown = encode('k8s.io.apimachinery.pkg.runtime.Unknown', { raw: encode('k8s.io.api.core.v1.Namespace', { metadata: meta('ns1') }) });
  const body = Buffer.concat([Buffer.from('k8s\0', 'latin1'), unknown]);
  assert.deepStrictEqual(decodeProtobufObject(body, { apiVersion: 'v1', kind: 'Namespace' }), { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'ns1' } });
  assert.equal(
    decodeError(body).message,
    `the object provided is unrecognized (must be of type ): Object 'Kind' is missing in 'runtime.TypeMeta{APIVersion:"", Kind:""}' (${body.toString('hex')})`,
  );
});

test('bodies that are not protobuf envelopes: kube\'s "unrecognized" message with a summary of the body', () => {
  const ns = { apiVersion: 'v1', kind: 'Namespace' };
  assert.equal(decodeError(Buffer.alloc(0), ns).message, 'the object provided is unrecognized (must be of type Namespace): empty data (<empty>)');
  assert.equal(
    decodeError(Buffer.from('{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"a"}}'), ns).message,
    'the object provided is unrecognized (must be of type Namespace): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({"kind":"Namespace","apiVersio ...)',
  );
  assert.equal(
    decodeError(Buffer.from('0a0f0a02763112094e616d657370616365121b0a130a036e7339', 'hex'), ns).message,
    'the object provided is unrecognized (must be of type Namespace): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] (0a0f0a02763112094e616d657370616365121b0a130a036e7339)',
  );
  const emptyBody = decodeError(Buffer.from('k8s\0', 'latin1'), ns);
  assert.equal(emptyBody.message, 'the object provided is unrecognized (must be of type Namespace): empty body (6b387300)');
  // What kube's delete handler shows (as a 500) is the decoder's own text.
  assert.ok(emptyBody instanceof ProtobufDecodeError);
  assert.equal(emptyBody.decoderMessage, 'empty body');
  // Truncated inside the envelope: gogo's io.ErrUnexpectedEOF; 30 bytes of hex at most, then " ...".
  const truncated = Buffer.from('6b3873000a0f0a02763112094e616d657370616365127f0a130a036e733912001a0022002a00', 'hex');
  assert.equal(
    decodeError(truncated, ns).message,
    'the object provided is unrecognized (must be of type Namespace): unexpected EOF (6b3873000a0f0a02763112094e616d657370616365127f0a130a036e7339 ...)',
  );
});

test('envelopes whose object cannot be decoded: "<Kind> in version ... cannot be handled as a <Kind>"', () => {
  const ns = { apiVersion: 'v1', kind: 'Namespace' };
  const badRaw = Buffer.concat([
    Buffer.from('k8s\0', 'latin1'),
    encode('k8s.io.apimachinery.pkg.runtime.Unknown', { typeMeta: { apiVersion: 'v1', kind: 'Namespace' }, raw: Buffer.from('0a130a03', 'hex') }),
  ]);
  assert.equal(decodeError(badRaw, ns).message, 'Namespace in version "v1" cannot be handled as a Namespace: unexpected EOF');
  // Field 15 with wire type 7, which does not exist.
  const badWire = Buffer.concat([
    Buffer.from('k8s\0', 'latin1'),
    encode('k8s.io.apimachinery.pkg.runtime.Unknown', { typeMeta: { apiVersion: 'v1', kind: 'Namespace' }, raw: Buffer.from('7f00', 'hex') }),
  ]);
  assert.equal(decodeError(badWire, ns).message, 'Namespace in version "v1" cannot be handled as a Namespace: proto: illegal wireType 7');

  const unknownKind = envelope('apps/v1', 'Gadget', 'k8s.io.api.core.v1.Namespace', { metadata: meta('x') });
  assert.equal(
    decodeError(unknownKind, { apiVersion: 'apps/v1', kind: 'Deployment' }).message,
    'Gadget in version "v1" cannot be handled as a Deployment: no kind "Gadget" is registered for version "apps/v1" in scheme "pkg/api/legacyscheme/scheme.go:30"',
  );
  // A custom resource group that begins like a built-in one is not mistaken for it.
  const cr = envelope('apps.example.com/v1', 'Deployment', 'k8s.io.api.apps.v1.Deployment', { metadata: meta('x') });
  assert.equal(
    decodeError(cr, { apiVersion: 'apps.example.com/v1', kind: 'Deployment' }).message,
    'Deployment in version "v1" cannot be handled as a Deployment: no kind "Deployment" is registered for version "apps.example.com/v1" in scheme "pkg/api/legacyscheme/scheme.go:30"',
  );

  const notJson = envelope('apps/v1', 'ControllerRevision', 'k8s.io.api.apps.v1.ControllerRevision', { metadata: meta('r'), data: { raw: Buffer.from('{nope') }, revision: 1 });
  assert.match(
    decodeError(notJson, { apiVersion: 'apps/v1', kind: 'ControllerRevision' }).message,
    /^ControllerRevision in version "v1" cannot be handled as a ControllerRevision: RawExtension does not hold JSON: /,
  );
});

test('a kind other than the endpoint\'s decodes as itself; the handler compares kinds', () => {
  const body = envelope('v1', 'ConfigMap', 'k8s.io.api.core.v1.ConfigMap', { metadata: meta('c') });
  assert.deepStrictEqual(decodeProtobufObject(body, { apiVersion: 'v1', kind: 'Namespace' }), { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c' } });
});

test('encodeProtobufObject writes kube\'s envelope; what it writes decodes back to the same object', () => {
  const ns = { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'ns9' }, spec: {}, status: {} };
  // The body kubectl 1.33 sends for `create namespace ns9` (gogo writes every non-pointer field, zeros included):
  // k8s\0, Unknown{typeMeta{v1, Namespace}, raw=Namespace{metadata{name, "", "", "", "", "", 0, creationTimestamp{}},
  // spec{}, status{phase ""}}, contentEncoding "", contentType ""}
  assert.equal(
    encodeProtobufObject(ns).toString('hex'),
    '6b387300' + '0a0f0a027631' + '12094e616d657370616365' + '121b0a130a036e733912001a0022002a0032003800420012001a020a00' + '1a00' + '2200',
  );

  const objects: Record<string, unknown>[] = [
    {
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      metadata: { name: 'd', namespace: 'default', creationTimestamp: '2023-11-14T22:13:20Z', labels: { a: 'b' }, managedFields: [{ manager: 'm', operation: 'Update', time: '2023-11-14T22:13:20Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }] },
      spec: {
        replicas: 0,
        selector: { matchLabels: { a: 'b' } },
        template: {
          metadata: { labels: { a: 'b' } },
          spec: {
            containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: '1', memory: '512Mi' } }, env: [{ name: 'E', valueFrom: { configMapKeyRef: { name: 'cm', key: 'k', optional: false } } }] }],
            volumes: [{ name: 'v', configMap: { name: 'x', items: [{ key: 'a', path: 'b' }] } }],
            automountServiceAccountToken: false,
          },
        },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } },
      },
      status: {},
    },
    { kind: 'Secret', apiVersion: 'v1', metadata: { name: 's' }, data: { k: 'AAEC/w==', e: '' }, immutable: false, type: 'Opaque' },
    { kind: 'Lease', apiVersion: 'coordination.k8s.io/v1', metadata: { name: 'l' }, spec: { renewTime: '2025-06-01T10:00:05.123456Z', leaseDurationSeconds: 0 } },
    { kind: 'ControllerRevision', apiVersion: 'apps/v1', metadata: { name: 'r' }, data: { a: [1, 'x', null] }, revision: 3 },
    { kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: {}, spec: { user: 'u', extra: { s: ['a'] } }, status: { allowed: true } },
    { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, propagationPolicy: 'Background', preconditions: { resourceVersion: '7' } },
    {
      kind: 'CustomResourceDefinition',
      apiVersion: 'apiextensions.k8s.io/v1',
      metadata: { name: 'ws.example.com' },
      spec: {
        group: 'example.com',
        names: { plural: 'ws', kind: 'W' },
        scope: 'Cluster',
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: { a: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, b: { type: 'object', additionalProperties: false }, c: { default: { x: 1 }, 'x-kubernetes-preserve-unknown-fields': true } },
                dependencies: { a: ['b'], b: { required: ['a'] } },
              },
            },
          },
        ],
      },
      status: { acceptedNames: { plural: '', kind: '' } },
    },
  ];
  for (const o of objects) {
    const back = decodeProtobufObject(encodeProtobufObject(o));
    if (o.kind === 'CustomResourceDefinition') {
      // Empty strings are zero values: acceptedNames keeps only the (empty) struct.
      assert.deepStrictEqual(back, { ...o, status: { acceptedNames: {} } });
    } else {
      assert.deepStrictEqual(back, o);
    }
  }
  assert.throws(() => encodeProtobufObject({ kind: 'Widget', apiVersion: 'example.com/v1' }), /no protobuf message for kind "Widget" in version "example.com\/v1"/);
});

test('watch frames: a length prefix and the bare WatchEvent message, whose object is a full envelope', () => {
  const watchEvent = protoType(`${META}.WatchEvent`);
  const read = (frame: Buffer) => {
    assert.equal(frame.readUInt32BE(0), frame.length - 4);
    const ev = watchEvent.decode(frame.subarray(4)) as unknown as { type: string; object: { raw: Uint8Array } };
    return { type: ev.type, object: decodeProtobufObject(Buffer.from(ev.object.raw)) };
  };
  const cm = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', resourceVersion: '12' }, data: { a: '1' } };
  const frame = encodeProtobufWatchEvent('ADDED', cm);
  assert.equal(frame.subarray(4, 6).toString('hex'), '0a05'); // field 1 (type), length 5: no k8s\0 magic before it
  assert.deepStrictEqual(read(frame), { type: 'ADDED', object: cm });

  const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 };
  assert.deepStrictEqual(read(encodeProtobufWatchEvent('ERROR', status)), { type: 'ERROR', object: status });
});
