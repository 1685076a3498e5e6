// Admission webhooks (MutatingWebhookConfiguration, ValidatingWebhookConfiguration) driven with kubectl against a
// webhook server of the test's own on 127.0.0.1 (HTTPS, its own CA): denial, warnings, mutation by JSON patch,
// reinvocation, dry-run and side effects, failure policy, timeouts, matchConditions, selectors, sub-resources,
// service references and TLS verification, with kube's messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { servingPair, type TestCert } from '../src/testing/test-pki.js';

type Review = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (review: Review) => { response?: Record<string, unknown>; delayMs?: number; raw?: object };

let s: TestServer;
let hook: Server;
let base: string;
let ca: TestCert;
const handlers = new Map<string, Handler>();
const received = new Map<string, Review[]>();

before(async () => {
  const pair = await servingPair();
  ca = pair.ca;
  hook = createServer({ cert: pair.serving.cert, key: pair.serving.key }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const review = JSON.parse(body);
      received.set(path, [...(received.get(path) ?? []), { ...review, query: (req.url ?? '').split('?')[1] }]);
      const h = handlers.get(path);
      const out = h ? h(review) : { response: { allowed: true } };
      const send = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify(out.raw ?? { apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request.uid, ...out.response } }),
        );
      if (out.delayMs) setTimeout(send, out.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  s = await startTestServer();
});
after(async () => {
  await s?.close();
  hook?.closeAllConnections();
  await new Promise<void>((r) => hook.close(() => r()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const caBundle = () => Buffer.from(ca.cert).toString('base64');

interface HookSpec {
  name: string;
  path?: string;
  rules?: object[];
  extra?: Record<string, unknown>;
  clientConfig?: object;
}

/** Creates a configuration (and waits for admission to see it); returns its deletion. */
async function configure(kind: 'Validating' | 'Mutating', name: string, hooks: HookSpec[]): Promise<() => Promise<void>> {
  const config = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: `${kind}WebhookConfiguration`,
    metadata: { name },
    webhooks: hooks.map((h) => ({
      name: h.name,
      clientConfig: h.clientConfig ?? { url: `${base}${h.path}`, caBundle: caBundle() },
      rules: h.rules ?? [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      ...h.extra,
    })),
  };
  const r = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(config) });
  assert.equal(r.code, 0, r.stderr);
  await sleep(400); // the shared informer delivers the configuration to admission
  return async () => {
    const d = await s.kubectl(['delete', `${kind.toLowerCase()}webhookconfiguration`, name]);
    assert.equal(d.code, 0, d.stderr);
    await sleep(400);
  };
}

async function namespace(name: string, labels: Record<string, string> = {}): Promise<void> {
  const r = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } }) });
  assert.equal(r.code, 0, r.stderr);
}

const configMap = (ns: string, name: string, labels: Record<string, string> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns, labels }, data: { a: '1' } });

