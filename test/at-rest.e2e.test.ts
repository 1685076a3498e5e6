// Data at rest (issue 12, item 8): the data dir and the certificate dir are 0700, the database (with its -wal and
// -shm), private keys and kubeconfig 0600, also when they existed with looser modes; --encryption-provider-config
// stores the configured resources in kube's encrypted formats (k8s:enc:<provider>:v1:<key>:…), reads survive a
// restart and a provider change, and a bad configuration is refused with kube's texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import nacl from 'tweetnacl';
import { startTestServer } from '../src/testing/test-server.js';
import { startServer } from '../src/index.js';

const mode = (p: string) => statSync(p).mode & 0o777;

test('the data dir, database, keys and kubeconfig are private, also when they existed with looser modes', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-modes-'));
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'kubeconfig'), 'old', { mode: 0o644 });
  mkdirSync(join(dataDir, 'pki'), { mode: 0o755 });
  let s = await startTestServer({ dataDir });
  await s.close();
  chmodSync(join(dataDir, 'pki', 'admin.key'), 0o644);
  chmodSync(join(dataDir, 'kubelite.db'), 0o644);
  s = await startTestServer({ dataDir });
  try {
    const r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }), headers: { 'content-type': 'application/json' } });
    assert.equal(r.status, 201);
    assert.equal(mode(dataDir), 0o700);
    assert.equal(mode(join(dataDir, 'pki')), 0o700);
    for (const f of ['kubeconfig', 'kubelite.db', 'kubelite.db-wal', 'kubelite.db-shm', 'pki/ca.key', 'pki/apiserver.key', 'pki/admin.key']) {
      assert.equal(mode(join(dataDir, f)), 0o600, f);
    }
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const cbcKey = randomBytes(32);
const boxKey = randomBytes(32);
const gcmKey = randomBytes(16);

function config(first: 'aescbc' | 'identity'): string {
  const cbc = `      - aescbc:\n          keys:\n            - name: key1\n              secret: ${cbcKey.toString('base64')}\n`;
  return [
    'apiVersion: apiserver.config.k8s.io/v1',
    'kind: EncryptionConfiguration',
    'resources:',
    '  - resources: [secrets]',
    '    providers:',
    first === 'aescbc' ? cbc + '      - identity: {}' : '      - identity: {}\n' + cbc.trimEnd(),
    '  - resources: [configmaps]',
    '    providers:',
    `      - secretbox:\n          keys:\n            - name: box\n              secret: ${boxKey.toString('base64')}`,
    "  - resources: ['*.apps']",
    '    providers:',
    `      - aesgcm:\n          keys:\n            - name: g\n              secret: ${gcmKey.toString('base64')}`,
    '',
  ].join('\n');
}

function stored(dataDir: string, key: string): Buffer {
  const db = new Database(join(dataDir, 'kubelite.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT value FROM kv WHERE key = ?').get(key) as { value: Buffer }).value;
  } finally {
    db.close();
  }
}

function fileBytes(dataDir: string): Buffer {
  return Buffer.concat(['kubelite.db', 'kubelite.db-wal'].map((f) => readFileSync(join(dataDir, f))));
}

