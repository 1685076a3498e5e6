// Issues service-account JWTs (auth.md §3.2, §3.3): compact JWS with the header {alg, kid} and the claims in kube's
// (alphabetical) order.
import { randomUUID } from 'node:crypto';
import { CompactSign } from 'jose';
import type { SigningKey } from './keys.js';

export const LEGACY_ISSUER = 'kubernetes/serviceaccount';

export interface ObjectRef {
  name: string;
  uid: string;
}

export interface BoundClaims {
  namespace: string;
  serviceaccount: ObjectRef;
  pod?: ObjectRef;
  secret?: ObjectRef;
  node?: { name: string; uid?: string };
  warnafter?: number;
}

export interface BoundTokenRequest {
  issuer: string;
  audiences: string[];
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  claims: BoundClaims;
}

function sortedKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

async function sign(key: SigningKey, payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.privateKey);
}

export function serviceAccountUsername(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

/** A bound token (TokenRequest); returns the token and its jti. */
export async function issueBoundToken(key: SigningKey, r: BoundTokenRequest): Promise<{ token: string; jti: string }> {
  const jti = randomUUID();
  const c = r.claims;
  const k8s = sortedKeys({ namespace: c.namespace, node: c.node, pod: c.pod, secret: c.secret, serviceaccount: c.serviceaccount, warnafter: c.warnafter });
  const payload = sortedKeys({
    aud: r.audiences,
    exp: r.expiresAt,
    iat: r.issuedAt,
    iss: r.issuer,
    jti,
    'kubernetes.io': k8s,
    nbf: r.issuedAt,
    sub: serviceAccountUsername(c.namespace, c.serviceaccount.name),
  });
  return { token: await sign(key, payload), jti };
}

/** A legacy Secret-based token (the kubernetes.io/service-account-token Secret's data.token). */
export function issueLegacyToken(key: SigningKey, namespace: string, serviceAccount: ObjectRef, secretName: string): Promise<string> {
  return sign(key, {
    iss: LEGACY_ISSUER,
    'kubernetes.io/serviceaccount/namespace': namespace,
    'kubernetes.io/serviceaccount/secret.name': secretName,
    'kubernetes.io/serviceaccount/service-account.name': serviceAccount.name,
    'kubernetes.io/serviceaccount/service-account.uid': serviceAccount.uid,
    sub: serviceAccountUsername(namespace, serviceAccount.name),
  });
}
