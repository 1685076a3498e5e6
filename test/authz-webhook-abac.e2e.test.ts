// The Webhook authorizer against a webhook server of the test's own (--authorization-config and the flag form),
// ABAC with a policy file, and the authorization flags' validation (auth.md §8).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { startServer } from '../src/index.js';
import { UsageError } from '../src/server/usage-error.js';

let dir: string;
let hook: Server;
let hookUrl: string;
const reviews: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-authz-hook-'));
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const review = JSON.parse(body);
      reviews.push(review);
      const user: string = review.spec.user;
      const status = user === 'hook-allowed' ? { allowed: true, reason: 'the hook says yes' } : user === 'hook-denied' ? { allowed: false, denied: true, reason: 'the hook says no' } : user === 'hook-broken' ? null : { allowed: false };
      if (status === null) {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status }));
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/authorize`;
  writeFileSync(join(dir, 'tokens.csv'), ['t-allowed,hook-allowed,1', 't-denied,hook-denied,2', 't-other,hook-other,3,"g1"', 't-broken,hook-broken,4', 't-alice,alice,5', 't-ro,reader,6,"readers"'].join('\n') + '\n');
  writeFileSync(join(dir, 'hook.kubeconfig'), JSON.stringify({ apiVersion: 'v1', kind: 'Config', clusters: [{ name: 'h', cluster: { server: hookUrl } }], users: [{ name: 'h', user: {} }], contexts: [{ name: 'h', context: { cluster: 'h', user: 'h' } }], 'current-context': 'h' }));
});
after(() => new Promise<void>((r) => hook.close(() => r())));

const bearer = (t: string) => ({ cert: false, headers: { authorization: `Bearer ${t}` } });

test('--authorization-config: RBAC then a webhook; allow, deny with its reason, no opinion, failure policy Deny (500), cache', async () => {
  const config = join(dir, 'authz-config.yaml');
  writeFileSync(
    config,
    [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AuthorizationConfiguration',
      'authorizers:',
      '- type: RBAC',
      '  name: rbac',
      '- type: Webhook',
      '  name: test.hook',
      '  webhook:',
      '    timeout: 3s',
      '    subjectAccessReviewVersion: v1',
      '    failurePolicy: Deny',
      '    connectionInfo:',
      '      type: KubeConfigFile',
      `      kubeConfigFile: ${join(dir, 'hook.kubeconfig')}`,
    ].join('\n'),
  );
  const s: TestServer = await startTestServer({ storageBackend: 'memory', tokenAuthFile: join(dir, 'tokens.csv'), authorizationConfigFile: config, authorizationConfigReloadMs: 100 });
  try {
    reviews.length = 0;
    let r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-allowed'));
    assert.equal(r.status, 200, r.body);
    assert.deepEqual(reviews[0], {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      metadata: { creationTimestamp: null },
      spec: { resourceAttributes: { namespace: 'default', verb: 'list', version: 'v1', resource: 'configmaps' }, user: 'hook-allowed', groups: ['system:authenticated'], uid: '1' },
      status: { allowed: false },
    });
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-allowed'));
    assert.equal(r.status, 200);
    assert.equal(reviews.length, 1, 'the allowed answer is cached');
    reviews.length = 0;
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Dx&labelSelector=app%20in%20(a,b),!tier', bearer('t-other'));
    assert.deepEqual(reviews[0].spec.resourceAttributes, {
      namespace: 'default',
      verb: 'list',
      version: 'v1',
      resource: 'configmaps',
      name: 'x',
      fieldSelector: { requirements: [{ key: 'metadata.name', operator: 'In', values: ['x'] }] },
      labelSelector: { requirements: [{ key: 'app', operator: 'In', values: ['a', 'b'] }, { key: 'tier', operator: 'DoesNotExist' }] },
    });
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-denied'));
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps is forbidden: User "hook-denied" cannot list resource "configmaps" in API group "" in the namespace "default": the hook says no');
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-other'));
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps is forbidden: User "hook-other" cannot list resource "configmaps" in API group "" in the namespace "default"');
    // RBAC comes first: what the default policy grants never reaches the hook.
    const before = reviews.length;
    r = await s.request('GET', '/version', bearer('t-denied'));
    assert.equal(r.status, 200);
    assert.equal(reviews.length, before);
    // failurePolicy Deny: a failing hook ends the chain; a refusal with an error is kube's plain-text 500.
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-broken'));
    assert.equal(r.status, 500, r.body);
    assert.equal(r.body, 'Internal Server Error: "/api/v1/namespaces/default/configmaps": the server responded with the status code 500 but did not return more information (post subjectaccessreviews.authorization.k8s.io)\n');
    // The webhook cannot list rules: SelfSubjectRulesReview is incomplete with its error.
    r = await s.request('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { ...bearer('t-other'), headers: { ...bearer('t-other').headers, 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace: 'default' } }) });
    assert.equal(r.status, 201, r.body);
    assert.equal(r.json().status.incomplete, true);
    assert.equal(r.json().status.evaluationError, 'webhook authorizer does not support user rule resolution');
    // Reload: a change that adds a type absent at start is refused; dropping the webhook is taken.
    const wait = () => new Promise((res) => setTimeout(res, 400));
    writeFileSync(config, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\nauthorizers:\n- type: RBAC\n  name: rbac\n- type: AlwaysAllow\n  name: alwaysallow\n');
    await wait();
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/secrets', bearer('t-other'))).status, 403);
    writeFileSync(config, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\nauthorizers:\n- type: RBAC\n  name: rbac\n');
    await wait();
    r = await s.request('GET', '/api/v1/namespaces/default/pods', bearer('t-allowed'));
    assert.equal(r.status, 403, 'the webhook is gone');
  } finally {
    await s.close();
  }
});

test('--authorization-mode=Webhook (v1beta1, failure policy NoOpinion): a failing hook nobody overrides is a 500', async () => {
  const s = await startTestServer({ storageBackend: 'memory', tokenAuthFile: join(dir, 'tokens.csv'), authorizationModes: ['Webhook'], authorizationWebhookConfigFile: join(dir, 'hook.kubeconfig') });
  try {
    reviews.length = 0;
    let r = await s.request('GET', '/api/v1/namespaces/default/pods/p1', bearer('t-other'));
    assert.equal(r.status, 403);
    assert.equal(reviews[0].apiVersion, 'authorization.k8s.io/v1beta1');
    assert.deepEqual(reviews[0].spec.group, ['g1', 'system:authenticated'], 'v1beta1 names the groups "group"');
    r = await s.request('GET', '/api/v1/namespaces/default/pods/p1', bearer('t-broken'));
    assert.equal(r.status, 500);
    assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(r.body, /^Internal Server Error: "\/api\/v1\/namespaces\/default\/pods\/p1": the server responded with the status code 500/);
    assert.equal(reviews.filter((x) => x.spec.user === 'hook-broken').length, 5, 'a 500 is tried five times with backoff');
  } finally {
    await s.close();
  }
});

test('ABAC: policy lines allow, readonly limits verbs, otherwise "No policy matched."', async () => {
  const policy = join(dir, 'abac.jsonl');
  writeFileSync(
    policy,
    [
      '# comments and blank lines are skipped',
      '',
      '{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Policy","spec":{"user":"alice","namespace":"default","resource":"*","apiGroup":"*"}}',
      '{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Policy","spec":{"group":"readers","readonly":true,"namespace":"*","resource":"configmaps","apiGroup":""}}',
    ].join('\n'),
  );
  const s = await startTestServer({ storageBackend: 'memory', tokenAuthFile: join(dir, 'tokens.csv'), authorizationModes: ['ABAC'], authorizationPolicyFile: policy });
  try {
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/secrets', bearer('t-alice'))).status, 200);
    let r = await s.request('GET', '/api/v1/namespaces/kube-system/secrets', bearer('t-alice'));
    assert.equal(r.json().message, 'secrets is forbidden: User "alice" cannot list resource "secrets" in API group "" in the namespace "kube-system": No policy matched.');
    assert.equal((await s.request('GET', '/api/v1/namespaces/kube-system/configmaps', bearer('t-ro'))).status, 200);
    r = await s.request('DELETE', '/api/v1/namespaces/kube-system/configmaps/x', bearer('t-ro'));
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps "x" is forbidden: User "reader" cannot delete resource "configmaps" in API group "" in the namespace "kube-system": No policy matched.');
  } finally {
    await s.close();
  }
});

test('authorization flags are validated with kube\'s messages before anything starts', async () => {
  const fails = async (opts: object, message: string) => {
    await assert.rejects(startServer({ securePort: 0, storageBackend: 'memory', writeKubeconfig: '', dataDir: dir, ...opts }), (e: Error) => e instanceof UsageError && e.message === message);
  };
  await fails({ authorizationModes: [] }, 'at least one authorization-mode must be passed');
  await fails({ authorizationModes: ['RBAC', 'RBAC'] }, 'authorization-mode ["RBAC" "RBAC"] has mode specified more than once');
  await fails({ authorizationModes: ['ABAC'] }, "authorization-mode ABAC's authorization policy file not passed");
  await fails({ authorizationModes: ['Webhook'] }, "authorization-mode Webhook's authorization config file not passed");
  await fails({ authorizationModes: ['RBAC'], authorizationPolicyFile: '/x' }, 'cannot specify --authorization-policy-file without mode ABAC');
  await fails({ authorizationModesSet: true, authorizationConfigFile: '/x' }, '--authorization-config can not be specified when --authorization-mode or --authorization-webhook-* flags are defined');
  const bad = join(dir, 'bad-config.yaml');
  writeFileSync(bad, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AuthorizationConfiguration\nauthorizers:\n- type: RBAC\n  name: rbac\n- type: Magic\n  name: m\n- type: RBAC\n  name: Bad_Name\n');
  await fails(
    { authorizationConfigFile: bad },
    '--authorization-config: [authorizers[1].type: Unsupported value: "Magic": supported values: "ABAC", "AlwaysAllow", "AlwaysDeny", "Node", "RBAC", "Webhook", authorizers[2].type: Duplicate value: "RBAC", authorizers[2].name: Invalid value: "Bad_Name": authorizer name is invalid: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')]',
  );
});

test('--authorization-config matchConditions: a false condition skips the webhook; an evaluation error is the failure policy\'s', async () => {
  const config = join(dir, 'authz-conditions.yaml');
  const hookEntry = (name: string, failurePolicy: string, conditions: string[]) => [
    `- type: Webhook`,
    `  name: ${name}`,
    '  webhook:',
    '    timeout: 3s',
    '    subjectAccessReviewVersion: v1',
    '    matchConditionSubjectAccessReviewVersion: v1',
    `    failurePolicy: ${failurePolicy}`,
    '    connectionInfo:',
    '      type: KubeConfigFile',
    `      kubeConfigFile: ${join(dir, 'hook.kubeconfig')}`,
    '    matchConditions:',
    ...conditions.map((c) => `    - expression: ${JSON.stringify(c)}`),
  ];
  writeFileSync(
    config,
    [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AuthorizationConfiguration',
      'authorizers:',
      '- type: RBAC',
      '  name: rbac',
      ...hookEntry('namespaced.hook', 'NoOpinion', ['has(request.resourceAttributes)', "request.resourceAttributes.namespace == 'hooked'", "!('system:masters' in request.groups)"]),
      ...hookEntry('strict.hook', 'Deny', ["request.resourceAttributes.verb == 'get'"]),
    ].join('\n'),
  );
  const s: TestServer = await startTestServer({ storageBackend: 'memory', tokenAuthFile: join(dir, 'tokens.csv'), authorizationConfigFile: config });
  try {
    reviews.length = 0;
    let r = await s.request('GET', '/api/v1/namespaces/hooked/configmaps', bearer('t-allowed'));
    assert.equal(r.status, 200, r.body);
    assert.equal(reviews.length, 1, 'all conditions true: the webhook is called');
    assert.equal(reviews[0].spec.resourceAttributes.namespace, 'hooked');
    // The first webhook's condition is false (no call); the second's is true and it answers allowed.
    reviews.length = 0;
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps/c1', bearer('t-allowed'));
    assert.equal(r.status, 404, r.body);
    assert.equal(reviews.length, 1);
    // Neither webhook is called: false for the first, and the second's condition is false for list.
    reviews.length = 0;
    r = await s.request('GET', '/api/v1/namespaces/default/configmaps', bearer('t-allowed'));
    assert.equal(r.status, 403);
    assert.equal(r.json().message, 'configmaps is forbidden: User "hook-allowed" cannot list resource "configmaps" in API group "" in the namespace "default"');
    assert.equal(reviews.length, 0);
    // A non-resource request: the first skips (has() is false); the second cannot select resourceAttributes, and its
    // failure policy Deny makes the error kube's 500.
    r = await s.request('GET', '/not-a-path', bearer('t-allowed'));
    assert.equal(r.status, 500, r.body);
    assert.equal(r.body, 'Internal Server Error: "/not-a-path": cel evaluation error: expression \'request.resourceAttributes.verb == \'get\'\' resulted in error: no such key: resourceAttributes\n');
    assert.equal(reviews.length, 0);
  } finally {
    await s.close();
  }
});
