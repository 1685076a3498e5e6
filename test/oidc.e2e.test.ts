// OIDC/JWT authentication end to end with a real OIDC issuer of the test's own on 127.0.0.1 (HTTPS discovery and
// JWKS, tokens signed with jose): the legacy --oidc-* flags and --authentication-config, kube's claim mapping and
// its refusals (as TokenReview errors and 401s), the configuration's validation messages and anonymous conditions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { servingPair } from '../src/testing/test-pki.js';
import { startKubelite } from '../src/server/server.js';

let issuer: Server;
let issuerURL: string;
let caPem: string;
let rsa: CryptoKey;
let ec: CryptoKey;
let flags: TestServer;
let file: TestServer;
let dir: string;
let jwksFetches = 0;
let configText: (audiences: string[], anonymous?: boolean) => string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-oidc-'));
  const { ca, serving } = await servingPair();
  caPem = ca.cert;
  const rsaPair = await generateKeyPair('RS256');
  const ecPair = await generateKeyPair('ES256');
  rsa = rsaPair.privateKey;
  ec = ecPair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(rsaPair.publicKey)), kid: 'r1', alg: 'RS256', use: 'sig' }, { ...(await exportJWK(ecPair.publicKey)), kid: 'e1', alg: 'ES256', use: 'sig' }] };
  issuer = createServer({ cert: serving.cert, key: serving.key }, (req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: issuerURL, jwks_uri: `${issuerURL}/keys` }));
    } else if (req.url === '/keys') {
      jwksFetches++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' }).end(JSON.stringify(jwks));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => issuer.listen(0, '127.0.0.1', () => r()));
  issuerURL = `https://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  writeFileSync(join(dir, 'oidc-ca.crt'), caPem);
  flags = await startTestServer({
    storageBackend: 'memory',
    oidcIssuerURL: issuerURL,
    oidcClientID: 'kubelite',
    oidcCAFile: join(dir, 'oidc-ca.crt'),
    oidcGroupsClaim: 'groups',
    oidcGroupsPrefix: 'oidc:',
    oidcRequiredClaims: { hd: 'example.com' },
  });
  const config = {
    apiVersion: 'apiserver.config.k8s.io/v1beta1',
    kind: 'AuthenticationConfiguration',
    jwt: [
      {
        issuer: { url: issuerURL, certificateAuthority: caPem, audiences: ['a', 'b'], audienceMatchPolicy: 'MatchAny' },
        claimMappings: { username: { claim: 'email', prefix: '' }, groups: { claim: 'roles', prefix: 'r:' }, uid: { claim: 'sub' } },
      },
    ],
    anonymous: { enabled: true, conditions: [{ path: '/livez' }] },
  };
  writeFileSync(join(dir, 'auth.yaml'), JSON.stringify(config));
  file = await startTestServer({ storageBackend: 'memory', authenticationConfig: join(dir, 'auth.yaml'), authorizationModes: ['AlwaysDeny'], authenticationConfigReloadMs: 200 });
  configText = (audiences: string[], anonymous = true) =>
    JSON.stringify({ ...config, jwt: [{ ...config.jwt[0], issuer: { ...config.jwt[0]!.issuer, audiences, audienceMatchPolicy: audiences.length > 1 ? 'MatchAny' : undefined } }], anonymous: { ...config.anonymous, enabled: anonymous } });
});
after(async () => {
  await flags.close();
  await file.close();
  issuer.close();
});

async function token(claims: Record<string, unknown>, opts: { key?: 'rsa' | 'ec'; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const useEC = opts.key === 'ec';
  return new SignJWT({ iss: issuerURL, aud: 'kubelite', iat: now, exp: opts.exp ?? now + 600, ...claims })
    .setProtectedHeader({ alg: useEC ? 'ES256' : 'RS256', kid: useEC ? 'e1' : 'r1' })
    .sign(useEC ? ec : rsa);
}

async function review(srv: TestServer, t: string) {
  const r = await srv.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: t } }),
  });
  return r.json().status;
}

async function waitHealthy(srv: TestServer, t: string) {
  for (let i = 0; i < 100; i++) {
    const st = await review(srv, t);
    if (st.error !== 'oidc: authenticator not initialized') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function kubeconfigFor(srv: TestServer, t: string, name: string): string {
  const p = join(srv.dataDir, `${name}.kubeconfig`);
  writeFileSync(
    p,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${srv.url}\n    certificate-authority-data: ${Buffer.from(srv.ca).toString('base64')}\nusers:\n- name: u\n  user:\n    token: ${t}\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n`,
    { mode: 0o600 },
  );
  return p;
}

