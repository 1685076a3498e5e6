// `kubelite/testing`: kubelite for JavaScript test suites. A server per test or a namespace per test, under
// node:test, vitest or jest (their hooks are passed in, so no framework is imported here), a ready
// @kubernetes/client-node KubeConfig, and snapshots: a server started from a saved state in milliseconds, so every
// test begins from the same cluster (CRDs installed, fixtures created) without re-creating it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { startKubelite, type RunningServer } from '../server/server.js';
import type { ServerOptions } from '../config/options.js';
import { snapshotStorage, type ClusterSnapshot } from '../storage/snapshot.js';

export type { ClusterSnapshot } from '../storage/snapshot.js';

export interface TestClusterOptions {
  /** Start from this saved state (see `snapshot()`, `saveSnapshot`, `loadSnapshot`). */
  snapshot?: ClusterSnapshot;
  /**
   * Further server options. The defaults: memory engine, a free port, no logs, and a service-account signing key
   * shared by the process's test clusters (the only file written, in a temporary dir removed at exit).
   */
  server?: Partial<ServerOptions>;
}

export interface TestCluster {
  /** The running server: url, ca, admin certificate, kubeconfig (YAML). */
  server: RunningServer;
  url: string;
  /** A @kubernetes/client-node KubeConfig for the admin user (system:masters). */
  kubeConfig: KubeConfig;
  /** The admin kubeconfig as YAML (for kubectl, helm or another client). */
  kubeconfigYaml: string;
  /** Creates a namespace with a fresh name starting with `prefix` and returns the name. */
  createNamespace(prefix?: string): Promise<string>;
  /** Deletes a namespace (its objects go with it); resolves once the deletion is accepted. */
  deleteNamespace(name: string): Promise<void>;
  /** The stored state now, to start other servers from. */
  snapshot(): Promise<ClusterSnapshot>;
  stop(): Promise<void>;
}

let clientNode: Promise<typeof import('@kubernetes/client-node')> | undefined;
function loadClientNode(): Promise<typeof import('@kubernetes/client-node')> {
  clientNode ??= import('@kubernetes/client-node').catch((e) => {
    clientNode = undefined;
    throw new Error(`kubelite/testing needs @kubernetes/client-node (npm install --save-dev @kubernetes/client-node): ${(e as Error).message}`);
  });
  return clientNode;
}

let namespaceCounter = 0;

let signingKeyFile: string | undefined;
/**
 * One service-account signing key for the test clusters of this process (ECDSA P-256, in a private temporary dir
 * removed at exit): generating the RSA key a server otherwise makes for itself costs most of a start.
 */
function testSigningKeyFile(): string {
  if (signingKeyFile) return signingKeyFile;
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-testing-'));
  const file = join(dir, 'sa.key');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (signingKeyFile = file);
}

/** Starts a kubelite for tests: memory engine on 127.0.0.1 and a free port, nothing written to disk, silent. */
export async function startTestCluster(opts: TestClusterOptions = {}): Promise<TestCluster> {
  const k8s = await loadClientNode();
  const server = await startKubelite({
    securePort: 0,
    storageBackend: 'memory',
    logger: 'silent',
    serviceAccountSigningKeyFile: opts.server?.serviceAccountSigningKeyFile ?? testSigningKeyFile(),
    ...opts.server,
    snapshot: opts.snapshot,
  });
  const kubeConfig = new k8s.KubeConfig();
  kubeConfig.loadFromString(server.kubeconfig);
  const core = kubeConfig.makeApiClient(k8s.CoreV1Api);
  return {
    server,
    url: server.url,
    kubeConfig,
    kubeconfigYaml: server.kubeconfig,
    async createNamespace(prefix = 'test') {
      const name = `${prefix}-${process.pid.toString(36)}-${(++namespaceCounter).toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
      await core.createNamespace({ body: { metadata: { name } } });
      return name;
    },
    async deleteNamespace(name: string) {
      await core.deleteNamespace({ name });
    },
    snapshot: () => snapshotStorage(server.storage),
    stop: () => server.stop(),
  };
}

/** Writes a snapshot as JSON (to keep beside the tests, or share between test files). */
export function saveSnapshot(path: string, snapshot: ClusterSnapshot): void {
  writeFileSync(path, JSON.stringify(snapshot));
}

export function loadSnapshot(path: string): ClusterSnapshot {
  return JSON.parse(readFileSync(path, 'utf8')) as ClusterSnapshot;
}

type Hook = (fn: () => Promise<void>) => unknown;

/**
 * The hooks of the test framework: node:test's `before`/`after` or vitest's and jest's `beforeAll`/`afterAll`,
 * and `beforeEach`/`afterEach` (all three frameworks name them so).
 */
export interface TestHooks {
  before?: Hook;
  beforeAll?: Hook;
  after?: Hook;
  afterAll?: Hook;
  beforeEach: Hook;
  afterEach: Hook;
}

export interface UseKubeliteOptions extends TestClusterOptions {
  /**
   * 'namespace' (default): one server for the file, a fresh namespace for each test (deleted after it).
   * 'server': a server of its own for each test, started from the same state.
   */
  per?: 'namespace' | 'server';
  /**
   * Runs once on a first server before the tests (install CRDs, create shared objects). With per: 'server' its
   * result is snapshotted and every test's server starts from that snapshot.
   */
  setup?: (cluster: TestCluster) => Promise<void>;
}

export interface KubeliteForTests {
  /** The current test's cluster. */
  readonly cluster: TestCluster;
  readonly kubeConfig: KubeConfig;
  /** The current test's namespace (per: 'namespace'), or 'default' (per: 'server'). */
  readonly namespace: string;
}

/** Registers hooks that give every test a kubelite: `useKubelite({ before, after, beforeEach, afterEach })`. */
export function useKubelite(hooks: TestHooks, opts: UseKubeliteOptions = {}): KubeliteForTests {
  const beforeAll = hooks.beforeAll ?? hooks.before;
  const afterAll = hooks.afterAll ?? hooks.after;
  if (!beforeAll || !afterAll) throw new TypeError('useKubelite needs before/after (node:test) or beforeAll/afterAll (vitest, jest)');
  const per = opts.per ?? 'namespace';
  let shared: TestCluster | undefined;
  let current: TestCluster | undefined;
  let namespace = 'default';
  let state: ClusterSnapshot | undefined = opts.snapshot;

  beforeAll(async () => {
    shared = await startTestCluster({ ...opts, snapshot: state });
    if (opts.setup) await opts.setup(shared);
    if (per === 'server') {
      state = await shared.snapshot();
      await shared.stop();
      shared = undefined;
    }
  });
  afterAll(async () => {
    await shared?.stop();
  });
  hooks.beforeEach(async () => {
    if (per === 'server') {
      current = await startTestCluster({ ...opts, snapshot: state });
      namespace = 'default';
    } else {
      current = shared;
      namespace = await shared!.createNamespace();
    }
  });
  hooks.afterEach(async () => {
    if (per === 'server') await current?.stop();
    else if (namespace !== 'default') await shared?.deleteNamespace(namespace);
    current = undefined;
  });
  const need = () => {
    if (!current) throw new Error('useKubelite: the cluster exists only inside a test');
    return current;
  };
  return {
    get cluster() {
      return need();
    },
    get kubeConfig() {
      return need().kubeConfig;
    },
    get namespace() {
      need();
      return namespace;
    },
  };
}
