// npm run stress: the stress suites (test/stress) at full scale — 100,000 hostile requests, 50 SIGKILLs, 100,000
// watched changes, 5,000 idle connections. KUBELITE_STRESS_SEED=<seed> replays a run; KUBELITE_STRESS_<NAME>=<n>
// sets one count (see test/stress/stress-config.ts).
import { spawnSync } from 'node:child_process';

const env = { ...process.env, KUBELITE_STRESS: '1', TEST_CONCURRENCY: process.env.TEST_CONCURRENCY ?? '1' };
// `npm run stress -- hostile durability` runs only those suites.
const only = process.argv.slice(2).map((name) => `dist/test/stress/${name}`);
const r = spawnSync(process.execPath, ['scripts/run-tests.mjs', ...(only.length ? only : ['dist/test/stress/'])], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
