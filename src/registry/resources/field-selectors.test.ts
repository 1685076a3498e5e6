import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError, type GroupResource } from '../../errors/status.js';
import { parseFieldSelector } from '../../selection/field-selector.js';
import { convertFieldSelector } from '../../selection/field-sets.js';
import { builtinFieldSet, fieldsForObject, supportedFieldLabels } from './index.js';

const core = (resource: string): GroupResource => ({ group: '', resource });
const PODS = core('pods');
const EVENTS = core('events');
const EVENTS_V1 = { group: 'events.k8s.io', resource: 'events' };

const convert = (gr: GroupResource, selector: string, version?: string): string =>
  convertFieldSelector(parseFieldSelector(selector), builtinFieldSet(gr, version)).toString();

function rejection(gr: GroupResource, selector: string, version?: string): StatusError {
  try {
    convert(gr, selector, version);
  } catch (e) {
    assert.ok(e instanceof StatusError);
    return e;
  }
  assert.fail(`expected ${selector} to be rejected for ${gr.group}/${gr.resource}`);
}
const rejected = (gr: GroupResource, selector: string, version?: string): string => rejection(gr, selector, version).status.message!;

test('an unsupported label is a 400 BadRequest', () => {
  assert.deepEqual(rejection(PODS, 'spec.foo=x').toJSON(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'field label not supported: spec.foo',
    reason: 'BadRequest',
    code: 400,
  });
});

test('kinds without their own conversion take metadata.name and metadata.namespace only', () => {
  const only = (label: string) => `"${label}" is not a known field selector: only "metadata.name", "metadata.namespace"`;
  assert.equal(rejected(core('configmaps'), 'spec.foo=x'), only('spec.foo'));
  assert.equal(rejected({ group: 'apps', resource: 'deployments' }, 'status.replicas=1'), only('status.replicas'));
  // apps/v1 registers no conversion, so ReplicaSets reject status.replicas too.
  assert.equal(rejected({ group: 'apps', resource: 'replicasets' }, 'status.replicas=1'), only('status.replicas'));
  assert.equal(rejected(core('persistentvolumes'), 'name=x'), only('name'));
  assert.equal(rejected(core('configmaps'), 'a =x'), only('a '));
  assert.equal(convert(core('configmaps'), 'metadata.namespace=default,metadata.name=a'), 'metadata.name=a,metadata.namespace=default');
  assert.equal(convert({ group: 'rbac.authorization.k8s.io', resource: 'clusterroles' }, 'metadata.namespace='), 'metadata.namespace=');
  assert.deepEqual(supportedFieldLabels(core('configmaps')), ['metadata.name', 'metadata.namespace']);
});

test('pods: the label list, the spec.host alias, the message', () => {
  assert.deepEqual(
    [...supportedFieldLabels(PODS)].sort(),
    [
      'metadata.name',
      'metadata.namespace',
      'spec.host',
      'spec.hostNetwork',
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'status.nominatedNodeName',
      'status.phase',
      'status.podIP',
      'status.podIPs',
    ],
  );
  assert.equal(convert(PODS, 'spec.host=n1'), 'spec.nodeName=n1');
  assert.equal(convert(PODS, 'status.phase!=Running,spec.nodeName='), 'spec.nodeName=,status.phase!=Running');
  // The first unsupported term in sorted order is the one reported.
  assert.equal(rejected(PODS, 'z.bad=1,a.bad=2'), 'field label not supported: a.bad');
});

