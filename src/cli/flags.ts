// The kubelite command's flags. Names and meanings follow kube-apiserver where one exists; kubelite's own
// flags say so in their help.
import { FeatureGateError, featureGatesHelp, parseFeatureGates } from '../features/feature-gates.js';
import { defaultOptions, type ServerOptions } from '../config/options.js';
import { parseGoDuration } from '../golang/time.js';
import { IGNORED_FLAGS, ignoredFlag, type IgnoredFlag } from './ignored-flags.js';
import { observabilityFlags } from './observability-flags.js';

type Kind = 'string' | 'stringArray' | 'strings' | 'int' | 'bool' | 'list' | 'duration' | 'map' | 'float32';

interface FlagDef {
  name: string;
  kind: Kind;
  help: string;
  kubelite?: boolean;
  apply(o: ServerOptions, v: string): void;
}

function int(name: string, v: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(v)) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  const n = Number(v);
  if (n < min || n > max) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: must be between ${min} and ${max}`);
  return n;
}

/** kube's ServerRunOptions check for the in-flight limits. */
function nonNegative(name: string, v: string): number {
  const n = int(name, v, -(2 ** 31), 2 ** 31 - 1);
  if (n < 0) throw new FlagError(`--${name} can not be negative value`);
  return n;
}

function bool(name: string, v: string): boolean {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(v)) return false;
  throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
}

function duration(name: string, v: string): number {
  try {
    return parseGoDuration(v);
  } catch (e) {
    throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: ${(e as Error).message}`);
  }
}

