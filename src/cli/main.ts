#!/usr/bin/env node
// The kubelite command: parse flags, start the server, print how to use it, stop cleanly on SIGTERM/SIGINT.
import { FlagError, parseArgs, usage } from './flags.js';
import { startKubelite, UsageError } from '../server/server.js';
import { relative } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../observability/logging.js';
import { ignoredFlagMessage } from './ignored-flags.js';
import { embeddedStoreOverride } from './embedded-store.js';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`Error: ${e.message}\nRun 'kubelite --help' for usage.\n`);
      process.exit(1);
    }
    throw e;
  }
  if (parsed.help) {
    process.stdout.write(usage());
    return;
  }
  if (parsed.printPath) {
    // This script: executable (npm links it as a bin) and taking kube-apiserver's flags, for envtest's
    // TEST_ASSET_KUBE_APISERVER.
    process.stdout.write(`${realpathSync(fileURLToPath(import.meta.url))}\n`);
    return;
  }
  if (parsed.version) {
    process.stdout.write('Kubernetes v1.33.1 (kubelite)\n');
    return;
  }
  const started = Date.now();
  const log = createLogger(parsed.options.verbosity, undefined, parsed.options.loggingFormat);
  for (const { flag, value } of parsed.ignored) log.info(ignoredFlagMessage(flag, value));
  let embedded;
  try {
    embedded = embeddedStoreOverride(parsed, process.env);
  } catch (e) {
    process.stderr.write(`Error: ${(e as Error).message}\n`);
    process.exit(1);
  }
  if (embedded) {
    if (embedded.message) log.info(embedded.message);
    parsed.options.storageBackend = embedded.engine;
    parsed.options.etcdServers = [];
  }
  let server;
  try {
    // Only the SQLite store needs a data dir: without --data-dir, the memory engine and etcd keep certificates (and,
    // without --write-kubeconfig, the kubeconfig) in memory.
    const { dataDir, ...rest } = parsed.options;
    const noDataDir = !parsed.given.has('data-dir') && (parsed.options.storageBackend === 'memory' || parsed.options.etcdServers.length > 0);
    server = await startKubelite(noDataDir ? rest : { ...rest, dataDir }, log);
  } catch (e) {
    if (e instanceof UsageError || (e as NodeJS.ErrnoException).code === 'EADDRINUSE' || (e as NodeJS.ErrnoException).code === 'EACCES') {
      process.stderr.write(`Error: ${(e as Error).message}\n`);
      process.exit(1);
    }
    throw e;
  }
  // Handlers first: whoever reads the ready line may signal at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`Received ${signal}, shutting down`);
    server!.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const kc = server.kubeconfigPath ? relative(process.cwd(), server.kubeconfigPath) || server.kubeconfigPath : undefined;
  process.stdout.write(
    `kubelite is serving the Kubernetes API at ${server.url} (ready in ${Date.now() - started} ms)` +
      (kc ? `; use it with: kubectl --kubeconfig ${kc} get namespaces\n` : '; no kubeconfig written (see --write-kubeconfig)\n'),
  );
}

main().catch((e) => {
  process.stderr.write(`kubelite: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
