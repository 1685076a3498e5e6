// The kubeconfig a webhook authorizer is configured with (auth.md §5, §8.2): the first cluster's server and CA and
// the first user's client certificate or token, from files (relative to the kubeconfig) or inline data.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

export interface WebhookConnection {
  server: string;
  ca?: string;
  cert?: string;
  key?: string;
  token?: string;
  insecureSkipTLSVerify?: boolean;
}

export function loadWebhookKubeconfig(path: string): WebhookConnection {
  const doc = parse(readFileSync(path, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const base = dirname(path);
  const fileOrData = (obj: Record<string, unknown> | undefined, file: string, data: string): string | undefined => {
    if (!obj) return undefined;
    if (typeof obj[data] === 'string') return Buffer.from(obj[data] as string, 'base64').toString('utf8');
    if (typeof obj[file] === 'string') return readFileSync(resolve(base, obj[file] as string), 'utf8');
    return undefined;
  };
  const cluster = doc?.clusters?.[0]?.cluster;
  if (!cluster?.server) throw new Error(`invalid configuration: no server found for cluster`);
  const user = doc?.users?.[0]?.user;
  return {
    server: cluster.server,
    ca: fileOrData(cluster, 'certificate-authority', 'certificate-authority-data'),
    insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
    cert: fileOrData(user, 'client-certificate', 'client-certificate-data'),
    key: fileOrData(user, 'client-key', 'client-key-data'),
    token: typeof user?.token === 'string' ? user.token : user?.tokenFile ? readFileSync(resolve(base, user.tokenFile), 'utf8').trim() : undefined,
  };
}
