// Writing the admin kubeconfig into a file that may already hold other clusters, as kind and k3d do: the
// cluster, user and context of this server replace entries of the same names, every other entry is kept, and
// the current context moves to this server when asked (or when the file had none).
import { existsSync, readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { UsageError } from './usage-error.js';

interface Named {
  name: string;
  [k: string]: unknown;
}

type Kubeconfig = Record<string, unknown> & { clusters?: Named[]; users?: Named[]; contexts?: Named[]; 'current-context'?: string };

function upsert(into: Named[] | undefined, entries: Named[] | undefined): Named[] {
  const out = [...(into ?? [])];
  for (const e of entries ?? []) {
    const i = out.findIndex((x) => x?.name === e.name);
    if (i >= 0) out[i] = e;
    else out.push(e);
  }
  return out;
}

/** Throws the UsageError a later merge into `path` would meet (checked before the server listens). */
export function checkKubeconfigMergeable(path: string): void {
  if (!existsSync(path)) return; // nothing to merge into: nothing can fail
  mergeKubeconfigFile(path, 'clusters: []\n', true);
}

/** The text of `path` after merging `ours` (a kubeconfig with one cluster, user and context) into it. */
export function mergeKubeconfigFile(path: string, ours: string, switchContext: boolean): string {
  // No file yet: `ours` as it is (buildKubeconfig's text is already what merging it into nothing gives).
  if (!existsSync(path)) return ours;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the kubeconfig to merge into ${JSON.stringify(path)}: ${(e as Error).message}`);
  }
  try {
    return mergeKubeconfig(text, ours, switchContext);
  } catch (e) {
    throw new UsageError(`cannot merge into the kubeconfig ${JSON.stringify(path)}: ${(e as Error).message}`);
  }
}

export function mergeKubeconfig(existingText: string, ours: string, switchContext: boolean): string {
  const existing = (existingText.trim() === '' ? {} : parse(existingText)) as Kubeconfig | null;
  if (existing === null || typeof existing !== 'object' || Array.isArray(existing)) throw new Error('not a kubeconfig (expected a mapping)');
  for (const k of ['clusters', 'users', 'contexts'] as const) {
    if (existing[k] !== undefined && existing[k] !== null && !Array.isArray(existing[k])) throw new Error(`${k} is not a list`);
  }
  const add = parse(ours) as Kubeconfig;
  const merged: Kubeconfig = {
    apiVersion: 'v1',
    kind: 'Config',
    ...existing,
    clusters: upsert(existing.clusters, add.clusters),
    users: upsert(existing.users, add.users),
    contexts: upsert(existing.contexts, add.contexts),
  };
  if (switchContext || !existing['current-context']) merged['current-context'] = add['current-context'];
  if (merged.preferences === undefined) merged.preferences = {};
  return stringify(merged);
}
