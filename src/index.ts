// The public library surface of kubelite.
//
//   import { startServer } from 'kubelite';
//   const s = await startServer({ securePort: 0, storageBackend: 'memory', logger: 'silent' });
//   // s.url, s.ca, s.admin.cert / s.admin.key, s.kubeconfig
//   await s.stop();
//
// Test helpers (a server or namespace per test, client-node KubeConfig, snapshots) are in 'kubelite/testing'.
import { startKubelite, type RunningServer } from './server/server.js';
import type { ServerOptions } from './config/options.js';

export type { RunningServer } from './server/server.js';
export type { ServerOptions } from './config/options.js';
export type { ClusterSnapshot } from './storage/snapshot.js';

/** Starts a kubelite server. Options default as the command's flags do (port 6443, data dir ./.kubelite). */
export function startServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startKubelite(options);
}
