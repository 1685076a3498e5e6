#!/usr/bin/env node
// The kubelite command: parse flags, start the server, print how to use it, stop cleanly on SIGTERM/SIGINT.
import { FlagError, parseArgs, usage } from './flags.js';
import { startKubelite, UsageError } from '../server/server.js';
import { relative } from 'node:path';

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
  if (parsed.version) {
    process.stdout.write('Kubernetes v1.33.1 (kubelite)\n');
    return;
  }
  const started = Date.now();
  let server;
  try {
    // Without --data-dir, the memory engine keeps certificates (and, without --write-kubeconfig, the kubeconfig) in memory.
    const { dataDir, ...rest } = parsed.options;
    const inMemory = parsed.options.storageBackend === 'memory' && !parsed.given.has('data-dir');
    server = await startKubelite(inMemory ? rest : { ...rest, dataDir });
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
    process.stderr.write(`kubelite: ${signal} received, shutting down\n`);
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
