// kubelite as controller-runtime's envtest runs kube-apiserver: the packed package's `kubelite --print-path` is
// the binary (TEST_ASSET_KUBE_APISERVER); the start sequence is envtest's (pkg/internal/testing/controlplane):
// its --help probe for --insecure-port, its files in --cert-dir (a serving pair from its own CA, the
// service-account signer pair, the client CA), its flags, an etcd it started, anonymous /healthz polling without
// verifying the certificate, then clients authenticated by certificates its client CA signs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto, X509Certificate, createPublicKey, createVerify } from 'node:crypto';
import { installTarball, npm, packInto, pkg, type InstalledProject } from './packed-install.js';
import { etcdSkipReason, findEtcd, freePort, startEtcd, type EtcdProcess } from '../src/testing/etcd.js';

// ---------------------------------------------------------------------------------------------------------------
// envtest's tiny CA: ECDSA P-256, CA "envtest-environment" (O envtest), PKCS#8 keys, serving certificate CN
// localhost for localhost and the bind address, client certificates CN user, O groups.

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
type Pair = { cert: string; key: string };

async function x509() {
  const m = await import('@peculiar/x509');
  m.cryptoProvider.set(webcrypto as never);
  return m;
}

async function pkcs8(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

class TinyCA {
  private constructor(
    readonly ca: Pair,
    private readonly keys: webcrypto.CryptoKeyPair,
    private serial = 1,
  ) {}

  static async create(): Promise<TinyCA> {
    const m = await x509();
    const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const cert = await m.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=envtest-environment, O=envtest',
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 7 * 24 * 3600_000),
      keys,
      signingAlgorithm: ALG,
      extensions: [new m.BasicConstraintsExtension(true, undefined, true), new m.KeyUsagesExtension(m.KeyUsageFlags.keyCertSign | m.KeyUsageFlags.digitalSignature | m.KeyUsageFlags.keyEncipherment, true)],
    });
    return new TinyCA({ cert: cert.toString('pem') + '\n', key: await pkcs8(keys.privateKey) }, keys);
  }

  private async leaf(subject: string, usage: 'server' | 'client', names: string[] = []): Promise<Pair> {
    const m = await x509();
    const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const extensions: InstanceType<typeof m.Extension>[] = [
      new m.KeyUsagesExtension(m.KeyUsageFlags.keyEncipherment | m.KeyUsageFlags.digitalSignature, true),
      new m.ExtendedKeyUsageExtension([usage === 'server' ? m.ExtendedKeyUsage.serverAuth : m.ExtendedKeyUsage.clientAuth]),
    ];
    if (names.length) extensions.push(new m.SubjectAlternativeNameExtension(names.map((n) => (/^[\d.]+$/.test(n) ? { type: 'ip' as const, value: n } : { type: 'dns' as const, value: n }))));
    const cert = await m.X509CertificateGenerator.create({
      serialNumber: (++this.serial).toString(16).padStart(2, '0'),
      subject,
      issuer: 'CN=envtest-environment, O=envtest',
      notBefore: new Date(Date.now() - 60_000),
      // Valid for less than a day: kube uses a --cert-dir pair as found, whatever its validity.
      notAfter: new Date(Date.now() + 12 * 3600_000),
      publicKey: keys.publicKey,
      signingKey: this.keys.privateKey,
      signingAlgorithm: ALG,
      extensions,
    });
    return { cert: cert.toString('pem') + '\n', key: await pkcs8(keys.privateKey) };
  }

  servingCert(...addresses: string[]): Promise<Pair> {
    return this.leaf('CN=localhost, O=envtest', 'server', addresses);
  }

  clientCert(user: string, groups: string[]): Promise<Pair> {
    return this.leaf(`CN=${user}${groups.map((g) => `, O=${g}`).join('')}`, 'client');
  }
}

// ---------------------------------------------------------------------------------------------------------------

let packDir: string;
let installed: InstalledProject;
let apiserverPath: string;
let etcd: EtcdProcess | undefined;
const etcdSkip = etcdSkipReason();

