// The revision errors every engine raises the same way.
import { StorageError, type Rev } from './interface.js';

/** Engines without multi-version data serve lists only at the current revision. */
export function checkListRev(rev: Rev | undefined, current: Rev): void {
  if (!rev || rev === current) return;
  if (rev > current) throw futureRevision(rev, current);
  throw new StorageError('TooOld', `required revision ${rev} is older than the current revision ${current}`, undefined, current);
}

export function futureRevision(rev: Rev, current: Rev): StorageError {
  return new StorageError('FutureRevision', `Too large resource version: ${rev}, current: ${current}`, undefined, current);
}

export function closedError(): StorageError {
  return new StorageError('Unavailable', 'storage is closed');
}