test('a validating webhook denies with its message; the AdmissionReview carries kube\'s request fields', async () => {
  await namespace('vw-deny');
  handlers.set('/deny', (rv) => ({ response: { allowed: rv.request.name !== 'forbidden-one' ? true : false, status: { code: 403, reason: 'Forbidden', message: 'no configmaps called forbidden-one' } } }));
  const undo = await configure('Validating', 'deny-config', [{ name: 'deny.example.com', path: '/deny' }]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('vw-deny', 'forbidden-one') });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": admission webhook "deny.example.com" denied the request: no configmaps called forbidden-one');
    const ok = await s.kubectl(['create', '-f', '-'], { input: configMap('vw-deny', 'fine-one') });
    assert.equal(ok.code, 0, ok.stderr);
    const reviews = received.get('/deny')!.filter((x) => x.request.namespace === 'vw-deny');
    assert.equal(reviews.length, 2);
    const rv = reviews[0];
    assert.equal(rv.apiVersion, 'admission.k8s.io/v1');
    assert.equal(rv.kind, 'AdmissionReview');
    assert.equal(rv.query, 'timeout=10s');
    const req = rv.request;
    assert.match(req.uid, /^[0-9a-f-]{36}$/);
    assert.deepEqual(req.kind, { group: '', version: 'v1', kind: 'ConfigMap' });
    assert.deepEqual(req.resource, { group: '', version: 'v1', resource: 'configmaps' });
    assert.deepEqual(req.requestKind, req.kind);
    assert.deepEqual(req.requestResource, req.resource);
    assert.equal(req.subResource, undefined);
    assert.equal(req.name, 'forbidden-one');
    assert.equal(req.operation, 'CREATE');
    assert.equal(req.userInfo.username, 'kubelite-admin');
    assert.ok(req.userInfo.groups.includes('system:masters'));
    assert.equal(req.object.data.a, '1');
    assert.equal(req.oldObject, null);
    assert.equal(req.dryRun, false);
    assert.equal(req.options.kind, 'CreateOptions');
    assert.equal(req.options.apiVersion, 'meta.k8s.io/v1');
  } finally {
    await undo();
  }
});

test('a denial without code or message is a 400 "without explanation"; warnings reach kubectl as Warning lines', async () => {
  await namespace('vw-warn');
  handlers.set('/bare', (rv) => ({ response: rv.request.name === 'bare' ? { allowed: false } : { allowed: true, warnings: ['configmaps are watched', 'second warning'] } }));
  const undo = await configure('Validating', 'bare-config', [{ name: 'bare.example.com', path: '/bare' }]);
  try {
    const raw = await s.request('POST', '/api/v1/namespaces/vw-warn/configmaps', { body: configMap('vw-warn', 'bare'), headers: { 'content-type': 'application/json' } });
    assert.equal(raw.status, 400);
    assert.equal(raw.json().message, 'admission webhook "bare.example.com" denied the request without explanation');
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('vw-warn', 'warned') });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, 'Warning: configmaps are watched\nWarning: second warning\n');
  } finally {
    await undo();
  }
});

test('a mutating webhook patches the object (JSONPatch, and v1beta1 reviews without patchType); IfNeeded webhooks are called again after a later change', async () => {
  await namespace('mw');
  const patch = (ops: object[]) => Buffer.from(JSON.stringify(ops)).toString('base64');
  let firstCalls = 0;
  handlers.set('/first', () => {
    firstCalls++;
    return { response: { allowed: true } };
  });
  handlers.set('/label', (rv) => ({
    response: { allowed: true, patchType: 'JSONPatch', patch: patch([{ op: 'add', path: '/metadata/labels', value: { mutated: 'yes', seen: rv.request.object.metadata.name } }]) },
  }));
  handlers.set('/beta', (rv) => {
    assert.equal(rv.apiVersion, 'admission.k8s.io/v1beta1');
    return { raw: { apiVersion: 'admission.k8s.io/v1beta1', kind: 'AdmissionReview', response: { uid: rv.request.uid, allowed: true, patch: patch([{ op: 'add', path: '/data/beta', value: 'v1beta1' }]) } } };
  });
  const undo = await configure('Mutating', 'mutate-config', [
    { name: 'first.example.com', path: '/first', extra: { reinvocationPolicy: 'IfNeeded' } },
    { name: 'label.example.com', path: '/label' },
    { name: 'beta.example.com', path: '/beta', extra: { admissionReviewVersions: ['v1beta1', 'v1'] } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('mw', 'patched') });
    assert.equal(r.code, 0, r.stderr);
    const got = JSON.parse((await s.kubectl(['get', 'configmap', '-n', 'mw', 'patched', '-o', 'json'])).stdout);
    assert.deepEqual(got.metadata.labels, { mutated: 'yes', seen: 'patched' });
    assert.deepEqual(got.data, { a: '1', beta: 'v1beta1' });
    assert.equal(firstCalls, 2); // reinvoked once because later webhooks changed the object
  } finally {
    await undo();
  }
});

