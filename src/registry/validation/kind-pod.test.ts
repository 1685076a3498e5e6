import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import { validatePodCreate, validatePodSpec } from './kind-pod.js';
import { validateObjectCreate } from './validate-object.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const pod = (spec: object): object => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });

test('a pod as kubectl run sends it is valid, defaulted fields may be absent', () => {
  assert.deepEqual(texts(validatePodCreate(pod({ containers: [{ name: 'p', image: 'nginx', resources: {} }], restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' }))), []);
  assert.deepEqual(texts(validatePodCreate(pod({ containers: [{ name: 'p', image: 'nginx' }] }))), []);
});

test('containers: required, names, images, duplicates', () => {
  assert.deepEqual(texts(validatePodSpec({}, 'spec')), ['spec.containers: Required value']);
  assert.deepEqual(texts(validatePodSpec({ containers: [] }, 'spec.template.spec')), ['spec.template.spec.containers: Required value']);
  assert.deepEqual(
    texts(validatePodSpec({ containers: [{ name: 'Web', image: '' }, { name: 'x', image: 'a' }, { name: 'x', image: 'b' }, { image: 'c' }] }, 'spec')),
    [
      `spec.containers[0].name: Invalid value: "Web": ${LABEL_ERR}`,
      'spec.containers[0].image: Required value',
      'spec.containers[2].name: Duplicate value: "x"',
      'spec.containers[3].name: Required value',
    ],
  );
});

test('ports, env names, pull and restart policies', () => {
  const spec = {
    containers: [
      {
        name: 'c',
        image: 'i',
        ports: [{ containerPort: 0 }, { containerPort: 70000, hostPort: -1, protocol: 'HTTP', name: 'Http' }, { containerPort: 80, name: 'web' }, { containerPort: 81, name: 'web' }],
        env: [{ name: 'A=B' }, { name: '' }, { name: 'ok.name-1' }],
        imagePullPolicy: 'Sometimes',
      },
    ],
    restartPolicy: 'Sometimes',
    dnsPolicy: 'Cluster',
  };
  assert.deepEqual(texts(validatePodSpec(spec, 'spec')), [
    'spec.containers[0].ports[0].containerPort: Required value',
    'spec.containers[0].ports[1].name: Invalid value: "Http": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
    'spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
    'spec.containers[0].ports[1].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive',
    'spec.containers[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    'spec.containers[0].ports[3].name: Duplicate value: "web"',
    "spec.containers[0].env[0].name: Invalid value: \"A=B\": a valid environment variable name must consist only of printable ASCII characters other than '='",
    'spec.containers[0].env[1].name: Required value',
    'spec.containers[0].env[1].name: Invalid value: "": environment variable name must be non-empty',
    'spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
    'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    'spec.dnsPolicy: Unsupported value: "Cluster": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"',
  ]);
});

test('volumes and volume mounts', () => {
  const spec = {
    volumes: [{ name: 'data', emptyDir: {} }, { name: 'data', emptyDir: {} }, { name: 'nosource' }, { name: 'Bad', configMap: { name: 'c' } }],
    containers: [
      {
        name: 'c',
        image: 'i',
        volumeMounts: [
          { name: 'data', mountPath: '/d' },
          { name: 'v', mountPath: '/d' },
          { name: 'nosource', mountPath: '' },
        ],
      },
    ],
  };
  assert.deepEqual(texts(validatePodSpec(spec, 'spec')), [
    'spec.volumes[1].name: Duplicate value: "data"',
    'spec.volumes[2]: Required value: must specify a volume type',
    `spec.volumes[3].name: Invalid value: "Bad": ${LABEL_ERR}`,
    'spec.containers[0].volumeMounts[1].name: Not found: "v"',
    'spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/d": must be unique',
    'spec.containers[0].volumeMounts[2].name: Not found: "nosource"',
    'spec.containers[0].volumeMounts[2].mountPath: Required value',
  ]);
});

test('the whole 422 of a pod create: metadata first, then the spec', () => {
  const obj = { metadata: { name: 'p', namespace: 'default', labels: { 'a b': 'x' } }, spec: { containers: [{ name: 'c' }], ephemeralContainers: [{ name: 'e' }] } };
  const gk = { group: '', kind: 'Pod' };
  assert.equal(
    invalid(gk, 'p', validateObjectCreate(gk, obj, { namespaced: true })).message,
    'Pod "p" is invalid: [metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\'), ' +
      'spec.containers[0].image: Required value, spec.ephemeralContainers: Forbidden: cannot be set on create]',
  );
});

test('cpu and memory: requests may not exceed limits, amounts may not be negative (canonical quantities)', () => {
  const spec = (resources: object): object => ({ containers: [{ name: 'c', image: 'i', resources }] });
  assert.deepEqual(texts(validatePodSpec(spec({ requests: { cpu: '2' }, limits: { cpu: '1' } }), 'spec')), [
    'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
  ]);
  assert.deepEqual(texts(validatePodSpec(spec({ requests: { cpu: '1500m', memory: '1.5Gi' }, limits: { cpu: 1, memory: '1024Mi' } }), 'spec.template.spec')), [
    'spec.template.spec.containers[0].resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1',
    'spec.template.spec.containers[0].resources.requests: Invalid value: "1536Mi": must be less than or equal to memory limit of 1Gi',
  ]);
  assert.deepEqual(texts(validatePodSpec(spec({ requests: { cpu: '1000m', memory: '1G' }, limits: { cpu: '1', memory: '1Gi' } }), 'spec')), []);
  assert.deepEqual(texts(validatePodSpec(spec({ limits: { cpu: '-0.5' } }), 'spec')), [
    'spec.containers[0].resources.limits[cpu]: Invalid value: "-500m": must be greater than or equal to 0',
  ]);
});

test('pod-only checks: image whitespace; regular containers may not set restartPolicy', () => {
  assert.deepEqual(texts(validatePodCreate(pod({ containers: [{ name: 'c', image: ' nginx', restartPolicy: 'Always' }] }))), [
    'spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
    'spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace',
  ]);
  assert.deepEqual(texts(validatePodSpec({ containers: [{ name: 'c', image: ' nginx' }] }, 'spec.template.spec')), []);
});
