// Runs every compiled test file (dist/**/*.test.js) with Node's test runner.
// Usage: node scripts/run-tests.mjs [substring ...]  — only files whose path contains one of the substrings.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
