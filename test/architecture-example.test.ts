// docs/architecture.md's "Adding a built-in resource" is checked against the code: its example home type-checks as
// the file it says it is, its registration line names that file and export, and every entry of the registration list
// (registry/resources/all.ts) is such one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The ```ts blocks of the section. */
function exampleBlocks(): string[] {
  const doc = readFileSync(`${root}docs/architecture.md`, 'utf8');
  const start = doc.indexOf('## Adding a built-in resource');
  assert.ok(start >= 0, 'the section is in docs/architecture.md');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const LINE = /^export \{ (\w+) \} from '\.\/([\w.-]+\/[\w.-]+)\.js';$/;

test('the registration line of the example names the example file and its export', () => {
  const [home, registration] = exampleBlocks();
  assert.ok(home && registration, 'two code blocks: the home and its registration line');
  const file = /^\/\/ src\/registry\/resources\/(\S+)\.ts$/m.exec(home)?.[1];
  const exported = /^export const (\w+): BuiltinResource = \{/m.exec(home)?.[1];
  const line = registration.split('\n').find((l) => l.startsWith('export '));
  const m = LINE.exec(line ?? '');
  assert.ok(m, `a registration line of all.ts's form: ${line}`);
  assert.deepEqual([m[1], m[2]], [exported, file]);
});

test('every entry of registry/resources/all.ts is one registration line', () => {
  const lines = readFileSync(`${root}src/registry/resources/all.ts`, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('//'));
  assert.ok(lines.length > 50);
  assert.deepEqual(lines.filter((l) => !LINE.test(l)), []);
});

test('the example home type-checks against the code, as the file it says it is', () => {
  const [home] = exampleBlocks();
  const file = /^\/\/ src\/registry\/resources\/(\S+)\.ts$/m.exec(home!)![1]!;
  // Its relative imports, resolved from where it says it lives, point at the project's sources.
  const dir = join(root, 'src/registry/resources', file, '..');
  const source = home!.replace(/from '(\.[^']+)'/g, (_m, spec: string) => `from '${join(dir, spec)}'`);
  const tmp = mkdtempSync(join(tmpdir(), 'kubelite-example-'));
  try {
    const path = join(tmp, 'widgets.mts');
    writeFileSync(path, source);
    const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const program = ts.createProgram([path], { ...config.options, noEmit: true, incremental: false, tsBuildInfoFile: undefined, rootDir: undefined });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(path)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(diagnostics, []);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
