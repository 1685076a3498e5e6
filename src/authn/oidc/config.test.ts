import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorText } from '../../errors/field-error.js';
import { configFromOIDCFlags, parseAuthenticationConfiguration, validateAuthenticationConfiguration, type JWTAuthenticatorConfig } from './config.js';

const texts = (jwt: unknown[], extra: Record<string, unknown> = {}) =>
  validateAuthenticationConfiguration({ jwt: jwt as JWTAuthenticatorConfig[], ...extra }, ['https://sa'], false).map(fieldErrorText);

const ok = { issuer: { url: 'https://a', audiences: ['x'] }, claimMappings: { username: { claim: 'sub', prefix: '' } } };

test('issuer URL, discovery URL, audiences and duplicates', () => {
  assert.deepEqual(texts([ok, { ...ok, issuer: { url: 'https://a?q=1#f', discoveryURL: 'https://a?q=1#f/', audiences: ['', 'y', 'y'], audienceMatchPolicy: 'MatchAll' } }]), [
    'jwt[1].issuer.url: Invalid value: "https://a?q=1#f": URL must not contain a query',
    'jwt[1].issuer.url: Invalid value: "https://a?q=1#f": URL must not contain a fragment',
    'jwt[1].issuer.discoveryURL: Invalid value: "https://a?q=1#f/": discoveryURL must be different from URL',
    'jwt[1].issuer.discoveryURL: Invalid value: "https://a?q=1#f/": URL must not contain a query',
    'jwt[1].issuer.discoveryURL: Invalid value: "https://a?q=1#f/": URL must not contain a fragment',
    'jwt[1].issuer.audiences[0]: Required value: audience can\'t be empty',
    'jwt[1].issuer.audiences[2]: Duplicate value: "y"',
    'jwt[1].issuer.audienceMatchPolicy: Invalid value: "MatchAll": audienceMatchPolicy must be MatchAny for multiple audiences',
  ]);
  assert.deepEqual(texts([ok, ok]), ['jwt[1].issuer.url: Duplicate value: "https://a"']);
  assert.deepEqual(texts([{ ...ok, issuer: { url: 'https://u:p@a', audiences: ['x'], audienceMatchPolicy: 'Other' } }]), [
    'jwt[0].issuer.url: Invalid value: "https://u:p@a": URL must not contain a username or password',
    'jwt[0].issuer.audienceMatchPolicy: Invalid value: "Other": audienceMatchPolicy must be empty or MatchAny for single audience',
  ]);
  assert.deepEqual(texts([{ ...ok, issuer: { url: '', audiences: ['x'] } }]), ['jwt[0].issuer.url: Required value: URL is required']);
  assert.deepEqual(texts(Array(65).fill(ok)), ['jwt: Too many: 65: must have at most 64 items']);
});

test('claim validation rules and claim mappings', () => {
  assert.deepEqual(
    texts([
      {
        ...ok,
        claimValidationRules: [{ claim: 'hd', requiredValue: 'x', message: 'm' }, { claim: 'hd', requiredValue: 'y' }, {}, { claim: 'c', expression: 'e' }],
        claimMappings: { username: { claim: 'sub', expression: 'claims.sub' }, groups: { claim: 'g' }, uid: { claim: 'sub', expression: 'x' }, extra: [{ key: 'k8s.io/x', valueExpression: '' }, { key: 'nodomain', valueExpression: '' }] },
      },
    ]),
    [
      'jwt[0].claimValidationRules[0].message: Invalid value: "m": message can\'t be set when claim is set',
      'jwt[0].claimValidationRules[1].claim: Duplicate value: "hd"',
      'jwt[0].claimValidationRules[2]: Required value: claim or expression is required',
      'jwt[0].claimValidationRules[3]: Invalid value: "c": claim and expression can\'t both be set',
      'jwt[0].claimMappings.username: Invalid value: "": claim and expression can\'t both be set',
      'jwt[0].claimMappings.groups.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing',
      'jwt[0].claimMappings.uid: Invalid value: "": claim and expression can\'t both be set',
      'jwt[0].claimMappings.extra[0].key: Invalid value: "k8s.io/x": k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use',
      'jwt[0].claimMappings.extra[0].valueExpression: Required value: valueExpression is required',
      'jwt[0].claimMappings.extra[1].key: Invalid value: "nodomain": must be a domain-prefixed path (such as "acme.io/foo")',
      'jwt[0].claimMappings.extra[1].valueExpression: Required value: valueExpression is required',
    ],
  );
  assert.deepEqual(texts([], { anonymous: { enabled: false, conditions: [{ path: '/livez' }] } }).length, 1);
});

test('decoding: empty data, wrong kind; the --oidc-* flags\' username prefix rule', () => {
  assert.throws(() => parseAuthenticationConfiguration(''), { message: 'empty config data' });
  assert.throws(() => parseAuthenticationConfiguration('apiVersion: v1\nkind: ConfigMap\n'), { message: 'expected AuthenticationConfiguration, got v1, Kind=ConfigMap' });
  const prefix = (claim: string | undefined, p: string | undefined) => configFromOIDCFlags({ issuerURL: 'https://i', clientID: 'c', usernameClaim: claim, usernamePrefix: p }).jwt[0]!.claimMappings.username.prefix;
  assert.equal(prefix(undefined, undefined), 'https://i#');
  assert.equal(prefix('email', undefined), '');
  assert.equal(prefix('sub', '-'), '');
  assert.equal(prefix('sub', 'oidc:'), 'oidc:');
});
