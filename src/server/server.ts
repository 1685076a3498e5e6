// Assembles kubelite: certificates, store, authentication, authorization, the pipeline, the TLS listener
// (HTTP/2 via ALPN and HTTP/1.1), health checks and graceful shutdown.
import { checkFeatureGatesAtStart } from './feature-gates-at-start.js';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { H2Request, H2Response } from '../http/h2-exchange.js';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { buildAuthentication, serviceAccountKeyPath } from './authentication.js';
import { pregenerateSigningKey } from '../authn/serviceaccount/keys.js';
import { reportStartup, startupPhase } from './startup-trace.js';
import { controllerEnabled } from '../controllers/bootstrap-tokens.js';
import { ServiceAccountTokenController } from '../controllers/serviceaccount-token.js';
import { AuthenticationInfoController, authenticationInfoData } from '../controllers/authentication-info.js';
import { validateAuthorizationOptions } from './authorization.js';
import { ShutdownState } from '../filters/shutdown-gate.js';
import { HealthChecks } from '../observability/health.js';
import { createLogger, silentLogger } from '../observability/logging.js';
import type { Storage } from '../storage/interface.js';
import { MemoryStorage } from '../storage/memory/memory-storage.js';
import { openSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import { openEtcd, electLeader } from './open-etcd.js';
import { ensureCertificates, type PemPair, type ServerCertificates } from './certificates.js';
import { buildDirector } from './director.js';
import type { Route } from '../http/route.js';
import { buildHandlerChain } from './handler-chain.js';
import { buildKubeconfig } from './kubeconfig.js';
import { checkKubeconfigMergeable, mergeKubeconfigFile } from './kubeconfig-merge.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
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
import { descriptionsFrom } from '../discovery/openapi-descriptions.js';
import { snapshotContents, SnapshotError, type ClusterSnapshot } from '../storage/snapshot.js';
import { ensurePrivateDir, preparePrivateFile, tightenFile, writePrivateFile } from './private-files.js';
import { buildAuditor, buildMetrics } from './observability.js';
import { instrumentAuthenticator } from '../filters/authentication-metrics.js';
import { metricsRoute } from '../observability/metrics/metrics-route.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import { instrumentStorage } from './instrumented-storage.js';
import { decisionLabelsOf } from '../observability/metrics/authorizer-labels.js';

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

async function openStorage(opts: ServerOptions, log: Logger, metrics?: ApiserverMetrics): Promise<Storage> {
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
  if (opts.snapshot && (opts.storageBackend !== 'memory' || opts.etcdServers.length)) throw new UsageError('a snapshot starts the memory engine only (storageBackend: \'memory\')');
  let storage: Storage;
  if (opts.etcdServers.length) {
    storage = await openEtcd(opts, log);
    if (metrics) storage = instrumentStorage(storage, metrics, (key) => groupResourceString(storageKeyGroupResource(key)));
  }
  else if (opts.storageBackend === 'memory') storage = new MemoryStorage({ initial: opts.snapshot && snapshotFor(opts.snapshot) });
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

function snapshotFor(s: ClusterSnapshot): ReturnType<typeof snapshotContents> {
  try {
    return snapshotContents(s);
  } catch (e) {
    if (e instanceof SnapshotError) throw new UsageError(e.message);
    throw e;
  }
}

export async function startKubelite(partial: Partial<ServerOptions> = {}, logger?: Logger): Promise<RunningServer> {
  const opts: ServerOptions = { ...defaultOptions(), ...partial };
  // Only the embedded SQLite store needs a data dir; the memory engine and etcd write nothing (certificates and
  // kubeconfig stay in memory) unless a data dir is given.
  const useDataDir = partial.dataDir !== undefined || (opts.storageBackend !== 'memory' && opts.etcdServers.length === 0);
  let lock: DataDirLock | undefined;
  if (useDataDir) {
    ensurePrivateDir(opts.dataDir);
    // Servers sharing an etcd may share a data dir; the embedded store and its kubeconfig have one owner.
    if (!opts.etcdServers.length) lock = lockDataDir(opts.dataDir);
  }
  try {
    const running = await serveKubelite(opts, logger, useDataDir);
    if (!lock) return running;
    const held = lock;
    // Not a spread: that would read the kubeconfig getter, building the YAML start-up means to leave for later.
    const stop = running.stop;
    running.stop = () => stop().finally(() => held.release());
    return running;
  } catch (e) {
    lock?.release();
    throw e;
  }
}

async function serveKubelite(opts: ServerOptions, logger: Logger | undefined, useDataDir: boolean): Promise<RunningServer> {
  startupPhase('start');
  const log = logger ?? (opts.logger === 'silent' ? silentLogger() : opts.logger) ?? createLogger(opts.verbosity, undefined, opts.loggingFormat);
  checkFeatureGatesAtStart(opts.featureGates, log);
  validateAuthorizationOptions(opts);
  const metrics = buildMetrics(opts, log);
  const instrumented = opts.instrumentation === false ? undefined : metrics;
  const auditor = buildAuditor(opts, metrics, log);
  startupPhase('feature gates, metrics, audit');
  // kubelite's own CA, admin certificate and service-account key live in <data-dir>/pki; --cert-dir, as kube's, only
  // holds the serving pair apiserver.crt/.key (used as found, generated when absent).
  const certDir = useDataDir ? join(opts.dataDir, 'pki') : undefined;
  // A service-account key to generate is made in the thread pool; start-up does not wait for it (kube's readiness has
  // no check for keys, which it reads from files before serving): issuing a token awaits it.
  const signingKey = pregenerateSigningKey(opts.serviceAccountSigningKeyFile, serviceAccountKeyPath(certDir));
  const writeKubeconfig = opts.writeKubeconfig ?? (useDataDir ? join(opts.dataDir, 'kubeconfig') : '');
  const kubeconfigPath = writeKubeconfig === '' ? undefined : resolve(writeKubeconfig);
  if (kubeconfigPath) checkKubeconfigMergeable(kubeconfigPath);
  if ((opts.tlsCertFile === undefined) !== (opts.tlsPrivateKeyFile === undefined)) {
    throw new UsageError('--tls-cert-file and --tls-private-key-file must be given together');
  }
  const certs: ServerCertificates = await ensureCertificates({
    certDir,
    servingCertDir: opts.certDir,
    sans: opts.tlsSANs,
    servingOverride: opts.tlsCertFile ? { cert: readFileSync(opts.tlsCertFile, 'utf8'), key: readFileSync(opts.tlsPrivateKeyFile!, 'utf8') } : undefined,
    clientCAOverride: opts.clientCAFile ? readFileSync(opts.clientCAFile, 'utf8') : undefined,
  });

  startupPhase('certificates');
  const storage = await openStorage(opts, log, instrumented);
  startupPhase('storage');
  const health = new HealthChecks();
  const shutdown = new ShutdownState();
  health.add('ping', () => undefined);
  health.add('log', () => undefined);
  health.add('etcd', () => storage.health());
  health.add('etcd-readiness', () => storage.health(), ['readyz']);
  const api = await KubeliteApi.create({ storage, options: opts, log, health, caPem: certs.ca.cert, metrics: instrumented });
  startupPhase('resource API');
  const authorizer = api.authorizer;
  if (opts.openapiDescriptions !== undefined) {
    const path = opts.openapiDescriptions;
    if (!existsSync(path)) {
      await api.stop();
      await storage.close();
      throw new UsageError(`--openapi-descriptions: no such file or directory: ${path}`);
    }
    api.discovery.openapiV3.setDescribe(descriptionsFrom(path, (err) => log.error({ err: err.message, path }, 'OpenAPI descriptions not loaded')));
  }
  if (instrumented) {
    authorizer.onDecision = (member, r) => {
      const labels = decisionLabelsOf(member, r.decision === 'allow' ? 'allowed' : 'denied');
      if (labels) instrumented.authorizationDecisions.inc(labels);
    };
  }
  health.add('informer-sync', () => undefined, ['readyz']);
  health.add('shutdown', () => {
    if (shutdown.initiated) throw new Error('process is shutting down');
  }, ['readyz']);

  let serverURL = '';
  let authn: ReturnType<typeof buildAuthentication>;
  try {
    authn = buildAuthentication(opts, api.registry, log, () => serverURL, certs.clientCA, certDir, signingKey);
  } catch (e) {
    // A flag error: nothing was started; release the store before reporting it.
    await api.stop();
    await storage.close();
    throw e;
  }
  authn.keys.signing.catch((err: Error) => log.error({ err: err.message }, 'the service-account signing key could not be generated'));
  startupPhase('authentication');
  api.router.authn = authn.services;
  api.addController(new AuthenticationInfoController(api.controllerContext(), authenticationInfoData(authn.info), log));
  if (controllerEnabled(opts.controllers, 'serviceaccount-token', true)) {
    api.addElectedController(() => new ServiceAccountTokenController(api.controllerContext(), authn.keys.signing, certs.ca.cert, log));
  }
  const nonResource: Route[] = [...authn.routes, ...api.nonResourceRoutes(), metricsRoute(metrics)];
  const director = buildDirector({
    health,
    resources: (ctx) => api.serveResource(ctx),
    discovery: (ctx) => api.serveDiscovery(ctx),
    nonResource,
    listedPaths: () => [...api.listedPaths(health), '/metrics'].sort(),
    restfulGroup: (group) => api.registry.all().some((r) => r.group === group && r.builtin !== false),
  });
  const handler = buildHandlerChain(director, {
    log,
    authenticator: instrumented ? instrumentAuthenticator(authn.authenticator, instrumented) : authn.authenticator,
    authentication: {
      apiAudiences: authn.apiAudiences,
      proxyHeaders: () => authn.proxyHeaders,
      proxyHeaderPrefixes: () => authn.proxyHeaderPrefixes,
      onFailed: auditor ? (ctx) => auditor.failedAuthentication(ctx) : undefined,
    },
    authorizer,
    requestTimeoutMs: opts.requestTimeoutMs,
    shutdown,
    inFlight: { readOnly: opts.maxRequestsInFlight, mutating: opts.maxMutatingRequestsInFlight },
    metrics: instrumented,
    auditor,
  });

  const deadlines = opts.connectionDeadlines ?? KUBE_CONNECTION_DEADLINES;
  const server: Http2SecureServer = createSecureServer({
    allowHTTP1: true,
    key: certs.serving.key,
    cert: certs.serving.cert,
    // The CA names advertised to clients: both bundles (the authenticators verify against their own).
    ca: authn.requestHeaderCAPem ? [certs.clientCA, authn.requestHeaderCAPem] : certs.clientCA,
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: 'TLSv1.2',
    settings: { maxConcurrentStreams: 250 },
    maxSessionMemory: 64,
    handshakeTimeout: deadlines.readHeaderTimeoutMs,
    // Thin request/response objects for HTTP/2 streams instead of Node's compatibility classes (http/h2-exchange.ts).
    Http2ServerRequest: H2Request as unknown as typeof Http2ServerRequest,
    Http2ServerResponse: H2Response as unknown as typeof Http2ServerResponse,
  });
  applyConnectionDeadlines(server, deadlines);
  const serve = (req: AnyRequest, res: AnyResponse) => {
    // CONNECT's authority-form target (host:port) has no path, as Go parses it.
    const target = req.method === 'CONNECT' && !(req.url ?? '').startsWith('/') ? { path: '', query: new URLSearchParams() } : splitRequestTarget(req.url ?? '/');
    // The abort signal is made on first use (most requests never read it; an AbortController per request shows in
    // GET profiles); aborting before then leaves a mark, so a late reader gets an aborted signal.
    let controller: AbortController | undefined;
    let aborted = false;
    const abort = () => {
      aborted = true;
      controller?.abort();
    };
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
      get signal() {
        if (!controller) {
          controller = new AbortController();
          if (aborted) controller.abort();
        }
        return controller.signal;
      },
      timedOut: false,
      longRunning: false,
    };
    (ctx as { abort?: () => void }).abort = abort;
    // Aborting costs a DOMException: only do it for requests the client left before the answer was complete.
    // (writableEnded: an HTTP/2 response reports writableFinished once its stream is closed, even by a reset.)
    res.on('close', () => {
      if (!res.writableEnded) abort();
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
  startupPhase('pipeline, listen');
  const port = (server.address() as AddressInfo).port;
  const host = opts.bindAddress === '0.0.0.0' || opts.bindAddress === '::' ? '127.0.0.1' : opts.bindAddress;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  serverURL = url;
  // Built when first read (the YAML library's first use costs start-up time) unless a file is written now.
  let kubeconfig: string | undefined;
  const kubeconfigText = () => (kubeconfig ??= buildKubeconfig({ server: url, caPem: certs.ca.cert, clientCertPem: certs.admin.cert, clientKeyPem: certs.admin.key, name: opts.clusterName }));
  if (kubeconfigPath) {
    mkdirSync(dirname(kubeconfigPath), { recursive: true });
    writePrivateFile(kubeconfigPath, mergeKubeconfigFile(kubeconfigPath, kubeconfigText(), opts.kubeconfigSwitchContext ?? true));
  }
  // On etcd, other servers may share the store: kube-controller-manager's controllers run on the elected one.
  const elector = opts.etcdServers.length && opts.leaderElection !== false ? electLeader(api, opts, log) : undefined;
  api.startControllers({ elected: !!elector });
  elector?.start();
  authn.start();
  startupPhase('kubeconfig, controllers');
  reportStartup();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      shutdown.initiated = true; // readyz fails from now on
      if (opts.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, opts.shutdownDelayMs));
      shutdown.draining = true;
      server.close();
      await shutdown.drained(opts.requestTimeoutMs);
      authn.stop();
      // A key still being generated is written to the data dir before the directory's lock is released.
      await authn.keys.settled;
      await elector?.stop();
      await api.stop();
      // Let watch streams end cleanly (their caches stopped) before the connections go.
      await new Promise((r) => setTimeout(r, 20));
      for (const s of sockets) s.destroy();
      await storage.close();
      metrics.stop();
      await auditor?.backend.shutdown();
      log.flush?.();
    })();
    return stopping;
  };
  return {
    url,
    port,
    ca: certs.ca.cert,
    admin: certs.admin,
    get kubeconfig() {
      return kubeconfigText();
    },
    kubeconfigPath,
    storage,
    stop,
  };
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

/** kube's GroupResource.String(): `pods`, `deployments.apps`. */
function groupResourceString(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}
