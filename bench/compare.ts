// `npm run bench -- --compare <before.json> <after.json>`: the change of each row's "x floor" between two result
// files of `npm run bench`, so that a regression shows in review. Rows are matched by scenario and metric; ratios are
// compared rather than absolute figures, because each ratio was measured against its floor in the same run.
import { readFileSync } from 'node:fs';

export interface ResultRow {
  scenario: string;
  metric: string;
  unit: string;
  better: 'higher' | 'lower';
  kubelite: number;
  baseline: number;
}

export interface Comparison {
  scenario: string;
  metric: string;
  before?: number;
  after?: number;
  /** after ÷ before of "x floor": above 1 is worse, below 1 is better. */
  change?: number;
}

/** How many times worse than the floor a row is, whichever way its metric points. */
function xFloor(r: ResultRow): number {
  return r.better === 'higher' ? r.baseline / r.kubelite : r.kubelite / r.baseline;
}

export function compareRows(before: ResultRow[], after: ResultRow[]): Comparison[] {
  const key = (r: ResultRow) => `${r.scenario}\u0000${r.metric}`;
  const old = new Map(before.map((r) => [key(r), r]));
  const out: Comparison[] = [];
  const seen = new Set<string>();
  for (const r of after) {
    seen.add(key(r));
    const b = old.get(key(r));
    const a = xFloor(r);
    const p = b ? xFloor(b) : undefined;
    out.push({ scenario: r.scenario, metric: r.metric, before: p, after: a, change: p !== undefined && Number.isFinite(p) && Number.isFinite(a) && p > 0 ? a / p : undefined });
  }
  for (const r of before) if (!seen.has(key(r))) out.push({ scenario: r.scenario, metric: r.metric, before: xFloor(r) });
  return out;
}

/** Rows whose x floor grew by more than `threshold` (0.1 = 10 %). */
export function regressions(rows: Comparison[], threshold = 0.1): Comparison[] {
  return rows.filter((r) => r.change !== undefined && r.change > 1 + threshold);
}

export function renderComparison(rows: Comparison[], threshold = 0.1): string {
  const f = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(2));
  const header = ['scenario', 'metric', 'x floor before', 'x floor after', 'change', ''];
  const body = rows.map((r) => [
    r.scenario,
    r.metric,
    f(r.before),
    f(r.after),
    r.change === undefined ? (r.after === undefined ? 'gone' : 'new') : `${r.change >= 1 ? '+' : ''}${((r.change - 1) * 100).toFixed(0)}%`,
    r.change !== undefined && r.change > 1 + threshold ? 'WORSE' : r.change !== undefined && r.change < 1 - threshold ? 'better' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), sep, ...body.map(line)].join('\n');
}

export function readRows(file: string): ResultRow[] {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { rows?: ResultRow[] };
  if (!Array.isArray(json.rows)) throw new Error(`${file}: not a result file of npm run bench (no rows)`);
  return json.rows;
}

/** Prints the comparison; the exit code is 0 (the comparison is for review, not a gate). */
export function runCompare(before: string, after: string): void {
  const rows = compareRows(readRows(before), readRows(after));
  console.log(`x floor = how many times worse than the floor kubelite was in its own run (1 = at the floor).`);
  console.log(`change = after ÷ before of x floor; WORSE / better mark changes beyond 10 %.\n`);
  console.log(renderComparison(rows));
  const worse = regressions(rows);
  console.log(`\n${worse.length} row(s) worse by more than 10 %${worse.length ? ': ' + worse.map((r) => `${r.scenario} ${r.metric}`).join('; ') : ''}`);
}
