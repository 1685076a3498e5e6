// Assembles kubelite: certificates, store, authentication, authorization, the pipeline, the TLS listener
// (HTTP/2 via ALPN and HTTP/1.1), health checks and graceful shutdown.
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { AnonymousAuthenticator } from '../authn/anonymous.js';
import type { RequestAuthenticator } from '../authn/authenticator.js';
import { AuthenticatorUnion } from '../authn/union.js';
import { X509Authenticator } from '../authn/x509.js';
import { BearerTokenAuthenticator } from '../authn/bearer-token.js';
import { TokenFileAuthenticator, type TokenAuthenticator } from '../authn/token-file.js';
import { AlwaysAllowAuthorizer, AlwaysDenyAuthorizer } from '../authz/always.js';
import type { Authorizer } from '../authz/authorizer.js';
import { PrivilegedGroupsAuthorizer } from '../authz/privileged-groups.js';
import { AuthorizerUnion } from '../authz/union.js';
import { ShutdownState } from '../filters/shutdown-gate.js';
import { HealthChecks } from '../observability/health.js';
import { createLogger } from '../observability/logging.js';
import type { Storage } from '../storage/interface.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';
import { openSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { openEtcd, electLeader } from './open-etcd.js';
import { ensureCertificates, type PemPair, type ServerCertificates } from './certificates.js';
import { buildDirector } from './director.js';
import type { Route } from '../http/route.js';
import { buildHandlerChain } from './handler-chain.js';
import { buildKubeconfig } from './kubeconfig.js';
import { defaultOptions, type ServerOptions } from '../config/options.js';
import type { AnyRequest, AnyResponse, RequestContext } from '../http/request-context.js';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { KubeliteApi } from './assemble.js';
import { allBuiltinResources } from '../api/catalog.js';
import { EncryptingStorage } from '../storage/encryption/encrypting-storage.js';
import { EncryptionConfigError, loadEncryptionConfig, transformersFor, type EncryptionConfig, type GroupResource } from '../storage/encryption/encryption-config.js';
import { applyConnectionDeadlines, KUBE_CONNECTION_DEADLINES } from './connection-deadlines.js';
import { ensurePrivateDir, preparePrivateFile, tightenFile, writePrivateFile } from './private-files.js';

export interface RunningServer {
  /** https://host:port */
  url: string;
  port: number;
  /** PEM of the CA that signed the serving certificate. */
  ca: string;
  /** The admin client certificate (CN kubelite-admin, O system:masters). */
  admin: PemPair;
  kubeconfig: string;
  kubeconfigPath?: string;
  storage: Storage;
  stop(): Promise<void>;
}

export { UsageError } from './usage-error.js';
import { UsageError } from './usage-error.js';

function buildAuthorizer(modes: string[]): Authorizer {
  const members: Authorizer[] = [new PrivilegedGroupsAuthorizer()];
  for (const m of modes) {
    if (m === 'AlwaysAllow') members.push(new AlwaysAllowAuthorizer());
    else if (m === 'AlwaysDeny') members.push(new AlwaysDenyAuthorizer());
    else throw new UsageError(`authorization mode ${JSON.stringify(m)} is not supported by kubelite yet (supported: AlwaysAllow, AlwaysDeny)`);
  }
  return new AuthorizerUnion(members);
}

function buildAuthenticator(opts: ServerOptions, log: Logger): RequestAuthenticator {
  let anonymous = opts.anonymousAuth;
  if (anonymous && opts.authorizationModes.includes('AlwaysAllow')) {
    // kube-apiserver's rule: anonymous requests are never combined with AlwaysAllow.
    log.warn('AnonymousAuth is not allowed with the AlwaysAllow authorizer. Resetting AnonymousAuth to false. You should use a different authorizer');
    anonymous = false;
  }
  const members: RequestAuthenticator[] = [new X509Authenticator()];
  const tokens: TokenAuthenticator[] = [];
  if (opts.tokenAuthFile) {
    try {
      tokens.push(new TokenFileAuthenticator(opts.tokenAuthFile, log));
    } catch (e) {
      throw new UsageError(`--token-auth-file: ${(e as Error).message}`);
    }
  }
  if (tokens.length) members.push(new BearerTokenAuthenticator(tokens));
  return new AuthenticatorUnion(members, anonymous ? new AnonymousAuthenticator() : undefined);
}

async function openStorage(opts: ServerOptions, log: Logger): Promise<Storage> {
  if (!opts.etcdServers.length && opts.storageBackend === 'etcd3') throw new UsageError('--etcd-servers must be specified');
  let encryption: EncryptionConfig | undefined;
  if (opts.encryptionProviderConfig) {
    try {
      encryption = loadEncryptionConfig(opts.encryptionProviderConfig);
    } catch (e) {
      if (e instanceof EncryptionConfigError) throw new UsageError(e.message);
      throw e;
    }
  }
  let storage: Storage;
  if (opts.etcdServers.length) storage = await openEtcd(opts, log);
  else if (opts.storageBackend === 'memory') storage = new MemoryStorage();
  else {
    const db = join(opts.dataDir, 'kubelite.db');
    // SQLite gives the -wal and -shm files the database file's mode.
    for (const f of [db, `${db}-wal`, `${db}-shm`]) (f === db ? preparePrivateFile : tightenFile)(f);
    storage = await openSqliteStorage({ path: db });
  }
  if (!encryption) return storage;
  const config = encryption;
  return new EncryptingStorage(storage, (key) => transformersFor(config, storageKeyGroupResource(key)));
}

export async function startKubelite(partial: Partial<ServerOptions> = {}, logger?: Logger): Promise<RunningServer> {
  const opts: ServerOptions = { ...defaultOptions(), ...partial };
  const log = logger ?? createLogger(opts.verbosity);
  const certDir = opts.certDir ?? join(opts.dataDir, 'pki');
  ensurePrivateDir(opts.dataDir);
  if ((opts.tlsCertFile === undefined) !== (opts.tlsPrivateKeyFile === undefined)) {
    throw new UsageError('--tls-cert-file and --tls-private-key-file must be given together');
  }
  const certs: ServerCertificates = await ensureCertificates({
    certDir,
    sans: opts.tlsSANs,
    servingOverride: opts.tlsCertFile ? { cert: readFileSync(opts.tlsCertFile, 'utf8'), key: readFileSync(opts.tlsPrivateKeyFile!, 'utf8') } : undefined,
    clientCAOverride: opts.clientCAFile ? readFileSync(opts.clientCAFile, 'utf8') : undefined,
  });

  const storage = await openStorage(opts, log);
  const health = new HealthChecks();
  const shutdown = new ShutdownState();
  health.add('ping', () => undefined);
  health.add('log', () => undefined);
  health.add('etcd', () => storage.health());
  health.add('etcd-readiness', () => storage.health(), ['readyz']);
  const authorizer = buildAuthorizer(opts.authorizationModes);
  const api = await KubeliteApi.create({ storage, options: opts, log, health, authorizer, caPem: certs.ca.cert });
  health.add('informer-sync', () => undefined, ['readyz']);
  health.add('shutdown', () => {
    if (shutdown.initiated) throw new Error('process is shutting down');
  }, ['readyz']);

  const nonResource: Route[] = api.nonResourceRoutes();
  const director = buildDirector({
    health,
    resources: (ctx) => api.serveResource(ctx),
    discovery: (ctx) => api.serveDiscovery(ctx),
    nonResource,
    listedPaths: () => api.listedPaths(health),
    restfulGroup: (group) => api.registry.all().some((r) => r.group === group && r.builtin !== false),
  });
  const handler = buildHandlerChain(director, {
    log,
    authenticator: buildAuthenticator(opts, log),
    authorizer,
    requestTimeoutMs: opts.requestTimeoutMs,
    shutdown,
    inFlight: { readOnly: opts.maxRequestsInFlight, mutating: opts.maxMutatingRequestsInFlight },
  });

  const deadlines = opts.connectionDeadlines ?? KUBE_CONNECTION_DEADLINES;
  const server: Http2SecureServer = createSecureServer({
    allowHTTP1: true,
    key: certs.serving.key,
    cert: certs.serving.cert,
    ca: certs.clientCA,
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: 'TLSv1.2',
    settings: { maxConcurrentStreams: 250 },
    maxSessionMemory: 64,
    handshakeTimeout: deadlines.readHeaderTimeoutMs,
  });
  applyConnectionDeadlines(server, deadlines);
  const serve = (req: AnyRequest, res: AnyResponse) => {
    // CONNECT's authority-form target (host:port) has no path, as Go parses it.
    const target = req.method === 'CONNECT' && !(req.url ?? '').startsWith('/') ? { path: '', query: new URLSearchParams() } : splitRequestTarget(req.url ?? '/');
    const controller = new AbortController();
    const ctx: RequestContext = {
      req,
      res,
      http2: req.httpVersionMajor === 2,
      method: req.method ?? 'GET',
      path: target.path,
      query: target.query,
      receivedAt: Date.now(),
      auditId: '',
      requestInfo: undefined as never,
      warnings: [],
      signal: controller.signal,
      timedOut: false,
      longRunning: false,
    };
    (ctx as { abort?: () => void }).abort = () => controller.abort();
    // Aborting costs a DOMException: only do it for requests the client left before the answer was complete.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    handler(ctx).catch((err) => {
      log.error({ err }, 'unhandled error in request pipeline');
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('This request caused apiserver to panic. Look in the logs for details.\n');
      }
    });
  };
  server.on('request', serve);
  // CONNECT goes through the pipeline like any method (kube's mux has no route for it: 404, or the router's 405 on
  // resource paths). Node hands HTTP/1.1 CONNECT over as a bare socket; the answer is written on it and the
  // connection closed, since Node's parser has let go of it.
  server.on('connect', (req: AnyRequest, resOrSocket: AnyResponse | Duplex, head?: Buffer) => {
    if (req.httpVersionMajor === 2) return serve(req, resOrSocket as AnyResponse);
    const socket = resOrSocket as Duplex;
    if (head?.length) socket.unshift(head);
    const res = new ServerResponse(req as IncomingMessage);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => socket.end());
    serve(req, res);
  });
  server.on('sessionError', (err) => log.debug({ err }, 'http2 session error'));
  server.on('tlsClientError', (err) => log.debug({ err: err.message }, 'TLS handshake error'));
  const sockets = new Set<TLSSocket>();
  server.on('secureConnection', (s: TLSSocket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.securePort, opts.bindAddress, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.bindAddress === '0.0.0.0' || opts.bindAddress === '::' ? '127.0.0.1' : opts.bindAddress;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const kubeconfig = buildKubeconfig({ server: url, caPem: certs.ca.cert, clientCertPem: certs.admin.cert, clientKeyPem: certs.admin.key });
  let kubeconfigPath: string | undefined;
  if (opts.writeKubeconfig !== '') {
    kubeconfigPath = resolve(opts.writeKubeconfig ?? join(opts.dataDir, 'kubeconfig'));
    mkdirSync(dirname(kubeconfigPath), { recursive: true });
    writePrivateFile(kubeconfigPath, kubeconfig);
  }
  // On etcd, other servers may share the store: kube-controller-manager's controllers run on the elected one.
  const elector = opts.etcdServers.length && opts.leaderElection !== false ? electLeader(api, opts, log) : undefined;
  api.startControllers({ elected: !!elector });
  elector?.start();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      shutdown.initiated = true; // readyz fails from now on
      if (opts.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, opts.shutdownDelayMs));
      shutdown.draining = true;
      server.close();
      await shutdown.drained(opts.requestTimeoutMs);
      await elector?.stop();
      await api.stop();
      // Let watch streams end cleanly (their caches stopped) before the connections go.
      await new Promise((r) => setTimeout(r, 20));
      for (const s of sockets) s.destroy();
      await storage.close();
      log.flush?.();
    })();
    return stopping;
  };
  return { url, port, ca: certs.ca.cert, admin: certs.admin, kubeconfig, kubeconfigPath, storage, stop };
}

