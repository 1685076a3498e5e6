// Assembles kubelite: certificates, store, authentication, authorization, the pipeline, the TLS listener
// (HTTP/2 via ALPN and HTTP/1.1), health checks and graceful shutdown.
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { buildAuthentication } from './authentication.js';
import { controllerEnabled } from '../controllers/bootstrap-tokens.js';
import { ServiceAccountTokenController } from '../controllers/serviceaccount-token.js';
import { AuthenticationInfoController, authenticationInfoData } from '../controllers/authentication-info.js';
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
import type { RequestContext } from '../http/request-context.js';
import { KubeliteApi } from './assemble.js';

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

async function openStorage(opts: ServerOptions, log: Logger): Promise<Storage> {
  if (opts.etcdServers.length) return openEtcd(opts, log);
  if (opts.storageBackend === 'etcd3') throw new UsageError('--etcd-servers must be specified');
  if (opts.storageBackend === 'memory') return new MemoryStorage();
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  return openSqliteStorage({ path: join(opts.dataDir, 'kubelite.db') });
}

export async function startKubelite(partial: Partial<ServerOptions> = {}, logger?: Logger): Promise<RunningServer> {
  const opts: ServerOptions = { ...defaultOptions(), ...partial };
  const log = logger ?? createLogger(opts.verbosity);
  const certDir = opts.certDir ?? join(opts.dataDir, 'pki');
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

  let serverURL = '';
  let authn: ReturnType<typeof buildAuthentication>;
  try {
    authn = buildAuthentication(opts, api.registry, log, () => serverURL, certs.clientCA);
  } catch (e) {
    // A flag error: nothing was started; release the store before reporting it.
    await api.stop();
    await storage.close();
    throw e;
  }
  api.router.authn = authn.services;
  api.addController(new AuthenticationInfoController(api.controllerContext(), authenticationInfoData(authn.info), log));
  if (controllerEnabled(opts.controllers, 'serviceaccount-token', true)) {
    api.addElectedController(() => new ServiceAccountTokenController(api.controllerContext(), authn.keys.signing, certs.ca.cert, log));
  }
  const nonResource: Route[] = [...authn.routes, ...api.nonResourceRoutes()];
  const director = buildDirector({
    health,
    resources: (ctx) => api.serveResource(ctx),
    discovery: (ctx) => api.serveDiscovery(ctx),
    nonResource,
    listedPaths: () => api.listedPaths(health),
  });
  const handler = buildHandlerChain(director, {
    log,
    authenticator: authn.authenticator,
    authentication: { apiAudiences: authn.apiAudiences, proxyHeaders: () => authn.proxyHeaders, proxyHeaderPrefixes: () => authn.proxyHeaderPrefixes },
    authorizer,
    requestTimeoutMs: opts.requestTimeoutMs,
    shutdown,
  });

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
  });
  server.on('request', (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://kubelite');
    const controller = new AbortController();
    const ctx: RequestContext = {
      req,
      res,
      http2: req.httpVersionMajor === 2,
      method: req.method ?? 'GET',
      path: decodeURIComponentSafe(url.pathname),
      query: url.searchParams,
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
  serverURL = url;
  const kubeconfig = buildKubeconfig({ server: url, caPem: certs.ca.cert, clientCertPem: certs.admin.cert, clientKeyPem: certs.admin.key });
  let kubeconfigPath: string | undefined;
  if (opts.writeKubeconfig !== '') {
    kubeconfigPath = resolve(opts.writeKubeconfig ?? join(opts.dataDir, 'kubeconfig'));
    mkdirSync(dirname(kubeconfigPath), { recursive: true });
    writeFileSync(kubeconfigPath, kubeconfig, { mode: 0o600 });
  }
  // On etcd, other servers may share the store: kube-controller-manager's controllers run on the elected one.
  const elector = opts.etcdServers.length && opts.leaderElection !== false ? electLeader(api, opts, log) : undefined;
  api.startControllers({ elected: !!elector });
  elector?.start();
  authn.start();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      shutdown.initiated = true; // readyz fails from now on
      if (opts.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, opts.shutdownDelayMs));
      shutdown.draining = true;
      server.close();
      await shutdown.drained(opts.requestTimeoutMs);
      authn.stop();
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

function decodeURIComponentSafe(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}
