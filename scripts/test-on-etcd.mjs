// Runs test files against a real etcd: starts one (dist/src/testing/etcd.js), points every test server at it
// (KUBELITE_TEST_ETCD_SERVERS; each server gets its own --etcd-prefix) and runs the files whose dist path contains
// one of the arguments. Without etcd it says so and exits 0, except in CI (CI set), where that is a failure.
// Usage: node scripts/test-on-etcd.mjs list-watch generic-store
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { etcdSkipReason, startEtcd } from '../dist/src/testing/etcd.js';

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = walk('dist', []).filter((f) => filters.some((s) => f.includes(s))).sort();
if (filters.length === 0 || files.length === 0) {
  console.error('usage: node scripts/test-on-etcd.mjs <substring of a dist test path> ...');
  process.exit(1);
}
const skip = etcdSkipReason();
if (skip) {
  console.log(`# SKIP ${skip}`);
  process.exit(0);
}
const etcd = await startEtcd();
console.log(`# etcd at ${etcd.url} for: ${files.join(' ')}`);
let status = 1;
try {
  // One file at a time: etcd's revision is shared by every server on it, and some tests expect the revision to move
  // only by their own writes (a bookmark carrying exactly the last write's revision).
  const concurrency = process.env.TEST_CONCURRENCY ?? '1';
  const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], {
    stdio: 'inherit',
    env: { ...process.env, KUBELITE_TEST_ETCD_SERVERS: etcd.url },
  });
  status = r.status ?? 1;
} finally {
  await etcd.stop();
}
process.exit(status);
