// Service-account tokens end to end: `kubectl create token` with each flag, the token used by kubectl --token and
// checked by `kubectl auth whoami`, verification against the published JWKS, kube's rules on use (audience,
// bound objects, expiration limits), legacy Secret tokens, TokenReview and the key flags.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompactSign, compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, importPKCS8 } from 'jose';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

let s: TestServer;
before(async () => {
  // Authentication is under test here: every authenticated user is allowed, as before RBAC became the default.
  s = await startTestServer({ storageBackend: 'memory', authorizationModes: ['AlwaysAllow'], serviceAccountMaxTokenExpirationMs: 2 * 3600_000 });
  await s.kubectl(['create', 'serviceaccount', 'builder']);
});
after(async () => {
  await s.close();
});

/** A kubeconfig whose user is only a bearer token (no client certificate). */
function tokenKubeconfig(srv: TestServer, name: string, token: string): string {
  const p = join(srv.dataDir, `${name}.kubeconfig`);
  const ca = Buffer.from(srv.ca).toString('base64');
  writeFileSync(
    p,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${srv.url}\n    certificate-authority-data: ${ca}\nusers:\n- name: u\n  user:\n    token: ${token}\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  return p;
}

async function whoami(srv: TestServer, token: string, name = 'tok') {
  return srv.kubectl(['--kubeconfig', tokenKubeconfig(srv, name, token), 'auth', 'whoami', '-o', 'json']);
}

async function createToken(args: string[]): Promise<string> {
  const r = await s.kubectl(['create', 'token', ...args]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

const json = { 'content-type': 'application/json' };

test('kubectl create token: the token authenticates the service account for kubectl auth whoami', async () => {
  const token = await createToken(['builder']);
  const r = await whoami(s, token);
  assert.equal(r.code, 0, r.stderr);
  const info = JSON.parse(r.stdout).status.userInfo;
  const sa = JSON.parse((await s.kubectl(['get', 'serviceaccount', 'builder', '-o', 'json'])).stdout);
  assert.equal(info.username, 'system:serviceaccount:default:builder');
  assert.equal(info.uid, sa.metadata.uid);
  assert.deepEqual(info.groups, ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
  assert.match(info.extra['authentication.kubernetes.io/credential-id'][0], /^JTI=[0-9a-f-]{36}$/);
});

test('the token verifies against /openid/v1/jwks with the issuer of /.well-known/openid-configuration', async () => {
  const token = await createToken(['builder', '--duration', '20m']);
  const conf = await s.request('GET', '/.well-known/openid-configuration');
  assert.equal(conf.status, 200);
  assert.equal(conf.headers['cache-control'], 'public, max-age=3600');
  assert.deepEqual(conf.json(), {
    issuer: 'https://kubernetes.default.svc.cluster.local',
    jwks_uri: `${s.url}/openid/v1/jwks`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  });
  const jwks = await s.request('GET', '/openid/v1/jwks');
  assert.equal(jwks.headers['content-type'], 'application/jwk-set+json');
  const set = jwks.json();
  assert.deepEqual(Object.keys(set.keys[0]), ['use', 'kty', 'kid', 'alg', 'n', 'e']);
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(set), { issuer: conf.json().issuer, audience: 'https://kubernetes.default.svc.cluster.local' });
  assert.deepEqual(Object.keys(protectedHeader), ['alg', 'kid']);
  assert.deepEqual(Object.keys(payload), ['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
  assert.equal(payload.exp! - payload.iat!, 1200);
  assert.deepEqual(payload.aud, ['https://kubernetes.default.svc.cluster.local']);
  assert.equal(payload.sub, 'system:serviceaccount:default:builder');
});

test('the generated signing key is kept in the data dir with mode 0600', () => {
  const key = join(s.dataDir, 'pki', 'sa.key');
  assert.equal(statSync(key).mode & 0o777, 0o600);
  assert.match(readFileSync(key, 'utf8'), /BEGIN RSA PRIVATE KEY/);
});

test('a token for another audience is refused for the API (401) and accepted by a TokenReview for that audience', async () => {
  const token = await createToken(['builder', '--audience', 'vault']);
  const r = await whoami(s, token, 'vault');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /error: You must be logged in to the server \(Unauthorized\)/);
  const raw = await s.request('GET', '/api/v1/namespaces', { cert: false, headers: { authorization: `Bearer ${token}` } });
  assert.equal(raw.status, 401);
  assert.deepEqual(raw.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  const review = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, audiences: ['vault'] } }),
  });
  assert.equal(review.status, 201);
  const st = review.json().status;
  assert.equal(st.authenticated, true);
  assert.equal(st.user.username, 'system:serviceaccount:default:builder');
  assert.deepEqual(st.audiences, ['vault']);
  const plain = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } }),
  });
  assert.deepEqual(plain.json().status, { user: {}, error: 'token audiences ["vault"] is invalid for the target audiences ["https://kubernetes.default.svc.cluster.local"]' });
});

