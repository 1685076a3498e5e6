// kube-apiserver 1.33's default admission plug-ins beyond Priority and DefaultTolerationSeconds: ServiceAccount,
// LimitRanger, ResourceQuota, DefaultStorageClass, DefaultIngressClass, StorageObjectInUseProtection,
// PersistentVolumeClaimResize, RuntimeClass, TaintNodesByCondition and the certificate plug-ins, each with kube's
// mutations and 403 texts; and --disable-admission-plugins turning one off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

const json = { 'Content-Type': 'application/json' };
const post = (path: string, obj: object, server = s) => server.request('POST', path, { body: JSON.stringify(obj), headers: json });
const get = (path: string, server = s) => server.request('GET', path);
const pod = (name: string, spec: object = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
const namespace = async (name: string) => assert.equal((await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })).status, 201);

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('ServiceAccount: a named missing account is refused, imagePullSecrets are copied, automount false mounts nothing', async () => {
  const missing = await post('/api/v1/namespaces/default/pods', pod('nosa', { serviceAccountName: 'robot' }));
  assert.equal(missing.status, 403, missing.body);
  assert.equal(missing.json().message, 'pods "nosa" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found');
  const sa = await post('/api/v1/namespaces/default/serviceaccounts', {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: 'puller' },
    imagePullSecrets: [{ name: 'regcred' }],
    automountServiceAccountToken: false,
  });
  assert.equal(sa.status, 201, sa.body);
  const r = await post('/api/v1/namespaces/default/pods', pod('pulling', { serviceAccountName: 'puller' }));
  assert.equal(r.status, 201, r.body);
  const spec = r.json().spec;
  assert.deepEqual(spec.imagePullSecrets, [{ name: 'regcred' }]);
  assert.equal(spec.volumes, undefined);
  assert.equal(spec.containers[0].volumeMounts, undefined);
  assert.equal(spec.serviceAccountName, 'puller');
  // The pod's own choice wins over the account's.
  const mounted = await post('/api/v1/namespaces/default/pods', pod('mounted', { serviceAccountName: 'puller', automountServiceAccountToken: true }));
  assert.match(mounted.json().spec.volumes[0].name, /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
});

test('LimitRanger: defaults with the limit-ranger annotation, and kube texts for max and min', async () => {
  await namespace('limits');
  const lr = await post('/api/v1/namespaces/limits/limitranges', {
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'lr' },
    spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m' }, max: { cpu: '1' }, min: { memory: '64Mi' } }] },
  });
  assert.equal(lr.status, 201, lr.body);
  const r = await post('/api/v1/namespaces/limits/pods', pod('d'));
  assert.equal(r.status, 201, r.body);
  const created = r.json();
  assert.equal(created.metadata.annotations['kubernetes.io/limit-ranger'], 'LimitRanger plugin set: cpu, memory request for container c; cpu, memory limit for container c');
  assert.deepEqual(created.spec.containers[0].resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '256Mi' } });
  assert.equal(created.status.qosClass, 'Burstable');
  const big = await post('/api/v1/namespaces/limits/pods', pod('big', { containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '2' } } }] }));
  assert.equal(big.status, 403, big.body);
  assert.equal(big.json().message, 'pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  const small = await post('/api/v1/namespaces/limits/pods', pod('small', { containers: [{ name: 'c', image: 'nginx', resources: { limits: { cpu: '3', memory: '32Mi' } } }] }));
  assert.equal(small.status, 403, small.body);
  assert.equal(small.json().message, 'pods "small" is forbidden: [minimum memory usage per Container is 64Mi, but request is 32Mi, maximum cpu usage per Container is 1, but limit is 3]');
});

