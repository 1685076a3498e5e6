// Structured logs (pino). Verbosity follows kube's -v: 0 warnings and errors, 2+ one line per request, 4+ debug;
// a negative verbosity (library and tests only) is silent.
import { pino, destination as pinoDestination, type Logger } from 'pino';

export function createLogger(verbosity: number, destination?: NodeJS.WritableStream): Logger {
  const level = verbosity < 0 ? 'silent' : verbosity >= 4 ? 'debug' : verbosity >= 2 ? 'info' : 'warn';
  return pino(
    {
      level,
      base: { component: 'kubelite' },
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token', '*.token'], censor: '[REDACTED]' },
    },
    destination ?? pinoDestination({ fd: 2, sync: false }),
  );
}
