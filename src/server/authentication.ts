// Assembles authentication from the server options as kube-apiserver does (auth.md §1.1): the request
// authenticators (x509, bearer token over the token union), the authenticated-group adder, anonymous last; the
// service-account keys and issuer; the OIDC discovery routes; and what TokenRequest and TokenReview need.
import type { KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { ServerOptions } from '../config/options.js';
import type { RequestContext } from '../http/request-context.js';
import type { Route } from '../http/route.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { internalOperation } from '../registry/operation-context.js';
import { UsageError } from './usage-error.js';
import type { AuthenticationInfo } from '../controllers/authentication-info.js';
import { AnonymousAuthenticator } from '../authn/anonymous.js';
import { AudienceAgnosticTokens, type RequestAuthenticator, type TokenAuthenticator } from '../authn/authenticator.js';
import { BearerTokenAuthenticator } from '../authn/bearer-token.js';
import { WebsocketTokenAuthenticator } from '../authn/websocket-token.js';
import { BootstrapTokenAuthenticator } from '../authn/bootstrap-token.js';
import { BoundServiceAccountTokens, LEGACY_LAST_USED_LABEL, LegacyServiceAccountTokens, type ServiceAccountGetter } from '../authn/serviceaccount/authenticator.js';
import { loadServiceAccountKeys, type ServiceAccountKeys } from '../authn/serviceaccount/keys.js';
import { discoveryServed, oidcDiscoveryRoute } from '../authn/serviceaccount/oidc-discovery.js';
import type { AuthnServices } from '../authn/services.js';
import { TokenFileAuthenticator } from '../authn/token-file.js';
import { TokenUnion } from '../authn/token-union.js';
import {
  ALL_SIGNING_ALGS,
  configFromOIDCFlags,
  parseAuthenticationConfiguration,
  validateAuthenticationConfiguration,
  validationMessage,
  type AuthenticationConfiguration,
} from '../authn/oidc/config.js';
import { JWTAuthenticator, JWTAuthenticators } from '../authn/oidc/jwt-authenticator.js';
import { AuthenticationConfigReloader } from '../authn/oidc/reloader.js';
import { readWebhookKubeconfig, WebhookTokenAuthenticator } from '../authn/webhook-token.js';
import { AuthenticatorUnion } from '../authn/union.js';
import { X509Authenticator } from '../authn/x509.js';
import { parseCertificateBundle } from '../authn/cert-verify.js';
import { RequestHeaderAuthenticator, type RequestHeaderConfig } from '../authn/request-header.js';

export const DEFAULT_SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';

export interface Authentication {
  authenticator: RequestAuthenticator;
  apiAudiences: string[];
  services: AuthnServices;
  routes: Route[];
  keys: ServiceAccountKeys;
  /** The front proxy's CA bundle, which the TLS layer also advertises. */
  requestHeaderCAPem?: string;
  /** Front-proxy headers removed from every authenticated request. */
  proxyHeaders: string[];
  proxyHeaderPrefixes: string[];
  /** What kube-system/extension-apiserver-authentication publishes. */
  info: AuthenticationInfo;
  /** Starts and stops background work (OIDC discovery). */
  start(): void;
  stop(): void;
}

const OIDC_FLAG_FIELDS = ['oidcIssuerURL', 'oidcClientID', 'oidcCAFile', 'oidcUsernameClaim', 'oidcUsernamePrefix', 'oidcGroupsClaim', 'oidcGroupsPrefix', 'oidcSigningAlgs', 'oidcRequiredClaims'] as const;

/** The JWT authenticators and anonymous settings of --authentication-config or the --oidc-* flags (auth.md §4.1–4.2). */
function loadStructuredAuthentication(
  opts: ServerOptions,
  serviceAccountIssuers: string[],
  log: Logger,
): { jwt: JWTAuthenticators; anonymous?: AuthenticationConfiguration['anonymous']; reloader?: AuthenticationConfigReloader } {
  const oidcFlagSet = OIDC_FLAG_FIELDS.some((f) => opts[f] !== undefined);
  let config: AuthenticationConfiguration | undefined;
  let text = '';
  let algs = ALL_SIGNING_ALGS;
  if (opts.authenticationConfig) {
    if (oidcFlagSet) throw new UsageError('authentication-config file and oidc-* flags are mutually exclusive');
    try {
      text = readFileSync(opts.authenticationConfig, 'utf8');
      config = parseAuthenticationConfiguration(text);
    } catch (e) {
      throw new UsageError(`failed to load authentication configuration from file ${JSON.stringify(opts.authenticationConfig)}: ${(e as Error).message}`);
    }
  } else if (oidcFlagSet) {
    if (!opts.oidcIssuerURL || !opts.oidcClientID) throw new UsageError('oidc-issuer-url and oidc-client-id must be specified together when any oidc-* flags are set');
    for (const a of opts.oidcSigningAlgs ?? []) if (!ALL_SIGNING_ALGS.includes(a)) throw new UsageError(`oidc: unsupported signing alg: ${JSON.stringify(a)}`);
    let caPem: string | undefined;
    if (opts.oidcCAFile) {
      try {
        caPem = readFileSync(opts.oidcCAFile, 'utf8');
      } catch (e) {
        throw new UsageError(`--oidc-ca-file: ${(e as Error).message}`);
      }
    }
    config = configFromOIDCFlags({
      issuerURL: opts.oidcIssuerURL,
      clientID: opts.oidcClientID,
      caPem,
      usernameClaim: opts.oidcUsernameClaim,
      usernamePrefix: opts.oidcUsernamePrefix,
      groupsClaim: opts.oidcGroupsClaim,
      groupsPrefix: opts.oidcGroupsPrefix,
      signingAlgs: opts.oidcSigningAlgs,
      requiredClaims: opts.oidcRequiredClaims,
    });
    algs = config.signingAlgs!;
  }
  if (!config) return { jwt: new JWTAuthenticators([]) };
  const errs = validateAuthenticationConfiguration(config, serviceAccountIssuers, !!opts.anonymousAuthExplicit);
  if (errs.length) throw new UsageError(validationMessage(errs));
  const jwt = new JWTAuthenticators(config.jwt.map((j) => new JWTAuthenticator(j, algs, log)));
  const reloader = opts.authenticationConfig
    ? new AuthenticationConfigReloader(opts.authenticationConfig, text, config, jwt, serviceAccountIssuers, log, opts.authenticationConfigReloadMs)
    : undefined;
  return { jwt, anonymous: config.anonymous, reloader };
}

/** kube-apiserver's checks of --service-account-issuer. */
export function validateIssuers(issuers: string[]): void {
  const seen = new Set<string>();
  for (const i of issuers) {
    if (i === '') throw new UsageError('service-account-issuer should not be an empty string');
    if (seen.has(i)) throw new UsageError(`service-account-issuer ${JSON.stringify(i)} is already specified`);
    seen.add(i);
    if (i.includes(':')) {
      try {
        new URL(i);
      } catch {
        throw new UsageError(`service-account-issuer ${JSON.stringify(i)} contained a ':' but was not a valid URL: parse ${JSON.stringify(i)}: invalid URI for request`);
      }
    }
  }
}

export function registryObjects(registry: ResourceRegistry): ServiceAccountGetter {
  return {
    get: (resource, namespace, name) => registry.getObject({ group: '', resource }, namespace, name),
    async markLegacyTokenUsed(namespace, name, day) {
      const store = registry.storeFor({ group: '', resource: 'secrets' });
      if (!store) return;
      await store.update(
        namespace,
        name,
        (cur) => {
          if (!cur) throw new Error('gone');
          const next = structuredClone(cur);
          const m = (next.metadata ??= {});
          m.labels = { ...(m.labels ?? {}), [LEGACY_LAST_USED_LABEL]: day };
          return next;
        },
        { ...internalOperation(), subresource: '' },
      );
    },
  };
}

/** kube-apiserver's start-up checks of the --requestheader-* flags. */
function requestHeaderConfig(opts: ServerOptions, clientCAPem: string, requestHeaderCAPem: string): RequestHeaderConfig {
  const lists: [string, string[]][] = [
    ['requestheader-username-headers', opts.requestheaderUsernameHeaders],
    ['requestheader-group-headers', opts.requestheaderGroupHeaders],
    ['requestheader-extra-headers-prefix', opts.requestheaderExtraHeadersPrefix],
    ['requestheader-allowed-names', opts.requestheaderAllowedNames],
    ['requestheader-uid-headers', opts.requestheaderUIDHeaders],
  ];
  for (const [flag, values] of lists) if (values.some((v) => v.trim() === '')) throw new UsageError(`empty value in ${JSON.stringify(flag)}`);
  if (opts.requestheaderUIDHeaders.length && !opts.requestheaderUIDHeaders.some((h) => h.toLowerCase() === 'x-remote-uid')) {
    throw new UsageError('--requestheader-uid-headers is set without specifying the standard X-Remote-Uid header - API aggregation will not work');
  }
  let roots: X509Certificate[];
  try {
    roots = parseCertificateBundle(requestHeaderCAPem);
  } catch (e) {
    throw new UsageError(`--requestheader-client-ca-file: ${(e as Error).message}`);
  }
  const clientRoots = parseCertificateBundle(clientCAPem);
  if (!opts.requestheaderAllowedNames.length && roots.some((r) => clientRoots.some((c) => c.raw.equals(r.raw)))) {
    throw new UsageError(
      '--requestheader-client-ca-file and --client-ca-file contain overlapping certificates; --requestheader-allowed-names must be specified to ensure regular client certificates cannot set authenticating proxy headers for arbitrary users',
    );
  }
  return {
    roots: () => roots,
    allowedNames: opts.requestheaderAllowedNames,
    usernameHeaders: opts.requestheaderUsernameHeaders.map((h) => h.trim()),
    uidHeaders: opts.requestheaderUIDHeaders.map((h) => h.trim()),
    groupHeaders: opts.requestheaderGroupHeaders.map((h) => h.trim()),
    extraHeaderPrefixes: opts.requestheaderExtraHeadersPrefix.map((h) => h.trim()),
  };
}

/** Where kubelite keeps the service-account key it generated (undefined: in memory only). */
export function serviceAccountKeyPath(certDir: string | undefined): string | undefined {
  return certDir === undefined ? undefined : join(certDir, 'sa.key');
}

/** `certDir` undefined: nothing is written to disk (a generated service-account key stays in memory). */
export function buildAuthentication(opts: ServerOptions, registry: ResourceRegistry, log: Logger, serverURL: () => string, clientCAPem: string, certDir: string | undefined, generatedSigningKey?: Promise<KeyObject>): Authentication {
  let anonymous = opts.anonymousAuth;
  let requestHeaderCAPem: string | undefined;
  if (anonymous && opts.authorizationModes.includes('AlwaysAllow')) {
    // kube-apiserver's rule: anonymous requests are never combined with AlwaysAllow.
    log.warn('AnonymousAuth is not allowed with the AlwaysAllow authorizer. Resetting AnonymousAuth to false. You should use a different authorizer');
    anonymous = false;
  }
  const issuers = opts.serviceAccountIssuers.length ? opts.serviceAccountIssuers : [DEFAULT_SERVICE_ACCOUNT_ISSUER];
  validateIssuers(issuers);
  const apiAudiences = opts.apiAudiences.length ? opts.apiAudiences : issuers;
  const maxExp = Math.floor(opts.serviceAccountMaxTokenExpirationMs / 1000);
  if (maxExp !== 0 && (maxExp < 3600 || maxExp > 2 ** 32)) throw new UsageError('the service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  if (opts.serviceAccountJwksUri !== undefined) {
    let u: URL | undefined;
    try {
      u = new URL(opts.serviceAccountJwksUri);
    } catch {
      u = undefined;
    }
    if (!u || u.protocol !== 'https:') throw new UsageError(`service-account-jwks-uri requires https scheme, parsed as: ${opts.serviceAccountJwksUri}`);
  }
  let keys: ServiceAccountKeys;
  try {
    keys = loadServiceAccountKeys({
      keyFiles: opts.serviceAccountKeyFiles,
      signingKeyFile: opts.serviceAccountSigningKeyFile,
      tlsPrivateKeyFile: opts.tlsPrivateKeyFile,
      generatedPath: serviceAccountKeyPath(certDir),
      generated: generatedSigningKey,
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const objects = registryObjects(registry);

  // The token union, in kube's order.
  const tokens: TokenAuthenticator[] = [];
  if (opts.tokenAuthFile) {
    try {
      tokens.push(new AudienceAgnosticTokens(new TokenFileAuthenticator(opts.tokenAuthFile, log), apiAudiences));
    } catch (e) {
      throw new UsageError(`--token-auth-file: ${(e as Error).message}`);
    }
  }
  tokens.push(new LegacyServiceAccountTokens(keys.verifying, apiAudiences, opts.serviceAccountLookup, objects));
  tokens.push(new BoundServiceAccountTokens(issuers, keys.verifying, apiAudiences, objects));
  if (opts.enableBootstrapTokenAuth) {
    tokens.push(new AudienceAgnosticTokens(new BootstrapTokenAuthenticator((ns, name) => objects.get('secrets', ns, name)), apiAudiences));
  }
  const structured = loadStructuredAuthentication(opts, issuers, log);
  if (structured.jwt.members.length || structured.reloader) tokens.push(new AudienceAgnosticTokens(structured.jwt, apiAudiences));
  if (opts.authenticationTokenWebhookConfigFile) {
    const v = opts.authenticationTokenWebhookVersion;
    if (v !== 'v1' && v !== 'v1beta1') throw new UsageError(`unsupported authentication webhook version ${JSON.stringify(v)}, supported versions are "v1", "v1beta1"`);
    let client;
    try {
      client = readWebhookKubeconfig(opts.authenticationTokenWebhookConfigFile);
    } catch (e) {
      throw new UsageError(`--authentication-token-webhook-config-file: ${(e as Error).message}`);
    }
    tokens.push(new WebhookTokenAuthenticator(client, v, opts.authenticationTokenWebhookCacheTTLMs, apiAudiences));
  }
  const tokenUnion = new TokenUnion(tokens);
  const members: RequestAuthenticator[] = [];
  let proxyHeaders: string[] = [];
  let proxyHeaderPrefixes: string[] = [];
  if (opts.requestheaderClientCAFile) {
    let pem: string;
    try {
      pem = readFileSync(opts.requestheaderClientCAFile, 'utf8');
    } catch (e) {
      throw new UsageError(`--requestheader-client-ca-file: ${(e as Error).message}`);
    }
    const rh = new RequestHeaderAuthenticator(requestHeaderConfig(opts, clientCAPem, pem));
    members.push(rh);
    proxyHeaders = rh.headerNames();
    proxyHeaderPrefixes = opts.requestheaderExtraHeadersPrefix.map((h) => h.trim());
    requestHeaderCAPem = pem;
  }
  const clientRoots = parseCertificateBundle(clientCAPem);
  members.push(new X509Authenticator(() => clientRoots, log), new BearerTokenAuthenticator(tokenUnion), new WebsocketTokenAuthenticator(tokenUnion));
  if (structured.anonymous) anonymous = structured.anonymous.enabled;
  const anonymousPaths = (structured.anonymous?.conditions ?? []).map((c) => c.path);
  const authenticator = new AuthenticatorUnion(members, anonymous ? new AnonymousAuthenticator(anonymousPaths) : undefined);

  const routes: Route[] = [];
  if (discoveryServed(issuers[0])) {
    routes.push(oidcDiscoveryRoute({ issuer: issuers[0]!, keys: keys.verifying, keysSettled: keys.settled, jwksURI: () => opts.serviceAccountJwksUri ?? `${serverURL()}/openid/v1/jwks` }));
  }

  const services: AuthnServices = {
    apiAudiences,
    objects,
    serviceAccountTokens: { issuer: issuers[0]!, signingKey: keys.signing, maxExpirationSeconds: maxExp, extendExpiration: opts.serviceAccountExtendTokenExpiration },
    async reviewToken(token, audiences) {
      const ctx = {
        req: { headers: { authorization: `Bearer ${token}` }, socket: {} },
        warnings: [] as string[],
        audiences,
        auditAnnotations: {},
      } as unknown as RequestContext;
      const result = await authenticator.authenticate(ctx);
      return { result, warnings: ctx.warnings };
    },
  };
  return {
    authenticator,
    apiAudiences,
    services,
    routes,
    keys,
    requestHeaderCAPem,
    proxyHeaders,
    proxyHeaderPrefixes,
    info: {
      clientCA: clientCAPem,
      requestHeader: requestHeaderCAPem
        ? {
            ca: requestHeaderCAPem,
            usernameHeaders: opts.requestheaderUsernameHeaders.map((h) => h.trim()),
            uidHeaders: opts.requestheaderUIDHeaders.map((h) => h.trim()),
            groupHeaders: opts.requestheaderGroupHeaders.map((h) => h.trim()),
            extraHeaderPrefixes: opts.requestheaderExtraHeadersPrefix.map((h) => h.trim()),
            allowedNames: opts.requestheaderAllowedNames,
          }
        : undefined,
    },
    start: () => {
      structured.jwt.start();
      structured.reloader?.start();
    },
    stop: () => {
      structured.reloader?.stop();
      structured.jwt.stop();
    },
  };
}
