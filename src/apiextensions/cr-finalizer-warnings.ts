// The warnings kube 1.33 returns for a custom resource write (customResourceStrategy.WarningsOnCreate/Update): each
// finalizer the write adds that is not a qualified name, or that is neither one of kube's standard finalizers nor
// domain-qualified with a path. (The CRD strategy itself returns no warnings in 1.33, for CEL rules or otherwise.)
import type { KObject } from '../api/object.js';
import { isQualifiedName } from '../validation/names.js';

const STANDARD_FINALIZERS = new Set(['orphan', 'foregroundDeletion', 'kubernetes']);
const PATH = 'metadata.finalizers';

const finalizersOf = (o: KObject | undefined): string[] => {
  const f = (o?.metadata as KObject | undefined)?.finalizers;
  return Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : [];
};

export function customResourceFinalizerWarnings(obj: KObject, old?: KObject): string[] {
  const before = new Set(finalizersOf(old));
  const added = [...new Set(finalizersOf(obj).filter((f) => !before.has(f)))].sort();
  const out: string[] = [];
  for (const f of added) {
    for (const msg of isQualifiedName(f)) out.push(`${PATH}: ${JSON.stringify(f)}: ${msg}`);
    if (!f.includes('/') && !STANDARD_FINALIZERS.has(f)) {
      out.push(f.includes('.')
        ? `${PATH}: ${JSON.stringify(f)}: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
        : `${PATH}: ${JSON.stringify(f)}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`);
    }
  }
  return out;
}