test('TokenReview: an unknown token is "invalid bearer token"; an empty one is 400', async () => {
  const r = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'nope' } }),
  });
  assert.equal(r.status, 201);
  assert.deepEqual(r.json().status, { user: {}, error: 'invalid bearer token' });
  const empty = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: {} }),
  });
  assert.equal(empty.status, 400);
  assert.equal(empty.json().message, 'token is required for TokenReview in authentication');
});

test('TokenRequest: expirationSeconds below 10 minutes is 422 with kube\'s message; above the maximum is shortened with a warning', async () => {
  const short = await s.request('POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 300 } }),
  });
  assert.equal(short.status, 422);
  assert.equal(short.json().message, 'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes');
  const r = await s.kubectl(['create', 'token', 'builder', '--duration', '3h']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Warning: requested expiration of 10800 seconds shortened to 7200 seconds/);
  const claims = decodeJwt(r.stdout.trim());
  assert.equal(claims.exp! - claims.iat!, 7200);
  const missing = await s.kubectl(['create', 'token', 'ghost']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /serviceaccounts "ghost" not found/);
});

test('a Pod-bound token carries the pod and its node, stops working once the pod is gone, and 3607 s is extended', async () => {
  await s.kubectl(['create', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }),
  });
  await s.kubectl(['create', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { serviceAccountName: 'builder', nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] } }),
  });
  const pod = JSON.parse((await s.kubectl(['get', 'pod', 'web', '-o', 'json'])).stdout);
  const node = JSON.parse((await s.kubectl(['get', 'node', 'n1', '-o', 'json'])).stdout);
  const token = await createToken(['builder', '--bound-object-kind', 'Pod', '--bound-object-name', 'web', '--bound-object-uid', pod.metadata.uid]);
  const claims = decodeJwt(token) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.deepEqual(claims['kubernetes.io'].pod, { name: 'web', uid: pod.metadata.uid });
  assert.deepEqual(claims['kubernetes.io'].node, { name: 'n1', uid: node.metadata.uid });
  const r = await whoami(s, token, 'pod');
  assert.equal(r.code, 0, r.stderr);
  const extra = JSON.parse(r.stdout).status.userInfo.extra;
  assert.deepEqual(extra['authentication.kubernetes.io/pod-name'], ['web']);
  assert.deepEqual(extra['authentication.kubernetes.io/pod-uid'], [pod.metadata.uid]);
  assert.deepEqual(extra['authentication.kubernetes.io/node-name'], ['n1']);
  assert.deepEqual(extra['authentication.kubernetes.io/node-uid'], [node.metadata.uid]);

  const extended = await s.request('POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'web' } } }),
  });
  assert.equal(extended.status, 201);
  const ec = decodeJwt(extended.json().status.token) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(ec.exp - ec.iat, 365 * 24 * 3600);
  assert.equal(ec['kubernetes.io'].warnafter, ec.iat + 3607);
  assert.equal(Date.parse(extended.json().status.expirationTimestamp) / 1000 - ec.iat, 3607);

  const unused = await createToken(['builder', '--bound-object-kind', 'Pod', '--bound-object-name', 'web']);
  const wrongUID = await s.kubectl(['create', 'token', 'builder', '--bound-object-kind', 'Pod', '--bound-object-name', 'web', '--bound-object-uid', 'abc']);
  assert.match(wrongUID.stderr, /Operation cannot be fulfilled on Pod "web": the UID in the bound object reference \(abc\) does not match the UID in record. The object might have been deleted and then recreated/);
  await s.kubectl(['delete', 'pod', 'web', '--grace-period=0', '--force']);
  const review = await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: unused } }),
  });
  assert.deepEqual(review.json().status, { user: {}, error: 'service account token has been invalidated' });
});

