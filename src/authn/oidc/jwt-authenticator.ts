// One JWT authenticator of the AuthenticationConfiguration (auth.md §4.3–4.4): discovery and JWKS fetched from the
// issuer over HTTPS (the configured CA, else the system roots), keys cached by the JWKS response's caching headers,
// tokens checked in go-oidc's order with its messages, then the claim mappings.
import { get as httpsGet } from 'node:https';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';
import type { UserInfo } from '../../http/request-context.js';
import { authError, notMine, type AuthResult, type TokenAuthenticator } from '../authenticator.js';
import { claimsValue, evaluate, programOf, userValue } from './cel.js';
import type { JWTAuthenticatorConfig } from './config.js';

const DISCOVERY_RETRY_MS = 10_000;
const NBF_LEEWAY_S = 60;

interface Fetched {
  status: number;
  body: string;
  maxAgeMs?: number;
}

function fetchHTTPS(url: string, ca: string | undefined): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpsGet(url, { ca, timeout: 30_000, agent: false, headers: { accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        let maxAgeMs: number | undefined;
        const cc = /max-age=(\d+)/.exec(String(res.headers['cache-control'] ?? ''));
        if (cc) maxAgeMs = Number(cc[1]) * 1000;
        else if (res.headers.expires) maxAgeMs = Date.parse(res.headers.expires) - Date.now();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), maxAgeMs });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('context deadline exceeded')));
    req.on('error', reject);
  });
}

/** Go's time.Time String() for a UTC instant. */
function goTimeString(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' +0000 UTC');
}

const goQuoteList = (l: string[]) => `[${l.map((a) => JSON.stringify(a)).join(' ')}]`;

function peek(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || token.startsWith('{')) return undefined;
  try {
    const c = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return c && typeof c === 'object' && !Array.isArray(c) ? c : undefined;
  } catch {
    return undefined;
  }
}

