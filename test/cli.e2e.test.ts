// The kubelite command: --help, flag errors (exit 1), start-up output, the kubeconfig it writes, SIGTERM, and a
// restart on the same data directory that keeps the certificates, the kubeconfig and the data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKubectl } from '../src/testing/kubectl.js';
import { FLAGS } from '../src/cli/flags.js';
import { kubeliteCommand } from '../src/testing/cli-command.js';

const CLI = kubeliteCommand();
const kubectl = findKubectl();

test('--help lists every flag', () => {
  const r = spawnSync(CLI.command, [...CLI.args, '--help'], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  for (const f of FLAGS) assert.ok(r.stdout.includes(`--${f.name}`), f.name);
  for (const kube of ['--secure-port', '--bind-address', '--cert-dir', '--tls-cert-file', '--tls-private-key-file', '--client-ca-file', '--etcd-servers', '--etcd-prefix', '--etcd-cafile', '--etcd-certfile', '--etcd-keyfile', '--etcd-compaction-interval', '--etcd-count-metric-poll-period', '--storage-backend', '--feature-gates', '--runtime-config', '--authorization-mode', '--token-auth-file']) {
    assert.ok(r.stdout.includes(kube), kube);
  }
  assert.match(r.stdout, /--data-dir string\s+kubelite:/);
});

test('an unknown flag fails with exit code 1 and a clear message', () => {
  const r = spawnSync(CLI.command, [...CLI.args, '--no-such-flag'], { encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.equal(r.stderr, "Error: unknown flag: --no-such-flag\nRun 'kubelite --help' for usage.\n");
});

test('a bad flag value fails with exit code 1', () => {
  for (const [args, text] of [
    [['--secure-port', 'abc'], 'invalid argument "abc" for "--secure-port" flag: strconv.ParseInt: parsing "abc": invalid syntax'],
    [['--request-timeout=forever'], 'invalid argument "forever" for "--request-timeout" flag: time: invalid duration "forever"'],
    // kube validates the modes when the server starts, after flag parsing.
    [['--authorization-mode=Magic', '--secure-port=0', '--storage=memory', '--write-kubeconfig='], 'authorization-mode "Magic" is not a valid mode'],
    // kube's AdmissionOptions.Validate texts; several errors print as Go's error aggregate.
    [['--enable-admission-plugins=Foo', '--secure-port=0', '--storage=memory', '--write-kubeconfig='], 'enable-admission-plugins plugin "Foo" is unknown'],
    [['--enable-admission-plugins=AlwaysPullImages,Bar', '--disable-admission-plugins=AlwaysPullImages,Priority', '--secure-port=0', '--storage=memory', '--write-kubeconfig='], '[enable-admission-plugins plugin "Bar" is unknown, [AlwaysPullImages] in enable-admission-plugins and disable-admission-plugins overlapped]'],
    [['--anonymous-auth=maybe'], 'invalid argument "maybe" for "--anonymous-auth" flag: strconv.ParseBool: parsing "maybe": invalid syntax'],
  ] as const) {
    const r = spawnSync(CLI.command, [...CLI.args, ...args], { encoding: 'utf8' });
    assert.equal(r.status, 1, args.join(' '));
    assert.equal(r.stderr.split('\n')[0], `Error: ${text}`);
  }
});

test('a runtime-config that names an unknown API fails at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-cli-'));
  try {
    const r = spawnSync(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dir}`, '--runtime-config=nope.example.com/v1=true'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, 'Error: --runtime-config: unknown api groups nope.example.com\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

interface Running {
  url: string;
  line: string;
  ms: number;
  stop(): Promise<number | null>;
}

function run(dataDir: string): Promise<Running> {
  const t0 = Date.now();
  const child = spawn(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dataDir}`], { cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /serving the Kubernetes API at (https:\/\/\S+) /.exec(out);
      if (m && out.endsWith('\n')) {
        resolve({
          url: m[1]!,
          line: out.trim(),
          ms: Date.now() - t0,
          stop: () =>
            new Promise((res) => {
              child.on('exit', (code) => res(code));
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`kubelite exited with ${code}: ${err}`)));
  });
}

test('the command starts, prints how to use it, survives a restart with the same kubeconfig and data', { skip: !kubectl && 'kubectl 1.33 not found (set KUBECTL)' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-cli-'));
  const kc = join(dir, 'kubeconfig');
  const k = (...args: string[]) => spawnSync(kubectl!, ['--kubeconfig', kc, '--cache-dir', join(dir, 'cache'), ...args], { encoding: 'utf8', env: { ...process.env, HOME: dir } });
  let s: Awaited<ReturnType<typeof run>> | undefined;
  try {
    s = await run(dir);
    assert.match(s.line, /^kubelite is serving the Kubernetes API at https:\/\/127\.0\.0\.1:\d+ \(ready in \d+ ms\); use it with: kubectl --kubeconfig kubeconfig get namespaces$/);
    console.log(`# command start-up to ready line: ${s.ms} ms (first start, certificates created)`);
    const ready = k('get', '--raw', '/readyz?verbose');
    assert.equal(ready.status, 0, ready.stderr);
    assert.match(ready.stdout, /readyz check passed/);
    const created = k('create', 'configmap', 'survivor', '--from-literal=a=1');
    assert.equal(created.status, 0, created.stderr);
    const firstKubeconfig = readFileSync(kc, 'utf8');
    const first = s;
    s = undefined;
    assert.equal(await first.stop(), 0);

    // Restart on the same data dir: the CA and admin certificate are reused; a new port means a new server URL.
    s = await run(dir);
    console.log(`# command start-up to ready line: ${s.ms} ms (restart)`);
    const second = readFileSync(kc, 'utf8');
    const pick = (y: string, key: string) => new RegExp(`${key}: (\\S+)`).exec(y)?.[1];
    assert.equal(pick(second, 'certificate-authority-data'), pick(firstKubeconfig, 'certificate-authority-data'));
    assert.equal(pick(second, 'client-certificate-data'), pick(firstKubeconfig, 'client-certificate-data'));
    const got = k('get', 'configmap', 'survivor', '-o', 'jsonpath={.data.a}');
    assert.equal(got.status, 0, got.stderr);
    assert.equal(got.stdout, '1');
    const stopping = s;
    s = undefined;
    assert.equal(await stopping.stop(), 0);
  } finally {
    // A failed assertion leaves the server running: stop it, or the test file never ends.
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('etcd flags: kube\'s names, defaults and refusals', async () => {
  const { parseArgs, FlagError } = await import('../src/cli/flags.js');
  const o = parseArgs(['--etcd-servers=http://a:2379,http://b:2379', '--etcd-prefix=/x', '--etcd-cafile=ca', '--etcd-certfile=c', '--etcd-keyfile=k', '--etcd-compaction-interval=10m', '--etcd-count-metric-poll-period=0s', '--storage-backend=etcd3']).options;
  assert.deepEqual(
    [o.etcdServers, o.etcdPrefix, o.etcdCAFile, o.etcdCertFile, o.etcdKeyFile, o.etcdCompactionIntervalMs, o.etcdCountMetricPollPeriodMs, o.storageBackend],
    [['http://a:2379', 'http://b:2379'], '/x', 'ca', 'c', 'k', 600_000, 0, 'etcd3'],
  );
  const d = parseArgs([]).options;
  assert.deepEqual([d.etcdPrefix, d.etcdCompactionIntervalMs, d.etcdCountMetricPollPeriodMs], ['/registry', 300_000, 60_000]);
  assert.throws(() => parseArgs(['--storage-backend=etcd2']), (e: Error) => e instanceof FlagError && e.message === "--storage-backend invalid, allowed values: etcd3. If not specified, it will default to 'etcd3'");
});