test('a token bound to a pod of another service account is 400', async () => {
  await s.kubectl(['create', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }),
  });
  const r = await s.kubectl(['create', 'token', 'builder', '--bound-object-kind', 'Pod', '--bound-object-name', 'other']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /cannot bind token for serviceaccount "builder" to pod running with different serviceaccount name\./);
});

test('Secret- and Node-bound tokens name their object; a token outlives neither its object nor its service account', async () => {
  await s.kubectl(['create', 'secret', 'generic', 'anchor', '--from-literal=a=b']);
  const secretToken = await createToken(['builder', '--bound-object-kind', 'Secret', '--bound-object-name', 'anchor']);
  assert.equal((decodeJwt(secretToken) as any)['kubernetes.io'].secret.name, 'anchor'); // eslint-disable-line @typescript-eslint/no-explicit-any
  await s.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n2' } }) });
  const nodeToken = await createToken(['builder', '--bound-object-kind', 'Node', '--bound-object-name', 'n2']);
  const r = await whoami(s, nodeToken, 'node');
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo.extra['authentication.kubernetes.io/node-name'], ['n2']);
  await s.kubectl(['create', 'serviceaccount', 'ephemeral']);
  const gone = await createToken(['ephemeral']);
  await s.kubectl(['delete', 'secret', 'anchor']);
  await s.kubectl(['delete', 'serviceaccount', 'ephemeral']);
  const review = async (token: string) =>
    (await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { headers: json, body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } }) })).json().status;
  assert.deepEqual(await review(secretToken), { user: {}, error: 'service account token has been invalidated' });
  assert.deepEqual(await review(gone), { user: {}, error: 'serviceaccounts "ephemeral" not found' });
});

test('legacy Secret tokens: the token controller fills the Secret; the token works, is labelled as used, refused once marked invalid', async () => {
  const sa = JSON.parse((await s.kubectl(['get', 'serviceaccount', 'builder', '-o', 'json'])).stdout);
  await s.kubectl(['create', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'builder-token', annotations: { 'kubernetes.io/service-account.name': 'builder' } }, type: 'kubernetes.io/service-account-token' }),
  });
  let secret: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; i < 100; i++) {
    secret = JSON.parse((await s.kubectl(['get', 'secret', 'builder-token', '-o', 'json'])).stdout);
    if (secret.data?.token) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(secret.metadata.annotations['kubernetes.io/service-account.uid'], sa.metadata.uid);
  assert.equal(Buffer.from(secret.data.namespace, 'base64').toString(), 'default');
  assert.equal(Buffer.from(secret.data['ca.crt'], 'base64').toString(), s.ca);
  const token = Buffer.from(secret.data.token, 'base64').toString();
  assert.deepEqual(decodeJwt(token), {
    iss: 'kubernetes/serviceaccount',
    'kubernetes.io/serviceaccount/namespace': 'default',
    'kubernetes.io/serviceaccount/secret.name': 'builder-token',
    'kubernetes.io/serviceaccount/service-account.name': 'builder',
    'kubernetes.io/serviceaccount/service-account.uid': sa.metadata.uid,
    sub: 'system:serviceaccount:default:builder',
  });
  await compactVerify(token, createLocalJWKSet((await s.request('GET', '/openid/v1/jwks')).json())); // verifiable with the published keys
  const r = await whoami(s, token, 'legacy');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, { username: 'system:serviceaccount:default:builder', uid: sa.metadata.uid, groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] });
  const used = JSON.parse((await s.kubectl(['get', 'secret', 'builder-token', '-o', 'json'])).stdout);
  assert.equal(used.metadata.labels['kubernetes.io/legacy-token-last-used'], new Date().toISOString().slice(0, 10));
  await s.kubectl(['label', 'secret', 'builder-token', 'kubernetes.io/legacy-token-invalid-since=2024-01-01']);
  // A TokenReview without audiences misses the token cache the request above filled.
  const st = (await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { headers: json, body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } }) })).json().status;
  assert.deepEqual(st, {
    user: {},
    error: "the token in secret default/builder-token for service account default/builder has been marked invalid. Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the 'kubernetes.io/legacy-token-invalid-since' label from the secret to temporarily allow use of this token",
  });
});

