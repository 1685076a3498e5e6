// How tests start the kubelite command: the compiled dist/src/cli/main.js, or under tsx from the sources when a
// test itself runs from TypeScript.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function kubeliteCommand(): { command: string; args: string[] } {
  const js = fileURLToPath(new URL('../cli/main.js', import.meta.url));
  if (existsSync(js)) return { command: process.execPath, args: [js] };
  const ts = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
  // Resolve tsx here: the child may run in another working directory.
  return { command: process.execPath, args: ['--import', import.meta.resolve('tsx'), ts] };
}
