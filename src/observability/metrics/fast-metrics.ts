// Counters and histograms for the request path: one Map lookup per observation (keyed by the label values in the
// metric's label order), no per-call label validation; the registry reads them through get() as it reads
// prom-client's own metrics. Label names are checked by TypeScript at the call sites.

type LabelValues<L extends string> = Partial<Record<L, string>>;

interface Series<L extends string> {
  labels: LabelValues<L>;
}

export type CounterSeries = { value: number };
export type HistogramSeries = { counts: number[]; sum: number; count: number };

/** Resets of any fast metric so far: series looked up before a reset are stale (request-metrics' route cache). */
let resets = 0;
export const metricResets = (): number => resets;

const NO_LABELS = Object.freeze({});

abstract class FastMetric<L extends string, S extends Series<L>> {
  protected readonly series = new Map<string, S>();
  /** Series of frozen label objects that callers reuse across observations (found by identity, no key built). */
  private bySharedLabels = new WeakMap<object, S>();

  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly labelNames: readonly L[],
  ) {}

  /** The series of a label set, to be updated directly by callers that keep it (valid until a reset). */
  seriesOf(labels: LabelValues<L>): S {
    return this.entry(labels);
  }

  protected entry(labels: LabelValues<L>): S {
    const shared = Object.isFrozen(labels);
    if (shared) {
      const hit = this.bySharedLabels.get(labels);
      if (hit) return hit;
    }
    const s = this.entryByKey(labels);
    if (shared) this.bySharedLabels.set(labels, s);
    return s;
  }

  private entryByKey(labels: LabelValues<L>): S {
    let key = '';
    for (const n of this.labelNames) key += (labels[n] ?? '') + '\u0000';
    let s = this.series.get(key);
    if (!s) {
      const ordered: LabelValues<L> = {};
      for (const n of this.labelNames) ordered[n] = labels[n] ?? '';
      this.series.set(key, (s = this.create(ordered)));
    }
    return s;
  }

  protected abstract create(labels: LabelValues<L>): S;

  reset(): void {
    this.series.clear();
    this.bySharedLabels = new WeakMap();
    resets++;
  }
}

export class FastCounter<L extends string> extends FastMetric<L, Series<L> & { value: number }> {
  readonly type = 'counter';

  constructor(name: string, help: string, labelNames: readonly L[]) {
    super(name, help, labelNames);
    if (labelNames.length === 0) this.entry({}); // a metric without labels is listed at 0, as client_golang lists it
  }

  protected create(labels: LabelValues<L>) {
    return { labels, value: 0 };
  }

  inc(labels?: LabelValues<L> | number, n = 1): void {
    if (typeof labels === 'number') return void (this.entry(NO_LABELS).value += labels);
    this.entry(labels ?? NO_LABELS).value += n;
  }

  get() {
    const values = [...this.series.values()].map((s) => ({ labels: s.labels, value: s.value }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' as const };
  }
}

export class FastHistogram<L extends string> extends FastMetric<L, Series<L> & { counts: number[]; sum: number; count: number }> {
  readonly type = 'histogram';

  constructor(name: string, help: string, labelNames: readonly L[], private readonly upperBounds: number[]) {
    super(name, help, labelNames);
    if (labelNames.length === 0) this.entry({});
  }

  protected create(labels: LabelValues<L>) {
    return { labels, counts: new Array<number>(this.upperBounds.length).fill(0), sum: 0, count: 0 };
  }

  observe(labels: LabelValues<L> | number, v?: number): void {
    if (typeof labels === 'number') this.observeSeries(this.entry(NO_LABELS), labels);
    else this.observeSeries(this.entry(labels), v!);
  }

  /** One observation into a series found before (seriesOf). */
  observeSeries(s: HistogramSeries, value: number): void {
    s.sum += value;
    s.count++;
    const i = this.bucketOf(value);
    if (i < s.counts.length) s.counts[i]!++;
  }

  /** The first bucket whose upper bound is at least `value` (bounds.length: only +Inf): a binary search past the first. */
  private bucketOf(value: number): number {
    const b = this.upperBounds;
    if (!(value > b[0]!)) return value <= b[0]! ? 0 : b.length; // NaN counts in +Inf only, as before
    let lo = 1;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (value <= b[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  get() {
    const values: { labels: Record<string, string | number | undefined>; value: number; metricName: string }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((bound, i) => {
        cumulative += s.counts[i]!;
        values.push({ labels: { ...s.labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' as const };
  }
}
