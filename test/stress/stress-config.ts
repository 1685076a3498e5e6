// Scale and seed of the stress suites. `npm test` runs them at CI scale; `npm run stress` (KUBELITE_STRESS=1) at full
// scale. The seed changes every day (or with the commit in CI, from GITHUB_SHA) and is printed; KUBELITE_STRESS_SEED
// replays a run.
export const FULL_SCALE = process.env.KUBELITE_STRESS === '1';

/** `ci` in `npm test`, `full` in `npm run stress`; KUBELITE_STRESS_<NAME> overrides both. */
export function scale(name: string, ci: number, full: number): number {
  const override = process.env[`KUBELITE_STRESS_${name.toUpperCase()}`];
  if (override !== undefined) return Number(override);
  return FULL_SCALE ? full : ci;
}

function derivedSeed(): number {
  const sha = process.env.GITHUB_SHA;
  if (sha && /^[0-9a-f]{8}/i.test(sha)) return parseInt(sha.slice(0, 8), 16);
  const d = new Date();
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

export const SEED = process.env.KUBELITE_STRESS_SEED !== undefined ? Number(process.env.KUBELITE_STRESS_SEED) : derivedSeed();

/** mulberry32: a small seedable PRNG; each suite derives its own stream from SEED. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One line in the test output a run's figures are read from (README "Guarantees"). */
export function report(suite: string, figures: Record<string, string | number>): void {
  const text = Object.entries(figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`# stress ${suite}: seed=${SEED} ${text}`);
}

export const rssMB = (): number => Math.round(process.memoryUsage().rss / 2 ** 20);
