// The data dir has one owner (a lock that a stop releases and a killed process does not keep), the memory engine
// writes nothing unless asked, and --write-kubeconfig merges into an existing file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { startServer } from '../src/index.js';
import { UsageError } from '../src/server/server.js';
import { kubeliteCommand } from '../src/testing/cli-command.js';

const CLI = kubeliteCommand();
const quiet = { securePort: 0, verbosity: -1 };
const lockedText = (dir: string, pid: number) =>
  `data directory ${JSON.stringify(resolve(dir))} is in use by another kubelite server (pid ${pid}): stop it or choose another --data-dir (lock file ${join(resolve(dir), 'kubelite.lock')})`;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'kubelite-datadir-'));
}

/** Starts the command and resolves once it serves; `exited` settles when it ends. */
function runCli(args: string[], cwd: string) {
  const child = spawn(CLI.command, [...CLI.args, '--secure-port=0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const serving = new Promise<void>((res, rej) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (/serving the Kubernetes API at/.test(out)) res();
    });
    exited.then((code) => rej(new Error(`kubelite exited with ${code}: ${err}`)));
  });
  return { child, serving, exited, stderr: () => err };
}

test('a second server on the same data dir in the same process is refused until the first stops', async () => {
  const dir = tempDir();
  try {
    const first = await startServer({ ...quiet, dataDir: dir });
    await assert.rejects(startServer({ ...quiet, dataDir: dir }), (e: Error) => e instanceof UsageError && e.message === lockedText(dir, process.pid));
    assert.ok(existsSync(join(dir, 'kubelite.lock')));
    await first.stop();
    assert.ok(!existsSync(join(dir, 'kubelite.lock')), 'the lock is released on stop');
    const again = await startServer({ ...quiet, dataDir: dir });
    await again.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a second command on a locked data dir exits 1 with the same error; a killed owner leaves no lock behind', async () => {
  const dir = tempDir();
  try {
    const owner = runCli([`--data-dir=${dir}`], dir);
    await owner.serving;
    const second = spawnSync(CLI.command, [...CLI.args, '--secure-port=0', `--data-dir=${dir}`], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    assert.equal(second.status, 1);
    assert.equal(second.stderr, `Error: ${lockedText(dir, owner.child.pid!)}\n`);
    owner.child.kill('SIGKILL');
    await owner.exited;
    assert.equal(readFileSync(join(dir, 'kubelite.lock'), 'utf8'), `${owner.child.pid}\n`, 'SIGKILL leaves the file');
    const s = await startServer({ ...quiet, dataDir: dir }); // the dead pid's lock is stale
    assert.equal(readFileSync(join(dir, 'kubelite.lock'), 'utf8'), `${process.pid}\n`);
    await s.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a memory server writes nothing in its working directory', async () => {
  const cwd = tempDir();
  try {
    const index = pathToFileURL(resolve('dist/src/index.js')).href;
    const script = `const { startServer } = await import(${JSON.stringify(index)});
const s = await startServer({ securePort: 0, storageBackend: 'memory', verbosity: -1 });
process.stdout.write(JSON.stringify({ kubeconfigPath: s.kubeconfigPath ?? null, hasKubeconfig: s.kubeconfig.includes('certificate-authority-data') }));
await s.stop();`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { kubeconfigPath: null, hasKubeconfig: true });
    assert.deepEqual(readdirSync(cwd), []);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

test('a memory server writes only the kubeconfig it is asked for', async () => {
  const dir = tempDir();
  try {
    const kc = join(dir, 'config');
    const s = await startServer({ ...quiet, storageBackend: 'memory', writeKubeconfig: kc });
    await s.stop();
    assert.deepEqual(readdirSync(dir), ['config']);
    assert.equal(parse(readFileSync(kc, 'utf8')).clusters[0].cluster.server, s.url);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--write-kubeconfig merges into an existing file under --cluster-name; --kubeconfig-switch-context decides the current context', async () => {
  const dir = tempDir();
  try {
    const kc = join(dir, 'config');
    writeFileSync(kc, 'apiVersion: v1\nkind: Config\nclusters:\n- name: prod\n  cluster: {server: "https://prod:6443"}\nusers:\n- name: prod\n  user: {token: t}\ncontexts:\n- name: prod\n  context: {cluster: prod, user: prod}\ncurrent-context: prod\n');
    const a = runCli(['--storage=memory', `--write-kubeconfig=${kc}`, '--cluster-name=dev', '--kubeconfig-switch-context=false'], dir);
    await a.serving;
    let m = parse(readFileSync(kc, 'utf8'));
    assert.deepEqual(m.clusters.map((c: { name: string }) => c.name), ['prod', 'dev']);
    assert.deepEqual(m.users.map((c: { name: string }) => c.name), ['prod', 'dev-admin']);
    assert.deepEqual(m.contexts.map((c: { name: string }) => c.name), ['prod', 'dev']);
    assert.equal(m['current-context'], 'prod');
    a.child.kill('SIGTERM');
    assert.equal(await a.exited, 0);

    const b = runCli(['--storage=memory', `--write-kubeconfig=${kc}`, '--cluster-name=dev'], dir);
    await b.serving;
    m = parse(readFileSync(kc, 'utf8'));
    assert.deepEqual(m.clusters.map((c: { name: string }) => c.name), ['prod', 'dev'], 'the same name is replaced, not added');
    assert.equal(m['current-context'], 'dev');
    b.child.kill('SIGTERM');
    assert.equal(await b.exited, 0);
    assert.deepEqual(readdirSync(dir).sort(), ['config']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a kubeconfig that cannot be merged into fails the start with exit code 1', () => {
  const dir = tempDir();
  try {
    const kc = join(dir, 'config');
    writeFileSync(kc, '- not\n- a kubeconfig\n');
    const r = spawnSync(CLI.command, [...CLI.args, '--secure-port=0', '--storage=memory', `--write-kubeconfig=${kc}`], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `Error: cannot merge into the kubeconfig ${JSON.stringify(kc)}: not a kubeconfig (expected a mapping)\n`);
    assert.equal(readFileSync(kc, 'utf8'), '- not\n- a kubeconfig\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--cert-dir holds only the serving pair: generated there when absent, then used as found', async () => {
  const dir = tempDir();
  try {
    const first = await startServer({ ...quiet, storageBackend: 'memory', certDir: dir });
    const served = readFileSync(join(dir, 'apiserver.crt'), 'utf8');
    await first.stop();
    assert.deepEqual(readdirSync(dir).sort(), ['apiserver.crt', 'apiserver.key']);
    // Asked for a SAN the pair lacks: kube uses a --cert-dir pair as it is, so does kubelite.
    const second = await startServer({ ...quiet, storageBackend: 'memory', certDir: dir, tlsSANs: ['other.example.com'] });
    await second.stop();
    assert.equal(readFileSync(join(dir, 'apiserver.crt'), 'utf8'), served);
    assert.deepEqual(readdirSync(dir).sort(), ['apiserver.crt', 'apiserver.key']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
