// Locates the reference data directory (../shared next to the repository) for tests that compare generated
// output with recorded kube-apiserver documents. Returns undefined when it is not there (tests then skip).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function sharedDataDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared');
    if (existsSync(join(candidate, 'k8s-discovery')) && existsSync(join(candidate, 'k8s-openapi-v1.33'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