test('a container added by a mutating webhook is defaulted as kube defaults it after every patch', async () => {
  await namespace('inject');
  const patch = Buffer.from(JSON.stringify([{ op: 'add', path: '/spec/containers/-', value: { name: 'sidecar', image: 'busybox' } }])).toString('base64');
  handlers.set('/inject', () => ({ response: { allowed: true, patchType: 'JSONPatch', patch } }));
  const undo = await configure('Mutating', 'inject-config', [
    { name: 'inject.example.com', path: '/inject', rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] },
    { name: 'observe.example.com', path: '/observe', rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] },
  ]);
  try {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'app', namespace: 'inject' }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
    const r = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(pod) });
    assert.equal(r.code, 0, r.stderr);
    const got = JSON.parse((await s.kubectl(['get', 'pod', '-n', 'inject', 'app', '-o', 'json'])).stdout);
    const sidecar = got.spec.containers[1];
    assert.equal(sidecar.name, 'sidecar');
    assert.equal(sidecar.imagePullPolicy, 'Always');
    assert.equal(sidecar.terminationMessagePath, '/dev/termination-log');
    assert.equal(sidecar.terminationMessagePolicy, 'File');
    // The next webhook already sees the added container defaulted.
    const seen = received.get('/observe')!.at(-1).request.object.spec.containers[1];
    assert.deepEqual([seen.name, seen.imagePullPolicy, seen.terminationMessagePath], ['sidecar', 'Always', '/dev/termination-log']);
  } finally {
    await undo();
  }
});

test('dry-run: webhooks with sideEffects None or NoneOnDryRun see dryRun true; sideEffects Some refuses the request with kube\'s text', async () => {
  await namespace('dry');
  const undo = await configure('Validating', 'dry-config', [
    { name: 'nodry.example.com', path: '/nodry', extra: { sideEffects: 'NoneOnDryRun' } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-', '--dry-run=server'], { input: configMap('dry', 'trial') });
    assert.equal(r.code, 0, r.stderr);
    const rv = received.get('/nodry')!.at(-1);
    assert.equal(rv.request.dryRun, true);
    assert.deepEqual(rv.request.options.dryRun, ['All']);
  } finally {
    await undo();
  }
  // sideEffects Some is refused in v1; a configuration stored before that (v1beta1) keeps it and reaches admission.
  const legacy = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'side-effects-config' },
    webhooks: [{ name: 'effects.example.com', clientConfig: { url: `${base}/effects`, caBundle: caBundle() }, rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }], sideEffects: 'Some', admissionReviewVersions: ['v1'] }],
  };
  const refused = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(legacy) });
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr.trim(), 'The ValidatingWebhookConfiguration "side-effects-config" is invalid: webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"');
  const stored = { ...legacy, metadata: { name: 'side-effects-config', uid: '0b7f4c52-3a49-4c8e-9d57-6f1f2f0e8a11', generation: 1, creationTimestamp: '2019-06-01T00:00:00Z' } };
  const put = await s.storage.put('/registry/validatingwebhookconfigurations/side-effects-config', Buffer.from(JSON.stringify(stored)), 0);
  assert.ok(put.ok);
  await sleep(400);
  const undo2 = async () => {
    const d = await s.kubectl(['delete', 'validatingwebhookconfiguration', 'side-effects-config']);
    assert.equal(d.code, 0, d.stderr);
    await sleep(400);
  };
  try {
    const r = await s.kubectl(['create', '-f', '-', '--dry-run=server'], { input: configMap('dry', 'trial2') });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), 'Error from server (BadRequest): error when creating "STDIN": admission webhook "effects.example.com" does not support dry run');
    assert.equal(received.get('/effects'), undefined);
  } finally {
    await undo2();
  }
});

