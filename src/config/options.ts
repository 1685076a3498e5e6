// The server's configuration, as flags (src/cli) or the library (startServer) give it.
import { defaultObservabilityOptions, type ObservabilityOptions } from './observability-options.js';

/** Connection deadlines as Go's http.Server has them (server/connection-deadlines.ts applies them). */
export interface ConnectionDeadlines {
  /** Go's IdleTimeout. */
  idleTimeoutMs: number;
  /** Go's ReadHeaderTimeout (also the TLS handshake's). */
  readHeaderTimeoutMs: number;
}

export interface ServerOptions extends ObservabilityOptions {
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
  /** kubelite: the name of the cluster, user (<name>-admin) and context in the kubeconfig (default kubelite). */
  clusterName?: string;
  /** kubelite: make this server the kubeconfig's current context when merging into a file (default true). */
  kubeconfigSwitchContext?: boolean;
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
  /** --etcd-count-metric-poll-period in ms: how often apiserver_storage_objects is counted (0: never). */
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
  /** --authorization-mode (default Node,RBAC). */
  authorizationModes: string[];
  /** Whether --authorization-mode was given (it may not be combined with --authorization-config). */
  authorizationModesSet?: boolean;
  /** --authorization-policy-file (ABAC). */
  authorizationPolicyFile?: string;
  /** --authorization-webhook-config-file (a kubeconfig). */
  authorizationWebhookConfigFile?: string;
  /** --authorization-webhook-version: v1beta1 (default) or v1. */
  authorizationWebhookVersion?: string;
  /** --authorization-webhook-cache-authorized-ttl in ms (default 5m). */
  authorizationWebhookAuthorizedTTLMs?: number;
  /** --authorization-webhook-cache-unauthorized-ttl in ms (default 30s). */
  authorizationWebhookUnauthorizedTTLMs?: number;
  /** --authorization-config (AuthorizationConfiguration file). */
  authorizationConfigFile?: string;
  /** kubelite: how often the --authorization-config file is checked for changes, ms (kube: every minute). */
  authorizationConfigReloadMs?: number;
  tokenAuthFile?: string;
  anonymousAuth: boolean;
  /** --service-account-issuer (repeatable; kubelite defaults to https://kubernetes.default.svc.cluster.local). */
  serviceAccountIssuers: string[];
  /** --service-account-key-file (repeatable). */
  serviceAccountKeyFiles: string[];
  /** --service-account-signing-key-file (default: a key pair generated into <data-dir>/pki/sa.key). */
  serviceAccountSigningKeyFile?: string;
  /** --api-audiences (default: the issuers). */
  apiAudiences: string[];
  /** --service-account-max-token-expiration in ms (0: no maximum). */
  serviceAccountMaxTokenExpirationMs: number;
  /** --service-account-extend-token-expiration. */
  serviceAccountExtendTokenExpiration: boolean;
  /** --service-account-lookup. */
  serviceAccountLookup: boolean;
  /** --service-account-jwks-uri. */
  serviceAccountJwksUri?: string;
  /** --requestheader-client-ca-file: enables the authenticating-proxy authenticator. */
  requestheaderClientCAFile?: string;
  /** --requestheader-allowed-names. */
  requestheaderAllowedNames: string[];
  /** --requestheader-username-headers. */
  requestheaderUsernameHeaders: string[];
  /** --requestheader-uid-headers. */
  requestheaderUIDHeaders: string[];
  /** --requestheader-group-headers. */
  requestheaderGroupHeaders: string[];
  /** --requestheader-extra-headers-prefix. */
  requestheaderExtraHeadersPrefix: string[];
  /** --authentication-token-webhook-config-file. */
  authenticationTokenWebhookConfigFile?: string;
  /** --authentication-token-webhook-cache-ttl in ms. */
  authenticationTokenWebhookCacheTTLMs: number;
  /** --authentication-token-webhook-version. */
  authenticationTokenWebhookVersion: string;
  /** --authentication-config: the AuthenticationConfiguration file. */
  authenticationConfig?: string;
  /** kubelite (library only): how often the file is re-read besides on change (kube: every minute). */
  authenticationConfigReloadMs?: number;
  /** The legacy --oidc-* flags. */
  oidcIssuerURL?: string;
  oidcClientID?: string;
  oidcCAFile?: string;
  oidcUsernameClaim?: string;
  oidcUsernamePrefix?: string;
  oidcGroupsClaim?: string;
  oidcGroupsPrefix?: string;
  oidcSigningAlgs?: string[];
  oidcRequiredClaims?: Record<string, string>;
  /** Whether --anonymous-auth was given (it may not be combined with the configuration file's anonymous). */
  anonymousAuthExplicit?: boolean;
  /** --enable-bootstrap-token-auth. */
  enableBootstrapTokenAuth: boolean;
  /** --controllers (kube-controller-manager's flag for the in-process controllers: '*' plus opt-in names). */
  controllers: string[];
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
  /** --enable-admission-plugins: plug-ins on in addition to the default-on ones. */
  enableAdmissionPlugins?: string[];
  /** --disable-admission-plugins: default-on plug-ins turned off. */
  disableAdmissionPlugins?: string[];
  /** --admission-control-config-file: an AdmissionConfiguration (per-plug-in configuration, e.g. PodSecurity's). */
  admissionControlConfigFile?: string;
  /** kubelite (library only): events each watch cache keeps for watches from older revisions (default 100 000). */
  watchCacheHistoryEvents?: number;
  /** -v */
  verbosity: number;
  /** --logging-format: klog's text (default) or kube's JSON lines. */
  loggingFormat?: 'text' | 'json';
  /** kubelite's --openapi-descriptions: kube's swagger.json or OpenAPI v3 documents whose descriptions are served. */
  openapiDescriptions?: string;
  /** Library only: start the memory engine from this saved state (kubelite/testing's snapshots). */
  snapshot?: import('../storage/snapshot.js').ClusterSnapshot;
  /** Library only: a pino logger to receive the server's logs, or 'silent' for none (default: stderr as --v says). */
  logger?: import('pino').Logger | 'silent';
}

export function defaultOptions(): ServerOptions {
  return {
    ...defaultObservabilityOptions(),
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
    authorizationModes: ['Node', 'RBAC'],
    anonymousAuth: true,
    serviceAccountIssuers: [],
    serviceAccountKeyFiles: [],
    apiAudiences: [],
    serviceAccountMaxTokenExpirationMs: 0,
    serviceAccountExtendTokenExpiration: true,
    serviceAccountLookup: true,
    enableBootstrapTokenAuth: false,
    authenticationTokenWebhookCacheTTLMs: 120_000,
    authenticationTokenWebhookVersion: 'v1beta1',
    requestheaderAllowedNames: [],
    requestheaderUsernameHeaders: [],
    requestheaderUIDHeaders: [],
    requestheaderGroupHeaders: [],
    requestheaderExtraHeadersPrefix: [],
    controllers: ['*'],
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