/** pflag's StringSlice: comma-separated, entries kept as written (kube checks them for blanks). */
const rawList = (v: string) => (v === '' ? [] : v.split(','));
const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export const FLAGS: FlagDef[] = [
  { name: 'secure-port', kind: 'int', help: 'The port on which to serve HTTPS with authentication and authorization. 0 picks a free port. (default 6443)', apply: (o, v) => (o.securePort = int('secure-port', v, 0, 65535)) },
  { name: 'bind-address', kind: 'string', help: 'The IP address on which to listen for the --secure-port port. (default 127.0.0.1; kube-apiserver defaults to 0.0.0.0)', apply: (o, v) => (o.bindAddress = v) },
  { name: 'cert-dir', kind: 'string', help: 'The directory where the TLS certs are located: apiserver.crt and apiserver.key, used as found, generated there when absent. If --tls-cert-file and --tls-private-key-file are provided, this flag will be ignored. (default: a pair kept with the generated CA in <data-dir>/pki)', apply: (o, v) => (o.certDir = v) },
  { name: 'tls-cert-file', kind: 'string', help: 'File containing the default x509 certificate for HTTPS. If not given, a self-signed one is generated in --cert-dir.', apply: (o, v) => (o.tlsCertFile = v) },
  { name: 'tls-private-key-file', kind: 'string', help: 'File containing the default x509 private key matching --tls-cert-file.', apply: (o, v) => (o.tlsPrivateKeyFile = v) },
  { name: 'client-ca-file', kind: 'string', help: 'Client certificates signed by one of the authorities in this file are authenticated (CN = user, O = groups). Default: the generated CA.', apply: (o, v) => (o.clientCAFile = v) },
  { name: 'etcd-servers', kind: 'list', help: 'List of etcd servers to connect with (scheme://ip:port), comma separated. Empty: the embedded store.', apply: (o, v) => (o.etcdServers = list(v)) },
  { name: 'etcd-prefix', kind: 'string', help: 'The prefix to prepend to all resource paths in etcd. (default "/registry")', apply: (o, v) => (o.etcdPrefix = v) },
  { name: 'etcd-cafile', kind: 'string', help: 'SSL Certificate Authority file used to secure etcd communication.', apply: (o, v) => (o.etcdCAFile = v) },
  { name: 'etcd-certfile', kind: 'string', help: 'SSL certification file used to secure etcd communication.', apply: (o, v) => (o.etcdCertFile = v) },
  { name: 'etcd-keyfile', kind: 'string', help: 'SSL key file used to secure etcd communication.', apply: (o, v) => (o.etcdKeyFile = v) },
  { name: 'etcd-compaction-interval', kind: 'duration', help: 'The interval of compaction requests. If 0, the compaction request from apiserver is disabled. (default 5m0s)', apply: (o, v) => (o.etcdCompactionIntervalMs = duration('etcd-compaction-interval', v)) },
  { name: 'etcd-count-metric-poll-period', kind: 'duration', help: 'Frequency of polling etcd for number of resources per type. 0 disables the metric collection. (default 1m0s)', apply: (o, v) => (o.etcdCountMetricPollPeriodMs = duration('etcd-count-metric-poll-period', v)) },
  { name: 'storage-backend', kind: 'string', help: 'The storage backend for persistence. Options: \'etcd3\' (default when --etcd-servers is set).', apply: (o, v) => {
    if (v !== 'etcd3') throw new FlagError(`--storage-backend invalid, allowed values: etcd3. If not specified, it will default to 'etcd3'`);
    o.storageBackend = v;
  } },
  { name: 'feature-gates', kind: 'map', help: featureGatesHelp(), apply: (o, v) => (o.featureGates = { ...o.featureGates, ...featureGatesFlag(v) }) },
  { name: 'runtime-config', kind: 'map', help: 'A set of key=value pairs that enable or disable built-in APIs (api/all, api/ga, api/beta, api/alpha, <group>/<version>[/<resource>]).', apply: (o, v) => (o.runtimeConfig = v) },
  { name: 'authorization-mode', kind: 'list', help: 'Ordered list of plug-ins to do authorization on secure port: AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC, Node. (default Node,RBAC)', apply: (o, v) => {
    o.authorizationModes = list(v);
    o.authorizationModesSet = true;
  } },
  { name: 'authorization-policy-file', kind: 'string', help: 'File with authorization policy in json line by line format, used with --authorization-mode=ABAC.', apply: (o, v) => (o.authorizationPolicyFile = v) },
  { name: 'authorization-webhook-config-file', kind: 'string', help: 'File with webhook configuration in kubeconfig format, used with --authorization-mode=Webhook.', apply: (o, v) => (o.authorizationWebhookConfigFile = v) },
  { name: 'authorization-webhook-version', kind: 'string', help: 'The API version of the authorization.k8s.io SubjectAccessReview to send to and expect from the webhook. (default v1beta1)', apply: (o, v) => (o.authorizationWebhookVersion = v) },
  { name: 'authorization-webhook-cache-authorized-ttl', kind: 'duration', help: 'The duration to cache authorized responses from the webhook authorizer. (default 5m0s)', apply: (o, v) => (o.authorizationWebhookAuthorizedTTLMs = duration('authorization-webhook-cache-authorized-ttl', v)) },
  { name: 'authorization-webhook-cache-unauthorized-ttl', kind: 'duration', help: 'The duration to cache unauthorized responses from the webhook authorizer. (default 30s)', apply: (o, v) => (o.authorizationWebhookUnauthorizedTTLMs = duration('authorization-webhook-cache-unauthorized-ttl', v)) },
  { name: 'authorization-config', kind: 'string', help: 'File with an AuthorizationConfiguration (apiserver.config.k8s.io/v1); cannot be combined with --authorization-mode or --authorization-webhook-* flags.', apply: (o, v) => (o.authorizationConfigFile = v) },
  { name: 'token-auth-file', kind: 'string', help: 'If set, the file that will be used to secure the secure port of the API server via token authentication.', apply: (o, v) => (o.tokenAuthFile = v) },
  { name: 'service-account-issuer', kind: 'stringArray', help: 'Identifier of the service account token issuer; repeatable: the first is written into new tokens, all are accepted. (kubelite default https://kubernetes.default.svc.cluster.local)', apply: (o, v) => o.serviceAccountIssuers.push(v) },
  { name: 'service-account-key-file', kind: 'stringArray', help: 'File containing PEM-encoded x509 RSA or ECDSA private or public keys, used to verify ServiceAccount tokens; repeatable.', apply: (o, v) => o.serviceAccountKeyFiles.push(v) },
  { name: 'service-account-signing-key-file', kind: 'string', help: 'Path to the file that contains the current private key of the service account token issuer. (kubelite default: a key pair generated into <data-dir>/pki/sa.key)', apply: (o, v) => (o.serviceAccountSigningKeyFile = v) },
  { name: 'api-audiences', kind: 'list', help: 'Identifiers of the API. The service account token authenticator validates that tokens were issued for at least one of them. (default: the issuers)', apply: (o, v) => (o.apiAudiences = list(v)) },
  { name: 'service-account-max-token-expiration', kind: 'duration', help: 'The maximum validity duration of a token created by the service account token issuer. (default 0: no maximum)', apply: (o, v) => (o.serviceAccountMaxTokenExpirationMs = duration('service-account-max-token-expiration', v)) },
  { name: 'service-account-extend-token-expiration', kind: 'bool', help: 'Turns on projected service account expiration extension during token generation. (default true)', apply: (o, v) => (o.serviceAccountExtendTokenExpiration = bool('service-account-extend-token-expiration', v)) },
  { name: 'service-account-lookup', kind: 'bool', help: 'If true, validate ServiceAccount tokens exist in storage as part of authentication. (default true)', apply: (o, v) => (o.serviceAccountLookup = bool('service-account-lookup', v)) },
  { name: 'service-account-jwks-uri', kind: 'string', help: 'Overrides the URI for the JSON Web Key Set in the discovery doc served at /.well-known/openid-configuration.', apply: (o, v) => (o.serviceAccountJwksUri = v) },
  { name: 'requestheader-client-ca-file', kind: 'string', help: 'Root certificate bundle to use to verify client certificates on incoming requests before trusting usernames in headers specified by --requestheader-username-headers.', apply: (o, v) => (o.requestheaderClientCAFile = v) },
  { name: 'requestheader-allowed-names', kind: 'strings', help: 'List of client certificate common names to allow to provide usernames in headers specified by --requestheader-username-headers. If empty, any client certificate validated by the authorities in --requestheader-client-ca-file is allowed.', apply: (o, v) => (o.requestheaderAllowedNames = rawList(v)) },
  { name: 'requestheader-username-headers', kind: 'strings', help: 'List of request headers to inspect for usernames. X-Remote-User is common.', apply: (o, v) => (o.requestheaderUsernameHeaders = rawList(v)) },
  { name: 'requestheader-uid-headers', kind: 'strings', help: 'List of request headers to inspect for UIDs. X-Remote-Uid is suggested.', apply: (o, v) => (o.requestheaderUIDHeaders = rawList(v)) },
  { name: 'requestheader-group-headers', kind: 'strings', help: 'List of request headers to inspect for groups. X-Remote-Group is suggested.', apply: (o, v) => (o.requestheaderGroupHeaders = rawList(v)) },
  { name: 'requestheader-extra-headers-prefix', kind: 'strings', help: 'List of request header prefixes to inspect. X-Remote-Extra- is suggested.', apply: (o, v) => (o.requestheaderExtraHeadersPrefix = rawList(v)) },
  { name: 'authentication-token-webhook-config-file', kind: 'string', help: 'File with webhook configuration for token authentication in kubeconfig format. The API server will query the remote service to determine authentication for bearer tokens.', apply: (o, v) => (o.authenticationTokenWebhookConfigFile = v) },
  { name: 'authentication-token-webhook-cache-ttl', kind: 'duration', help: 'The duration to cache responses from the webhook token authenticator. (default 2m0s)', apply: (o, v) => (o.authenticationTokenWebhookCacheTTLMs = duration('authentication-token-webhook-cache-ttl', v)) },
  { name: 'authentication-token-webhook-version', kind: 'string', help: 'The API version of the authentication.k8s.io TokenReview to send to and expect from the webhook. (default "v1beta1")', apply: (o, v) => (o.authenticationTokenWebhookVersion = v) },
  { name: 'authentication-config', kind: 'string', help: 'File with Authentication Configuration to configure the JWT Token authenticator or the anonymous authenticator. Note: This feature is in Beta since v1.30. (Expressions wait for kubelite\'s CEL engine.)', apply: (o, v) => (o.authenticationConfig = v) },
  { name: 'oidc-issuer-url', kind: 'string', help: 'The URL of the OpenID issuer, only HTTPS scheme will be accepted.', apply: (o, v) => (o.oidcIssuerURL = v) },
  { name: 'oidc-client-id', kind: 'string', help: 'The client ID for the OpenID Connect client, must be set if oidc-issuer-url is set.', apply: (o, v) => (o.oidcClientID = v) },
  { name: 'oidc-ca-file', kind: 'string', help: "If set, the OpenID server's certificate will be verified by one of the authorities in the oidc-ca-file, otherwise the host's root CA set will be used.", apply: (o, v) => (o.oidcCAFile = v) },
  { name: 'oidc-username-claim', kind: 'string', help: 'The OpenID claim to use as the user name. (default "sub")', apply: (o, v) => (o.oidcUsernameClaim = v) },
  { name: 'oidc-username-prefix', kind: 'string', help: "If provided, all usernames will be prefixed with this value. If not provided, username claims other than 'email' are prefixed by the issuer URL. The value '-' disables all prefixing.", apply: (o, v) => (o.oidcUsernamePrefix = v) },
  { name: 'oidc-groups-claim', kind: 'string', help: "If provided, the name of a custom OpenID Connect claim for specifying user groups. The claim value is expected to be a string or array of strings.", apply: (o, v) => (o.oidcGroupsClaim = v) },
  { name: 'oidc-groups-prefix', kind: 'string', help: 'If provided, all groups will be prefixed with this value to prevent conflicts with other authentication strategies.', apply: (o, v) => (o.oidcGroupsPrefix = v) },
  { name: 'oidc-signing-algs', kind: 'strings', help: 'Comma-separated list of allowed JOSE asymmetric signing algorithms. (default [RS256])', apply: (o, v) => (o.oidcSigningAlgs = list(v)) },
  { name: 'oidc-required-claim', kind: 'map', help: 'A key=value pair that describes a required claim in the ID Token; repeatable.', apply: (o, v) => {
    o.oidcRequiredClaims ??= {};
    for (const pair of list(v)) {
      const i = pair.indexOf('=');
      if (i < 0) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--oidc-required-claim" flag: ${pair} must be formatted as key=value`);
      o.oidcRequiredClaims[pair.slice(0, i)] = pair.slice(i + 1);
    }
  } },
  { name: 'enable-bootstrap-token-auth', kind: 'bool', help: "Enable to allow secrets of type 'bootstrap.kubernetes.io/token' in the 'kube-system' namespace to be used for TLS bootstrapping authentication.", apply: (o, v) => (o.enableBootstrapTokenAuth = bool('enable-bootstrap-token-auth', v)) },
  { name: 'controllers', kind: 'list', help: "kube-controller-manager's list of controllers kubelite runs in-process: '*' enables those on by default, 'foo' enables foo, '-foo' disables it; bootstrapsigner and tokencleaner are off by default. (default [*])", apply: (o, v) => (o.controllers = list(v)) },
  { name: 'anonymous-auth', kind: 'bool', help: 'Enables anonymous requests to the secure port of the API server. (default true)', apply: (o, v) => {
    o.anonymousAuth = bool('anonymous-auth', v);
    o.anonymousAuthExplicit = true;
  } },
  { name: 'request-timeout', kind: 'duration', help: 'An optional field indicating the duration a handler must keep a request open before timing it out. (default 1m0s)', apply: (o, v) => (o.requestTimeoutMs = duration('request-timeout', v)) },
  { name: 'encryption-provider-config', kind: 'string', help: 'The file containing configuration for encryption providers to be used for storing secrets in etcd (EncryptionConfiguration: aescbc, aesgcm, secretbox, identity).', apply: (o, v) => (o.encryptionProviderConfig = v) },
  { name: 'max-requests-inflight', kind: 'int', help: 'The maximum number of read-only (get, list) requests served at once; more are refused with 429. Watches are not counted; 0 means no limit. (default 400)', apply: (o, v) => (o.maxRequestsInFlight = nonNegative('max-requests-inflight', v)) },
  { name: 'max-mutating-requests-inflight', kind: 'int', help: 'The maximum number of mutating requests served at once; more are refused with 429. 0 means no limit. (default 200)', apply: (o, v) => (o.maxMutatingRequestsInFlight = nonNegative('max-mutating-requests-inflight', v)) },
  { name: 'max-request-body-bytes', kind: 'int', help: 'The limit on the request body size. (default 3145728)', apply: (o, v) => (o.maxRequestBodyBytes = int('max-request-body-bytes', v, 1, 2 ** 31)) },
  { name: 'service-cluster-ip-range', kind: 'string', help: 'A CIDR notation IP range from which to assign service cluster IPs. (default 10.0.0.0/24)', apply: (o, v) => (o.serviceClusterIPRange = v) },
  { name: 'shutdown-delay-duration', kind: 'duration', help: 'Time to delay the termination: /readyz fails while the server keeps serving. (default 0s)', apply: (o, v) => (o.shutdownDelayMs = duration('shutdown-delay-duration', v)) },
  { name: 'event-ttl', kind: 'duration', help: 'Amount of time to retain events. (default 1h0m0s)', apply: (o, v) => (o.eventTTLMs = duration('event-ttl', v)) },
  { name: 'v', kind: 'int', help: 'number for the log level verbosity (3: one line per request, 5: debug)', apply: (o, v) => (o.verbosity = int('v', v, 0, 10)) },
  { name: 'logging-format', kind: 'string', help: 'Sets the log format. Permitted formats: "json", "text". (default "text")', apply: (o, v) => {
    if (v !== 'text' && v !== 'json') throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--logging-format" flag: unsupported log format ${JSON.stringify(v)}, permitted formats: "json", "text"`);
    o.loggingFormat = v;
  } },
  { name: 'enable-admission-plugins', kind: 'strings', help: 'admission plugins that should be enabled in addition to default enabled ones. The order of plugins in this flag does not matter.', apply: (o, v) => (o.enableAdmissionPlugins = rawList(v)) },
  { name: 'disable-admission-plugins', kind: 'strings', help: 'admission plugins that should be disabled although they are in the default enabled plugins list. The order of plugins in this flag does not matter.', apply: (o, v) => (o.disableAdmissionPlugins = rawList(v)) },
  { name: 'admission-control-config-file', kind: 'string', help: 'File with admission control configuration (AdmissionConfiguration).', apply: (o, v) => (o.admissionControlConfigFile = v) },
  ...observabilityFlags((message) => new FlagError(message)),
  { name: 'data-dir', kind: 'string', kubelite: true, help: 'kubelite: directory of the embedded store, certificates and kubeconfig. (default ./.kubelite)', apply: (o, v) => (o.dataDir = v) },
  { name: 'tls-sans', kind: 'list', kubelite: true, help: 'kubelite: extra subject alternative names (DNS names or IPs) for the generated serving certificate.', apply: (o, v) => (o.tlsSANs = list(v)) },
  { name: 'write-kubeconfig', kind: 'string', kubelite: true, help: 'kubelite: where to write the admin kubeconfig, merged into an existing file (default <data-dir>/kubeconfig; "" to not write one).', apply: (o, v) => (o.writeKubeconfig = v) },
  { name: 'cluster-name', kind: 'string', kubelite: true, help: 'kubelite: name of the cluster, user (<name>-admin) and context written into the kubeconfig. (default kubelite)', apply: (o, v) => {
    if (v === '') throw new FlagError('--cluster-name must not be empty');
    o.clusterName = v;
  } },
  { name: 'kubeconfig-switch-context', kind: 'bool', kubelite: true, help: 'kubelite: make this cluster the current context of the kubeconfig it merges into. (default true)', apply: (o, v) => (o.kubeconfigSwitchContext = bool('kubeconfig-switch-context', v)) },
  { name: 'openapi-descriptions', kind: 'string', kubelite: true, help: 'kubelite: kube\'s published OpenAPI (api/openapi-spec/swagger.json of Kubernetes v1.33.x, or its v3 directory) whose descriptions are added to the served OpenAPI, for kubectl explain. (default: structure only)', apply: (o, v) => (o.openapiDescriptions = v) },
  { name: 'storage', kind: 'string', kubelite: true, help: 'kubelite: embedded engine, sqlite (durable, default) or memory (nothing kept); given, or as the environment\'s KUBELITE_STORAGE, it wins over --etcd-servers.', apply: (o, v) => {
    if (v !== 'sqlite' && v !== 'memory') throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--storage" flag: must be sqlite or memory`);
    o.storageBackend = v;
  } },
];

