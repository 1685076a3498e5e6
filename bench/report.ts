// The one table a run prints, and the JSON file it writes.
import type { Row } from './context.js';

function fmt(x: number, unit: string): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (unit === 'ms') return x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US');
  if (unit === 'MiB') return x.toFixed(1);
  return Math.round(x).toLocaleString('en-US');
}

/** kubelite ÷ baseline. */
export function ratio(r: Row): number {
  return r.kubelite / r.baseline;
}

/** How many times worse than the floor kubelite is, whichever way the metric points (1 = at the floor). */
export function costFactor(r: Row): number {
  return r.better === 'higher' ? r.baseline / r.kubelite : r.kubelite / r.baseline;
}

export function renderTable(rows: Row[]): string {
  const header = ['scenario', 'metric', 'unit', 'kubelite', 'baseline', 'ratio', 'x floor'];
  const body = rows.map((r) => [r.scenario, r.metric, r.unit, fmt(r.kubelite, r.unit), fmt(r.baseline, r.unit), ratio(r).toFixed(2), costFactor(r).toFixed(1)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => (i >= 3 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), sep, ...body.map(line)].join('\n');
}

export function renderNotes(rows: Row[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of rows) {
    const k = `${r.scenario}: baseline = ${r.baselineIs}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(`- ${k}`);
    }
    if (r.note) out.push(`  - ${r.metric}: ${r.note}`);
  }
  return out.join('\n');
}
