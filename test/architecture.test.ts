// The module structure of src/: no import cycle, and no module imports a folder of a higher layer than its own.
// The layer table is read from docs/architecture.md ("Layers"), so the document and the code cannot drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** folder (or top-level file) of src/ → its layer number, from the table in docs/architecture.md. */
function layerTable(): Map<string, number> {
  const doc = readFileSync(`${root}docs/architecture.md`, 'utf8');
  const section = doc.slice(doc.indexOf('## Layers'));
  const layers = new Map<string, number>();
  for (const m of section.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)) {
    for (const name of m[2]!.split(',').map((s) => s.trim().replace(/`/g, '').replace(/\/$/, ''))) layers.set(name, Number(m[1]));
  }
  return layers;
}

/** `src/registry/x.ts` → `registry`; `src/index.ts` → `index.ts`. */
const unitOf = (file: string): string => file.split('/')[1]!;

let tree: DependencyTree | undefined;
async function sourceTree(): Promise<DependencyTree> {
  if (!tree) {
    const all = await parseDependencyTree(['src/**/*.ts'], { cwd: root, tsconfig: `${root}tsconfig.json`, transform: false, skipDynamicImports: false });
    tree = Object.fromEntries(Object.entries(all).filter(([f]) => f.startsWith('src/') && !f.endsWith('.test.ts')));
  }
  return tree;
}

test('src/ has no import cycle (type-only imports included)', async () => {
  const cycles = parseCircular(await sourceTree());
  assert.deepEqual(cycles.map((c) => c.join(' -> ')), []);
});

test('every folder of src/ has a layer in docs/architecture.md', () => {
  const layers = layerTable();
  assert.ok(layers.size > 5, 'the Layers table of docs/architecture.md was not found');
  const units = readdirSync(`${root}src`, { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => e.name);
  assert.deepEqual(units.filter((u) => !layers.has(u)), []);
});

test('no module imports a folder of a higher layer', async () => {
  const layers = layerTable();
  const upward: string[] = [];
  for (const [file, deps] of Object.entries(await sourceTree())) {
    const from = layers.get(unitOf(file));
    if (from === undefined) continue; // reported by the test above
    for (const d of deps ?? []) {
      if (!d.id?.startsWith('src/')) continue;
      const to = layers.get(unitOf(d.id));
      if (to !== undefined && to > from) upward.push(`${file} (layer ${from}) imports ${d.id} (layer ${to})`);
    }
  }
  assert.deepEqual(upward, []);
});
