// The server's logs, as kube-apiserver writes them: klog's text lines by default, kube's JSON lines with
// --logging-format=json. Code logs through pino; each pino record is rewritten into the chosen format on its way
// to stderr. Verbosity follows kube's -v: V(0) messages (info, warnings, errors) always, V(n) ones when -v >= n:
// the per-request "HTTP" line is V(3), pino's debug V(5), trace V(10). A negative verbosity (library and tests
// only) is silent.
import { pino, type Logger } from 'pino';

export type LoggingFormat = 'text' | 'json';

/** pino levels for klog's V(1)…V(4), between info (30, V(0)) and debug (20, V(5)). */
const V_LEVELS = { v1: 29, v2: 28, v3: 27, v4: 26 } as const;

function pinoLevel(verbosity: number): string {
  if (verbosity < 0) return 'silent';
  if (verbosity === 0) return 'info';
  if (verbosity <= 4) return `v${verbosity}`;
  return verbosity >= 10 ? 'trace' : 'debug';
}

/** The klog verbosity of a pino level number (errors have none: kube's JSON omits "v" for them). */
function verbosityOf(level: number): number | undefined {
  if (level >= 50) return undefined;
  if (level >= 30) return 0;
  if (level >= 26) return 30 - level;
  return level >= 20 ? 5 : 10;
}

interface Sink {
  write(s: string): unknown;
}

/** A pino destination that rewrites each JSON record into klog text or kube JSON before writing it out. */
export function klogDestination(format: LoggingFormat, out: Sink): { write(line: string): void } {
  return {
    write(line: string) {
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(format === 'json' ? kubeJsonLine(rec) : klogTextLine(rec));
    },
  };
}

const OMIT = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

function fields(rec: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(rec)) {
    if (OMIT.has(k) || v === undefined) continue;
    // pino's error serializer gives {type, message, stack}; kube logs an error as its message.
    if (k === 'err' && v && typeof v === 'object' && 'message' in v) out.push([k, (v as { message: unknown }).message]);
    else out.push([k, v]);
  }
  return out;
}

const two = (n: number) => String(n).padStart(2, '0');

/** klog's header and structured key/value text: `I1126 12:00:00.000000   12345 file.go:123] "msg" key="value"`. */
export function klogTextLine(rec: Record<string, unknown>): string {
  const level = Number(rec.level ?? 30);
  const severity = level >= 50 ? 'E' : level >= 40 ? 'W' : 'I';
  const t = new Date(Number(rec.time ?? Date.now()));
  const micros = String(t.getMilliseconds() * 1000).padStart(6, '0');
  const stamp = `${two(t.getMonth() + 1)}${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}.${micros}`;
  // kubelite records no call site; klog's file:line position keeps the shape log readers expect.
  const caller = typeof rec.caller === 'string' ? rec.caller : 'kubelite.go:0';
  let text = `${severity}${stamp} ${String(process.pid).padStart(7)} ${caller}] ${JSON.stringify(String(rec.msg ?? ''))}`;
  for (const [k, v] of fields(rec)) {
    if (k === 'caller') continue;
    text += ` ${k}=${typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)}`;
  }
  return text + '\n';
}

/**
 * kube's JSON line: ts (epoch milliseconds, as kube's zap encoder writes it), time (the same instant in RFC 3339,
 * UTC: issue 23 asks for RFC 3339 times; kube has only ts, so log tools written for kube keep working), msg, v
 * (absent for errors), then the key/values.
 */
export function kubeJsonLine(rec: Record<string, unknown>): string {
  const level = Number(rec.level ?? 30);
  const ts = Number(rec.time ?? Date.now());
  const out: Record<string, unknown> = { ts, time: new Date(ts).toISOString(), msg: rec.msg ?? '' };
  const v = verbosityOf(level);
  if (v !== undefined) out.v = v;
  for (const [k, val] of fields(rec)) out[k] = val;
  return JSON.stringify(out) + '\n';
}

/** The server's logger: to `destination` (default stderr) in the given format, at kube's -v verbosity. */
export function createLogger(verbosity: number, destination?: NodeJS.WritableStream, format: LoggingFormat = 'text'): Logger {
  const out: Sink = destination ?? process.stderr;
  return pino(
    {
      level: pinoLevel(verbosity),
      customLevels: V_LEVELS,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token', '*.token'], censor: '[REDACTED]' },
    },
    klogDestination(format, out),
  ) as unknown as Logger;
}

/** A logger that writes nothing (the library's `logger: 'silent'`). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** Logs at klog's V(n) (1–4): a kubelite logger's custom level, or debug on a logger the library user gave. */
export function logV(log: Logger, n: 1 | 2 | 3 | 4, obj: object, msg: string): void {
  const name = `v${n}`;
  const custom = (log as unknown as Record<string, unknown>)[name];
  if (typeof custom === 'function' && log.levels.values[name] !== undefined) {
    if (log.isLevelEnabled(name)) (custom as (o: object, m: string) => void).call(log, obj, msg);
  } else log.debug(obj, msg);
}

/** Whether V(n) messages are written. */
export function vEnabled(log: Logger, n: 1 | 2 | 3 | 4): boolean {
  const name = `v${n}`;
  return log.levels.values[name] !== undefined ? log.isLevelEnabled(name) : log.isLevelEnabled('debug');
}
