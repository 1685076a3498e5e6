// AuthenticationConfiguration (apiserver.config.k8s.io v1alpha1/v1beta1/v1, auth.md §4.2) and the legacy --oidc-*
// flags, read into one form and validated with kube's messages; CEL expressions are compiled here.
import { X509Certificate } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { aggregateFieldErrors, fieldErr, type FieldError } from '../../errors/field-error.js';
import { isDNS1123Subdomain } from '../../validation/names.js';
import { compileExpression, selectsClaim } from './cel.js';

export interface ClaimOrExpression {
  claim?: string;
  prefix?: string;
  expression?: string;
}

export interface JWTAuthenticatorConfig {
  issuer: {
    url: string;
    discoveryURL?: string;
    certificateAuthority?: string;
    audiences: string[];
    audienceMatchPolicy?: string;
  };
  claimValidationRules?: { claim?: string; requiredValue?: string; expression?: string; message?: string }[];
  claimMappings: {
    username: ClaimOrExpression;
    groups?: ClaimOrExpression;
    uid?: { claim?: string; expression?: string };
    extra?: { key: string; valueExpression: string }[];
  };
  userValidationRules?: { expression: string; message?: string }[];
}

export interface AuthenticationConfiguration {
  jwt: JWTAuthenticatorConfig[];
  anonymous?: { enabled: boolean; conditions?: { path: string }[] };
  /** Signing algorithms accepted (flags: --oidc-signing-algs; the file: all nine). */
  signingAlgs?: string[];
}

export const ALL_SIGNING_ALGS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];
const VERSIONS = ['apiserver.config.k8s.io/v1alpha1', 'apiserver.config.k8s.io/v1beta1', 'apiserver.config.k8s.io/v1'];

export class AuthenticationConfigError extends Error {}

/** Decodes the file's text (YAML or JSON). */
export function parseAuthenticationConfiguration(text: string): AuthenticationConfiguration {
  if (text.trim() === '') throw new AuthenticationConfigError('empty config data');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let doc: any;
  try {
    doc = parseYaml(text, { uniqueKeys: true });
  } catch (e) {
    throw new AuthenticationConfigError((e as Error).message);
  }
  if (!doc || typeof doc !== 'object') throw new AuthenticationConfigError("Object 'Kind' is missing in config data");
  if (doc.kind !== 'AuthenticationConfiguration' || !VERSIONS.includes(doc.apiVersion)) {
    throw new AuthenticationConfigError(`expected AuthenticationConfiguration, got ${doc.apiVersion}, Kind=${doc.kind}`);
  }
  return { jwt: Array.isArray(doc.jwt) ? doc.jwt : [], anonymous: doc.anonymous ?? undefined };
}

function validateURL(field: string, raw: string): FieldError[] {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return [fieldErr.invalid(field, raw, `parse ${JSON.stringify(raw)}: invalid URI for request`)];
  }
  const errs: FieldError[] = [];
  if (u.protocol !== 'https:') errs.push(fieldErr.invalid(field, raw, 'URL scheme must be https'));
  if (u.username || u.password) errs.push(fieldErr.invalid(field, raw, 'URL must not contain a username or password'));
  if (u.search || raw.includes('?')) errs.push(fieldErr.invalid(field, raw, 'URL must not contain a query'));
  if (u.hash || raw.includes('#')) errs.push(fieldErr.invalid(field, raw, 'URL must not contain a fragment'));
  return errs;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** Compiles an expression; a failure is kube's field error on `<field>`. */
function celErrors(field: string, expr: string, kind: 'claims' | 'user', wantBool: boolean): FieldError[] {
  const c = compileExpression(expr, kind, wantBool);
  return c.error ? [fieldErr.invalid(field, expr, c.error)] : [];
}