test('--oidc-* flags: kubectl auth whoami shows the issuer-prefixed sub, prefixed groups and the jti', async () => {
  const t = await token({ sub: 'user-1', groups: ['dev', 'ops'], hd: 'example.com', jti: 'j-1' });
  await waitHealthy(flags, t);
  const r = await flags.kubectl(['--kubeconfig', kubeconfigFor(flags, t, 'oidc'), 'auth', 'whoami', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).status.userInfo, {
    username: `${issuerURL}#user-1`,
    groups: ['oidc:dev', 'oidc:ops', 'system:authenticated'],
    extra: { 'authentication.kubernetes.io/credential-id': ['JTI=j-1'] },
  });
});

test('--oidc-* flags: go-oidc\'s and kube\'s refusals, each a 401 for the client', async () => {
  const past = Math.floor(Date.now() / 1000) - 120;
  const cases: [string, string][] = [
    [await token({ sub: 'u', hd: 'example.com' }, { exp: past }), `oidc: verify token: oidc: token is expired (Token Expiry: ${new Date(past * 1000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' +0000 UTC')})`],
    [await token({ sub: 'u', hd: 'example.com', aud: ['other'] }), 'oidc: verify token: oidc: expected audience "kubelite" got ["other"]'],
    [await token({ sub: 'u', hd: 'example.com' }, { key: 'ec' }), 'oidc: verify token: oidc: id token signed with unsupported algorithm, expected ["RS256"] got "ES256"'],
    [await token({ sub: 'u', hd: 'evil.com' }), 'oidc: required claim hd value does not match. Got = evil.com, want = example.com'],
    [await token({ sub: 'u' }), 'oidc: required claim hd not present in ID token'],
    [await token({ hd: 'example.com' }), 'oidc: parse username claims "sub": claim not present'],
  ];
  const forged = (await token({ sub: 'u', hd: 'example.com' })).split('.');
  forged[2] = Buffer.from('not the signature').toString('base64url');
  cases.push([forged.join('.'), 'oidc: verify token: failed to verify signature: failed to verify id token signature']);
  for (const [t, error] of cases) {
    assert.deepEqual(await review(flags, t), { user: {}, error });
    const r = await flags.request('GET', '/api/v1/namespaces', { cert: false, headers: { authorization: `Bearer ${t}` } });
    assert.equal(r.status, 401);
  }
});

test('--authentication-config: email without prefix, claim+prefix groups, uid claim, MatchAny audiences, any of the nine algorithms', async () => {
  const t = await token({ sub: 's-9', email: 'jane@example.com', email_verified: true, roles: 'admin', aud: ['b'] }, { key: 'ec' });
  await waitHealthy(file, t);
  assert.deepEqual(await review(file, t), {
    authenticated: true,
    user: { username: 'jane@example.com', uid: 's-9', groups: ['r:admin', 'system:authenticated'] },
  });
  assert.deepEqual(await review(file, await token({ email: 'x@example.com', email_verified: false, aud: 'a' })), { user: {}, error: 'oidc: email not verified' });
  assert.deepEqual(await review(file, await token({ email: 'x@example.com', aud: 'c' })), { user: {}, error: 'oidc: verify token: oidc: expected audience in ["a" "b"] got ["c"]' });
});

test('anonymous conditions of the configuration: anonymous only on the listed paths, 401 elsewhere', async () => {
  const livez = await file.request('GET', '/livez', { cert: false });
  assert.equal(livez.status, 403); // anonymous, then AlwaysDeny
  assert.equal(livez.json().message, 'forbidden: User "system:anonymous" cannot get path "/livez": Everything is forbidden.');
  const readyz = await file.request('GET', '/readyz', { cert: false });
  assert.equal(readyz.status, 401);
});

