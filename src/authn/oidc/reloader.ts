// Reloading --authentication-config (auth.md §4.2): the file is looked at on change and every minute; a changed,
// valid file replaces the JWT authenticators once the new ones have done discovery (within a minute, else the
// reload fails and is tried again); the anonymous settings may not change after start.
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import type { Logger } from 'pino';
import { aggregateFieldErrors, fieldErr } from '../../errors/field-error.js';
import { ALL_SIGNING_ALGS, parseAuthenticationConfiguration, validateAuthenticationConfiguration, validationMessage, type AuthenticationConfiguration } from './config.js';
import { JWTAuthenticator, type JWTAuthenticators } from './jwt-authenticator.js';

export class AuthenticationConfigReloader {
  private timer?: NodeJS.Timeout;
  private watcher?: FSWatcher;
  private lastText: string;
  private running = false;
  /** Seconds since the epoch of the last successful reload (kube's ..._automatic_reload_last_timestamp_seconds). */
  lastReload = 0;

  constructor(
    private readonly path: string,
    initialText: string,
    private readonly initial: AuthenticationConfiguration,
    private readonly target: JWTAuthenticators,
    private readonly disallowedIssuers: string[],
    private readonly log: Logger,
    private readonly intervalMs = 60_000,
    private readonly healthyWithinMs = 60_000,
  ) {
    this.lastText = initialText;
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref?.();
    try {
      this.watcher = watch(this.path, () => void this.check());
      this.watcher.unref?.();
    } catch {
      // polling alone then
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.watcher?.close();
  }

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      let text: string;
      try {
        text = readFileSync(this.path, 'utf8');
      } catch {
        return;
      }
      if (text === this.lastText) return;
      let next: AuthenticationConfiguration;
      try {
        next = parseAuthenticationConfiguration(text);
      } catch (e) {
        this.log.error(`failed to load authentication configuration from file ${JSON.stringify(this.path)}: ${(e as Error).message}`);
        return;
      }
      const errs = validateAuthenticationConfiguration(next, this.disallowedIssuers, false);
      if (JSON.stringify(next.anonymous ?? null) !== JSON.stringify(this.initial.anonymous ?? null)) errs.push(fieldErr.forbidden('anonymous', 'changed from initial configuration file'));
      if (errs.length) {
        this.log.error(`${validationMessage(errs)}`);
        return;
      }
      const members = next.jwt.map((j) => new JWTAuthenticator(j, ALL_SIGNING_ALGS, this.log));
      for (const m of members) m.start();
      const deadline = Date.now() + this.healthyWithinMs;
      while (!members.every((m) => m.healthy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (!members.every((m) => m.healthy)) {
        for (const m of members) m.stop();
        this.log.error(`reloading authentication configuration failed: ${aggregateFieldErrors([fieldErr.internal('jwt', 'authenticators did not become healthy')])}`);
        return;
      }
      this.target.replace(members);
      this.lastText = text;
      this.lastReload = Math.floor(Date.now() / 1000);
      this.log.info('reloaded authentication configuration');
    } finally {
      this.running = false;
    }
  }
}