test('legacy Secret tokens: a token that differs from the Secret\'s copy is refused; the Secret goes with its service account', async () => {
  await s.kubectl(['create', 'serviceaccount', 'shortlived']);
  await s.kubectl(['create', '-f', '-'], {
    input: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'shortlived-token', annotations: { 'kubernetes.io/service-account.name': 'shortlived' } }, type: 'kubernetes.io/service-account-token' }),
  });
  let secret: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; i < 100 && !secret?.data?.token; i++) {
    await new Promise((r) => setTimeout(r, 100));
    secret = JSON.parse((await s.kubectl(['get', 'secret', 'shortlived-token', '-o', 'json'])).stdout);
  }
  const sa = JSON.parse((await s.kubectl(['get', 'serviceaccount', 'shortlived', '-o', 'json'])).stdout);
  const key = await importPKCS8(createPrivateKey(readFileSync(join(s.dataDir, 'pki', 'sa.key'))).export({ type: 'pkcs8', format: 'pem' }) as string, 'RS256');
  const claims = {
    iss: 'kubernetes/serviceaccount',
    'kubernetes.io/serviceaccount/namespace': 'default',
    'kubernetes.io/serviceaccount/secret.name': 'shortlived-token',
    'kubernetes.io/serviceaccount/service-account.name': 'shortlived',
    'kubernetes.io/serviceaccount/service-account.uid': sa.metadata.uid,
    sub: 'system:serviceaccount:default:shortlived',
  };
  const other = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'RS256' }).sign(key);
  const review = async (token: string) =>
    (await s.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { headers: json, body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } }) })).json().status;
  assert.deepEqual(await review(other), { user: {}, error: "Token does not match server's copy" });
  await s.kubectl(['delete', 'serviceaccount', 'shortlived']);
  let gone = false;
  for (let i = 0; i < 100 && !gone; i++) {
    await new Promise((r) => setTimeout(r, 100));
    gone = (await s.kubectl(['get', 'secret', 'shortlived-token'])).code !== 0;
  }
  assert.ok(gone);
  assert.deepEqual(await review(Buffer.from(secret.data.token, 'base64').toString()), { user: {}, error: 'Token has been invalidated' });
});

