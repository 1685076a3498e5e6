// Calls a webhook backend as kube's webhook REST client does: a JSON POST over HTTPS (verified against the
// configuration's caBundle, or the system's roots without one) to the URL or the service, with `?timeout=<n>s`,
// cut off at the webhook's timeout. Failures come back as the Go error text kube reports (`Post "<url>": ...`) and
// the Status kube's client builds for a response that is not a success.
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { isIP } from 'node:net';
import { StatusError } from '../../errors/status.js';
import type { KObject } from '../../api/object.js';
import type { ClientConfig } from './config-source.js';

/** A transport-level failure: `reason` is the Go error text of the client (`Post "<url>": ...`), `status` the Status kube keeps for it. */
export class WebhookCallError extends Error {
  constructor(
    readonly reason: string,
    readonly status: StatusError,
  ) {
    super(reason);
  }
}

/** Where a service reference leads (kube's cluster-IP service resolver); an error text when it leads nowhere. */
export type ServiceResolution = { host: string; port: number; unreachable?: boolean } | { error: string };
export type ServiceResolver = (namespace: string, name: string, port: number) => Promise<ServiceResolution>;

export interface CallOptions {
  timeoutSeconds: number;
  /** The request's own cancellation (client gone, request deadline). */
  signal?: AbortSignal;
  resolveService: ServiceResolver;
}

const MAX_RESPONSE_BYTES = 3 * 1024 * 1024 * 4;

function genericServerResponse(code: number, body: string, textBody: boolean): StatusError {
  const serverMessage = textBody ? body.trim() : 'unknown';
  let reason = 'Unknown';
  let message = `the server responded with the status code ${code} but did not return more information`;
  const known: Record<number, [string, string]> = {
    409: ['AlreadyExists', 'the server reported a conflict'],
    404: ['NotFound', 'the server could not find the requested resource'],
    400: ['BadRequest', 'the server rejected our request for an unknown reason'],
    401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
    403: ['Forbidden', serverMessage],
    405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
    422: ['Invalid', 'the server rejected our request due to an error in our request'],
    504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
    429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
  };
  if (known[code]) [reason, message] = known[code]!;
  else if (code >= 500) {
    reason = 'InternalError';
    message = `an error on the server (${JSON.stringify(serverMessage)}) has prevented the request from succeeding`;
  }
  return new StatusError({ code, reason, message, details: { causes: [{ reason: 'UnexpectedServerResponse', message: serverMessage }] } });
}

/** Node's socket and TLS errors as Go's net/http and crypto/tls print them. */
function goNetError(e: NodeJS.ErrnoException & { host?: string }, host: string, port: number): string {
  const addr = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  switch (e.code) {
    case 'ECONNREFUSED': return `dial tcp ${addr}: connect: connection refused`;
    case 'ECONNRESET': return 'read: connection reset by peer';
    case 'EHOSTUNREACH': return `dial tcp ${addr}: connect: no route to host`;
    case 'ENETUNREACH': return `dial tcp ${addr}: connect: network is unreachable`;
    case 'ENOTFOUND': case 'EAI_AGAIN': return `dial tcp: lookup ${host}: no such host`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE': case 'SELF_SIGNED_CERT_IN_CHAIN': case 'DEPTH_ZERO_SELF_SIGNED_CERT': case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
    case 'CERT_HAS_EXPIRED': case 'CERT_NOT_YET_VALID':
      return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
    case 'ERR_TLS_CERT_ALTNAME_INVALID': {
      const m = /Cert's altnames: (.*)$/.exec(e.message);
      const names = m ? m[1]!.split(',').map((s) => s.trim().replace(/^(IP Address|DNS):/, '')) : [];
      return `tls: failed to verify certificate: x509: certificate is valid for ${names.join(', ')}, not ${host}`;
    }
    default: return e.message;
  }
}

