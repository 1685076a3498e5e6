// Staying on the embedded store when a launcher passes --etcd-servers (envtest always starts an etcd and passes
// its URL): an explicit --storage=memory|sqlite, or KUBELITE_STORAGE=memory|sqlite in the environment, wins over
// --etcd-servers, which is then ignored with one log line.
import { FlagError, type ParsedArgs } from './flags.js';

export interface EmbeddedStore {
  engine: 'memory' | 'sqlite';
  /** The start-up line, when --etcd-servers is set aside. */
  message?: string;
}

export function embeddedStoreOverride(parsed: ParsedArgs, env: NodeJS.ProcessEnv): EmbeddedStore | undefined {
  let engine: string | undefined;
  let source: string;
  if (parsed.given.has('storage')) {
    engine = parsed.options.storageBackend;
    source = `--storage=${engine}`;
  } else {
    engine = env.KUBELITE_STORAGE || undefined;
    source = `KUBELITE_STORAGE=${engine}`;
  }
  if (engine === undefined) return undefined;
  if (engine !== 'memory' && engine !== 'sqlite') throw new FlagError(`KUBELITE_STORAGE must be memory or sqlite, not ${JSON.stringify(engine)}`);
  if (!parsed.options.etcdServers.length) return { engine };
  return { engine, message: `Ignoring --etcd-servers=${parsed.options.etcdServers.join(',')}: ${source} keeps objects in the embedded ${engine} store` };
}
