// The published package: `npm pack` ships the library, the command and the generated API data only, and the
// unpacked tarball runs as `npx kubelite` from a project that installed it (offline: its dependencies are
// linked from this checkout's node_modules instead of downloaded).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installTarball, npm, packInto, type PackResult } from './packed-install.js';

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

test('the tarball holds the library, the command and the API data, and no tests, bench, build info or maps', () => {
  {
    const p = pack().result;
    const paths = p.files.map((f) => f.path);
    for (const must of ['package.json', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'dist/src/cli/kubelite.js', 'src/api/generated/catalog.json']) assert.ok(paths.includes(must), must);
    const unwanted = paths.filter((f) => /\.test\.|\.map$|tsbuildinfo|^dist\/(test|bench|scripts)\/|^(test|bench|scripts)\/|\.ts$/.test(f) && !f.endsWith('.d.ts'));
    assert.deepEqual(unwanted, []);
    // A bound against packing the wrong tree (tests, sources, data), with room for the modules still to come.
    assert.ok(paths.length < 1500 && p.size < 2 * 1024 * 1024, `${paths.length} files, ${p.size} bytes`);
    console.log(`# npm pack: ${paths.length} files, ${(p.size / 1024).toFixed(0)} KiB`);
  }
});

test('npx kubelite runs from the installed tarball: --help, and a start that serves', async () => {
  const { dir: packDir, result: p } = pack();
  const { project, remove } = installTarball(join(packDir, p.filename));
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-kc-'));
  try {
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
    remove();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The ```js block that follows `<!-- README test: <name> -->` in README.md. */
function readmeSnippet(name: string): string {
  const readme = readFileSync('README.md', 'utf8');
  const at = readme.indexOf(`<!-- README test: ${name} -->`);
  assert.ok(at >= 0, `README snippet ${name}`);
  const m = /```js\n([\s\S]*?)```/.exec(readme.slice(at));
  return m![1]!;
}

test('the README\'s library, node:test, vitest and snapshot snippets run verbatim against the installed package', async () => {
  const { dir: packDir, result: p } = pack();
  const { project, remove } = installTarball(join(packDir, p.filename), ['@kubernetes/client-node']);
  try {
    const run = (file: string, args: string[]) => {
      // Without the runner's NODE_TEST_CONTEXT, a child `node --test` reports as a top-level run does.
      const { NODE_TEST_CONTEXT: _, ...env } = process.env;
      const r = spawnSync(process.execPath, [...args, file], { cwd: project, env, encoding: 'utf8', timeout: 120_000 });
      assert.equal(r.status, 0, `${file}: ${r.stdout}\n${r.stderr}`);
      return r;
    };
    writeFileSync(join(project, 'library.mjs'), readmeSnippet('library'));
    run('library.mjs', []);
    writeFileSync(join(project, 'cluster.test.mjs'), readmeSnippet('node-test'));
    const t = run('cluster.test.mjs', ['--test']);
    assert.match(t.stdout, /# pass 1\n# fail 0/);
    // The vitest snippet, with node:test standing in for vitest (vitest is not a dependency of this repository).
    mkdirSync(join(project, 'node_modules', 'vitest'));
    writeFileSync(join(project, 'node_modules', 'vitest', 'package.json'), JSON.stringify({ name: 'vitest', type: 'module', main: 'index.js' }));
    writeFileSync(
      join(project, 'node_modules', 'vitest', 'index.js'),
      `import { before, after, beforeEach, afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
export { beforeEach, afterEach, test };
export const beforeAll = before;
export const afterAll = after;
export const expect = (actual) => ({ toEqual: (expected) => assert.deepStrictEqual(actual, expected) });
`,
    );
    writeFileSync(join(project, 'widgets.test.mjs'), readmeSnippet('vitest'));
    assert.match(run('widgets.test.mjs', ['--test']).stdout, /# pass 1\n# fail 0/);
    writeFileSync(join(project, 'snapshot.mjs'), readmeSnippet('snapshot'));
    assert.equal(run('snapshot.mjs', []).stdout, 'fixtures\n');
  } finally {
    remove();
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