export class FlagError extends Error {}

// kube parses the flag's pairs when it starts (their errors are its start-up errors, see features/feature-gates.ts)
function featureGatesFlag(v: string): Record<string, boolean> {
  try {
    return parseFeatureGates(v);
  } catch (e) {
    if (e instanceof FeatureGateError) throw new FlagError(e.message);
    throw e;
  }
}

export interface ParsedArgs {
  options: ServerOptions;
  help: boolean;
  version: boolean;
  /** The flags given on the command line (by name, without dashes). */
  given: Set<string>;
  /** kube-apiserver flags accepted and ignored (ignored-flags.ts), with their values. */
  ignored: { flag: IgnoredFlag; value: string }[];
  /** --print-path: print the path of the kubelite executable and exit. */
  printPath: boolean;
}

/** Parses argv (without node and script): --flag=value, --flag value, -v=2, boolean --flag. */
export function parseArgs(argv: string[]): ParsedArgs {
  const options = defaultOptions();
  let help = false;
  let version = false;
  let printPath = false;
  const given = new Set<string>();
  const ignored: ParsedArgs['ignored'] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '--version') {
      version = true;
      continue;
    }
    if (arg === '--print-path') {
      printPath = true;
      continue;
    }
    const m = /^--?([a-z0-9-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new FlagError(`unexpected argument ${JSON.stringify(arg)}: kubelite takes only flags`);
    const name = m[1]!;
    if (arg.startsWith('-') && !arg.startsWith('--') && name !== 'v') throw new FlagError(`unknown shorthand flag: '${name[0]}' in ${arg}`);
    const def = FLAGS.find((f) => f.name === name);
    const ignoredDef = def ? undefined : ignoredFlag(name);
    if (!def && !ignoredDef) throw new FlagError(`unknown flag: --${name}`);
    let value = m[2];
    if (value === undefined) {
      if (def ? def.kind === 'bool' : ignoredDef!.type === '') value = 'true';
      else {
        value = argv[++i];
        if (value === undefined) throw new FlagError(`flag needs an argument: --${name}`);
      }
    }
    if (ignoredDef) {
      if (ignoredDef.type === '') bool(name, value);
      ignored.push({ flag: ignoredDef, value });
    } else def!.apply(options, value);
    given.add(name);
  }
  return { options, help, version, given, ignored, printPath };
}