before(async () => {
  packDir = mkdtempSync(join(tmpdir(), 'kubelite-envtest-pack-'));
  const p = packInto(packDir);
  installed = installTarball(join(packDir, p.filename));
  if (!etcdSkip) etcd = await startEtcd();
});

after(async () => {
  await etcd?.stop();
  installed?.remove();
  rmSync(packDir, { recursive: true, force: true });
});

test('npx kubelite --print-path names an executable kubelite, as TEST_ASSET_KUBE_APISERVER wants', () => {
  const r = spawnSync(npm, ['exec', '--offline', '--no', '--', 'kubelite', '--print-path'], { cwd: installed.project, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  apiserverPath = r.stdout.trim();
  assert.equal(apiserverPath, join(installed.installed, pkg.bin.kubelite!)); // the bundled command
  // Run directly, as envtest's process package runs the binary.
  const version = spawnSync(apiserverPath, ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0, version.stderr);
  assert.match(version.stdout, /^Kubernetes v1\.33\./);
});

interface Started {
  child: ChildProcess;
  port: number;
  certDir: string;
  serving: Pair;
  servingCA: Pair;
  saSigner: Pair;
  clientCA: TinyCA;
  stderr: () => string;
  stop(): Promise<void>;
}

/** envtest's APIServer.Start, step by step. */
async function envtestStart(etcdURL: string, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  // CheckFlag("insecure-port"): kube 1.33 has none, so envtest passes none.
  const help = spawnSync(apiserverPath, ['--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.equal(/^\s*--insecure-port\b/m.test(help.stdout + help.stderr), false);

  const certDir = mkdtempSync(join(tmpdir(), 'k8s_test_framework_'));
  const port = await freePort();
  const address = '127.0.0.1';
  // populateAPIServerCerts
  const servingCA = await TinyCA.create();
  const serving = await servingCA.servingCert('localhost', address);
  writeFileSync(join(certDir, 'apiserver.crt'), serving.cert, { mode: 0o640 });
  writeFileSync(join(certDir, 'apiserver.key'), serving.key, { mode: 0o640 });
  const saSigner = (await TinyCA.create()).ca;
  writeFileSync(join(certDir, 'sa-signer.crt'), saSigner.cert, { mode: 0o640 });
  writeFileSync(join(certDir, 'sa-signer.key'), saSigner.key, { mode: 0o640 });
  // CertAuthn.Configure and Start
  const clientCA = await TinyCA.create();
  writeFileSync(join(certDir, 'client-cert-auth-ca.crt'), clientCA.ca.cert, { mode: 0o640 });

  const args = [
    '--allow-privileged=true',
    '--authorization-mode=RBAC',
    `--bind-address=${address}`,
    `--cert-dir=${certDir}`,
    `--client-ca-file=${join(certDir, 'client-cert-auth-ca.crt')}`,
    '--disable-admission-plugins=ServiceAccount',
    `--etcd-servers=${etcdURL}`,
    `--secure-port=${port}`,
    `--service-account-issuer=https://${address}:${port}/`,
    `--service-account-key-file=${join(certDir, 'sa-signer.crt')}`,
    `--service-account-signing-key-file=${join(certDir, 'sa-signer.key')}`,
    '--service-cluster-ip-range=10.0.0.0/24',
  ];
  const child = spawn(apiserverPath, args, { cwd: certDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  child.stdout!.resume();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // pollURLUntilOK: GET https://<addr>:<port>/healthz every 100 ms, no client certificate, no verification.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kubelite exited with ${child.exitCode}: ${err}`);
    const status = await new Promise<number>((res) => {
      request({ host: address, port, path: '/healthz', rejectUnauthorized: false, agent: false }, (r) => {
        r.resume();
        r.on('end', () => res(r.statusCode!));
      })
        .on('error', () => res(0))
        .end();
    });
    if (status === 200) break;
    assert.ok(Date.now() < deadline, `/healthz did not answer 200 within 60 s (last ${status}): ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    certDir,
    serving,
    servingCA: servingCA.ca,
    saSigner,
    clientCA,
    stderr: () => err,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}

/** The rest.Config envtest hands to tests: its serving CA, the server URL and a client certificate it signed. */
async function envtestKubeConfig(s: Started, user: string, groups: string[]) {
  const k8s = await import('@kubernetes/client-node');
  const cc = await s.clientCA.clientCert(user, groups);
  const kc = new k8s.KubeConfig();
  const b64 = (t: string) => Buffer.from(t).toString('base64');
  // envtest's CA data is its serving CA (client-node joins paths to the host as given: no trailing slash here).
  kc.loadFromOptions({
    clusters: [{ name: 'envtest', server: `https://127.0.0.1:${s.port}`, caData: b64(s.servingCA.cert) }],
    users: [{ name: user, certData: b64(cc.cert), keyData: b64(cc.key) }],
    contexts: [{ name: 'envtest', cluster: 'envtest', user }],
    currentContext: 'envtest',
  });
  return { k8s, kc };
}

async function createWatchDelete(s: Started): Promise<void> {
  const { k8s, kc } = await envtestKubeConfig(s, 'admin', ['system:masters']);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  // waitForDefaultNamespace
  const ns = await core.readNamespace({ name: 'default' });
  assert.equal(ns.metadata?.name, 'default');
  await core.createNamespace({ body: { metadata: { name: 'envtest' } } });
  const events: string[] = [];
  const watch = new k8s.Watch(kc);
  const seen = (want: string) =>
    new Promise<void>((res) => {
      const t = setInterval(() => {
        if (events.includes(want)) {
          clearInterval(t);
          res();
        }
      }, 20);
    });
  const req = await watch.watch('/api/v1/namespaces/envtest/configmaps', {}, (type, obj: { metadata: { name: string } }) => events.push(`${type} ${obj.metadata.name}`), () => undefined);
  await core.createNamespacedConfigMap({ namespace: 'envtest', body: { metadata: { name: 'one' }, data: { a: 'b' } } });
  await seen('ADDED one');
  await core.deleteNamespacedConfigMap({ namespace: 'envtest', name: 'one' });
  await seen('DELETED one');
  req.abort();
  const left = await core.listNamespacedConfigMap({ namespace: 'envtest' });
  assert.deepEqual(left.items.map((c) => c.metadata?.name), ['kube-root-ca.crt']);

  // A user without groups is authenticated by the client CA and refused by RBAC, with kube's message.
  const { kc: nobodyKC } = await envtestKubeConfig(s, 'nobody', []);
  await assert.rejects(nobodyKC.makeApiClient(k8s.CoreV1Api).listNamespace(), (e: { code?: number; body?: string }) => {
    assert.equal(e.code, 403);
    assert.match(String(e.body), /namespaces is forbidden: User \\"nobody\\" cannot list resource \\"namespaces\\" in API group \\"\\" at the cluster scope/);
    return true;
  });

  // Tokens are signed with envtest's sa-signer.key, for its issuer.
  await core.createNamespacedServiceAccount({ namespace: 'envtest', body: { metadata: { name: 'robot' } } });
  const tr = await core.createNamespacedServiceAccountToken({ namespace: 'envtest', name: 'robot', body: { spec: { audiences: [] } } });
  const [h, p, sig] = tr.status!.token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { iss: string; sub: string };
  assert.equal(claims.iss, `https://127.0.0.1:${s.port}/`);
  assert.equal(claims.sub, 'system:serviceaccount:envtest:robot');
  const pub = createPublicKey(new X509Certificate(s.saSigner.cert).publicKey.export({ type: 'spki', format: 'pem' }));
  assert.ok(createVerify('SHA256').update(`${h}.${p}`).verify({ key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url')));
}

/** The certificate the server presents. */
function servedCertificate(port: number): Promise<string> {
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port, path: '/livez', rejectUnauthorized: false, agent: false }, (r) => {
      const cert = (r.socket as import('node:tls').TLSSocket).getPeerCertificate();
      r.resume();
      res(cert.fingerprint256);
    });
    req.on('error', rej).end();
  });
}

function assertCertDirUntouched(s: Started): void {
  assert.deepEqual(readdirSync(s.certDir).sort(), ['apiserver.crt', 'apiserver.key', 'client-cert-auth-ca.crt', 'sa-signer.crt', 'sa-signer.key']);
  assert.equal(readFileSync(join(s.certDir, 'apiserver.crt'), 'utf8'), s.serving.cert);
  assert.equal(readFileSync(join(s.certDir, 'apiserver.key'), 'utf8'), s.serving.key);
}

test('the envtest start sequence on the etcd envtest started: health, serving pair, client CA, create/watch/delete', { skip: etcdSkip }, async () => {
  const s = await envtestStart(etcd!.url);
  try {
    assert.equal(await servedCertificate(s.port), new X509Certificate(s.serving.cert).fingerprint256);
    await createWatchDelete(s);
    assertCertDirUntouched(s);
    // kube-apiserver flags with no meaning without a kubelet: one klog line each.
    const ignored = s.stderr().split('\n').filter((l) => l.includes('Ignoring flag --allow-privileged'));
    assert.equal(ignored.length, 1, s.stderr());
    assert.match(ignored[0]!, /^I\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ \S+:\d+\] "Ignoring flag --allow-privileged=true: kubelite runs no kubelet, so there are no privileged containers to allow"$/);
  } finally {
    await s.stop();
  }
  // Objects went to the etcd envtest passed.
  const range = await fetch(`${etcd!.url}/v3/kv/range`, { method: 'POST', body: JSON.stringify({ key: Buffer.from('/registry/namespaces/envtest').toString('base64'), keys_only: true }) });
  const found = ((await range.json()) as { kvs?: { key: string }[] }).kvs ?? [];
  assert.deepEqual(found.map((kv) => Buffer.from(kv.key, 'base64').toString()), ['/registry/namespaces/envtest']);
});

test('KUBELITE_STORAGE=memory keeps objects in the embedded store although envtest passes --etcd-servers', async () => {
  const unused = `http://127.0.0.1:${await freePort()}`;
  const s = await envtestStart(unused, { KUBELITE_STORAGE: 'memory' });
  try {
    await createWatchDelete(s);
    assertCertDirUntouched(s);
    assert.match(s.stderr(), new RegExp(`\\] "Ignoring --etcd-servers=${unused}: KUBELITE_STORAGE=memory keeps objects in the embedded memory store"`));
  } finally {
    await s.stop();
  }
});

/** Why controller-runtime's envtest cannot run here, if it cannot: v0.21 (Kubernetes 1.33) needs Go 1.24. */
function goSkipReason(): string | false {
  const r = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return 'no Go toolchain (go) on PATH: controller-runtime\'s envtest is not run';
  const m = /go(\d+)\.(\d+)/.exec(r.stdout);
  if (!m || Number(m[1]) * 100 + Number(m[2]) < 124) return `${r.stdout.trim()}: controller-runtime v0.21 (Kubernetes 1.33) needs Go 1.24 or later; its envtest is not run`;
  return false;
}

test('controller-runtime envtest itself starts kubelite (TEST_ASSET_KUBE_APISERVER)', { skip: goSkipReason() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-envtest-go-'));
  try {
    writeFileSync(join(dir, 'go.mod'), 'module envtestkubelite\n\ngo 1.24\n');
    writeFileSync(
      join(dir, 'envtest_test.go'),
      `package envtestkubelite

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

func TestKubelite(t *testing.T) {
	env := &envtest.Environment{}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer env.Stop()
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "one", Namespace: "default"}}
	if err := c.Create(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(context.Background(), cm); err != nil {
		t.Fatal(err)
	}
}
`,
    );
    const env = { ...process.env, TEST_ASSET_KUBE_APISERVER: apiserverPath, TEST_ASSET_ETCD: findEtcd() ?? '', KUBELITE_STORAGE: '' };
    execFileSync('go', ['get', 'sigs.k8s.io/controller-runtime@v0.21.0'], { cwd: dir, env, stdio: 'inherit' });
    execFileSync('go', ['mod', 'tidy'], { cwd: dir, env, stdio: 'inherit' });
    execFileSync('go', ['test', './...'], { cwd: dir, env, stdio: 'inherit', timeout: 300_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