test('failure policy: an unreachable webhook fails the request (Fail) or is skipped (Ignore)', async () => {
  await namespace('fp');
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  const url = `https://127.0.0.1:${port}/gone`;
  const undo = await configure('Validating', 'fail-config', [{ name: 'gone.example.com', clientConfig: { url, caBundle: caBundle() } }]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('fp', 'a') });
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr.trim(),
      `Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "gone.example.com": failed to call webhook: Post "${url}?timeout=10s": dial tcp 127.0.0.1:${port}: connect: connection refused`,
    );
  } finally {
    await undo();
  }
  const undo2 = await configure('Validating', 'ignore-config', [{ name: 'gone.example.com', clientConfig: { url, caBundle: caBundle() }, extra: { failurePolicy: 'Ignore' } }]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('fp', 'b') });
    assert.equal(r.code, 0, r.stderr);
  } finally {
    await undo2();
  }
});

test('timeoutSeconds: a webhook slower than its timeout fails with context deadline exceeded', async () => {
  await namespace('slow');
  handlers.set('/slow', () => ({ response: { allowed: true }, delayMs: 2500 }));
  const undo = await configure('Validating', 'slow-config', [{ name: 'slow.example.com', path: '/slow', extra: { timeoutSeconds: 1 } }]);
  try {
    const started = Date.now();
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('slow', 'a') });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), `Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${base}/slow?timeout=1s": context deadline exceeded`);
    assert.ok(Date.now() - started < 2400 + 3000);
  } finally {
    await undo();
  }
});

test('matchConditions: false skips the webhook, true calls it, an evaluation error fails closed with 403', async () => {
  await namespace('mc');
  handlers.set('/mc', () => ({ response: { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'matched' } } }));
  const undo = await configure('Validating', 'mc-config', [
    { name: 'mc.example.com', path: '/mc', extra: { matchConditions: [{ name: 'hooked', expression: "object.metadata.name.startsWith('hooked-')" }, { name: 'ns', expression: "request.namespace == 'mc'" }] } },
  ]);
  try {
    const skip = await s.kubectl(['create', '-f', '-'], { input: configMap('mc', 'plain') });
    assert.equal(skip.code, 0, skip.stderr);
    const hit = await s.kubectl(['create', '-f', '-'], { input: configMap('mc', 'hooked-1') });
    assert.equal(hit.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": admission webhook "mc.example.com" denied the request: matched');
  } finally {
    await undo();
  }
  const undo2 = await configure('Validating', 'mc-error-config', [
    { name: 'mcerr.example.com', path: '/mc', extra: { matchConditions: [{ name: 'missing', expression: "object.metadata.labels['absent'] == 'x'" }] } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('mc', 'errs', { other: 'x' }) });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), `Error from server (Forbidden): error when creating "STDIN": configmaps "errs" is forbidden: expression 'object.metadata.labels['absent'] == 'x'' resulted in error: no such key: absent`);
  } finally {
    await undo2();
  }
});

test('matchConditions: the authorizer variable checks the requesting user\'s permissions', async () => {
  await namespace('mcauth');
  handlers.set('/mcauth', () => ({ response: { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'may delete configmaps' } } }));
  const undo = await configure('Validating', 'mcauth-config', [
    { name: 'mcauth.example.com', path: '/mcauth', extra: { matchConditions: [{ name: 'deleter', expression: "authorizer.requestResource.check('delete').allowed() && authorizer.group('').resource('secrets').namespace('mcauth').check('get').allowed()" }] } },
  ]);
  try {
    // The admin may do anything: the condition holds and the webhook denies.
    const admin = await s.kubectl(['create', '-f', '-'], { input: configMap('mcauth', 'by-admin') });
    assert.equal(admin.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": admission webhook "mcauth.example.com" denied the request: may delete configmaps');
    // A user who may only create configmaps there is not matched.
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'cm-create', namespace: 'mcauth' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }] };
    const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'cm-create', namespace: 'mcauth' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'cm-create' }, subjects: [{ kind: 'User', name: 'carol', apiGroup: 'rbac.authorization.k8s.io' }] };
    for (const o of [role, binding]) assert.equal((await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(o) })).code, 0);
    const carol = await s.kubectl(['create', '-f', '-', '--as=carol'], { input: configMap('mcauth', 'by-carol') });
    assert.equal(carol.code, 0, carol.stderr);
  } finally {
    await undo();
  }
});

