// Files other local users must not read: the data dir and certificate dir are 0700, the database, private keys
// and kubeconfigs 0600. Modes are tightened on files and dirs that already exist (a mode given at creation does
// nothing for them).
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';

/** Creates the directory 0700, or tightens an existing one we own (never a shared sticky dir such as /tmp). */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const st = statSync(path);
  if (st.mode & 0o1000) return; // sticky: a shared directory
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return;
  if ((st.mode & 0o077) !== 0) chmodSync(path, 0o700);
}

/** Sets an existing file to 0600. */
export function tightenFile(path: string): void {
  if (!existsSync(path)) return;
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
}

/** Writes a file readable by its owner only, whether it existed before or not. */
export function writePrivateFile(path: string, content: string | Uint8Array): void {
  writeFileSync(path, content, { mode: 0o600 });
  tightenFile(path);
}

/** Creates (empty) or tightens a file before another library opens it with the process umask. */
export function preparePrivateFile(path: string): void {
  if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600, flag: 'a' });
  tightenFile(path);
}
