// One server per data dir: a lock file holding the owner's pid, created exclusively. A lock whose pid is no
// longer alive (the owner was killed) is stale and taken over; a lock held by this process is refused as well,
// so a second server in the same process gets the same error as one in another process.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from './usage-error.js';

export const LOCK_FILE = 'kubelite.lock';

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data dir's lock or throws a UsageError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(resolve(dataDir), LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const pid = readPid(path);
    // An unreadable pid may be a lock being written right now: only a dead pid makes a lock stale.
    if (attempt > 0 || pid === undefined || alive(pid)) {
      throw new UsageError(
        `data directory ${JSON.stringify(resolve(dataDir))} is in use by another kubelite server` +
          (pid !== undefined ? ` (pid ${pid})` : '') +
          `: stop it or choose another --data-dir (lock file ${path})`,
      );
    }
    rmSync(path, { force: true }); // stale: its owner is gone
  }
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      if (readPid(path) === process.pid) rmSync(path, { force: true });
    },
  };
}
