// Percentiles and summaries of latency samples (milliseconds).

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of an already sorted array. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(samples: number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const x of samples) sum += x;
  return { count: samples.length, p50: percentileSorted(sorted, 50), p99: percentileSorted(sorted, 99), mean: samples.length ? sum / samples.length : NaN };
}

export function median(xs: number[]): number {
  return percentileSorted(Float64Array.from(xs).sort(), 50);
}
