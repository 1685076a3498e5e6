import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from './flags.js';

test('authentication flags: repeatable issuers and key files, lists, durations, maps and booleans', () => {
  const { options: o } = parseArgs([
    '--service-account-issuer=https://a',
    '--service-account-issuer',
    'https://b',
    '--service-account-key-file=k1.pem',
    '--service-account-key-file=k2.pem',
    '--api-audiences=x,y',
    '--service-account-max-token-expiration=2h',
    '--service-account-extend-token-expiration=false',
    '--requestheader-username-headers=X-Remote-User,X-Other',
    '--oidc-required-claim=hd=example.com',
    '--oidc-required-claim=tier=gold',
    '--enable-bootstrap-token-auth',
    '--controllers=*,bootstrapsigner,-serviceaccount-token',
    '--authentication-token-webhook-cache-ttl=30s',
    '--anonymous-auth=false',
  ]);
  assert.deepEqual(o.serviceAccountIssuers, ['https://a', 'https://b']);
  assert.deepEqual(o.serviceAccountKeyFiles, ['k1.pem', 'k2.pem']);
  assert.deepEqual(o.apiAudiences, ['x', 'y']);
  assert.equal(o.serviceAccountMaxTokenExpirationMs, 7_200_000);
  assert.equal(o.serviceAccountExtendTokenExpiration, false);
  assert.deepEqual(o.requestheaderUsernameHeaders, ['X-Remote-User', 'X-Other']);
  assert.deepEqual(o.oidcRequiredClaims, { hd: 'example.com', tier: 'gold' });
  assert.equal(o.enableBootstrapTokenAuth, true);
  assert.deepEqual(o.controllers, ['*', 'bootstrapsigner', '-serviceaccount-token']);
  assert.equal(o.authenticationTokenWebhookCacheTTLMs, 30_000);
  assert.equal(o.anonymousAuth, false);
  assert.equal(o.anonymousAuthExplicit, true);
  assert.equal(parseArgs([]).options.anonymousAuthExplicit, undefined);
});
