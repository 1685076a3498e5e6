// The kubelite command's flags. Names and meanings follow kube-apiserver where one exists; kubelite's own
// flags say so in their help.
import { defaultOptions, type ServerOptions } from '../config/options.js';
import { parseGoDuration } from '../golang/time.js';

type Kind = 'string' | 'int' | 'bool' | 'list' | 'duration' | 'map';

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

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

const AUTHZ_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'];

export const FLAGS: FlagDef[] = [
  { name: 'secure-port', kind: 'int', help: 'The port on which to serve HTTPS with authentication and authorization. 0 picks a free port. (default 6443)', apply: (o, v) => (o.securePort = int('secure-port', v, 0, 65535)) },
  { name: 'bind-address', kind: 'string', help: 'The IP address on which to listen for the --secure-port port. (default 127.0.0.1; kube-apiserver defaults to 0.0.0.0)', apply: (o, v) => (o.bindAddress = v) },
  { name: 'cert-dir', kind: 'string', help: 'The directory where the TLS certs are located and where generated ones are written. (default <data-dir>/pki)', apply: (o, v) => (o.certDir = v) },
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
  { name: 'feature-gates', kind: 'map', help: 'A set of key=value pairs that describe feature gates for alpha/experimental features.', apply: (o, v) => (o.featureGates = parseFeatureGates(v)) },
  { name: 'runtime-config', kind: 'map', help: 'A set of key=value pairs that enable or disable built-in APIs (api/all, api/ga, api/beta, api/alpha, <group>/<version>[/<resource>]).', apply: (o, v) => (o.runtimeConfig = v) },
  { name: 'authorization-mode', kind: 'list', help: `Ordered list of plug-ins to do authorization on secure port. Supported by kubelite now: AlwaysAllow, AlwaysDeny. (default AlwaysAllow)`, apply: (o, v) => {
    const modes = list(v);
    for (const m of modes) if (!AUTHZ_MODES.includes(m)) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--authorization-mode" flag: authorization-mode ${JSON.stringify(m)} is not a valid mode`);
    o.authorizationModes = modes;
  } },
  { name: 'token-auth-file', kind: 'string', help: 'If set, the file that will be used to secure the secure port of the API server via token authentication.', apply: (o, v) => (o.tokenAuthFile = v) },
  { name: 'anonymous-auth', kind: 'bool', help: 'Enables anonymous requests to the secure port of the API server. (default true)', apply: (o, v) => (o.anonymousAuth = bool('anonymous-auth', v)) },
  { name: 'request-timeout', kind: 'duration', help: 'An optional field indicating the duration a handler must keep a request open before timing it out. (default 1m0s)', apply: (o, v) => (o.requestTimeoutMs = duration('request-timeout', v)) },
  { name: 'encryption-provider-config', kind: 'string', help: 'The file containing configuration for encryption providers to be used for storing secrets in etcd (EncryptionConfiguration: aescbc, aesgcm, secretbox, identity).', apply: (o, v) => (o.encryptionProviderConfig = v) },
  { name: 'max-requests-inflight', kind: 'int', help: 'The maximum number of read-only (get, list) requests served at once; more are refused with 429. Watches are not counted; 0 means no limit. (default 400)', apply: (o, v) => (o.maxRequestsInFlight = nonNegative('max-requests-inflight', v)) },
  { name: 'max-mutating-requests-inflight', kind: 'int', help: 'The maximum number of mutating requests served at once; more are refused with 429. 0 means no limit. (default 200)', apply: (o, v) => (o.maxMutatingRequestsInFlight = nonNegative('max-mutating-requests-inflight', v)) },
  { name: 'max-request-body-bytes', kind: 'int', help: 'The limit on the request body size. (default 3145728)', apply: (o, v) => (o.maxRequestBodyBytes = int('max-request-body-bytes', v, 1, 2 ** 31)) },
  { name: 'service-cluster-ip-range', kind: 'string', help: 'A CIDR notation IP range from which to assign service cluster IPs. (default 10.0.0.0/24)', apply: (o, v) => (o.serviceClusterIPRange = v) },
  { name: 'shutdown-delay-duration', kind: 'duration', help: 'Time to delay the termination: /readyz fails while the server keeps serving. (default 0s)', apply: (o, v) => (o.shutdownDelayMs = duration('shutdown-delay-duration', v)) },
  { name: 'event-ttl', kind: 'duration', help: 'Amount of time to retain events. (default 1h0m0s)', apply: (o, v) => (o.eventTTLMs = duration('event-ttl', v)) },
  { name: 'v', kind: 'int', help: 'Number for the log level verbosity (0: warnings, 2: one line per request, 4: debug).', apply: (o, v) => (o.verbosity = int('v', v, 0, 10)) },
  { name: 'data-dir', kind: 'string', kubelite: true, help: 'kubelite: directory of the embedded store, certificates and kubeconfig. (default ./.kubelite)', apply: (o, v) => (o.dataDir = v) },
  { name: 'tls-sans', kind: 'list', kubelite: true, help: 'kubelite: extra subject alternative names (DNS names or IPs) for the generated serving certificate.', apply: (o, v) => (o.tlsSANs = list(v)) },
  { name: 'write-kubeconfig', kind: 'string', kubelite: true, help: 'kubelite: where to write the admin kubeconfig (default <data-dir>/kubeconfig; "" to not write one).', apply: (o, v) => (o.writeKubeconfig = v) },
  { name: 'storage', kind: 'string', kubelite: true, help: 'kubelite: embedded engine, sqlite (durable, default) or memory (nothing kept).', apply: (o, v) => {
    if (v !== 'sqlite' && v !== 'memory') throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--storage" flag: must be sqlite or memory`);
    o.storageBackend = v;
  } },
];