test('key flags: an ECDSA signing key signs ES256 tokens, published as EC keys with every --service-account-key-file key', async () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = s.dataDir;
  const signing = join(dir, 'ec.key');
  writeFileSync(signing, privateKey.export({ type: 'sec1', format: 'pem' }), { mode: 0o600 });
  const pub = join(dir, 'other.pub');
  writeFileSync(pub, other.publicKey.export({ type: 'spki', format: 'pem' }));
  const srv = await startTestServer({
    storageBackend: 'memory',
    serviceAccountSigningKeyFile: signing,
    serviceAccountKeyFiles: [signing, pub],
    serviceAccountIssuers: ['https://issuer.example', 'https://old.example'],
    apiAudiences: ['api'],
  });
  try {
    const r = await srv.kubectl(['create', 'token', 'default']);
    assert.equal(r.code, 0, r.stderr);
    const token = r.stdout.trim();
    assert.equal(decodeProtectedHeader(token).alg, 'ES256');
    assert.deepEqual(decodeJwt(token).aud, ['api']);
    assert.equal(decodeJwt(token).iss, 'https://issuer.example');
    const jwks = (await srv.request('GET', '/openid/v1/jwks')).json();
    assert.deepEqual(jwks.keys.map((k: { kty: string; alg: string }) => `${k.kty}/${k.alg}`), ['EC/ES256', 'RSA/RS256']);
    assert.deepEqual(Object.keys(jwks.keys[0]), ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    await jwtVerify(token, createLocalJWKSet(jwks), { issuer: 'https://issuer.example', audience: 'api' });
    const w = await whoami(srv, token);
    assert.equal(JSON.parse(w.stdout).status.userInfo.username, 'system:serviceaccount:default:default');
    // A token of the second issuer is accepted too.
    const second = await new CompactSign(new TextEncoder().encode(JSON.stringify({ aud: ['api'], exp: Math.floor(Date.now() / 1000) + 600, iat: Math.floor(Date.now() / 1000), iss: 'https://old.example', 'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'default', uid: JSON.parse((await srv.kubectl(['get', 'sa', 'default', '-o', 'json'])).stdout).metadata.uid } }, nbf: Math.floor(Date.now() / 1000), sub: 'system:serviceaccount:default:default' })))
      .setProtectedHeader({ alg: 'ES256' })
      .sign(privateKey);
    const w2 = await whoami(srv, second, 'second');
    assert.equal(w2.code, 0, w2.stderr);
  } finally {
    await srv.close();
  }
});

test('@kubernetes/client-node with an exec credential plugin that prints a service-account token', async () => {
  const token = await createToken(['builder']);
  const plugin = join(s.dataDir, 'credential-plugin.mjs');
  writeFileSync(
    plugin,
    `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: ${JSON.stringify(token)} } }));\n`,
  );
  const k8s = await import('@kubernetes/client-node');
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'c', server: s.url, caData: Buffer.from(s.ca).toString('base64') }],
    users: [{ name: 'u', exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin], interactiveMode: 'Never' } }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  });
  const review = await kc.makeApiClient(k8s.AuthenticationV1Api).createSelfSubjectReview({ body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
  assert.equal(review.status?.userInfo?.username, 'system:serviceaccount:default:builder');
  const list = await kc.makeApiClient(k8s.CoreV1Api).listNamespacedServiceAccount({ namespace: 'default' });
  assert.ok(list.items.some((sa) => sa.metadata?.name === 'builder'));
});

test('start-up checks of the service-account flags, with kube\'s messages', async () => {
  const { startKubelite } = await import('../src/server/server.js');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const base = { securePort: 0, storageBackend: 'memory' as const, dataDir: mkdtempSync(join(tmpdir(), 'kubelite-sa-bad-')), writeKubeconfig: '', verbosity: -1 };
  await assert.rejects(startKubelite({ ...base, serviceAccountIssuers: [''] }), { message: 'service-account-issuer should not be an empty string' });
  await assert.rejects(startKubelite({ ...base, serviceAccountIssuers: ['https://a', 'https://a'] }), { message: 'service-account-issuer "https://a" is already specified' });
  await assert.rejects(startKubelite({ ...base, serviceAccountMaxTokenExpirationMs: 60_000 }), { message: 'the service-account-max-token-expiration must be between 1 hour and 2^32 seconds' });
  await assert.rejects(startKubelite({ ...base, serviceAccountJwksUri: 'http://x/jwks' }), { message: 'service-account-jwks-uri requires https scheme, parsed as: http://x/jwks' });
});

test('TokenRequest answers 201 with the request echoed as kube does: audiences defaulted, boundObjectRef null', async () => {
  const r = await s.request('POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} }),
  });
  assert.equal(r.status, 201);
  const body = r.json();
  assert.deepEqual(Object.keys(body), ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  assert.deepEqual(body.metadata, { name: 'builder', namespace: 'default', creationTimestamp: null });
  assert.deepEqual(body.spec, { audiences: ['https://kubernetes.default.svc.cluster.local'], expirationSeconds: 3600, boundObjectRef: null });
  assert.deepEqual(Object.keys(body.status), ['token', 'expirationTimestamp']);
  assert.match(body.status.expirationTimestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  const named = await s.request('POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
    headers: json,
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: { name: 'other' }, spec: {} }),
  });
  assert.equal(named.status, 422);
  assert.equal(named.json().message, 'TokenRequest.authentication.k8s.io "builder" is invalid: metadata.name: Invalid value: "other": must match the service account name if specified');
});