/**
 * The path and query of a request target as Go's net/http gives them to kube: the path is percent-decoded but
 * never normalised (WHATWG URL parsing would resolve `..` and `%2e%2e` into a parent path and so address
 * another resource).
 */
export function splitRequestTarget(target: string): { path: string; query: URLSearchParams } {
  let raw = target;
  if (!raw.startsWith('/')) {
    // absolute-form (`GET https://host/p HTTP/1.1`): take what follows the authority, unnormalised
    const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?]*(.*)$/.exec(raw);
    raw = m ? m[1] || '/' : raw;
  }
  const q = raw.indexOf('?');
  const rawPath = q < 0 ? raw : raw.slice(0, q);
  const rawQuery = q < 0 ? '' : raw.slice(q + 1);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = rawPath;
  }
  return { path, query: new URLSearchParams(rawQuery) };
}

let builtinGroups: Map<string, string> | undefined;

/**
 * The group-resource a storage key belongs to: /registry/<group>/<resource>/… for group-qualified keys (custom
 * resources, CRDs, APIServices), /registry/<resource>/… for built-ins (the core group wins a shared name: kube
 * stores events.k8s.io Events as core events).
 */
function storageKeyGroupResource(key: string): GroupResource {
  const [, , first = '', second = ''] = key.split('/');
  if (first.includes('.')) return { group: first, resource: second };
  if (!builtinGroups) {
    builtinGroups = new Map();
    for (const r of allBuiltinResources()) if (!builtinGroups.has(r.resource) || r.group === '') builtinGroups.set(r.resource, r.group);
  }
  return { group: builtinGroups.get(first) ?? '', resource: first };
}