test('per-kind rejections and their texts', () => {
  const cases: Array<[GroupResource, string, string]> = [
    [core('nodes'), 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    [core('nodes'), 'spec.podCIDR=x', 'field label not supported: spec.podCIDR'],
    [core('namespaces'), 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    [core('namespaces'), 'name=x', 'field label not supported: name'],
    [core('secrets'), 'data=x', 'field label not supported: data'],
    [core('services'), 'spec.ports=x', 'field label not supported: spec.ports'],
    [core('replicationcontrollers'), 'spec.replicas=1', 'field label not supported: spec.replicas'],
    [EVENTS, 'regarding.name=x', 'field label not supported: regarding.name'],
    [EVENTS_V1, 'involvedObject.name=x', 'field label not supported: involvedObject.name'],
    [EVENTS_V1, 'reportingComponent=x', 'field label not supported: reportingComponent'],
    [{ group: 'batch', resource: 'jobs' }, 'status.succeeded=1', 'field label "status.succeeded" not supported for Job'],
    [{ group: 'certificates.k8s.io', resource: 'certificatesigningrequests' }, 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
  ];
  for (const [gr, sel, text] of cases) assert.equal(rejected(gr, sel), text, `${gr.resource} ${sel}`);
  const slices = { group: 'resource.k8s.io', resource: 'resourceslices' };
  assert.equal(rejected(slices, 'spec.pool.name=x', 'v1beta2'), 'field label not supported for resource.k8s.io/v1beta2, Kind=ResourceSlice: spec.pool.name');
  assert.equal(convert(slices, 'spec.driver=d,spec.nodeName=n'), 'spec.driver=d,spec.nodeName=n');
});

test('accepted labels per kind', () => {
  const ok: Array<[GroupResource, string]> = [
    [core('nodes'), 'spec.unschedulable=true,metadata.name=n'],
    [core('namespaces'), 'status.phase=Active,metadata.name=ns'],
    [core('secrets'), 'type=Opaque,metadata.namespace=a,metadata.name=b'],
    [core('services'), 'spec.clusterIP!=None,spec.type=ClusterIP,metadata.namespace=a'],
    [core('replicationcontrollers'), 'status.replicas=0,metadata.namespace=a'],
    [EVENTS, 'involvedObject.kind=Pod,involvedObject.uid=u,reason=R,reportingComponent=c,source=s,type=Normal,metadata.name=e'],
    [{ group: 'batch', resource: 'jobs' }, 'status.successful=1,metadata.namespace=a'],
    [{ group: 'certificates.k8s.io', resource: 'certificatesigningrequests' }, 'spec.signerName=kubernetes.io/kubelet-serving'],
  ];
  for (const [gr, sel] of ok) assert.doesNotThrow(() => convert(gr, sel), `${gr.resource} ${sel}`);
});

test('events.k8s.io/v1 names map onto the core Event fields', () => {
  assert.equal(
    convert(EVENTS_V1, 'regarding.name=p,reportingController=kubelet,regarding.kind=Pod,source=x,type=Warning'),
    'involvedObject.kind=Pod,involvedObject.name=p,reportingComponent=kubelet,source=x,type=Warning',
  );
});

test('pod fields as ToSelectableFields sets them', () => {
  const pod = {
    metadata: { name: 'p', namespace: 'ns' },
    spec: { nodeName: 'n1', restartPolicy: 'Always', schedulerName: 'default-scheduler', serviceAccountName: 'default', hostNetwork: true },
    status: { phase: 'Running', podIP: '10.0.0.9', podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }], nominatedNodeName: 'n2' },
  };
  assert.deepEqual(fieldsForObject(PODS, pod), {
    'metadata.name': 'p',
    'metadata.namespace': 'ns',
    'spec.nodeName': 'n1',
    'spec.restartPolicy': 'Always',
    'spec.schedulerName': 'default-scheduler',
    'spec.serviceAccountName': 'default',
    'spec.hostNetwork': 'true',
    'status.phase': 'Running',
    'status.podIP': '10.0.0.1',
    'status.nominatedNodeName': 'n2',
  });
  const bare = fieldsForObject(PODS, { metadata: { name: 'q', namespace: 'ns' }, spec: {}, status: { podIP: '10.1.1.1' } });
  assert.equal(bare['spec.hostNetwork'], 'false');
  assert.equal(bare['status.podIP'], '10.1.1.1');
  assert.equal(bare['spec.nodeName'], '');
});

test('status.podIPs is accepted but never set, so it reads ""', () => {
  const fields = fieldsForObject(PODS, { metadata: { name: 'p', namespace: 'ns' }, status: { podIPs: [{ ip: '10.0.0.1' }] } });
  const match = (s: string) => convertFieldSelector(parseFieldSelector(s), builtinFieldSet(PODS)).matches(fields);
  assert.ok(!match('status.podIPs=10.0.0.1'));
  assert.ok(match('status.podIPs='));
  assert.ok(match('spec.host=,status.podIP=10.0.0.1'));
});

test('other kinds read their fields from the v1 form', () => {
  assert.deepEqual(fieldsForObject(core('nodes'), { metadata: { name: 'n' }, spec: { unschedulable: true } }), {
    'metadata.name': 'n',
    'spec.unschedulable': 'true',
  });
  assert.equal(fieldsForObject(core('nodes'), { metadata: { name: 'n' }, spec: {} })['spec.unschedulable'], 'false');
  assert.deepEqual(fieldsForObject(core('namespaces'), { metadata: { name: 'a' }, status: { phase: 'Terminating' } }), {
    'metadata.name': 'a',
    'status.phase': 'Terminating',
  });
  assert.equal(fieldsForObject(core('secrets'), { metadata: { name: 's', namespace: 'a' }, type: 'kubernetes.io/tls' }).type, 'kubernetes.io/tls');
  assert.deepEqual(fieldsForObject(core('services'), { metadata: { name: 's', namespace: 'a' }, spec: { clusterIP: 'None', type: 'ClusterIP' } }), {
    'metadata.name': 's',
    'metadata.namespace': 'a',
    'spec.clusterIP': 'None',
    'spec.type': 'ClusterIP',
  });
  assert.equal(fieldsForObject(core('replicationcontrollers'), { metadata: { name: 'r', namespace: 'a' }, status: {} })['status.replicas'], '0');
  assert.equal(fieldsForObject(core('replicationcontrollers'), { metadata: { name: 'r', namespace: 'a' }, status: { replicas: 3 } })['status.replicas'], '3');
  // Job's label says "successful"; the field is status.succeeded.
  assert.equal(fieldsForObject({ group: 'batch', resource: 'jobs' }, { metadata: { name: 'j', namespace: 'a' }, status: { succeeded: 2 } })['status.successful'], '2');
  assert.deepEqual(
    fieldsForObject({ group: 'certificates.k8s.io', resource: 'certificatesigningrequests' }, { metadata: { name: 'c' }, spec: { signerName: 'x/y' } }),
    { 'metadata.name': 'c', 'spec.signerName': 'x/y' },
  );
  assert.deepEqual(fieldsForObject(core('configmaps'), { metadata: { name: 'c', namespace: 'a' } }), { 'metadata.name': 'c', 'metadata.namespace': 'a' });
});

test('event fields from either API form, source falling back to the reporting component', () => {
  const coreEvent = {
    metadata: { name: 'e', namespace: 'a' },
    involvedObject: { kind: 'Pod', namespace: 'a', name: 'p', uid: 'u1', apiVersion: 'v1', resourceVersion: '5', fieldPath: 'spec.containers{c}' },
    reason: 'Started',
    reportingComponent: 'kubelet',
    source: { component: '' },
    type: 'Normal',
  };
  const expected = {
    'metadata.name': 'e',
    'metadata.namespace': 'a',
    'involvedObject.kind': 'Pod',
    'involvedObject.namespace': 'a',
    'involvedObject.name': 'p',
    'involvedObject.uid': 'u1',
    'involvedObject.apiVersion': 'v1',
    'involvedObject.resourceVersion': '5',
    'involvedObject.fieldPath': 'spec.containers{c}',
    reason: 'Started',
    reportingComponent: 'kubelet',
    source: 'kubelet',
    type: 'Normal',
  };
  assert.deepEqual(fieldsForObject(EVENTS, coreEvent), expected);
  const eventsV1 = {
    metadata: { name: 'e', namespace: 'a' },
    regarding: coreEvent.involvedObject,
    reason: 'Started',
    reportingController: 'kubelet',
    deprecatedSource: { component: 'kubelet-src' },
    type: 'Normal',
  };
  assert.deepEqual(fieldsForObject(EVENTS_V1, eventsV1), { ...expected, source: 'kubelet-src' });
  // End to end: an events.k8s.io selector against a stored core event.
  const sel = convertFieldSelector(parseFieldSelector('regarding.name=p,reportingController=kubelet'), builtinFieldSet(EVENTS_V1));
  assert.ok(sel.matches(fieldsForObject(EVENTS_V1, coreEvent)));
});

test('objects with missing parts read as empty values', () => {
  assert.deepEqual(fieldsForObject(PODS, null), {
    'metadata.name': '',
    'metadata.namespace': '',
    'spec.nodeName': '',
    'spec.restartPolicy': '',
    'spec.schedulerName': '',
    'spec.serviceAccountName': '',
    'spec.hostNetwork': 'false',
    'status.phase': '',
    'status.podIP': '',
    'status.nominatedNodeName': '',
  });
});