test('ResourceQuota: the controller fills status, creates raise status.used, an excess gets kube 403 text, a delete releases usage', async () => {
  await namespace('quota');
  // The quota counts kube-root-ca.crt: wait for its publisher, as the comment below assumes (on etcd it can lag).
  await eventually(async () => (await get('/api/v1/namespaces/quota/configmaps/kube-root-ca.crt')).status, (code) => code === 200);
  const q = await post('/api/v1/namespaces/quota/resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { pods: '2', configmaps: '2', 'count/deployments.apps': '1' } } });
  assert.equal(q.status, 201, q.body);
  const filled = await eventually(
    async () => (await get('/api/v1/namespaces/quota/resourcequotas/q')).json(),
    (o) => o.status?.used !== undefined && o.status.used.configmaps === '1',
  );
  // kube-root-ca.crt is already there.
  assert.deepEqual(filled.status, { hard: { 'configmaps': '2', 'count/deployments.apps': '1', pods: '2' }, used: { 'configmaps': '1', 'count/deployments.apps': '0', pods: '0' } });
  assert.equal((await post('/api/v1/namespaces/quota/pods', pod('p1'))).status, 201);
  assert.equal((await post('/api/v1/namespaces/quota/pods', pod('p2'))).status, 201);
  const used = (await get('/api/v1/namespaces/quota/resourcequotas/q')).json().status.used;
  assert.equal(used.pods, '2');
  const third = await post('/api/v1/namespaces/quota/pods', pod('p3'));
  assert.equal(third.status, 403, third.body);
  assert.equal(third.json().message, 'pods "p3" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
  const cm = await post('/api/v1/namespaces/quota/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
  assert.equal(cm.status, 201, cm.body);
  const cm2 = await post('/api/v1/namespaces/quota/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } });
  assert.equal(cm2.json().message, 'configmaps "b" is forbidden: exceeded quota: q, requested: configmaps=1, used: configmaps=2, limited: configmaps=2');
  const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd1' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
  assert.equal((await post('/apis/apps/v1/namespaces/quota/deployments', dep)).status, 201);
  const dep2 = await post('/apis/apps/v1/namespaces/quota/deployments', { ...dep, metadata: { name: 'd2' } });
  assert.equal(dep2.json().message, 'deployments.apps "d2" is forbidden: exceeded quota: q, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1');
  assert.equal((await s.request('DELETE', '/api/v1/namespaces/quota/pods/p1?gracePeriodSeconds=0')).status, 200);
  const released = await eventually(
    async () => (await get('/api/v1/namespaces/quota/resourcequotas/q')).json(),
    (o) => o.status.used.pods === '1',
  );
  assert.equal(released.status.used.pods, '1');
  assert.equal((await post('/api/v1/namespaces/quota/pods', pod('p4'))).status, 201);
});

test('ResourceQuota: a compute quota asks pods for what it tracks', async () => {
  await namespace('compute');
  assert.equal((await post('/api/v1/namespaces/compute/resourcequotas', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'cq' }, spec: { hard: { 'requests.cpu': '1', 'limits.memory': '1Gi' } } })).status, 201);
  await eventually(async () => (await get('/api/v1/namespaces/compute/resourcequotas/cq')).json(), (o) => o.status?.used !== undefined);
  const r = await post('/api/v1/namespaces/compute/pods', pod('bare'));
  assert.equal(r.status, 403, r.body);
  assert.equal(r.json().message, 'pods "bare" is forbidden: failed quota: cq: must specify limits.memory for: c; requests.cpu for: c');
  const big = await post('/api/v1/namespaces/compute/pods', pod('big', { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1500m' }, limits: { memory: '128Mi' } } }] }));
  assert.equal(big.json().message, 'pods "big" is forbidden: exceeded quota: cq, requested: requests.cpu=1500m, used: requests.cpu=0, limited: requests.cpu=1');
});

test('DefaultStorageClass, StorageObjectInUseProtection and PersistentVolumeClaimResize', async () => {
  const sc = (name: string, isDefault: boolean, expand = false) => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, annotations: isDefault ? { 'storageclass.kubernetes.io/is-default-class': 'true' } : {} },
    provisioner: 'example.com/csi',
    allowVolumeExpansion: expand,
  });
  assert.equal((await post('/apis/storage.k8s.io/v1/storageclasses', sc('standard', true))).status, 201);
  const pvc = (name: string, spec: object = {}) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } });
  const r = await post('/api/v1/namespaces/default/persistentvolumeclaims', pvc('claim'));
  assert.equal(r.status, 201, r.body);
  assert.equal(r.json().spec.storageClassName, 'standard');
  assert.deepEqual(r.json().metadata.finalizers, ['kubernetes.io/pvc-protection']);
  const explicit = await post('/api/v1/namespaces/default/persistentvolumeclaims', pvc('none', { storageClassName: '' }));
  assert.equal(explicit.json().spec.storageClassName, '');
  const pv = await post('/api/v1/persistentvolumes', { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv1' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp' } } });
  assert.equal(pv.status, 201, pv.body);
  assert.deepEqual(pv.json().metadata.finalizers, ['kubernetes.io/pv-protection']);
  const grow = await s.request('PATCH', '/api/v1/namespaces/default/persistentvolumeclaims/claim', {
    body: JSON.stringify({ spec: { resources: { requests: { storage: '2Gi' } } } }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  assert.equal(grow.status, 403, grow.body);
  assert.equal(grow.json().message, 'persistentvolumeclaims "claim" is forbidden: Only bound persistent volume claims can be expanded');
  // Bound claims: a class that does not allow expansion refuses; one that allows it lets the request grow.
  const bind = async (name: string) => {
    const cur = (await get(`/api/v1/namespaces/default/persistentvolumeclaims/${name}`)).json();
    cur.spec.volumeName = `pv-${name}`;
    assert.equal((await s.request('PUT', `/api/v1/namespaces/default/persistentvolumeclaims/${name}`, { body: JSON.stringify(cur), headers: json })).status, 200);
    const st = (await get(`/api/v1/namespaces/default/persistentvolumeclaims/${name}`)).json();
    st.status = { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } };
    const r = await s.request('PUT', `/api/v1/namespaces/default/persistentvolumeclaims/${name}/status`, { body: JSON.stringify(st), headers: json });
    assert.equal(r.status, 200, r.body);
  };
  const growTo = (name: string, size: string) =>
    s.request('PATCH', `/api/v1/namespaces/default/persistentvolumeclaims/${name}`, { body: JSON.stringify({ spec: { resources: { requests: { storage: size } } } }), headers: { 'Content-Type': 'application/merge-patch+json' } });
  await bind('claim');
  const fixed = await growTo('claim', '2Gi');
  assert.equal(fixed.status, 403, fixed.body);
  assert.equal(fixed.json().message, 'persistentvolumeclaims "claim" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize');
  assert.equal((await post('/apis/storage.k8s.io/v1/storageclasses', sc('expandable', false, true))).status, 201);
  assert.equal((await post('/api/v1/namespaces/default/persistentvolumeclaims', pvc('growing', { storageClassName: 'expandable' }))).status, 201);
  await bind('growing');
  const grown = await growTo('growing', '3Gi');
  assert.equal(grown.status, 200, grown.body);
  assert.equal(grown.json().spec.resources.requests.storage, '3Gi');
});

