// Webhook token authentication (--authentication-token-webhook-config-file, auth.md §5): a TokenReview POSTed to
// the server the kubeconfig names, retried with kube's backoff, answers cached for --authentication-token-webhook-
// cache-ttl (errors are not cached).
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { dirname, isAbsolute, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { UserInfo } from '../http/request-context.js';
import { authError, notMine, type AuthResult, type TokenAuthenticator, type TokenContext } from './authenticator.js';

export interface WebhookClientConfig {
  server: string;
  ca?: string;
  insecureSkipTLSVerify?: boolean;
  cert?: string;
  key?: string;
  token?: string;
}

/** The webhook's address and credentials from a kubeconfig file (the current context, else the first entries). */
export function readWebhookKubeconfig(path: string): WebhookClientConfig {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const kc: any = parseYaml(readFileSync(path, 'utf8')) ?? {};
  const base = dirname(path);
  const file = (p: string | undefined) => (p ? readFileSync(isAbsolute(p) ? p : join(base, p), 'utf8') : undefined);
  const data = (d: string | undefined) => (d ? Buffer.from(d, 'base64').toString('utf8') : undefined);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ctx = (kc.contexts ?? []).find((c: any) => c.name === kc['current-context'])?.context;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const cluster = ((kc.clusters ?? []).find((c: any) => c.name === ctx?.cluster) ?? kc.clusters?.[0])?.cluster;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const user = ((kc.users ?? []).find((u: any) => u.name === ctx?.user) ?? kc.users?.[0])?.user ?? {};
  if (!cluster?.server) throw new Error(`invalid configuration: no server found for cluster`);
  return {
    server: cluster.server,
    ca: data(cluster['certificate-authority-data']) ?? file(cluster['certificate-authority']),
    insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
    cert: data(user['client-certificate-data']) ?? file(user['client-certificate']),
    key: data(user['client-key-data']) ?? file(user['client-key']),
    token: user.token ?? (user.tokenFile ? file(user.tokenFile)?.trim() : undefined),
  };
}

interface Posted {
  status: number;
  retryAfter: boolean;
  body: string;
}

function post(c: WebhookClientConfig, body: string, timeoutMs: number): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const u = new URL(c.server);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, */*', 'content-length': String(Buffer.byteLength(body)) };
    if (c.token) headers.authorization = `Bearer ${c.token}`;
    const opts = { method: 'POST', hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers, timeout: timeoutMs };
    const onResponse = (res: import('node:http').IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] !== undefined, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    };
    const req =
      u.protocol === 'http:'
        ? httpRequest(opts, onResponse)
        : httpsRequest({ ...opts, ca: c.ca, cert: c.cert, key: c.key, rejectUnauthorized: !c.insecureSkipTLSVerify, agent: false }, onResponse);
    req.on('timeout', () => req.destroy(new Error('context deadline exceeded')));
    req.on('error', reject);
    req.end(body);
  });
}

interface Cached {
  result: AuthResult;
  expires: number;
}

export class WebhookTokenAuthenticator implements TokenAuthenticator {
  readonly name = 'webhook';
  private readonly hashKey = randomBytes(32);
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly client: WebhookClientConfig,
    private readonly version: 'v1' | 'v1beta1',
    private readonly cacheTTLMs: number,
    private readonly apiAudiences: string[],
    /** kube's backoff: 500 ms initial, factor 1.5, 5 steps (the jitter is left out). */
    private readonly backoffMs = [500, 750, 1125, 1687],
  ) {}

  async authenticateToken(token: string, tc: TokenContext): Promise<AuthResult> {
    const key = createHmac('sha256', this.hashKey).update(token).update('\0').update(JSON.stringify(tc.audiences)).digest('base64');
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.result;
    const result = await this.review(token, tc.audiences);
    if (result.kind !== 'error' && this.cacheTTLMs > 0) this.cache.set(key, { result, expires: Date.now() + this.cacheTTLMs });
    else this.cache.delete(key);
    return result;
  }

  private async review(token: string, audiences: string[]): Promise<AuthResult> {
    const spec: Record<string, unknown> = { token };
    if (audiences.length) spec.audiences = audiences;
    const body = JSON.stringify({ apiVersion: `authentication.k8s.io/${this.version}`, kind: 'TokenReview', metadata: { creationTimestamp: null }, spec, status: { user: {} } });
    let res: Posted | undefined;
    let lastError = '';
    for (let attempt = 0; ; attempt++) {
      try {
        res = await post(this.client, body, 30_000);
        lastError = '';
        const retriable = res.status === 500 || res.status === 504 || res.status === 429 || res.retryAfter;
        if (!retriable) break;
        lastError = `the server responded with the status code ${res.status} but did not return more information`;
      } catch (e) {
        lastError = (e as Error).message;
        res = undefined;
      }
      if (attempt >= this.backoffMs.length) break;
      await new Promise((r) => setTimeout(r, this.backoffMs[attempt]));
    }
    if (!res || lastError) return authError(lastError || 'webhook call failed');
    if (res.status < 200 || res.status > 299) return authError(`the server responded with the status code ${res.status} but did not return more information`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let review: any;
    try {
      review = JSON.parse(res.body);
    } catch (e) {
      return authError(`couldn't get version/kind; json parse error: ${(e as Error).message}`);
    }
    const st = review?.status ?? {};
    if (!st.authenticated) return st.error ? authError(String(st.error)) : notMine;
    let granted: string[] | undefined;
    if (audiences.length) {
      const offered: string[] = Array.isArray(st.audiences) && st.audiences.length ? st.audiences : this.apiAudiences;
      granted = offered.filter((a) => audiences.includes(a));
      if (granted.length === 0) return notMine;
    }
    const u = st.user ?? {};
    const user: UserInfo = { name: String(u.username ?? ''), uid: u.uid ? String(u.uid) : '', groups: Array.isArray(u.groups) ? u.groups.map(String) : [] };
    if (u.extra && typeof u.extra === 'object') user.extra = u.extra;
    return { kind: 'user', user, audiences: granted };
  }
}