test('matchPolicy Equivalent: a rule for events.k8s.io/v1 events sees a core/v1 Event in its own version; Exact does not', async () => {
  await namespace('equiv');
  handlers.set('/equiv', () => ({ response: { allowed: true } }));
  handlers.set('/exact', () => ({ response: { allowed: true } }));
  const rules = [{ operations: ['CREATE'], apiGroups: ['events.k8s.io'], apiVersions: ['v1'], resources: ['events'] }];
  const undo = await configure('Validating', 'equiv-config', [
    { name: 'equiv.example.com', path: '/equiv', rules },
    { name: 'exact.example.com', path: '/exact', rules, extra: { matchPolicy: 'Exact' } },
  ]);
  try {
    const event = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'ev1', namespace: 'equiv' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'equiv' }, reason: 'Tested', message: 'hello', type: 'Normal' };
    const r = await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(event) });
    assert.equal(r.code, 0, r.stderr);
    const req = received.get('/equiv')!.at(-1).request;
    assert.deepEqual(req.kind, { group: 'events.k8s.io', version: 'v1', kind: 'Event' });
    assert.deepEqual(req.resource, { group: 'events.k8s.io', version: 'v1', resource: 'events' });
    assert.deepEqual(req.requestKind, { group: '', version: 'v1', kind: 'Event' });
    assert.deepEqual(req.requestResource, { group: '', version: 'v1', resource: 'events' });
    assert.equal(req.object.apiVersion, 'events.k8s.io/v1');
    assert.equal(req.object.note, 'hello');
    assert.equal(req.object.regarding.name, 'p');
    assert.equal(received.get('/exact'), undefined);
  } finally {
    await undo();
  }
});

test('namespaceSelector and objectSelector choose which requests reach the webhook', async () => {
  await namespace('sel-on', { hooks: 'on' });
  await namespace('sel-off');
  handlers.set('/sel', () => ({ response: { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'selected' } } }));
  const undo = await configure('Validating', 'sel-config', [
    { name: 'sel.example.com', path: '/sel', extra: { namespaceSelector: { matchLabels: { hooks: 'on' } }, objectSelector: { matchExpressions: [{ key: 'skip', operator: 'DoesNotExist' }] } } },
  ]);
  try {
    assert.equal((await s.kubectl(['create', '-f', '-'], { input: configMap('sel-off', 'a') })).code, 0);
    assert.equal((await s.kubectl(['create', '-f', '-'], { input: configMap('sel-on', 'b', { skip: 'yes' }) })).code, 0);
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('sel-on', 'c') });
    assert.equal(r.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": admission webhook "sel.example.com" denied the request: selected');
  } finally {
    await undo();
  }
});

test('sub-resource rules: deployments/scale reaches the webhook with the Scale kind and subResource', async () => {
  await namespace('sub');
  const dep = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'sub' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
  assert.equal((await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(dep) })).code, 0);
  handlers.set('/scale', () => ({ response: { allowed: false, status: { code: 403, reason: 'Forbidden', message: 'no scaling' } } }));
  const undo = await configure('Validating', 'scale-config', [
    { name: 'scale.example.com', path: '/scale', rules: [{ operations: ['UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments/scale'] }] },
  ]);
  try {
    const r = await s.kubectl(['scale', 'deployment', 'web', '-n', 'sub', '--replicas=3']);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), 'Error from server (Forbidden): admission webhook "scale.example.com" denied the request: no scaling');
    const req = received.get('/scale')!.at(-1).request;
    assert.deepEqual(req.kind, { group: 'autoscaling', version: 'v1', kind: 'Scale' });
    assert.equal(req.subResource, 'scale');
    assert.equal(req.requestSubResource, 'scale');
    assert.equal(req.operation, 'UPDATE');
    assert.equal(req.object.spec.replicas, 3);
    // The main resource is not matched by a sub-resource rule.
    const label = await s.kubectl(['label', 'deployment', 'web', '-n', 'sub', 'x=y']);
    assert.equal(label.code, 0, label.stderr);
  } finally {
    await undo();
  }
});

