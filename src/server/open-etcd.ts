// --etcd-servers and its companion flags, turned into the etcd engine.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { DEFAULT_LEADER_ELECTION, LeaderElector } from '../controllers/leader-election.js';
import type { KubeliteApi } from './assemble.js';
import { openEtcdStorage } from '../storage/etcd/etcd-storage.js';
import { KeyMap } from '../storage/etcd/etcd-keys.js';
import type { Storage } from '../storage/interface.js';
import type { ServerOptions } from '../config/options.js';
import { UsageError } from './usage-error.js';

export async function openEtcd(opts: ServerOptions, log: Logger): Promise<Storage> {
  for (const s of opts.etcdServers) {
    if (!/^https?:\/\/[^/]+\/?$/.test(s)) throw new UsageError(`--etcd-servers: ${JSON.stringify(s)} is not an http:// or https:// URL of an etcd member`);
  }
  try {
    return await openEtcdStorage({
      endpoints: opts.etcdServers.map((s) => s.replace(/\/$/, '')),
      caFile: opts.etcdCAFile,
      certFile: opts.etcdCertFile,
      keyFile: opts.etcdKeyFile,
      keys: KeyMap.forEtcdPrefix(opts.etcdPrefix),
      compactionIntervalMs: opts.etcdCompactionIntervalMs,
      // Wait for an unreachable etcd almost as long as the request may take, as kube's etcd client does.
      unavailableWaitMs: Math.max(1000, opts.requestTimeoutMs - 1000),
      onError: (err) => log.warn({ err: err.message }, 'etcd'),
    });
  } catch (err) {
    throw new UsageError(`cannot reach etcd at ${opts.etcdServers.join(',')}: ${(err as Error).message}`);
  }
}

/** The Lease-based election of kube-controller-manager (identity: hostname_uuid, as kube's). */
export function electLeader(api: KubeliteApi, opts: ServerOptions, log: Logger): LeaderElector | undefined {
  const leases = api.registry.storeFor({ group: 'coordination.k8s.io', resource: 'leases' });
  if (!leases) return undefined; // coordination.k8s.io turned off: every server runs its controllers
  const timing = { ...DEFAULT_LEADER_ELECTION, ...(opts.leaderElection || {}) };
  return new LeaderElector(leases, `${hostname()}_${randomUUID()}`, {
    startedLeading: () => api.startElectedControllers(),
    stoppedLeading: () => api.stopElectedControllers(),
  }, log, timing);
}
