// The service-account issuer's OIDC discovery (auth.md §3.6): /.well-known/openid-configuration and
// /openid/v1/jwks, served only when the first issuer is an https URL without query or fragment. Public keys only.
import { exportJWK } from 'jose';
import type { RequestContext } from '../../http/request-context.js';
import type { Route } from '../../http/route.js';
import { writeBody } from '../../http/respond.js';
import type { VerificationKey } from './keys.js';

export const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';

export function discoveryServed(issuer: string | undefined): boolean {
  if (!issuer) return false;
  try {
    const u = new URL(issuer);
    return u.protocol === 'https:' && !u.search && !u.hash && !issuer.includes('?') && !issuer.includes('#');
  } catch {
    return false;
  }
}

export async function publicJWKS(keys: VerificationKey[]): Promise<{ keys: Record<string, unknown>[] }> {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k.kid)) continue;
    seen.add(k.kid);
    const jwk = await exportJWK(k.key);
    if (jwk.kty === 'RSA') out.push({ use: 'sig', kty: 'RSA', kid: k.kid, alg: k.alg, n: jwk.n, e: jwk.e });
    else out.push({ use: 'sig', kty: 'EC', kid: k.kid, crv: jwk.crv, alg: k.alg, x: jwk.x, y: jwk.y });
  }
  return { keys: out };
}

/** `keysSettled`: resolves once `keys` is complete (a service-account key generated at start-up joins it later). */
export function oidcDiscoveryRoute(o: { issuer: string; keys: VerificationKey[]; keysSettled?: Promise<void>; jwksURI: () => string }): Route {
  let jwks: string | undefined;
  const headers = { 'cache-control': 'public, max-age=3600' };
  let algs: string[] | undefined;
  return async (ctx: RequestContext) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    const path = ctx.path.endsWith('/') ? ctx.path.slice(0, -1) : ctx.path;
    if (path !== OPENID_CONFIGURATION_PATH && path !== JWKS_PATH) return false;
    await o.keysSettled;
    if (path === OPENID_CONFIGURATION_PATH) {
      algs ??= [...new Set(o.keys.map((k) => k.alg))].sort();
      const body = { issuer: o.issuer, jwks_uri: o.jwksURI(), response_types_supported: ['id_token'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: algs };
      writeBody(ctx, 200, 'application/json', JSON.stringify(body), headers);
      return true;
    }
    if (path === JWKS_PATH) {
      jwks ??= JSON.stringify(await publicJWKS(o.keys));
      writeBody(ctx, 200, 'application/jwk-set+json', jwks, headers);
      return true;
    }
    return false;
  };
}