export class FlagError extends Error {}

function parseFeatureGates(v: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const pair of list(v)) {
    const [k, val] = pair.split('=');
    if (!k || val === undefined) throw new FlagError(`invalid argument ${JSON.stringify(v)} for "--feature-gates" flag: missing bool value for ${k ?? ''}`);
    out[k] = bool('feature-gates', val);
  }
  return out;
}

export interface ParsedArgs {
  options: ServerOptions;
  help: boolean;
  version: boolean;
}

/** Parses argv (without node and script): --flag=value, --flag value, -v=2, boolean --flag. */
export function parseArgs(argv: string[]): ParsedArgs {
  const options = defaultOptions();
  let help = false;
  let version = false;
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
    const m = /^--?([a-z0-9-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new FlagError(`unexpected argument ${JSON.stringify(arg)}: kubelite takes only flags`);
    const name = m[1]!;
    if (arg.startsWith('-') && !arg.startsWith('--') && name !== 'v') throw new FlagError(`unknown shorthand flag: '${name[0]}' in ${arg}`);
    const def = FLAGS.find((f) => f.name === name);
    if (!def) throw new FlagError(`unknown flag: --${name}`);
    let value = m[2];
    if (value === undefined) {
      if (def.kind === 'bool') value = 'true';
      else {
        value = argv[++i];
        if (value === undefined) throw new FlagError(`flag needs an argument: --${name}`);
      }
    }
    def.apply(options, value);
  }
  return { options, help, version };
}

export function usage(): string {
  const lines = ['Usage:', '  kubelite [flags]', '', 'kubelite serves the Kubernetes API (kube-apiserver 1.33 semantics) from one Node.js process.', '', 'Flags:'];
  const width = Math.max(...FLAGS.map((f) => f.name.length + f.kind.length)) + 8;
  for (const f of FLAGS) {
    const left = `      --${f.name} ${f.kind === 'bool' ? '' : f.kind}`;
    lines.push(`${left.padEnd(width)} ${f.help}`);
  }
  lines.push(`${'  -h, --help'.padEnd(width)} help for kubelite`);
  lines.push(`${'      --version'.padEnd(width)} print the Kubernetes version kubelite serves and exit`);
  return lines.join('\n') + '\n';
}
