// The server's configuration, as flags (src/cli) or the library (startServer) give it.

/** Connection deadlines as Go's http.Server has them (server/connection-deadlines.ts applies them). */
export interface ConnectionDeadlines {
  /** Go's IdleTimeout. */
  idleTimeoutMs: number;
  /** Go's ReadHeaderTimeout (also the TLS handshake's). */
  readHeaderTimeoutMs: number;
}

export interface ServerOptions {
  /** --secure-port; 0 picks a free port. */
  securePort: number;
  /** --bind-address. */
  bindAddress: string;
  /** kubelite: where the embedded store, certificates and kubeconfig live. */
  dataDir: string;
  /** --cert-dir: where generated certificates go (default <dataDir>/pki). */
  certDir?: string;
  tlsCertFile?: string;
  tlsPrivateKeyFile?: string;
  clientCAFile?: string;
  /** kubelite: extra SANs for the generated serving certificate. */
  tlsSANs: string[];
  /** kubelite: where to write the admin kubeconfig ('' = do not write). */
  writeKubeconfig?: string;
  /** --etcd-servers: when set, objects live in this etcd cluster instead of the embedded store. */
  etcdServers: string[];
  /** --etcd-prefix: the root of every key in etcd (default /registry). */
  etcdPrefix: string;
  /** --etcd-cafile, --etcd-certfile, --etcd-keyfile: TLS to etcd. */
  etcdCAFile?: string;
  etcdCertFile?: string;
  etcdKeyFile?: string;
  /** --etcd-compaction-interval in ms (0: this server does not compact). */
  etcdCompactionIntervalMs: number;
  /** --etcd-count-metric-poll-period in ms (accepted; kubelite counts objects from its watch cache). */
  etcdCountMetricPollPeriodMs: number;
  /**
   * Library only: the timing of the leader election kube-controller-manager's controllers run under when several
   * servers share an etcd (default 15 s lease, 10 s renew deadline, 2 s retry); false runs them on every server.
   */
  leaderElection?: Partial<import('../controllers/leader-election.js').LeaderElectionTiming> | false;
  /** The engine: sqlite (default) or memory (kubelite's --storage), etcd3 (--storage-backend, with --etcd-servers). */
  storageBackend: 'sqlite' | 'memory' | 'etcd3';
  featureGates: Record<string, boolean>;
  runtimeConfig: string;
  authorizationModes: string[];
  tokenAuthFile?: string;
  anonymousAuth: boolean;
  /** --request-timeout in ms. */
  requestTimeoutMs: number;
  /** --encryption-provider-config: an EncryptionConfiguration file for encryption at rest. */
  encryptionProviderConfig?: string;
  /** --max-requests-inflight: read-only requests served at once (0 = unlimited). */
  maxRequestsInFlight: number;
  /** --max-mutating-requests-inflight: mutating requests served at once (0 = unlimited). */
  maxMutatingRequestsInFlight: number;
  /** --max-request-body-bytes. */
  maxRequestBodyBytes: number;
  /** --service-cluster-ip-range. */
  serviceClusterIPRange: string;
  /** --shutdown-delay-duration in ms. */
  shutdownDelayMs: number;
  /** --event-ttl in ms: Events are removed this long after their last write. */
  eventTTLMs: number;
  /** kubelite (library only): Go's IdleTimeout and ReadHeaderTimeout, 90 s and 32 s as in kube-apiserver. */
  connectionDeadlines?: ConnectionDeadlines;
  /** -v */
  verbosity: number;
}

export function defaultOptions(): ServerOptions {
  return {
    securePort: 6443,
    bindAddress: '127.0.0.1',
    dataDir: '.kubelite',
    tlsSANs: [],
    etcdServers: [],
    etcdPrefix: '/registry',
    etcdCompactionIntervalMs: 5 * 60_000,
    etcdCountMetricPollPeriodMs: 60_000,
    storageBackend: 'sqlite',
    featureGates: {},
    runtimeConfig: '',
    authorizationModes: ['AlwaysAllow'],
    anonymousAuth: true,
    requestTimeoutMs: 60_000,
    maxRequestsInFlight: 400,
    maxMutatingRequestsInFlight: 200,
    maxRequestBodyBytes: 3 * 1024 * 1024,
    serviceClusterIPRange: '10.0.0.0/24',
    shutdownDelayMs: 0,
    eventTTLMs: 3_600_000,
    verbosity: 0,
  };
}
