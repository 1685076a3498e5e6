// Command-line options of `npm run bench`.
export interface BenchOptions {
  /** Seconds each throughput or latency measurement runs (after a warm-up of a fifth of it, at least 0.5 s). */
  durationS: number;
  /** Scenario names to run; empty = all. */
  scenarios: string[];
  /** Fewer objects for the large-memory point, fewer start-up repetitions, shorter runs. */
  quick: boolean;
  /** Run the kubelite child with --cpu-prof and print the hottest functions per scenario. */
  profile: boolean;
  /** Load generator processes for the read scenarios whose floor one generator cannot saturate (get, version). */
  generators: number;
  /**
   * Requests each request scenario sends before its measured window (up to JIT_WARMUP_MAX_MS), on kubelite and its
   * floor alike, so that both are measured after V8 has compiled their hot paths; 0 turns it off.
   */
  jitWarmup: number;
}

/** The longest a JIT warm-up runs, whatever its request count. */
export const JIT_WARMUP_MAX_MS = 5000;

export const USAGE = `usage: npm run bench -- [--duration <seconds>] [--scenarios a,b,c] [--quick] [--profile] [--generators <n>] [--jit-warmup <requests>]`;

export function parseOptions(argv: string[]): BenchOptions {
  const o: BenchOptions = { durationS: 4, scenarios: [], quick: false, profile: false, generators: 2, jitWarmup: 3000 };
  let jitWarmupGiven = false;
  let durationGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--duration': {
        o.durationS = Number(value());
        if (!(o.durationS > 0 && o.durationS <= 60)) throw new Error('--duration: seconds between 0 and 60');
        durationGiven = true;
        break;
      }
      case '--scenarios':
        o.scenarios = value().split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case '--quick':
        o.quick = true;
        break;
      case '--profile':
        o.profile = true;
        break;
      case '--generators':
        o.generators = Number(value());
        if (!(Number.isInteger(o.generators) && o.generators >= 1 && o.generators <= 8)) throw new Error('--generators: a whole number from 1 to 8');
        break;
      case '--jit-warmup':
        o.jitWarmup = Number(value());
        if (!(Number.isInteger(o.jitWarmup) && o.jitWarmup >= 0)) throw new Error('--jit-warmup: a whole number of requests, 0 for none');
        jitWarmupGiven = true;
        break;
      case '--help':
      case '-h':
        throw new Error(USAGE);
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (o.quick && !durationGiven) o.durationS = 2;
  if (o.quick && !jitWarmupGiven) o.jitWarmup = 1000;
  return o;
}
