// The published package: `npm pack` ships the library, the command and the generated API data only, and the
// unpacked tarball runs as `npx kubelite` from a project that installed it (offline: its dependencies are
// linked from this checkout's node_modules instead of downloaded).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve('.');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackResult {
  filename: string;
  size: number;
  files: { path: string }[];
}

let packed: { dir: string; result: PackResult } | undefined;
after(() => {
  if (packed) rmSync(packed.dir, { recursive: true, force: true });
});

/** Packs once for the file's tests. */
function pack(): { dir: string; result: PackResult } {
  if (packed) return packed;
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-pack-'));
  return (packed = { dir, result: packInto(dir) });
}

function packInto(dest: string): PackResult {
  // --ignore-scripts: the test runs on the build `npm test` just made (prepare would rebuild it).
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as PackResult[])[0]!;
}

test('the tarball holds the library, the command and the API data, and no tests, bench, build info or maps', () => {
  {
    const p = pack().result;
    const paths = p.files.map((f) => f.path);
    for (const must of ['package.json', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'src/api/generated/catalog.json']) assert.ok(paths.includes(must), must);
    const unwanted = paths.filter((f) => /\.test\.|\.map$|tsbuildinfo|^dist\/(test|bench|scripts)\/|^(test|bench|scripts)\/|\.ts$/.test(f) && !f.endsWith('.d.ts'));
    assert.deepEqual(unwanted, []);
    assert.ok(paths.length < 1500 && p.size < 2 * 1024 * 1024, `${paths.length} files, ${p.size} bytes`);
    console.log(`# npm pack: ${paths.length} files, ${(p.size / 1024).toFixed(0)} KiB`);
  }
});

test('npx kubelite runs from the installed tarball: --help, and a start that serves', async () => {
  const { dir: packDir, result: p } = pack();
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-install-'));
  try {
    const project = join(dir, 'project');
    const installed = join(project, 'node_modules', pkg.name);
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, dependencies: { [pkg.name]: `file:${join(packDir, p.filename)}` } }));
    execFileSync('tar', ['-xzf', join(packDir, p.filename), '-C', installed, '--strip-components=1']);
    // What `npm install` would add: the dependencies, and the bin link.
    for (const dep of Object.keys(pkg.dependencies)) {
      const at = join(project, 'node_modules', dep);
      mkdirSync(join(at, '..'), { recursive: true });
      symlinkSync(realpathSync(join(root, 'node_modules', dep)), at, 'dir');
    }
    mkdirSync(join(project, 'node_modules', '.bin'));
    chmodSync(join(installed, 'dist', 'src', 'cli', 'main.js'), 0o755); // as npm does for a bin
    symlinkSync(join('..', pkg.name, 'dist', 'src', 'cli', 'main.js'), join(project, 'node_modules', '.bin', 'kubelite'));

    const help = spawnSync(npm, ['exec', '--offline', '--no', '--', 'kubelite', '--help'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage:\n {2}kubelite \[flags\]\n/);

    // A start from the package (memory engine): the generated API data must be in the tarball.
    const kc = join(dir, 'kubeconfig');
    const child = spawn(npm, ['exec', '--offline', '--no', '--', 'kubelite', '--secure-port=0', '--storage=memory', `--write-kubeconfig=${kc}`], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const url = await new Promise<string>((res, rej) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /serving the Kubernetes API at (https:\/\/\S+) /.exec(out);
        if (m) res(m[1]!);
      });
      exited.then((code) => rej(new Error(`kubelite exited with ${code}: ${err}`)));
    });
    const version = await fetchAsAdmin(`${url}/version`, readFileSync(kc, 'utf8'));
    assert.equal(JSON.parse(version).gitVersion.startsWith('v1.33.'), true);
    process.kill(-child.pid!, 'SIGTERM'); // npm exec and the server it started
    await exited;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function fetchAsAdmin(url: string, kubeconfig: string): Promise<string> {
  const { request } = await import('node:https');
  const { parse } = await import('yaml');
  const k = parse(kubeconfig);
  const pem = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
  const tls = { ca: pem(k.clusters[0].cluster['certificate-authority-data']), cert: pem(k.users[0].user['client-certificate-data']), key: pem(k.users[0].user['client-key-data']) };
  return new Promise((res, rej) => {
    request(url, tls, (r) => {
      let body = '';
      r.on('data', (c) => (body += c));
      r.on('end', () => res(body));
    })
      .on('error', rej)
      .end();
  });
}
