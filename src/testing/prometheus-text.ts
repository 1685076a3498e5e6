// A strict parser of the Prometheus text exposition format 0.0.4 for tests: HELP and TYPE lines, samples with
// escaped label values, and the families' rules (one TYPE before the samples, histogram buckets cumulative with a
// +Inf bucket equal to _count). Anything malformed throws.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help?: string;
  type?: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

function unescapeHelp(s: string): string {
  return s.replace(/\\(\\|n)/g, (_m, c: string) => (c === 'n' ? '\n' : '\\'));
}

/** A sample value as Prometheus reads it (Go's strconv.ParseFloat: NaN and Inf in any case). */
function parseValue(s: string): number {
  const lower = s.toLowerCase();
  if (lower === '+inf' || lower === 'inf' || lower === '+infinity' || lower === 'infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  if (lower === 'nan') return NaN;
  const n = Number(s);
  if (s.trim() === '' || Number.isNaN(n)) throw new Error(`bad sample value ${JSON.stringify(s)}`);
  return n;
}

function parseSample(line: string): Sample {
  let i = 0;
  while (i < line.length && line[i] !== '{' && line[i] !== ' ') i++;
  const name = line.slice(0, i);
  if (!NAME.test(name)) throw new Error(`bad metric name in ${JSON.stringify(line)}`);
  const labels: Record<string, string> = {};
  if (line[i] === '{') {
    i++;
    while (line[i] !== '}') {
      const eq = line.indexOf('=', i);
      if (eq < 0) throw new Error(`bad labels in ${JSON.stringify(line)}`);
      const label = line.slice(i, eq);
      if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(label)) throw new Error(`bad label name ${JSON.stringify(label)}`);
      if (line[eq + 1] !== '"') throw new Error(`unquoted label value in ${JSON.stringify(line)}`);
      let j = eq + 2;
      let value = '';
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\') {
          const c = line[++j];
          value += c === 'n' ? '\n' : c === '\\' ? '\\' : c === '"' ? '"' : (() => { throw new Error(`bad escape in ${JSON.stringify(line)}`); })();
        } else value += line[j];
      }
      if (j >= line.length) throw new Error(`unterminated label value in ${JSON.stringify(line)}`);
      if (label in labels) throw new Error(`duplicate label ${label}`);
      labels[label] = value;
      i = j + 1;
      if (line[i] === ',') i++;
      else if (line[i] !== '}') throw new Error(`bad label separator in ${JSON.stringify(line)}`);
    }
    i++;
  }
  const rest = line.slice(i).trim().split(/\s+/);
  if (rest.length < 1 || rest.length > 2) throw new Error(`bad sample line ${JSON.stringify(line)}`);
  return { name, labels, value: parseValue(rest[0]!) };
}

const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''], counter: ['', '_total'], gauge: [''], untyped: [''] };

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) families.set(name, (f = { name, samples: [] }));
    return f;
  };
  if (text !== '' && !text.endsWith('\n')) throw new Error('exposition does not end with a newline');
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue; // a comment
      const f = family(m[2]!);
      if (!NAME.test(f.name)) throw new Error(`bad metric name ${JSON.stringify(f.name)}`);
      if (m[1] === 'HELP') {
        if (f.help !== undefined) throw new Error(`second HELP for ${f.name}`);
        f.help = unescapeHelp(m[3]!);
      } else {
        if (f.type !== undefined || f.samples.length) throw new Error(`TYPE for ${f.name} twice or after its samples`);
        if (!(m[3]! in SUFFIXES)) throw new Error(`unknown type ${m[3]} for ${f.name}`);
        f.type = m[3]!;
      }
      continue;
    }
    const s = parseSample(line);
    const owner = [...families.values()].reverse().find((f) => (SUFFIXES[f.type ?? 'untyped'] ?? ['']).some((suf) => s.name === f.name + suf));
    (owner ?? family(s.name)).samples.push(s);
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    let e = series.get(key);
    if (!e) series.set(key, (e = { buckets: [] }));
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${f.name} bucket without le`);
      e.buckets.push([parseValue(le), s.value]);
    } else if (s.name.endsWith('_count')) e.count = s.value;
  }
  for (const [key, e] of series) {
    for (let i = 1; i < e.buckets.length; i++) {
      if (e.buckets[i]![0] <= e.buckets[i - 1]![0] || e.buckets[i]![1] < e.buckets[i - 1]![1]) throw new Error(`${f.name}${key}: buckets not cumulative`);
    }
    const inf = e.buckets[e.buckets.length - 1];
    if (!inf || inf[0] !== Infinity || inf[1] !== e.count) throw new Error(`${f.name}${key}: +Inf bucket does not equal _count`);
  }
}

/** The value of the sample `name` whose labels include `labels` (undefined when none). */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
    }
  }
  return undefined;
}