test('the issuer\'s keys are fetched once and cached by their max-age', async () => {
  const before = jwksFetches;
  for (let i = 0; i < 3; i++) await review(flags, await token({ sub: `c${i}`, hd: 'example.com' }));
  assert.equal(jwksFetches, before);
});

test('configuration errors stop the server at start with kube\'s messages', async () => {
  const base = { securePort: 0, storageBackend: 'memory' as const, dataDir: mkdtempSync(join(tmpdir(), 'kubelite-oidc-bad-')), writeKubeconfig: '', verbosity: -1 };
  const cfg = (jwt: unknown[], extra: Record<string, unknown> = {}) => {
    const p = join(dir, `bad-${Math.random()}.yaml`);
    writeFileSync(p, JSON.stringify({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'AuthenticationConfiguration', jwt, ...extra }));
    return p;
  };
  await assert.rejects(startKubelite({ ...base, oidcIssuerURL: 'https://x' }), { message: 'oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set' });
  await assert.rejects(startKubelite({ ...base, oidcIssuerURL: 'https://x', oidcClientID: 'c', authenticationConfig: cfg([]) }), { message: 'authentication-config file and oidc-* flags are mutually exclusive' });
  await assert.rejects(startKubelite({ ...base, oidcIssuerURL: 'https://x', oidcClientID: 'c', oidcSigningAlgs: ['HS256'] }), { message: 'oidc: unsupported signing alg: "HS256"' });
  await assert.rejects(
    startKubelite({
      ...base,
      authenticationConfig: cfg([
        { issuer: { url: 'http://a', audiences: ['x', 'y'] }, claimMappings: { username: { claim: 'sub' } } },
        { issuer: { url: 'https://kubernetes.default.svc.cluster.local', audiences: [] }, claimMappings: { username: { claim: 'sub', prefix: '' }, extra: [{ key: 'example.com/Team', valueExpression: 'claims.t' }] } },
      ]),
    }),
    {
      message:
        'invalid authentication configuration: [jwt[0].issuer.url: Invalid value: "http://a": URL scheme must be https, jwt[0].issuer.audienceMatchPolicy: Invalid value: "": audienceMatchPolicy must be MatchAny for multiple audiences, jwt[0].claimMappings.username.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing, jwt[1].issuer.url: Invalid value: "https://kubernetes.default.svc.cluster.local": URL must not overlap with disallowed issuers: [https://kubernetes.default.svc.cluster.local], jwt[1].issuer.audiences: Required value: at least one jwt[1].issuer.audiences is required, jwt[1].claimMappings.extra[0].key: Invalid value: "example.com/Team": key must be lowercase]',
    },
  );
  await assert.rejects(startKubelite({ ...base, anonymousAuthExplicit: true, authenticationConfig: cfg([], { anonymous: { enabled: true } }) }), {
    message: 'invalid authentication configuration: anonymous: Forbidden: --anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file',
  });
  const empty = join(dir, 'empty.yaml');
  writeFileSync(empty, '');
  await assert.rejects(startKubelite({ ...base, authenticationConfig: empty }), { message: `failed to load authentication configuration from file ${JSON.stringify(empty)}: empty config data` });
});

test('a changed configuration file is reloaded; an invalid one or one changing anonymous is not', async () => {
  const t = await token({ email: 'r@example.com', aud: 'c' });
  assert.equal((await review(file, t)).error, 'oidc: verify token: oidc: expected audience in ["a" "b"] got ["c"]');
  writeFileSync(join(dir, 'auth.yaml'), configText(['c']));
  let st: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 0; i < 100; i++) {
    st = await review(file, t);
    if (st.authenticated) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(st.user.username, 'r@example.com');
  writeFileSync(join(dir, 'auth.yaml'), configText(['d'], false));
  await new Promise((r) => setTimeout(r, 600));
  const again = await token({ email: 'r2@example.com', aud: 'c' });
  assert.equal((await review(file, again)).user.username, 'r2@example.com');
});

