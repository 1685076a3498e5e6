// Bootstrap-token authentication (--enable-bootstrap-token-auth, auth.md §2.2): `<id>.<secret>` checked against the
// Secret kube-system/bootstrap-token-<id>. A token that does not match is "not mine", never an error.
import { timingSafeEqual } from 'node:crypto';
import { notMine, type AuthResult, type TokenAuthenticator } from './authenticator.js';

export const BOOTSTRAP_TOKEN_SECRET_TYPE = 'bootstrap.kubernetes.io/token';
export const BOOTSTRAP_TOKEN_SECRET_PREFIX = 'bootstrap-token-';
export const BOOTSTRAPPERS_GROUP = 'system:bootstrappers';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type KObject = Record<string, any>;

const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const EXTRA_GROUP_RE = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

/** The decoded string data of a Secret (data is base64 in storage; stringData is folded in on write). */
export function secretData(secret: KObject, key: string): string | undefined {
  const v = secret.data?.[key];
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('utf8') : undefined;
}

/** Expired: an expiration that does not parse as RFC 3339, or one not after now. */
export function bootstrapTokenExpired(secret: KObject, now = Date.now()): boolean {
  const exp = secretData(secret, 'expiration');
  if (exp === undefined) return false;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(exp)) return true;
  const t = Date.parse(exp);
  return Number.isNaN(t) || t - now <= 0;
}

export class BootstrapTokenAuthenticator implements TokenAuthenticator {
  readonly name = 'bootstrap-token';
  constructor(private readonly getSecret: (namespace: string, name: string) => Promise<KObject | undefined>) {}

  async authenticateToken(token: string): Promise<AuthResult> {
    const m = TOKEN_RE.exec(token);
    if (!m) return notMine;
    const [, id, secretPart] = m as unknown as [string, string, string];
    const secret = await this.getSecret('kube-system', BOOTSTRAP_TOKEN_SECRET_PREFIX + id);
    if (!secret || secret.metadata?.deletionTimestamp) return notMine;
    if (secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || !secret.data) return notMine;
    const stored = Buffer.from(secretData(secret, 'token-secret') ?? '');
    const presented = Buffer.from(secretPart);
    if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return notMine;
    if (secretData(secret, 'token-id') !== id) return notMine;
    if (bootstrapTokenExpired(secret)) return notMine;
    if (secretData(secret, 'usage-bootstrap-authentication') !== 'true') return notMine;
    const extra = secretData(secret, 'auth-extra-groups');
    const extraGroups = extra === undefined ? [] : extra.split(',');
    if (extraGroups.some((g) => !EXTRA_GROUP_RE.test(g))) return notMine;
    const groups = [...new Set([BOOTSTRAPPERS_GROUP, ...extraGroups])].sort();
    return { kind: 'user', user: { name: `system:bootstrap:${id}`, groups } };
  }
}