export class JWTAuthenticator implements TokenAuthenticator {
  readonly name: string;
  private jwksURI?: string;
  private jwks?: JSONWebKeySet;
  private jwksExpires = 0;
  private refreshing?: Promise<void>;
  private discoveryError = 'oidc: authenticator not initialized';
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    readonly config: JWTAuthenticatorConfig,
    private readonly algs: string[],
    private readonly log?: Logger,
  ) {
    this.name = `jwt:${config.issuer.url}`;
  }

  /** Discovery runs in the background and is retried every 10 s until it succeeds. */
  start(): void {
    void this.discover();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  get healthy(): boolean {
    return this.jwksURI !== undefined;
  }

  private async discover(): Promise<void> {
    const url = this.config.issuer.discoveryURL || `${this.config.issuer.url.replace(/\/$/, '')}/.well-known/openid-configuration`;
    try {
      const r = await fetchHTTPS(url, this.config.issuer.certificateAuthority);
      if (r.status !== 200) throw new Error(`oidc: failed to query provider ${JSON.stringify(url)}: ${r.status} ${r.body}`);
      const doc = JSON.parse(r.body);
      if (doc.issuer !== this.config.issuer.url) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected ${JSON.stringify(this.config.issuer.url)} got ${JSON.stringify(doc.issuer)}`);
      this.jwksURI = String(doc.jwks_uri);
    } catch (e) {
      this.discoveryError = 'oidc: authenticator not initialized';
      this.log?.warn(`oidc: authenticator for issuer ${JSON.stringify(this.config.issuer.url)} is not healthy: ${(e as Error).message}`);
      if (!this.stopped) {
        this.timer = setTimeout(() => void this.discover(), DISCOVERY_RETRY_MS);
        this.timer.unref?.();
      }
    }
  }

  private async refreshKeys(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const r = await fetchHTTPS(this.jwksURI!, this.config.issuer.certificateAuthority);
        if (r.status !== 200) throw new Error(`oidc: get keys failed: ${r.status} ${r.body}`);
        this.jwks = JSON.parse(r.body) as JSONWebKeySet;
        this.jwksExpires = Date.now() + Math.max(0, r.maxAgeMs ?? 0);
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private async verifySignature(token: string): Promise<string | undefined> {
    const tryKeys = async () => {
      if (!this.jwks) return false;
      try {
        await compactVerify(token, createLocalJWKSet(this.jwks), { algorithms: this.algs });
        return true;
      } catch {
        return false;
      }
    };
    if (await tryKeys()) return undefined;
    if (Date.now() + 30_000 >= this.jwksExpires) {
      try {
        await this.refreshKeys();
      } catch (e) {
        return `failed to verify signature: fetching keys ${(e as Error).message}`;
      }
      if (await tryKeys()) return undefined;
    }
    return 'failed to verify signature: failed to verify id token signature';
  }

  async authenticateToken(token: string): Promise<AuthResult> {
    const claims = peek(token);
    if (!claims) return notMine;
    let iss = claims.iss;
    if (iss === 'accounts.google.com') iss = 'https://accounts.google.com';
    if (iss !== this.config.issuer.url) return notMine;
    if (!this.jwksURI) return authError(this.discoveryError);
    const fail = (m: string) => authError(`oidc: verify token: ${m}`);

    // go-oidc's order: audience, expiry, not-before, algorithm, signature.
    const aud = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? (claims.aud as string[]) : [];
    const want = this.config.issuer.audiences;
    if (!aud.some((a) => want.includes(a))) {
      return fail(want.length === 1 ? `oidc: expected audience ${JSON.stringify(want[0])} got ${goQuoteList(aud)}` : `oidc: expected audience in ${goQuoteList(want)} got ${goQuoteList(aud)}`);
    }
    const now = Math.floor(Date.now() / 1000);
    const exp = typeof claims.exp === 'number' ? claims.exp : 0;
    if (now > exp) return fail(`oidc: token is expired (Token Expiry: ${goTimeString(exp)})`);
    if (typeof claims.nbf === 'number' && now + NBF_LEEWAY_S < claims.nbf) return fail(`oidc: current time ${goTimeString(now)} before the nbf (not before) time: ${goTimeString(claims.nbf)}`);
    let alg = '';
    try {
      alg = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).alg ?? '';
    } catch {
      return fail('oidc: malformed jwt: illegal base64 data');
    }
    if (!this.algs.includes(alg)) return fail(`oidc: id token signed with unsupported algorithm, expected ${goQuoteList(this.algs)} got ${JSON.stringify(alg)}`);
    const sigErr = await this.verifySignature(token);
    if (sigErr) return fail(sigErr);
    return this.mapClaims(claims);
  }

  private mapClaims(claims: Record<string, unknown>): AuthResult {
    try {
      return this.mapClaimsOrThrow(claims);
    } catch (e) {
      return authError((e as Error).message);
    }
  }

  // Kube's order: username, groups, uid, extra, required claims, claim validation expressions, user validation rules.
  private mapClaimsOrThrow(claims: Record<string, unknown>): AuthResult {
    const m = this.config.claimMappings;
    let celClaims: unknown;
    const run = (expr: string, what: string): unknown => {
      celClaims ??= claimsValue(claims);
      try {
        return evaluate(programOf(expr, 'claims'), { claims: celClaims });
      } catch (e) {
        throw new Error(`oidc: error evaluating ${what}: ${(e as Error).message}`);
      }
    };
    let name: string;
    if (m.username.expression) {
      const v = run(m.username.expression, 'username claim expression');
      if (typeof v !== 'string') return authError('oidc: error evaluating username claim expression: username claim expression must return a string');
      if (v === '') return authError('oidc: empty username via CEL expression is not allowed');
      name = v;
    } else {
      const uc = m.username.claim!;
      const raw = claims[uc];
      if (raw === undefined) return authError(`oidc: parse username claims ${JSON.stringify(uc)}: claim not present`);
      if (typeof raw !== 'string') return authError(`oidc: parse username claims ${JSON.stringify(uc)}: json: cannot unmarshal ${goJSONKind(raw)} into Go value of type string`);
      if (uc === 'email' && claims.email_verified !== undefined) {
        if (typeof claims.email_verified !== 'boolean') return authError(`oidc: parse 'email_verified' claim: json: cannot unmarshal ${goJSONKind(claims.email_verified)} into Go value of type bool`);
        if (!claims.email_verified) return authError('oidc: email not verified');
      }
      name = (m.username.prefix ?? '') + raw;
    }
    const user: UserInfo = { name, groups: [], extra: {} };
    if (m.groups?.claim) {
      const g = claims[m.groups.claim];
      if (g !== undefined) {
        const list = typeof g === 'string' ? [g] : Array.isArray(g) && g.every((x) => typeof x === 'string') ? (g as string[]) : undefined;
        if (!list) return authError(`oidc: parse groups claim ${JSON.stringify(m.groups.claim)}: json: cannot unmarshal ${goJSONKind(g)} into Go value of type string`);
        user.groups = list.map((x) => (m.groups!.prefix ?? '') + x);
      }
    } else if (m.groups?.expression) {
      const list = stringsOf(run(m.groups.expression, 'group claim expression'));
      if (!list) return authError('oidc: error evaluating group claim expression: expression must return a string or a list of strings');
      user.groups = list;
    }
    if (m.uid?.claim) {
      const u = claims[m.uid.claim];
      if (u !== undefined) {
        if (typeof u !== 'string') return authError(`oidc: parse uid claim ${JSON.stringify(m.uid.claim)}: json: cannot unmarshal ${goJSONKind(u)} into Go value of type string`);
        user.uid = u;
      }
    } else if (m.uid?.expression) {
      const u = run(m.uid.expression, 'uid claim expression');
      if (typeof u !== 'string') return authError('oidc: error evaluating uid claim expression: uid claim expression must return a string');
      user.uid = u;
    }
    if (typeof claims.jti === 'string' && claims.jti) user.extra!['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
    for (const e of m.extra ?? []) {
      const list = stringsOf(run(e.valueExpression, 'extra claim expression'));
      if (!list) return authError(`oidc: error evaluating extra claim expression: ${e.key}: expression must return a string or a list of strings`);
      if (list.length) user.extra![e.key] = list;
    }
    for (const r of this.config.claimValidationRules ?? []) {
      if (!r.claim) continue;
      const v = claims[r.claim];
      if (v === undefined) return authError(`oidc: required claim ${r.claim} not present in ID token`);
      if (v !== r.requiredValue) return authError(`oidc: required claim ${r.claim} value does not match. Got = ${typeof v === 'string' ? v : JSON.stringify(v)}, want = ${r.requiredValue}`);
    }
    for (const r of this.config.claimValidationRules ?? []) {
      if (!r.expression) continue;
      const ok = run(r.expression, 'claim validation expression');
      if (ok !== true) return authError(`oidc: error evaluating claim validation expression: validation expression '${r.expression}' failed: ${r.message ?? ''}`);
    }
    if (this.config.userValidationRules?.length) {
      const uv = userValue(user);
      for (const r of this.config.userValidationRules) {
        let ok: unknown;
        try {
          ok = evaluate(programOf(r.expression, 'user'), { user: uv });
        } catch (e) {
          return authError(`oidc: error evaluating user info validation rule: ${(e as Error).message}`);
        }
        if (ok !== true) return authError(`oidc: error evaluating user info validation rule: validation expression '${r.expression}' failed: ${r.message ?? ''}`);
      }
    }
    return { kind: 'user', user };
  }
}

/** Go's name of a JSON value's kind in json.Unmarshal type errors. */
function goJSONKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

/** A mapping's value: a string, a list of strings or null; "" and [] mean none; empty strings in a list are dropped. */
function stringsOf(v: unknown): string[] | undefined {
  if (v === null || v === undefined) return [];
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return (v as string[]).filter((x) => x !== '');
  return undefined;
}

/** The JWT authenticators among themselves: each answers only for its issuer; the first answer stands. */
export class JWTAuthenticators implements TokenAuthenticator {
  readonly name = 'jwt';
  constructor(public members: JWTAuthenticator[]) {}

  /** Swaps in a reloaded configuration's authenticators (already started) and stops the old ones. */
  replace(next: JWTAuthenticator[]): void {
    const old = this.members;
    this.members = next;
    for (const m of old) m.stop();
  }

  async authenticateToken(token: string): Promise<AuthResult> {
    for (const m of this.members) {
      const r = await m.authenticateToken(token);
      if (r.kind !== 'none') return r;
    }
    return notMine;
  }

  start(): void {
    for (const m of this.members) m.start();
  }

  stop(): void {
    for (const m of this.members) m.stop();
  }
}
