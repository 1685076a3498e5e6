import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { mergeKubeconfig } from './kubeconfig-merge.js';
import { buildKubeconfig } from './kubeconfig.js';

const ours = (server: string, name?: string) => buildKubeconfig({ server, caPem: 'CA', clientCertPem: 'CERT', clientKeyPem: 'KEY', name });

const other = `apiVersion: v1
kind: Config
clusters:
- name: prod
  cluster: {server: 'https://prod:6443'}
- name: kubelite
  cluster: {server: 'https://old:1'}
users:
- name: prod-admin
  user: {token: secret}
contexts:
- name: prod
  context: {cluster: prod, user: prod-admin}
current-context: prod
preferences: {colors: true}
`;

test('merging keeps other clusters and replaces the entries of the same name', () => {
  const m = parse(mergeKubeconfig(other, ours('https://127.0.0.1:7000'), true));
  assert.deepEqual(m.clusters.map((c: { name: string }) => c.name), ['prod', 'kubelite']);
  assert.equal(m.clusters[1].cluster.server, 'https://127.0.0.1:7000');
  assert.deepEqual(m.users.map((u: { name: string }) => u.name), ['prod-admin', 'kubelite-admin']);
  assert.equal(m.users[0].user.token, 'secret');
  assert.deepEqual(m.contexts.map((c: { name: string }) => c.name), ['prod', 'kubelite']);
  assert.equal(m['current-context'], 'kubelite');
  assert.deepEqual(m.preferences, { colors: true });
});

test('without switching, the current context stays; a file without one gets ours', () => {
  assert.equal(parse(mergeKubeconfig(other, ours('https://x:1'), false))['current-context'], 'prod');
  assert.equal(parse(mergeKubeconfig('', ours('https://x:1'), false))['current-context'], 'kubelite');
});

test('the cluster name names the cluster, user and context', () => {
  const m = parse(mergeKubeconfig(other, ours('https://x:1', 'dev'), true));
  assert.deepEqual(m.clusters.map((c: { name: string }) => c.name), ['prod', 'kubelite', 'dev']);
  assert.deepEqual(m.contexts.at(-1), { name: 'dev', context: { cluster: 'dev', user: 'dev-admin', namespace: 'default' } });
  assert.equal(m['current-context'], 'dev');
});

test('a file that is not a kubeconfig is refused', () => {
  assert.throws(() => mergeKubeconfig('- a\n- b\n', ours('https://x:1'), true), /not a kubeconfig/);
  assert.throws(() => mergeKubeconfig('clusters: 3\n', ours('https://x:1'), true), /clusters is not a list/);
});

test('a kubeconfig merged into no file is the built kubeconfig as it is (the file is then written without merging)', () => {
  const pem = (label: string) => `-----BEGIN ${label}-----\n${'MIIBgjCCASigAwIBAgIQHfr9UciSVoW7BQC9uM65rzAKBggqhkjOPQQDAjAhMR8w\n'.repeat(12)}-----END ${label}-----\n`;
  for (const name of [undefined, 'dev']) {
    const built = buildKubeconfig({ server: 'https://127.0.0.1:6443', caPem: pem('CERTIFICATE'), clientCertPem: pem('CERTIFICATE'), clientKeyPem: pem('EC PRIVATE KEY'), name });
    for (const switchContext of [true, false]) assert.equal(mergeKubeconfig('', built, switchContext), built);
  }
});
