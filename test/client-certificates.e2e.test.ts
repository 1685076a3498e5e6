// Client certificates and the authenticating proxy end to end over real TLS: chains with intermediates, validity
// and extended key usage checked as kube checks them, O fields as groups; --requestheader-* with the proxy's
// certificate verified against its own CA and allowed names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { makeCert, SERVER_AUTH_EKU, type TestCert } from '../src/testing/test-pki.js';
import { startKubelite } from '../src/server/server.js';

let s: TestServer;
let root: TestCert;
let intermediate: TestCert;
let proxyCA: TestCert;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubelite-certs-'));
  root = await makeCert({ subject: 'CN=client-root', ca: true });
  intermediate = await makeCert({ subject: 'CN=client-intermediate', ca: true, issuer: root });
  proxyCA = await makeCert({ subject: 'CN=front-proxy-ca', ca: true });
  writeFileSync(join(dir, 'client-ca.crt'), root.cert);
  writeFileSync(join(dir, 'proxy-ca.crt'), proxyCA.cert);
  s = await startTestServer({
    storageBackend: 'memory',
    clientCAFile: join(dir, 'client-ca.crt'),
    requestheaderClientCAFile: join(dir, 'proxy-ca.crt'),
    requestheaderAllowedNames: ['front-proxy-client'],
    requestheaderUsernameHeaders: ['X-Remote-User'],
    requestheaderUIDHeaders: ['X-Remote-Uid'],
    requestheaderGroupHeaders: ['X-Remote-Group'],
    requestheaderExtraHeadersPrefix: ['X-Remote-Extra-'],
  });
});
after(async () => {
  await s.close();
});

const ssr = '{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview"}';
const whoami = (clientCert: { cert: string; key: string } | undefined, headers: Record<string, string | string[]> = {}) =>
  s.request('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { cert: !!clientCert, clientCert, headers: { 'content-type': 'application/json', ...(headers as Record<string, string>) }, body: ssr });

test('a leaf signed by an intermediate the client sends is the CN user with one group per O', async () => {
  const leaf = await makeCert({ subject: 'CN=jane, O=dev, O=qa', issuer: intermediate });
  const r = await whoami({ cert: leaf.cert + intermediate.cert, key: leaf.key });
  assert.equal(r.status, 201, r.body);
  const info = r.json().status.userInfo;
  assert.equal(info.username, 'jane');
  assert.deepEqual(info.groups, ['dev', 'qa', 'system:authenticated']);
  assert.match(info.extra['authentication.kubernetes.io/credential-id'][0], /^X509SHA256=[0-9a-f]{64}$/);
});

test('refused with 401: a missing intermediate, an expired or not yet valid leaf, a leaf without client-auth usage', async () => {
  const viaIntermediate = await makeCert({ subject: 'CN=jane', issuer: intermediate });
  const expired = await makeCert({ subject: 'CN=old', issuer: root, notBefore: new Date(Date.now() - 7200_000), notAfter: new Date(Date.now() - 3600_000) });
  const future = await makeCert({ subject: 'CN=new', issuer: root, notBefore: new Date(Date.now() + 3600_000), notAfter: new Date(Date.now() + 7200_000) });
  const serverOnly = await makeCert({ subject: 'CN=server', issuer: root, eku: [SERVER_AUTH_EKU] });
  for (const c of [viaIntermediate, expired, future, serverOnly]) {
    const r = await whoami({ cert: c.cert, key: c.key });
    assert.equal(r.status, 401, c.x.subject);
    assert.deepEqual(r.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  }
});

test('the authenticating proxy: its headers name the user, uid, groups and extras', async () => {
  const proxy = await makeCert({ subject: 'CN=front-proxy-client', issuer: proxyCA });
  const r = await whoami(proxy, { 'X-Remote-User': 'alice', 'X-Remote-Uid': 'u-1', 'X-Remote-Group': ['devs', 'ops'] as unknown as string, 'X-Remote-Extra-Scopes': ['a', 'b'] as unknown as string, 'X-Remote-Extra-Example.com%2fteam': 'blue' });
  assert.equal(r.status, 201, r.body);
  assert.deepEqual(r.json().status.userInfo, { username: 'alice', uid: 'u-1', groups: ['devs', 'ops', 'system:authenticated'], extra: { scopes: ['a', 'b'], 'example.com/team': ['blue'] } });
});

test('proxy headers are not trusted from a certificate outside the allowed names or the proxy CA', async () => {
  const stranger = await makeCert({ subject: 'CN=somebody', issuer: proxyCA });
  assert.equal((await whoami(stranger, { 'X-Remote-User': 'alice' })).status, 401);
  const client = await makeCert({ subject: 'CN=bob', issuer: root });
  const r = await whoami(client, { 'X-Remote-User': 'alice', 'X-Remote-Group': 'system:masters' });
  assert.equal(r.status, 201);
  assert.equal(r.json().status.userInfo.username, 'bob');
  assert.deepEqual(r.json().status.userInfo.groups, ['system:authenticated']);
});

test('start-up checks of the --requestheader-* flags', async () => {
  const base = { securePort: 0, storageBackend: 'memory' as const, dataDir: mkdtempSync(join(tmpdir(), 'kubelite-rh-')), writeKubeconfig: '', verbosity: -1 };
  await assert.rejects(startKubelite({ ...base, clientCAFile: join(dir, 'proxy-ca.crt'), requestheaderClientCAFile: join(dir, 'proxy-ca.crt') }), {
    message: '--requestheader-client-ca-file and --client-ca-file contain overlapping certificates; --requestheader-allowed-names must be specified to ensure regular client certificates cannot set authenticating proxy headers for arbitrary users',
  });
  await assert.rejects(startKubelite({ ...base, requestheaderClientCAFile: join(dir, 'proxy-ca.crt'), requestheaderUIDHeaders: ['X-Uid'] }), {
    message: '--requestheader-uid-headers is set without specifying the standard X-Remote-Uid header - API aggregation will not work',
  });
  await assert.rejects(startKubelite({ ...base, requestheaderClientCAFile: join(dir, 'proxy-ca.crt'), requestheaderUsernameHeaders: [' '] }), { message: 'empty value in "requestheader-username-headers"' });
});

test('kube-system/extension-apiserver-authentication publishes the client CA and the front-proxy settings', async () => {
  let data: Record<string, string> | undefined;
  for (let i = 0; i < 50 && !data; i++) {
    const r = await s.request('GET', '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication', { clientCert: await makeCert({ subject: 'CN=admin, O=system:masters', issuer: root }) });
    if (r.status === 200) data = r.json().data;
    else await new Promise((res) => setTimeout(res, 100));
  }
  assert.deepEqual(data, {
    'client-ca-file': root.cert,
    'requestheader-client-ca-file': proxyCA.cert,
    'requestheader-username-headers': '["X-Remote-User"]',
    'requestheader-uid-headers': '["X-Remote-Uid"]',
    'requestheader-group-headers': '["X-Remote-Group"]',
    'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
    'requestheader-allowed-names': '["front-proxy-client"]',
  });
});