/** pflag's name for a flag's value type, as its usage listing shows it (booleans show none). */
function typeName(f: FlagDef): string {
  switch (f.kind) {
    case 'bool':
      return '';
    case 'list':
      return 'strings';
    case 'map':
      return f.name === 'feature-gates' ? 'mapStringBool' : 'mapStringString';
    default:
      return f.name === 'v' ? 'Level' : f.kind;
  }
}

/**
 * Rows laid out as pflag's FlagUsages does: the flag and its type, padded to the longest such column of the
 * section, three spaces, then the usage text.
 */
function flagRows(rows: { left: string; usage: string }[]): string[] {
  const width = Math.max(...rows.map((r) => r.left.length));
  // pflag without a terminal width: a usage's continuation lines start under its first line.
  return rows.map((r) => `${r.left.padEnd(width)}   ${r.usage.replaceAll('\n', '\n' + ' '.repeat(width + 3))}`);
}

export function usage(): string {
  const lines = ['Usage:', '  kubelite [flags]', '', 'kubelite serves the Kubernetes API (kube-apiserver 1.33 semantics) from one Node.js process.', ''];
  const row = (f: FlagDef) => {
    const type = typeName(f);
    const left = `${f.name === 'v' ? '  -v, --v' : `      --${f.name}`}${type ? ` ${type}` : ''}`;
    return { left, usage: f.help };
  };
  lines.push('Flags:', '');
  lines.push(
    ...flagRows([
      ...FLAGS.filter((f) => !f.kubelite).map(row),
      { left: '  -h, --help', usage: 'help for kubelite' },
      { left: '      --version', usage: 'print the Kubernetes version kubelite serves and exit' },
    ]),
  );
  lines.push('', 'kubelite flags:', '');
  lines.push(...flagRows([...FLAGS.filter((f) => f.kubelite).map(row), { left: '      --print-path', usage: 'kubelite: print the path of the kubelite executable and exit (for TEST_ASSET_KUBE_APISERVER)' }]));
  lines.push('', 'kube-apiserver flags accepted and ignored (logged once at start):', '');
  lines.push(...flagRows(IGNORED_FLAGS.filter((i) => !FLAGS.some((f) => f.name === i.name)).map((i) => ({ left: `      --${i.name}${i.type ? ` ${i.type}` : ''}`, usage: `${i.why}.` }))));
  return lines.join('\n') + '\n';
}