test('CEL in the configuration: expression mappings, claim and user validation rules, with kube\'s refusals', async () => {
  const config = {
    apiVersion: 'apiserver.config.k8s.io/v1',
    kind: 'AuthenticationConfiguration',
    jwt: [
      {
        issuer: { url: issuerURL, certificateAuthority: caPem, audiences: ['cel'] },
        claimValidationRules: [{ expression: 'claims.exp - claims.iat <= 3600', message: 'token lifetime must not exceed one hour' }],
        claimMappings: {
          username: { expression: 'claims.email_verified ? "user:" + claims.email : ""' },
          groups: { expression: 'claims.roles.split(",")' },
          uid: { expression: 'claims.sub' },
          extra: [{ key: 'example.com/tenant', valueExpression: 'claims.?tenant.orValue("")' }],
        },
        userValidationRules: [{ expression: "!user.username.startsWith('user:system')", message: 'username cannot use reserved system prefix' }],
      },
    ],
  };
  writeFileSync(join(dir, 'cel.yaml'), JSON.stringify(config));
  const srv = await startTestServer({ storageBackend: 'memory', authenticationConfig: join(dir, 'cel.yaml') });
  try {
    const t = await token({ aud: 'cel', sub: 's1', email: 'jo@example.com', email_verified: true, roles: 'dev,,ops', tenant: 'blue' });
    await waitHealthy(srv, t);
    const r = await srv.kubectl(['--kubeconfig', kubeconfigFor(srv, t, 'cel'), 'auth', 'whoami', '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).status.userInfo, { username: 'user:jo@example.com', uid: 's1', groups: ['dev', 'ops', 'system:authenticated'], extra: { 'example.com/tenant': ['blue'] } });
    const now = Math.floor(Date.now() / 1000);
    assert.deepEqual(await review(srv, await token({ aud: 'cel', sub: 's', email: 'x@e', email_verified: false, roles: '' })), { user: {}, error: 'oidc: empty username via CEL expression is not allowed' });
    assert.deepEqual(await review(srv, await token({ aud: 'cel', sub: 's', email: 'x@e', email_verified: true, roles: 'a', iat: now, exp: now + 7200 })), {
      user: {},
      error: "oidc: error evaluating claim validation expression: validation expression 'claims.exp - claims.iat <= 3600' failed: token lifetime must not exceed one hour",
    });
    assert.deepEqual(await review(srv, await token({ aud: 'cel', sub: 's', email: 'system@e', email_verified: true, roles: 'a' })), {
      user: {},
      error: "oidc: error evaluating user info validation rule: validation expression '!user.username.startsWith('user:system')' failed: username cannot use reserved system prefix",
    });
    const noRoles = await review(srv, await token({ aud: 'cel', sub: 's', email: 'x@e', email_verified: true }));
    assert.match(noRoles.error, /^oidc: error evaluating group claim expression: /);
  } finally {
    await srv.close();
  }
  const base = { securePort: 0, storageBackend: 'memory' as const, dataDir: mkdtempSync(join(tmpdir(), 'kubelite-oidc-cel-')), writeKubeconfig: '', verbosity: -1 };
  const bad = join(dir, 'cel-bad.yaml');
  writeFileSync(
    bad,
    JSON.stringify({
      ...config,
      jwt: [{ ...config.jwt[0], claimValidationRules: [{ expression: 'string(claims.exp)', message: 'm' }], claimMappings: { username: { expression: 'claims.email' } }, userValidationRules: [{ expression: 'user.nope(', message: 'm' }] }],
    }),
  );
  await assert.rejects(startKubelite({ ...base, authenticationConfig: bad }), (e: Error) => {
    assert.match(e.message, /^invalid authentication configuration: \[jwt\[0\]\.claimValidationRules\[0\]\.expression: Invalid value: "string\(claims\.exp\)": must evaluate to bool, /);
    assert.match(e.message, /jwt\[0\]\.claimMappings\.username\.expression: Invalid value: "claims\.email": claims\.email_verified must be used in claimMappings\.username\.expression or claimMappings\.extra\[\*\]\.valueExpression or claimValidationRules\[\*\]\.expression when claims\.email is used in claimMappings\.username\.expression/);
    assert.match(e.message, /jwt\[0\]\.userValidationRules\[0\]\.expression: Invalid value: "user\.nope\(": compilation failed: ERROR: <input>:1:11: /);
    return true;
  });
});
