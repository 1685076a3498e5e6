// Service-account token authentication (auth.md §3.5): one authenticator for the bound tokens of the
// --service-account-issuer list and one for legacy Secret tokens (issuer kubernetes/serviceaccount). Each first
// peeks at the unverified issuer and says "not mine" for tokens of other issuers.
import { timingSafeEqual } from 'node:crypto';
import { compactVerify } from 'jose';
import type { UserInfo } from '../../http/request-context.js';
import { aggregateMessage, authError, notMine, type AuthResult, type TokenAuthenticator, type TokenContext } from '../authenticator.js';
import { LEGACY_ISSUER, serviceAccountUsername } from './issuer.js';
import type { VerificationKey } from './keys.js';

/** Reads the objects a token refers to (from the watch cache) and marks legacy tokens as used. */
export interface ServiceAccountGetter {
  get(resource: 'serviceaccounts' | 'secrets' | 'pods' | 'nodes', namespace: string, name: string): Promise<KObject | undefined>;
  /** Sets the Secret's kubernetes.io/legacy-token-last-used label to the given day. */
  markLegacyTokenUsed?(namespace: string, name: string, day: string): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type KObject = Record<string, any>;

const LEEWAY_S = 60;
const SA_PREFIX = 'system:serviceaccount:';
export const SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
export const LEGACY_LAST_USED_LABEL = 'kubernetes.io/legacy-token-last-used';
export const LEGACY_INVALID_SINCE_LABEL = 'kubernetes.io/legacy-token-invalid-since';

type Claims = Record<string, unknown>;

/** The unverified payload of a compact JWS, or undefined when the token is not one. */
export function peekClaims(token: string): Claims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || token.startsWith('{')) return undefined;
  try {
    const c = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return c && typeof c === 'object' && !Array.isArray(c) ? c : undefined;
  } catch {
    return undefined;
  }
}

function peekKid(token: string): string | undefined {
  try {
    const h = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'));
    return typeof h?.kid === 'string' ? h.kid : undefined;
  } catch {
    return undefined;
  }
}

async function verifySignature(token: string, keys: VerificationKey[]): Promise<Error | undefined> {
  const kid = peekKid(token);
  const candidates = kid ? keys.filter((k) => k.kid === kid) : keys;
  if (candidates.length === 0) return new Error('invalid signature, no keys found');
  const errors: Error[] = [];
  for (const k of candidates) {
    try {
      await compactVerify(token, k.key, { algorithms: [k.alg] });
      return undefined;
    } catch {
      errors.push(new Error('go-jose/go-jose: error in cryptographic primitive'));
    }
  }
  return new Error(aggregateMessage(errors));
}

const goQuoteList = (l: string[]) => `[${l.map((a) => JSON.stringify(a)).join(' ')}]`;

