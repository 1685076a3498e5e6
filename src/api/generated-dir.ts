// Where the generated catalog and schemas live. They are plain files beside the sources (src/api/generated);
// compiled code under dist/ reads the same files, since tsc does not copy them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let dir: string | undefined;

export function generatedDir(): string {
  if (dir) return dir;
  const candidates = [new URL('./generated/', import.meta.url), new URL('../../../src/api/generated/', import.meta.url)];
  for (const c of candidates) {
    const p = fileURLToPath(c);
    if (existsSync(p + 'catalog.json')) return (dir = p);
  }
  throw new Error('generated catalog not found (run: node --import tsx scripts/generate-catalog.ts)');
}