test('service references and TLS: a missing service, a cluster IP without a network, and an unknown CA', async () => {
  await namespace('svc');
  const undo = await configure('Validating', 'svc-missing-config', [
    { name: 'svc.example.com', clientConfig: { service: { namespace: 'svc', name: 'hook', path: '/validate' }, caBundle: caBundle() } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('svc', 'a') });
    assert.equal(r.stderr.trim(), 'Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "svc.example.com": failed to call webhook: Post "https://hook.svc.svc:443/validate?timeout=10s": service "hook" not found');
  } finally {
    await undo();
  }
  const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'hook', namespace: 'svc' }, spec: { ports: [{ port: 443 }] } };
  assert.equal((await s.kubectl(['create', '-f', '-'], { input: JSON.stringify(svc) })).code, 0);
  const undo2 = await configure('Validating', 'svc-config', [
    { name: 'svc.example.com', clientConfig: { service: { namespace: 'svc', name: 'hook', path: '/validate' }, caBundle: caBundle() }, extra: { timeoutSeconds: 1 } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('svc', 'b') });
    assert.equal(r.stderr.trim(), 'Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "svc.example.com": failed to call webhook: Post "https://hook.svc.svc:443/validate?timeout=1s": context deadline exceeded');
  } finally {
    await undo2();
  }
  const other = await servingPair();
  const undo3 = await configure('Validating', 'tls-config', [
    { name: 'tls.example.com', clientConfig: { url: `${base}/tls`, caBundle: Buffer.from(other.ca.cert).toString('base64') } },
  ]);
  try {
    const r = await s.kubectl(['create', '-f', '-'], { input: configMap('svc', 'c') });
    assert.equal(r.stderr.trim(), `Error from server (InternalError): error when creating "STDIN": Internal error occurred: failed calling webhook "tls.example.com": failed to call webhook: Post "${base}/tls?timeout=10s": tls: failed to verify certificate: x509: certificate signed by unknown authority`);
    assert.equal(received.get('/tls'), undefined);
  } finally {
    await undo3();
  }
});

test('an invalid answer (wrong uid) fails closed; DELETE reaches the webhook with the old object', async () => {
  await namespace('inv');
  assert.equal((await s.kubectl(['create', '-f', '-'], { input: configMap('inv', 'victim') })).code, 0);
  handlers.set('/uid', (rv) => ({ raw: { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'not-the-uid', allowed: true } }, response: rv }));
  const undo = await configure('Validating', 'uid-config', [
    { name: 'uid.example.com', path: '/uid', rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }] },
  ]);
  try {
    const r = await s.kubectl(['delete', 'configmap', '-n', 'inv', 'victim']);
    assert.equal(r.code, 1);
    const rv = received.get('/uid')!.at(-1);
    assert.equal(
      r.stderr.trim(),
      `Error from server (InternalError): Internal error occurred: failed calling webhook "uid.example.com": received invalid webhook response: expected response.uid="${rv.request.uid}", got "not-the-uid"`,
    );
    assert.equal(rv.request.operation, 'DELETE');
    assert.equal(rv.request.oldObject.metadata.name, 'victim');
    assert.equal(rv.request.object, null);
    assert.equal(rv.request.options.kind, 'DeleteOptions');
  } finally {
    await undo();
  }
});