function serviceAccountGroups(namespace: string): string[] {
  return [SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${namespace}`];
}

function deletedBefore(obj: KObject, limitS: number): boolean {
  const ts = obj.metadata?.deletionTimestamp;
  return !!ts && Date.parse(ts) / 1000 < limitS;
}

const asString = (v: unknown) => (typeof v === 'string' ? v : '');

export class BoundServiceAccountTokens implements TokenAuthenticator {
  readonly name = 'service-account';
  constructor(
    private readonly issuers: string[],
    private readonly keys: VerificationKey[],
    private readonly apiAudiences: string[],
    private readonly getter: ServiceAccountGetter,
  ) {}

  async authenticateToken(token: string, tc: TokenContext): Promise<AuthResult> {
    const peek = peekClaims(token);
    if (!peek || typeof peek.iss !== 'string' || !this.issuers.includes(peek.iss)) return notMine;
    const sigErr = await verifySignature(token, this.keys);
    if (sigErr) return { kind: 'error', error: sigErr };
    const claims = peek;
    const tokenAud = Array.isArray(claims.aud) ? (claims.aud as string[]) : typeof claims.aud === 'string' ? [claims.aud] : [];
    const requested = tc.audiences.length ? tc.audiences : this.apiAudiences;
    const granted = tokenAud.filter((a) => requested.includes(a));
    if (granted.length === 0) return authError(`token audiences ${goQuoteList(tokenAud)} is invalid for the target audiences ${goQuoteList(requested)}`);

    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp === 'number' && now > claims.exp + LEEWAY_S) return authError('service account token has expired');
    if (typeof claims.nbf === 'number' && now + LEEWAY_S < claims.nbf) return authError('service account token is not valid yet');
    if (typeof claims.iat === 'number' && now + LEEWAY_S < claims.iat) return authError('service account token is issued in the future');

    const k8s = (claims['kubernetes.io'] ?? {}) as { namespace?: string; serviceaccount?: { name?: string; uid?: string }; pod?: { name?: string; uid?: string }; secret?: { name?: string; uid?: string }; node?: { name?: string; uid?: string }; warnafter?: number };
    const ns = asString(k8s.namespace);
    const saName = asString(k8s.serviceaccount?.name);
    const sa = await this.getter.get('serviceaccounts', ns, saName);
    if (!sa) return authError(`serviceaccounts "${saName}" not found`);
    if (sa.metadata?.uid !== k8s.serviceaccount?.uid) return authError(`service account UID (${sa.metadata?.uid}) does not match claim (${k8s.serviceaccount?.uid})`);
    if (deletedBefore(sa, now - LEEWAY_S)) return authError(`service account ${ns}/${saName} has been deleted`);
    const extra: Record<string, string[]> = {};
    if (k8s.secret) {
      const secret = await this.getter.get('secrets', ns, asString(k8s.secret.name));
      if (!secret || deletedBefore(secret, now - LEEWAY_S)) return authError('service account token has been invalidated');
      if (secret.metadata?.uid !== k8s.secret.uid) return authError(`secret UID (${secret.metadata?.uid}) does not match service account secret ref claim (${k8s.secret.uid})`);
    }
    if (k8s.pod) {
      const pod = await this.getter.get('pods', ns, asString(k8s.pod.name));
      if (!pod || deletedBefore(pod, now - LEEWAY_S)) return authError('service account token has been invalidated');
      if (pod.metadata?.uid !== k8s.pod.uid) return authError(`pod UID (${pod.metadata?.uid}) does not match service account pod ref claim (${k8s.pod.uid})`);
      extra['authentication.kubernetes.io/pod-name'] = [asString(k8s.pod.name)];
      extra['authentication.kubernetes.io/pod-uid'] = [asString(k8s.pod.uid)];
    } else if (k8s.node) {
      const node = await this.getter.get('nodes', '', asString(k8s.node.name));
      if (!node || deletedBefore(node, now - LEEWAY_S)) return authError('service account token has been invalidated');
      if (node.metadata?.uid !== k8s.node.uid) return authError(`node UID (${node.metadata?.uid}) does not match service account node ref claim (${k8s.node.uid})`);
    }
    if (k8s.node) {
      extra['authentication.kubernetes.io/node-name'] = [asString(k8s.node.name)];
      if (k8s.node.uid) extra['authentication.kubernetes.io/node-uid'] = [asString(k8s.node.uid)];
    }
    if (typeof claims.jti === 'string' && claims.jti) extra['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
    if (typeof k8s.warnafter === 'number' && now > k8s.warnafter) {
      tc.auditAnnotations['authentication.k8s.io/stale-token'] = `subject: ${asString(claims.sub)}, seconds after warning threshold: ${now - k8s.warnafter}`;
    }
    const user: UserInfo = { name: serviceAccountUsername(ns, saName), uid: asString(sa.metadata?.uid), groups: serviceAccountGroups(ns), extra };
    return { kind: 'user', user, audiences: granted };
  }
}

const LEGACY_TOKEN_INVALIDATED = (ns: string, secret: string, sa: string) =>
  `the token in secret ${ns}/${secret} for service account ${ns}/${sa} has been marked invalid. Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the '${LEGACY_INVALID_SINCE_LABEL}' label from the secret to temporarily allow use of this token`;
export const AUTOGENERATED_SECRET_WARNING = 'Use tokens from the TokenRequest API or manually created secret-based tokens instead of auto-generated secret-based tokens.';

export class LegacyServiceAccountTokens implements TokenAuthenticator {
  readonly name = 'legacy-service-account';
  constructor(
    private readonly keys: VerificationKey[],
    private readonly apiAudiences: string[],
    private readonly lookup: boolean,
    private readonly getter: ServiceAccountGetter,
  ) {}

  async authenticateToken(token: string, tc: TokenContext): Promise<AuthResult> {
    const claims = peekClaims(token);
    if (!claims || claims.iss !== LEGACY_ISSUER) return notMine;
    const sigErr = await verifySignature(token, this.keys);
    if (sigErr) return { kind: 'error', error: sigErr };
    // Legacy tokens carry no audience: they count as issued for the API audiences.
    const requested = tc.audiences.length ? tc.audiences : this.apiAudiences;
    const granted = this.apiAudiences.filter((a) => requested.includes(a));
    if (this.apiAudiences.length && granted.length === 0) {
      return authError(`token audiences ${goQuoteList(this.apiAudiences)} is invalid for the target audiences ${goQuoteList(requested)}`);
    }
    const sub = asString(claims.sub);
    const ns = asString(claims['kubernetes.io/serviceaccount/namespace']);
    const secretName = asString(claims['kubernetes.io/serviceaccount/secret.name']);
    const saName = asString(claims['kubernetes.io/serviceaccount/service-account.name']);
    const saUID = asString(claims['kubernetes.io/serviceaccount/service-account.uid']);
    if (!sub) return authError('sub claim is missing');
    if (!ns) return authError('namespace claim is missing');
    if (!secretName) return authError('secretName claim is missing');
    if (!saName) return authError('serviceAccountName claim is missing');
    if (!saUID) return authError('serviceAccountUID claim is missing');
    if (sub !== serviceAccountUsername(ns, saName) || !sub.startsWith(SA_PREFIX)) return authError('sub claim is invalid');
    tc.auditAnnotations['authentication.k8s.io/legacy-token'] = sub;
    if (this.lookup) {
      const secret = await this.getter.get('secrets', ns, secretName);
      if (!secret || secret.metadata?.deletionTimestamp) return authError('Token has been invalidated');
      const stored = Buffer.from(asString(secret.data?.token), 'base64');
      const presented = Buffer.from(token);
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return authError("Token does not match server's copy");
      const sa = await this.getter.get('serviceaccounts', ns, saName);
      if (!sa) return authError(`serviceaccounts "${saName}" not found`);
      if (sa.metadata?.deletionTimestamp) return authError(`ServiceAccount ${ns}/${saName} has been deleted`);
      if (sa.metadata?.uid !== saUID) return authError(`ServiceAccount UID (${sa.metadata?.uid}) does not match claim (${saUID})`);
      if (secret.metadata?.labels?.[LEGACY_INVALID_SINCE_LABEL] !== undefined) {
        tc.auditAnnotations['authentication.k8s.io/legacy-token-invalidated'] = `${secretName}/${ns}`;
        return authError(LEGACY_TOKEN_INVALIDATED(ns, secretName, saName));
      }
      const listed = (sa.secrets ?? []).some((r: KObject) => r?.name === secretName);
      if (listed) {
        tc.warnings.push(AUTOGENERATED_SECRET_WARNING);
        tc.auditAnnotations['authentication.k8s.io/legacy-token-autogenerated-secret'] = secretName;
      } else {
        tc.auditAnnotations['authentication.k8s.io/legacy-token-manual-secret'] = secretName;
      }
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const last = secret.metadata?.labels?.[LEGACY_LAST_USED_LABEL];
      if (last !== today && last !== tomorrow) await this.getter.markLegacyTokenUsed?.(ns, secretName, today).catch(() => undefined);
    }
    const user: UserInfo = { name: sub, uid: saUID, groups: serviceAccountGroups(ns), extra: {} };
    return { kind: 'user', user, audiences: granted.length ? granted : requested };
  }
}
