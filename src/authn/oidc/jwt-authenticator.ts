// One JWT authenticator of the AuthenticationConfiguration (auth.md §4.3–4.4): discovery and JWKS fetched from the
// issuer over HTTPS (the configured CA, else the system roots), keys cached by the JWKS response's caching headers,
// tokens checked in go-oidc's order with its messages, then the claim mappings.
import { get as httpsGet } from 'node:https';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';
import type { UserInfo } from '../../http/request-context.js';
import { authError, notMine, type AuthResult, type TokenAuthenticator } from '../authenticator.js';
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
    const m = this.config.claimMappings;
    const uc = m.username.claim!;
    const raw = claims[uc];
    if (raw === undefined) return authError(`oidc: parse username claims ${JSON.stringify(uc)}: claim not present`);
    if (typeof raw !== 'string') return authError(`oidc: parse username claims ${JSON.stringify(uc)}: json: cannot unmarshal ${Array.isArray(raw) ? 'array' : typeof raw === 'object' ? 'object' : typeof raw} into Go value of type string`);
    if (uc === 'email' && claims.email_verified !== undefined) {
      if (typeof claims.email_verified !== 'boolean') return authError(`oidc: parse 'email_verified' claim: json: cannot unmarshal ${typeof claims.email_verified} into Go value of type bool`);
      if (!claims.email_verified) return authError('oidc: email not verified');
    }
    const user: UserInfo = { name: (m.username.prefix ?? '') + raw, groups: [], extra: {} };
    if (m.groups?.claim && claims[m.groups.claim] !== undefined) {
      const g = claims[m.groups.claim];
      const list = typeof g === 'string' ? [g] : Array.isArray(g) && g.every((x) => typeof x === 'string') ? (g as string[]) : undefined;
      if (!list) return authError(`oidc: parse groups claim ${JSON.stringify(m.groups.claim)}: json: cannot unmarshal ${typeof g} into Go value of type string`);
      user.groups = list.map((x) => (m.groups!.prefix ?? '') + x);
    }
    if (m.uid?.claim) {
      const u = claims[m.uid.claim];
      if (u !== undefined) {
        if (typeof u !== 'string') return authError(`oidc: parse uid claim ${JSON.stringify(m.uid.claim)}: json: cannot unmarshal ${typeof u} into Go value of type string`);
        user.uid = u;
      }
    }
    if (typeof claims.jti === 'string' && claims.jti) user.extra!['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
    for (const r of this.config.claimValidationRules ?? []) {
      if (!r.claim) continue;
      const v = claims[r.claim];
      if (v === undefined) return authError(`oidc: required claim ${r.claim} not present in ID token`);
      if (v !== r.requiredValue) return authError(`oidc: required claim ${r.claim} value does not match. Got = ${typeof v === 'string' ? v : JSON.stringify(v)}, want = ${r.requiredValue}`);
    }
    return { kind: 'user', user };
  }
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
