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

test('--help rows are laid out as pflag\'s FlagUsages: usage three spaces after the longest flag of its section', async () => {
  const { usage } = await import('./flags.js');
  const sections = usage().split(/\n\n(?=[^ \n][^\n]*:\n\n)/).slice(1);
  assert.equal(sections.length, 3);
  for (const section of sections) {
    const lines = section.split('\n').slice(2).filter(Boolean);
    const flag = /^( {2}-., --\S+| {6}--\S+)( [A-Za-z]+)?/;
    const rows = lines.filter((l) => flag.test(l));
    const lefts = rows.map((r) => flag.exec(r)![0]);
    const column = Math.max(...lefts.map((l) => l.length)) + 3;
    for (const r of rows) {
      assert.ok(r.slice(0, column).trimEnd().length <= column - 3, r);
      assert.match(r.slice(column - 3), /^ {3}\S/, r);
    }
    // A usage's continuation lines start in its column (pflag without a terminal width).
    for (const l of lines.filter((x) => !flag.test(x))) assert.match(l, new RegExp(`^ {${column}}\\S`), l);
  }
  // The -v flag as kube shows it, and kube-apiserver's type names.
  assert.match(usage(), /\n {2}-v, --v Level {3,}number for the log level verbosity/);
  assert.match(usage(), /\n {6}--feature-gates mapStringBool {3,}/);
  assert.match(usage(), /\n {6}--etcd-servers strings {3,}/);
  assert.match(usage(), /\n {6}--allow-privileged {3,}kubelite runs no kubelet/);
});

test('kube-apiserver flags without meaning here are accepted and reported, --print-path is recognised', () => {
  const p = parseArgs(['--allow-privileged=true', '--kubelet-timeout', '5s', '--advertise-address=10.0.0.1', '--print-path']);
  assert.deepEqual(p.ignored.map((i) => [i.flag.name, i.value]), [['allow-privileged', 'true'], ['kubelet-timeout', '5s'], ['advertise-address', '10.0.0.1']]);
  assert.equal(p.printPath, true);
  assert.throws(() => parseArgs(['--allow-privileged=maybe']), { message: 'invalid argument "maybe" for "--allow-privileged" flag: strconv.ParseBool: parsing "maybe": invalid syntax' });
  assert.throws(() => parseArgs(['--insecure-port=0']), { message: 'unknown flag: --insecure-port' });
});
