// The admin kubeconfig kubelite writes: the cluster's CA, its URL and the admin client certificate.
import { stringify } from 'yaml';

export interface KubeconfigInput {
  server: string;
  caPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  name?: string;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

export function buildKubeconfig(k: KubeconfigInput): string {
  const name = k.name ?? 'kubelite';
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: k.server, 'certificate-authority-data': b64(k.caPem) } }],
    users: [{ name: `${name}-admin`, user: { 'client-certificate-data': b64(k.clientCertPem), 'client-key-data': b64(k.clientKeyPem) } }],
    contexts: [{ name, context: { cluster: name, user: `${name}-admin`, namespace: 'default' } }],
    'current-context': name,
    preferences: {},
  });
}
