// /healthz, /livez and /readyz with their named checks, output and status codes (auth.md §10.1).
import type { RequestContext } from '../http/request-context.js';
import { writeText } from '../http/respond.js';

export type HealthEndpoint = 'healthz' | 'livez' | 'readyz';
export type HealthCheckFn = () => void | Promise<void>;

interface Check {
  name: string;
  run: HealthCheckFn;
  endpoints: Set<HealthEndpoint>;
}

const NOSNIFF = { 'X-Content-Type-Options': 'nosniff' };

export class HealthChecks {
  private readonly checks: Check[] = [];

  add(name: string, run: HealthCheckFn, endpoints: HealthEndpoint[] = ['healthz', 'livez', 'readyz']): void {
    this.checks.push({ name, run, endpoints: new Set(endpoints) });
  }

  /** A post-start hook check: fails with "not finished" until done() is called. */
  addPostStartHook(hook: string): () => void {
    let finished = false;
    this.add(`poststarthook/${hook}`, () => {
      if (!finished) throw new Error('not finished');
    });
    return () => {
      finished = true;
    };
  }

  namesFor(endpoint: HealthEndpoint): string[] {
    return this.checks.filter((c) => c.endpoints.has(endpoint)).map((c) => c.name);
  }

  /** Runs one check; resolves to the error text or undefined. */
  private async runCheck(c: Check): Promise<string | undefined> {
    try {
      await c.run();
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /** Answers GET /<endpoint>[/<check>]; returns false when the sub-path names no check. */
  async serve(ctx: RequestContext, endpoint: HealthEndpoint, sub: string): Promise<boolean> {
    const checks = this.checks.filter((c) => c.endpoints.has(endpoint));
    if (sub) {
      const c = checks.find((x) => x.name === sub);
      if (!c) return false;
      const err = await this.runCheck(c);
      if (err === undefined) writeText(ctx, 200, 'ok');
      else writeText(ctx, 500, `internal server error: ${err}\n`, NOSNIFF);
      return true;
    }
    const excluded = new Set(ctx.query.getAll('exclude').flatMap((v) => v.split(',')).filter(Boolean));
    const unmatched = new Set(excluded);
    const lines: string[] = [];
    let failed = false;
    const results = await Promise.all(checks.map((c) => (excluded.has(c.name) ? Promise.resolve(undefined) : this.runCheck(c))));
    checks.forEach((c, i) => {
      if (excluded.has(c.name)) {
        unmatched.delete(c.name);
        lines.push(`[+]${c.name} excluded: ok`);
      } else if (results[i] !== undefined) {
        failed = true;
        lines.push(`[-]${c.name} failed: reason withheld`);
      } else {
        lines.push(`[+]${c.name} ok`);
      }
    });
    if (unmatched.size) lines.push(`warn: some health checks cannot be excluded: no matches for ${[...unmatched].sort().map((n) => JSON.stringify(n)).join(',')}`);
    if (failed) {
      writeText(ctx, 500, lines.map((l) => l + '\n').join('') + `${endpoint} check failed\n`, NOSNIFF);
    } else if (ctx.query.has('verbose')) {
      writeText(ctx, 200, lines.map((l) => l + '\n').join('') + `${endpoint} check passed\n`, NOSNIFF);
    } else {
      writeText(ctx, 200, 'ok', NOSNIFF);
    }
    return true;
  }
}