/** POSTs `body` to the webhook; resolves with the decoded JSON response. */
export async function callWebhook(name: string, cc: ClientConfig, body: KObject, opts: CallOptions): Promise<KObject> {
  let url: URL;
  let connectHost: string;
  let connectPort: number;
  let servername: string | undefined;
  let unreachable = false;
  let base: string;
  if (cc.service) {
    const s = cc.service;
    const host = `${s.name}.${s.namespace}.svc`;
    url = new URL(`https://${host}:${s.port}${s.path ?? ''}`);
    servername = host;
    base = `https://${host}:${s.port}${s.path || '/'}`;
    const target = await opts.resolveService(s.namespace, s.name, s.port);
    const urlText = `${base}?timeout=${opts.timeoutSeconds}s`;
    if ('error' in target) throw new WebhookCallError(`Post ${JSON.stringify(urlText)}: ${target.error}`, serviceUnavailable());
    connectHost = target.host;
    connectPort = target.port;
    unreachable = !!target.unreachable;
  } else if (cc.url) {
    try {
      url = new URL(cc.url);
    } catch {
      throw new WebhookCallError(`Unparsable URL: parse ${JSON.stringify(cc.url)}: invalid URL`, serviceUnavailable());
    }
    connectHost = url.hostname.replace(/^\[|\]$/g, '');
    // Go keeps the URL as written (host case, default port); only the path gets its leading slash.
    const m = /^([a-z]+:\/\/[^/?#]*)([^?#]*)/i.exec(cc.url);
    base = m ? `${m[1]}${m[2] || '/'}` : cc.url;
    connectPort = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  } else {
    throw new WebhookCallError('webhook configuration must have either service or URL', serviceUnavailable());
  }
  url.searchParams.set('timeout', `${opts.timeoutSeconds}s`);
  const urlText = `${base}?timeout=${opts.timeoutSeconds}s`;
  const fail = (text: string): WebhookCallError => new WebhookCallError(`Post ${JSON.stringify(urlText)}: ${text}`, serviceUnavailable());

  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<KObject>((resolve, reject) => {
    let settled = false;
    let req: ClientRequest | undefined;
    const finish = (err: WebhookCallError | undefined, value?: KObject) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(value!);
    };
    const timer = setTimeout(() => {
      finish(fail('context deadline exceeded'));
      req?.destroy();
    }, opts.timeoutSeconds * 1000);
    const onAbort = () => {
      finish(fail('context canceled'));
      req?.destroy();
    };
    opts.signal?.addEventListener('abort', onAbort);
    // A cluster IP is not reachable from here (no cluster network): the connection never completes.
    if (unreachable) return;
    const doRequest = url.protocol === 'http:' ? httpRequest : httpsRequest;
    req = doRequest({
      host: connectHost,
      port: connectPort,
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, */*', 'Content-Length': payload.length, Host: url.host },
      ...(url.protocol === 'https:' ? { ca: cc.caBundle || undefined, servername: servername ?? (isIP(connectHost) ? undefined : connectHost), rejectUnauthorized: true, ALPNProtocols: ['http/1.1'] } : {}),
      agent: false,
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish(fail(goNetError(e, servername ?? connectHost, connectPort))));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_RESPONSE_BYTES) {
          req?.destroy();
          finish(fail('response body too large'));
          return;
        }
        chunks.push(c);
      });
      res.on('error', (e: NodeJS.ErrnoException) => finish(fail(goNetError(e, connectHost, connectPort))));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const code = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (code < 200 || code > 206) {
          // A Status body is kept as it is; anything else becomes kube's generic server response error.
          let status: StatusError | undefined;
          try {
            const parsed = JSON.parse(text);
            if (parsed && parsed.kind === 'Status' && typeof parsed.message === 'string') status = new StatusError({ ...parsed, code: parsed.code ?? code });
          } catch { /* not a Status */ }
          status ??= genericServerResponse(code, text, contentType.startsWith('text/plain'));
          finish(new WebhookCallError(status.message, status));
          return;
        }
        try {
          const parsed = JSON.parse(text);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SyntaxError('not an object');
          finish(undefined, parsed as KObject);
        } catch (e) {
          finish(new WebhookCallError(`couldn't get version/kind; json parse error: ${(e as Error).message}`, serviceUnavailable()));
        }
      });
    });
    req.end(payload);
  });
}

function serviceUnavailable(): StatusError {
  return new StatusError({ code: 503, reason: 'ServiceUnavailable', message: 'error calling webhook' });
}