test('DefaultIngressClass: the newest default class is chosen; an explicit class is kept', async () => {
  const ic = (name: string) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name, annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }, spec: { controller: 'example.com/ingress' } });
  assert.equal((await post('/apis/networking.k8s.io/v1/ingressclasses', ic('nginx'))).status, 201);
  const ing = (name: string, spec: object = {}) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name }, spec: { defaultBackend: { service: { name: 's', port: { number: 80 } } }, ...spec } });
  const r = await post('/apis/networking.k8s.io/v1/namespaces/default/ingresses', ing('i1'));
  assert.equal(r.status, 201, r.body);
  assert.equal(r.json().spec.ingressClassName, 'nginx');
  const own = await post('/apis/networking.k8s.io/v1/namespaces/default/ingresses', ing('i2', { ingressClassName: 'traefik' }));
  assert.equal(own.json().spec.ingressClassName, 'traefik');
});

test('TaintNodesByCondition: a new node is tainted not-ready', async () => {
  const r = await post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } });
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(r.json().spec.taints, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
});

test('RuntimeClass: overhead and scheduling from the class; a missing class and a conflicting selector are refused', async () => {
  const missing = await post('/api/v1/namespaces/default/pods', pod('rc0', { runtimeClassName: 'gvisor' }));
  assert.equal(missing.status, 403, missing.body);
  assert.equal(missing.json().message, 'pods "rc0" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
  const rc = await post('/apis/node.k8s.io/v1/runtimeclasses', {
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass',
    metadata: { name: 'gvisor' },
    handler: 'runsc',
    overhead: { podFixed: { cpu: '250m', memory: '120Mi' } },
    scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
  });
  assert.equal(rc.status, 201, rc.body);
  const r = await post('/api/v1/namespaces/default/pods', pod('rc1', { runtimeClassName: 'gvisor' }));
  assert.equal(r.status, 201, r.body);
  const spec = r.json().spec;
  assert.deepEqual(spec.overhead, { cpu: '250m', memory: '120Mi' });
  assert.deepEqual(spec.nodeSelector, { sandbox: 'gvisor' });
  // After DefaultTolerationSeconds' two, as kube runs RuntimeClass after it.
  assert.deepEqual(spec.tolerations.at(-1), { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' });
  const conflict = await post('/api/v1/namespaces/default/pods', pod('rc2', { runtimeClassName: 'gvisor', nodeSelector: { sandbox: 'kata' } }));
  assert.equal(conflict.status, 403, conflict.body);
  assert.equal(conflict.json().message, 'pods "rc2" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata');
});

async function csrPem(organization: string): Promise<string> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const req = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=someone, O=${organization}`, keys, signingAlgorithm: alg }, webcrypto);
  return Buffer.from(req.toString('pem')).toString('base64');
}

test('CertificateSubjectRestriction and CertificateApproval: kube texts', async () => {
  const csr = (name: string, request: string, signerName = 'kubernetes.io/kube-apiserver-client') => ({
    apiVersion: 'certificates.k8s.io/v1',
    kind: 'CertificateSigningRequest',
    metadata: { name },
    spec: { request, signerName, usages: ['client auth'] },
  });
  const masters = await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', csr('m', await csrPem('system:masters')));
  assert.equal(masters.status, 403, masters.body);
  assert.equal(masters.json().message, 'certificatesigningrequests.certificates.k8s.io "m" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed');
  const ok = await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', csr('dev', await csrPem('devs'), 'example.com/signer'));
  assert.equal(ok.status, 201, ok.body);
  // bob may update the approval sub-resource but not approve for the signer.
  const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'csr-approval' }, rules: [{ apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests', 'certificatesigningrequests/approval'], verbs: ['get', 'update'] }] };
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', role)).status, 201);
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bob-approval' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'csr-approval' }, subjects: [{ kind: 'User', name: 'bob', apiGroup: 'rbac.authorization.k8s.io' }] };
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', binding)).status, 201);
  const current = (await get('/apis/certificates.k8s.io/v1/certificatesigningrequests/dev')).json();
  current.status = { conditions: [{ type: 'Approved', status: 'True', reason: 'Test', message: 'ok' }] };
  const approve = () =>
    s.request('PUT', '/apis/certificates.k8s.io/v1/certificatesigningrequests/dev/approval', { body: JSON.stringify(current), headers: { ...json, 'Impersonate-User': 'bob' } });
  const denied = await eventually(approve, (r) => r.status !== 403 || r.json().message.includes('signerName'));
  assert.equal(denied.status, 403, denied.body);
  assert.equal(denied.json().message, 'certificatesigningrequests.certificates.k8s.io "dev" is forbidden: user not permitted to approve requests with signerName "example.com/signer"');
  const signerRole = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'approve-example' }, rules: [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }] };
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', signerRole)).status, 201);
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { ...binding, metadata: { name: 'bob-signer' }, roleRef: { ...binding.roleRef, name: 'approve-example' } })).status, 201);
  const approved = await eventually(approve, (r) => r.status === 200);
  assert.equal(approved.status, 200, approved.body);
});

test('--disable-admission-plugins turns a default plug-in off', async () => {
  const c = await startTestServer({ disableAdmissionPlugins: ['ServiceAccount', 'DefaultTolerationSeconds'] });
  try {
    const r = await post('/api/v1/namespaces/default/pods', pod('bare'), c);
    assert.equal(r.status, 201, r.body);
    const spec = r.json().spec;
    assert.equal(spec.serviceAccountName, undefined);
    assert.equal(spec.volumes, undefined);
    assert.equal(spec.tolerations, undefined);
    assert.equal(spec.priority, 0);
  } finally {
    await c.close();
  }
});

test('--enable-admission-plugins: AlwaysPullImages and NamespaceAutoProvision; AlwaysDeny refuses every write', async () => {
  const c = await startTestServer({ enableAdmissionPlugins: ['AlwaysPullImages', 'NamespaceAutoProvision'] });
  try {
    const r = await post('/api/v1/namespaces/fresh/pods', pod('p', { containers: [{ name: 'c', image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent' }] }), c);
    assert.equal(r.status, 201, r.body);
    assert.equal(r.json().spec.containers[0].imagePullPolicy, 'Always');
    assert.equal((await get('/api/v1/namespaces/fresh', c)).status, 200);
  } finally {
    await c.close();
  }
  const d = await startTestServer({ enableAdmissionPlugins: ['AlwaysDeny'] });
  try {
    const r = await post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, d);
    assert.equal(r.status, 403, r.body);
    assert.equal(r.json().message, 'configmaps "x" is forbidden: admission control is denying all modifications');
  } finally {
    await d.close();
  }
});

async function selfSignedPem(cn: string): Promise<string> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({ name: `CN=${cn}`, keys, signingAlgorithm: alg, notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), extensions: [new x509.BasicConstraintsExtension(true, undefined, true)] }, webcrypto);
  return cert.toString('pem');
}

const grant = async (name: string, user: string, rules: object[]) => {
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, rules })).status, 201);
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name }, subjects: [{ kind: 'User', name: user, apiGroup: 'rbac.authorization.k8s.io' }] };
  assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', binding)).status, 201);
};

test('CertificateSigning: issuing a certificate on the status needs sign on the signer, with kube\'s text', async () => {
  const csr = { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'to-sign' }, spec: { request: await csrPem('devs'), signerName: 'example.com/issuer', usages: ['client auth'] } };
  assert.equal((await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', csr)).status, 201);
  await grant('csr-status-writer', 'carol', [{ apiGroups: ['certificates.k8s.io'], resources: ['certificatesigningrequests', 'certificatesigningrequests/status'], verbs: ['get', 'update'] }]);
  const current = (await get('/apis/certificates.k8s.io/v1/certificatesigningrequests/to-sign')).json();
  current.status = { certificate: Buffer.from(await selfSignedPem('issued')).toString('base64') };
  const issue = () => s.request('PUT', '/apis/certificates.k8s.io/v1/certificatesigningrequests/to-sign/status', { body: JSON.stringify(current), headers: { ...json, 'Impersonate-User': 'carol' } });
  const denied = await eventually(issue, (r) => r.status !== 403 || r.json().message.includes('signerName'));
  assert.equal(denied.status, 403, denied.body);
  assert.equal(denied.json().message, 'certificatesigningrequests.certificates.k8s.io "to-sign" is forbidden: user not permitted to sign requests with signerName "example.com/issuer"');
  await grant('sign-example', 'carol', [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/issuer'], verbs: ['sign'] }]);
  const signed = await eventually(issue, (r) => r.status === 200);
  assert.equal(signed.status, 200, signed.body);
  assert.equal(signed.json().status.certificate, current.status.certificate);
});

test('ClusterTrustBundleAttest: a bundle for a signer needs attest on that signer, with kube\'s text', async () => {
  const t = await startTestServer({ runtimeConfig: 'certificates.k8s.io/v1beta1=true', featureGates: { ClusterTrustBundle: true } });
  try {
    const bundle = { apiVersion: 'certificates.k8s.io/v1beta1', kind: 'ClusterTrustBundle', metadata: { name: 'example.com:issuer:one' }, spec: { signerName: 'example.com/issuer', trustBundle: await selfSignedPem('root') } };
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'ctb-writer' }, rules: [{ apiGroups: ['certificates.k8s.io'], resources: ['clustertrustbundles'], verbs: ['create'] }] };
    assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', role, t)).status, 201);
    const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'ctb-writer' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'ctb-writer' }, subjects: [{ kind: 'User', name: 'dave', apiGroup: 'rbac.authorization.k8s.io' }] };
    assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', binding, t)).status, 201);
    const create = () => t.request('POST', '/apis/certificates.k8s.io/v1beta1/clustertrustbundles', { body: JSON.stringify(bundle), headers: { ...json, 'Impersonate-User': 'dave' } });
    const denied = await eventually(create, (r) => r.status !== 403 || r.json().message.includes('signerName'));
    assert.equal(denied.status, 403, denied.body);
    assert.equal(denied.json().message, 'clustertrustbundles.certificates.k8s.io "example.com:issuer:one" is forbidden: user not permitted to attest for signerName "example.com/issuer"');
    const attest = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'attest-example' }, rules: [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/issuer'], verbs: ['attest'] }] };
    assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterroles', attest, t)).status, 201);
    assert.equal((await post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { ...binding, metadata: { name: 'attest-example' }, roleRef: { ...binding.roleRef, name: 'attest-example' } }, t)).status, 201);
    const created = await eventually(create, (r) => r.status === 201);
    assert.equal(created.status, 201, created.body);
  } finally {
    await t.close();
  }
});
