// kube's metric stability framework (component-base/metrics) over prom-client: every metric carries a stability
// class printed at the head of its HELP text (`[STABLE] …`, `[ALPHA] …`), and a deprecated metric says so after it
// (`[ALPHA] (Deprecated since 1.27.0) …`). A deprecated metric whose deprecation period is over is hidden: a no-op
// stands in for it, so writes to it cost nothing and /metrics does not list it, unless
// --show-hidden-metrics-for-version is given (seeds §Metric life cycle).
import { Gauge, type Metric, type Registry } from 'prom-client';
import { FastCounter, FastHistogram } from './fast-metrics.js';

export type StabilityLevel = 'ALPHA' | 'BETA' | 'STABLE';

/** The release kubelite serves (kube-apiserver 1.33). */
export const CURRENT_RELEASE = { major: 1, minor: 33 };

export interface MetricOpts<L extends string> {
  name: string;
  help: string;
  stability: StabilityLevel;
  labels?: readonly L[];
  /** "1.27.0": the release that deprecated the metric. */
  deprecatedVersion?: string;
  buckets?: number[];
}

/** Releases a deprecated metric stays visible, by class (STABLE 3, BETA 1, ALPHA 0). */
const DEPRECATION_PERIOD: Record<StabilityLevel, number> = { STABLE: 3, BETA: 1, ALPHA: 0 };

/** Whether a metric deprecated in `deprecatedVersion` is hidden in the current release. */
export function isHidden(stability: StabilityLevel, deprecatedVersion: string, current = CURRENT_RELEASE): boolean {
  const [major = 0, minor = 0] = deprecatedVersion.split('.').map(Number);
  if (major !== current.major) return major < current.major;
  return minor + DEPRECATION_PERIOD[stability] < current.minor;
}

/** kube's check of --show-hidden-metrics-for-version: only the previous minor release is accepted. */
export function validateShowHiddenMetricsVersion(v: string, current = CURRENT_RELEASE): string | undefined {
  if (v === '') return undefined;
  const valid = `${current.major}.${current.minor - 1}`;
  if (v === valid) return undefined;
  return `invalid showHiddenMetricsForVersion: showHiddenMetricsForVersion: Invalid value: ${JSON.stringify(v)}: must be omitted or have the value '${valid}'; only the previous minor version is allowed`;
}

export function helpText(o: { help: string; stability: StabilityLevel; deprecatedVersion?: string }): string {
  const help = o.deprecatedVersion ? `(Deprecated since ${o.deprecatedVersion}) ${o.help}` : o.help;
  return `[${o.stability}] ${help}`;
}

/** Creates kube metrics in one registry, hiding what the life cycle hides. */
export class KubeMetricFactory {
  constructor(
    private readonly registry: Registry,
    private readonly showHidden: boolean,
    private readonly onDeprecated: (name: string, version: string) => void = () => undefined,
  ) {}

  private hidden(o: MetricOpts<string>): boolean {
    if (!o.deprecatedVersion) return false;
    if (isHidden(o.stability, o.deprecatedVersion) && !this.showHidden) return true;
    this.onDeprecated(o.name, o.deprecatedVersion);
    return false;
  }

  private common<L extends string>(o: MetricOpts<L>) {
    return { name: o.name, help: helpText(o), labelNames: (o.labels ?? []) as L[], registers: [this.registry] };
  }

  counter<L extends string>(o: MetricOpts<L>): FastCounter<L> {
    if (this.hidden(o)) return HIDDEN as unknown as FastCounter<L>;
    return this.register(new FastCounter<L>(o.name, helpText(o), o.labels ?? []));
  }

  private register<M extends FastCounter<string> | FastHistogram<string>>(m: M): M {
    this.registry.registerMetric(m as unknown as Metric);
    return m;
  }

  gauge<L extends string>(o: MetricOpts<L>): Gauge<L> {
    return this.hidden(o) ? (HIDDEN as unknown as Gauge<L>) : new Gauge<L>(this.common(o));
  }

  histogram<L extends string>(o: MetricOpts<L>): FastHistogram<L> {
    if (this.hidden(o)) return HIDDEN as unknown as FastHistogram<L>;
    return this.register(new FastHistogram<L>(o.name, helpText(o), o.labels ?? [], o.buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]));
  }
}

/** A hidden metric: every write is a no-op and nothing is registered. */
const noop = () => undefined;
/** The series a hidden metric hands out: written to by callers that keep series, read by nobody. */
const HIDDEN_SERIES = { value: 0, counts: [] as number[], sum: 0, count: 0 };
const HIDDEN = { inc: noop, dec: noop, set: noop, observe: noop, observeSeries: noop, seriesOf: () => HIDDEN_SERIES, reset: noop, labels: () => HIDDEN, startTimer: () => noop };

/** Prometheus' ExponentialBuckets. */
export function exponentialBuckets(start: number, factor: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0, v = start; i < count; i++, v *= factor) out.push(v);
  return out;
}
