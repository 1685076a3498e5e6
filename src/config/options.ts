// The server's configuration, as flags (src/cli) or the library (startServer) give it.

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
  /** --etcd-servers. */
  etcdServers: string[];
  /** kubelite: the embedded engine: sqlite (default) or memory. */
  storageBackend: 'sqlite' | 'memory';
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
  /** --request-timeout in ms. */
  requestTimeoutMs: number;
  /** --max-request-body-bytes. */
  maxRequestBodyBytes: number;
  /** --service-cluster-ip-range. */
  serviceClusterIPRange: string;
  /** --shutdown-delay-duration in ms. */
  shutdownDelayMs: number;
  /** --event-ttl in ms: Events are removed this long after their last write. */
  eventTTLMs: number;
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
    storageBackend: 'sqlite',
    featureGates: {},
    runtimeConfig: '',
    authorizationModes: ['Node', 'RBAC'],
    anonymousAuth: true,
    requestTimeoutMs: 60_000,
    maxRequestBodyBytes: 3 * 1024 * 1024,
    serviceClusterIPRange: '10.0.0.0/24',
    shutdownDelayMs: 0,
    eventTTLMs: 3_600_000,
    verbosity: 0,
  };
}
