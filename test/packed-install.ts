// `npm pack` of this checkout, unpacked into a fresh project as `npm install` would lay it out (offline: the
// package's dependencies are linked from this checkout's node_modules instead of downloaded), so tests run the
// published package as a user gets it.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve('.');
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string>; bin: Record<string, string> };
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface PackResult {
  filename: string;
  size: number;
  files: { path: string }[];
}

export function packInto(dest: string): PackResult {
  // --ignore-scripts: the test runs on the build `npm test` just made (prepare would rebuild it).
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as PackResult[])[0]!;
}

export interface InstalledProject {
  /** The consumer project's directory (run `npm exec kubelite` there). */
  project: string;
  /** Where the package was unpacked: <project>/node_modules/kubelite. */
  installed: string;
  remove(): void;
}

/** A temporary project with the tarball installed and `kubelite` linked in node_modules/.bin. */
export function installTarball(tarball: string, extraDeps: string[] = []): InstalledProject {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-install-'));
  const project = join(dir, 'project');
  const installed = join(project, 'node_modules', pkg.name);
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies: { [pkg.name]: `file:${tarball}` } }));
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const dep of [...Object.keys(pkg.dependencies), ...extraDeps]) {
    const at = join(project, 'node_modules', dep);
    mkdirSync(join(at, '..'), { recursive: true });
    symlinkSync(realpathSync(join(root, 'node_modules', dep)), at, 'dir');
  }
  mkdirSync(join(project, 'node_modules', '.bin'));
  const bin = pkg.bin.kubelite!;
  chmodSync(join(installed, bin), 0o755); // as npm does for a bin
  symlinkSync(join('..', pkg.name, bin), join(project, 'node_modules', '.bin', 'kubelite'));
  return { project, installed, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