function validateExtraKey(field: string, key: string): FieldError[] {
  if (!key) return [fieldErr.required(field)];
  const slash = key.indexOf('/');
  if (slash <= 0 || slash === key.length - 1) return [fieldErr.invalid(field, key, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const domain = key.slice(0, slash);
  const errs: FieldError[] = isDNS1123Subdomain(domain).map((m) => fieldErr.invalid(field, domain, m));
  if (key !== key.toLowerCase()) errs.push(fieldErr.invalid(field, key, 'key must be lowercase'));
  const d = domain.toLowerCase();
  if (d === 'k8s.io' || d.endsWith('.k8s.io') || d === 'kubernetes.io' || d.endsWith('.kubernetes.io')) {
    errs.push(fieldErr.invalid(field, key, 'k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use'));
  }
  return errs;
}

/** kube's validation; returns the field errors (empty when valid). */
export function validateAuthenticationConfiguration(c: AuthenticationConfiguration, disallowedIssuers: string[], anonymousFlagSet: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (c.jwt.length > 64) return [fieldErr.tooMany('jwt', c.jwt.length, 64)];
  const urls = new Set<string>();
  const discoveryURLs = new Set<string>();
  c.jwt.forEach((a, i) => {
    const p = `jwt[${i}]`;
    const iss = a.issuer ?? ({} as JWTAuthenticatorConfig['issuer']);
    if (!iss.url) errs.push(fieldErr.required(`${p}.issuer.url`, 'URL is required'));
    else {
      if (disallowedIssuers.includes(iss.url)) errs.push(fieldErr.invalid(`${p}.issuer.url`, iss.url, `URL must not overlap with disallowed issuers: [${[...disallowedIssuers].sort().join(' ')}]`));
      errs.push(...validateURL(`${p}.issuer.url`, iss.url));
      if (urls.has(iss.url)) errs.push(fieldErr.duplicate(`${p}.issuer.url`, iss.url));
      urls.add(iss.url);
    }
    if (iss.discoveryURL) {
      if (iss.url && trimSlash(iss.discoveryURL) === trimSlash(iss.url)) errs.push(fieldErr.invalid(`${p}.issuer.discoveryURL`, iss.discoveryURL, 'discoveryURL must be different from URL'));
      errs.push(...validateURL(`${p}.issuer.discoveryURL`, iss.discoveryURL));
      if (discoveryURLs.has(iss.discoveryURL)) errs.push(fieldErr.duplicate(`${p}.issuer.discoveryURL`, iss.discoveryURL));
      discoveryURLs.add(iss.discoveryURL);
    }
    const auds = iss.audiences ?? [];
    if (auds.length === 0) errs.push(fieldErr.required(`${p}.issuer.audiences`, `at least one ${p}.issuer.audiences is required`));
    const seenAud = new Set<string>();
    auds.forEach((aud, k) => {
      if (aud === '') errs.push(fieldErr.required(`${p}.issuer.audiences[${k}]`, "audience can't be empty"));
      else if (seenAud.has(aud)) errs.push(fieldErr.duplicate(`${p}.issuer.audiences[${k}]`, aud));
      seenAud.add(aud);
    });
    const policy = iss.audienceMatchPolicy ?? '';
    if (auds.length > 1 && policy !== 'MatchAny') errs.push(fieldErr.invalid(`${p}.issuer.audienceMatchPolicy`, policy, 'audienceMatchPolicy must be MatchAny for multiple audiences'));
    if (auds.length === 1 && policy !== '' && policy !== 'MatchAny') errs.push(fieldErr.invalid(`${p}.issuer.audienceMatchPolicy`, policy, 'audienceMatchPolicy must be empty or MatchAny for single audience'));
    if (iss.certificateAuthority) {
      try {
        const certs = iss.certificateAuthority.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
        if (certs.length === 0) throw new Error('data does not contain any valid RSA or ECDSA certificates');
        for (const pem of certs) new X509Certificate(pem);
      } catch (e) {
        errs.push(fieldErr.invalid(`${p}.issuer.certificateAuthority`, '<omitted>', (e as Error).message));
      }
    }
    const seenClaims = new Set<string>();
    const seenExpressions = new Set<string>();
    (a.claimValidationRules ?? []).forEach((r, k) => {
      const rp = `${p}.claimValidationRules[${k}]`;
      if (r.claim && r.expression) errs.push(fieldErr.invalid(rp, r.claim, "claim and expression can't both be set"));
      else if (!r.claim && !r.expression) errs.push(fieldErr.required(rp, 'claim or expression is required'));
      else if (r.claim) {
        if (r.message) errs.push(fieldErr.invalid(`${rp}.message`, r.message, "message can't be set when claim is set"));
        if (seenClaims.has(r.claim)) errs.push(fieldErr.duplicate(`${rp}.claim`, r.claim));
        seenClaims.add(r.claim);
      } else {
        if (r.requiredValue) errs.push(fieldErr.invalid(`${rp}.requiredValue`, r.requiredValue, "requiredValue can't be set when expression is set"));
        if (seenExpressions.has(r.expression!)) errs.push(fieldErr.duplicate(`${rp}.expression`, r.expression));
        seenExpressions.add(r.expression!);
        errs.push(...celErrors(`${rp}.expression`, r.expression!, 'claims', true));
      }
    });
    const m = a.claimMappings ?? ({} as JWTAuthenticatorConfig['claimMappings']);
    const mapping = (f: 'username' | 'groups', v: ClaimOrExpression | undefined, required: boolean) => {
      const fp = `${p}.claimMappings.${f}`;
      if (!v || (!v.claim && !v.expression)) {
        if (required) errs.push(fieldErr.required(fp, 'claim or expression is required'));
        return;
      }
      if (v.claim && v.expression) return errs.push(fieldErr.invalid(fp, '', "claim and expression can't both be set"));
      if (v.claim && v.prefix === undefined) errs.push(fieldErr.required(`${fp}.prefix`, 'prefix is required when claim is set. It can be set to an empty string to disable prefixing'));
      if (v.expression) {
        if (v.prefix !== undefined && v.prefix !== null) errs.push(fieldErr.invalid(`${fp}.prefix`, v.prefix, "prefix can't be set when expression is set"));
        errs.push(...celErrors(`${fp}.expression`, v.expression, 'claims', false));
      }
    };
    mapping('username', m.username, true);
    mapping('groups', m.groups, false);
    if (m.uid?.claim && m.uid.expression) errs.push(fieldErr.invalid(`${p}.claimMappings.uid`, '', "claim and expression can't both be set"));
    else if (m.uid?.expression) errs.push(...celErrors(`${p}.claimMappings.uid.expression`, m.uid.expression, 'claims', false));
    const seenKeys = new Set<string>();
    (m.extra ?? []).forEach((e, k) => {
      const ep = `${p}.claimMappings.extra[${k}]`;
      errs.push(...validateExtraKey(`${ep}.key`, e.key ?? ''));
      if (e.key && seenKeys.has(e.key)) errs.push(fieldErr.duplicate(`${ep}.key`, e.key));
      seenKeys.add(e.key);
      if (!e.valueExpression) errs.push(fieldErr.required(`${ep}.valueExpression`, 'valueExpression is required'));
      else errs.push(...celErrors(`${ep}.valueExpression`, e.valueExpression, 'claims', false));
    });
    const ue = m.username?.expression;
    if (ue && selectsClaim(ue, 'email')) {
      const others = [ue, ...(m.extra ?? []).map((e) => e.valueExpression ?? ''), ...(a.claimValidationRules ?? []).map((r) => r.expression ?? '')];
      if (!others.some((x) => selectsClaim(x, 'email_verified'))) {
        errs.push(
          fieldErr.invalid(
            `${p}.claimMappings.username.expression`,
            ue,
            'claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression',
          ),
        );
      }
    }
    const seenRules = new Set<string>();
    (a.userValidationRules ?? []).forEach((r, k) => {
      const up = `${p}.userValidationRules[${k}].expression`;
      if (!r.expression) errs.push(fieldErr.required(up, 'expression is required'));
      else {
        if (seenRules.has(r.expression)) errs.push(fieldErr.duplicate(up, r.expression));
        seenRules.add(r.expression);
        errs.push(...celErrors(up, r.expression, 'user', true));
      }
    });
  });
  if (c.anonymous) {
    if (anonymousFlagSet) errs.push(fieldErr.forbidden('anonymous', '--anonymous-auth flag cannot be set when anonymous field is configured in authentication configuration file'));
    if (!c.anonymous.enabled && c.anonymous.conditions?.length) errs.push(fieldErr.invalid('anonymous.conditions', c.anonymous.conditions, 'enabled should be set to true when conditions are defined'));
  }
  return errs;
}

export function validationMessage(errs: FieldError[]): string {
  return `invalid authentication configuration: ${aggregateFieldErrors(errs)}`;
}

export interface OIDCFlags {
  issuerURL?: string;
  clientID?: string;
  caFile?: string;
  caPem?: string;
  usernameClaim?: string;
  usernamePrefix?: string;
  groupsClaim?: string;
  groupsPrefix?: string;
  signingAlgs?: string[];
  requiredClaims?: Record<string, string>;
}

/** The legacy --oidc-* flags as one JWT authenticator (auth.md §4.1), with the flags' username prefix rule. */
export function configFromOIDCFlags(f: OIDCFlags): AuthenticationConfiguration {
  const claim = f.usernameClaim || 'sub';
  let prefix = f.usernamePrefix ?? '';
  if (prefix === '-') prefix = '';
  else if (prefix === '' && claim !== 'email') prefix = `${f.issuerURL}#`;
  const jwt: JWTAuthenticatorConfig = {
    issuer: { url: f.issuerURL!, audiences: [f.clientID!], certificateAuthority: f.caPem },
    claimMappings: { username: { claim, prefix } },
    claimValidationRules: Object.entries(f.requiredClaims ?? {}).map(([claim, requiredValue]) => ({ claim, requiredValue })),
  };
  if (f.groupsClaim) jwt.claimMappings.groups = { claim: f.groupsClaim, prefix: f.groupsPrefix ?? '' };
  return { jwt: [jwt], signingAlgs: f.signingAlgs?.length ? f.signingAlgs : ['RS256'] };
}