test('--encryption-provider-config: secrets, configmaps and apps are stored encrypted in kube formats and read back after restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kubelite-enc-'));
  const cfg = join(dataDir, 'encryption.yaml');
  writeFileSync(cfg, config('aescbc'));
  const plain = 'top-secret-value-' + randomBytes(8).toString('hex');
  const b64 = Buffer.from(plain).toString('base64');
  let s = await startTestServer({ dataDir, encryptionProviderConfig: cfg });
  try {
    const json = { 'content-type': 'application/json' };
    let r = await s.request('POST', '/api/v1/namespaces/default/secrets', { headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1' }, data: { password: b64 } }) });
    assert.equal(r.status, 201);
    r = await s.request('POST', '/api/v1/namespaces/default/configmaps', { headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1' }, data: { note: plain } }) });
    assert.equal(r.status, 201);
    r = await s.request('POST', '/apis/apps/v1/namespaces/default/deployments', {
      headers: json,
      body: JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd1', annotations: { note: plain } }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } }),
    });
    assert.equal(r.status, 201);
    const got = await s.request('GET', '/api/v1/namespaces/default/secrets/s1');
    assert.equal(got.json().data.password, b64);

    const bytes = fileBytes(dataDir);
    assert.equal(bytes.includes(b64), false, 'the secret value is in the database file');
    assert.equal(bytes.includes(plain), false, 'a plain value is in the database file');

    // aescbc: prefix, 16-byte IV, AES-256-CBC with PKCS#7 padding.
    const sec = stored(dataDir, '/registry/secrets/default/s1');
    const cbcPrefix = Buffer.from('k8s:enc:aescbc:v1:key1:');
    assert.ok(sec.subarray(0, cbcPrefix.length).equals(cbcPrefix));
    const iv = sec.subarray(cbcPrefix.length, cbcPrefix.length + 16);
    const d = createDecipheriv('aes-256-cbc', cbcKey, iv);
    const secObj = JSON.parse(Buffer.concat([d.update(sec.subarray(cbcPrefix.length + 16)), d.final()]).toString());
    assert.equal(secObj.data.password, b64);

    // secretbox: prefix, 24-byte nonce, NaCl secretbox.
    const cm = stored(dataDir, '/registry/configmaps/default/c1');
    const boxPrefix = Buffer.from('k8s:enc:secretbox:v1:box:');
    assert.ok(cm.subarray(0, boxPrefix.length).equals(boxPrefix));
    const opened = nacl.secretbox.open(new Uint8Array(cm.subarray(boxPrefix.length + 24)), new Uint8Array(cm.subarray(boxPrefix.length, boxPrefix.length + 24)), new Uint8Array(boxKey));
    assert.ok(opened);
    assert.equal(JSON.parse(Buffer.from(opened).toString()).data.note, plain);

    // aesgcm: prefix, 12-byte nonce, ciphertext and tag, the storage key as additional data.
    const dep = stored(dataDir, '/registry/deployments/default/d1');
    const gcmPrefix = Buffer.from('k8s:enc:aesgcm:v1:g:');
    assert.ok(dep.subarray(0, gcmPrefix.length).equals(gcmPrefix));
    const body = dep.subarray(gcmPrefix.length);
    const g = createDecipheriv('aes-128-gcm', gcmKey, body.subarray(0, 12));
    g.setAAD(Buffer.from('/registry/deployments/default/d1'));
    g.setAuthTag(body.subarray(body.length - 16));
    assert.equal(JSON.parse(Buffer.concat([g.update(body.subarray(12, body.length - 16)), g.final()]).toString()).metadata.annotations.note, plain);

    await s.close();

    // Restart with identity first: old values still read; new writes are stored plain.
    writeFileSync(cfg, config('identity'));
    s = await startTestServer({ dataDir, encryptionProviderConfig: cfg });
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/secrets/s1')).json().data.password, b64);
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/configmaps/c1')).json().data.note, plain);
    const list = await s.request('GET', '/api/v1/namespaces/default/secrets');
    assert.ok(list.json().items.some((i: { metadata: { name: string }; data?: { password?: string } }) => i.metadata.name === 's1' && i.data?.password === b64));
    r = await s.request('POST', '/api/v1/namespaces/default/secrets', { headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's2' }, stringData: { a: 'b' } }) });
    assert.equal(r.status, 201);
    assert.equal(stored(dataDir, '/registry/secrets/default/s2').subarray(0, 1).toString(), '{');
    await s.close();

    // Without the configuration the encrypted object reads as corrupt (kube's 500), the server keeps serving.
    s = await startTestServer({ dataDir });
    const corrupt = await s.request('GET', '/api/v1/namespaces/default/secrets/s1');
    assert.equal(corrupt.status, 500);
    assert.equal(corrupt.json().reason, 'InternalError');
    assert.equal((await s.request('GET', '/api/v1/namespaces/default/secrets/s2')).status, 200);
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an invalid EncryptionConfiguration is refused at start with kube\'s texts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-encbad-'));
  const start = async (text: string) => {
    const f = join(dir, 'enc.yaml');
    writeFileSync(f, text);
    try {
      const s = await startServer({ securePort: 0, verbosity: -1, storageBackend: 'memory', dataDir: dir, writeKubeconfig: '', encryptionProviderConfig: f });
      await s.stop();
      return 'started';
    } catch (e) {
      return (e as Error).message;
    }
  };
  const head = 'apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\n';
  try {
    assert.equal(
      await start(head + `resources:\n  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n            - name: k\n              secret: ${Buffer.from('12345678').toString('base64')}\n`),
      'error while parsing file: resources[0].providers[0].aescbc.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 8, expected one of [16 24 32]',
    );
    assert.equal(
      await start(head + 'resources:\n  - resources: [Secrets, secrets, secrets]\n    providers: []\n'),
      'error while parsing file: [resources[0].resources: Invalid value: []string{"Secrets", "secrets", "secrets"}: the same resource cannot be specified multiple times, resources[0].resources[0]: Invalid value: "Secrets": resource name should not contain capital letters, resources[0].providers: Required value: at least one resources[0].providers is required]',
    );
    assert.equal(
      await start(head + `resources:\n  - resources: [secrets]\n    providers:\n      - secretbox:\n          keys:\n            - name: k\n              secret: not-base64!\n      - identity: {}\n        aescbc: {keys: []}\n`),
      'error while parsing file: [resources[0].providers[0].secretbox.keys[0].secret: Invalid value: "REDACTED": secrets must be base64 encoded, resources[0].providers[1]: Invalid value: apiserver.ProviderConfiguration{AESGCM:(*apiserver.AESConfiguration)(nil), AESCBC:(*apiserver.AESConfiguration)(0x0), Secretbox:(*apiserver.SecretboxConfiguration)(nil), Identity:(*apiserver.IdentityConfiguration)(0x0), KMS:(*apiserver.KMSConfiguration)(nil)}: more than one provider specified in a single element, should split into different list elements]',
    );
    assert.equal(
      await start(head + "resources:\n  - resources: ['*.']\n    providers: [{identity: {}}]\n  - resources: [secrets]\n    providers: [{identity: {}}]\n"),
      'error while building transformers: resource "secrets" is masked by earlier rule "*."',
    );
    assert.equal(await start(head + 'resources: []\n'), 'error while parsing file: resources: Required value: at least one resources is required');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
