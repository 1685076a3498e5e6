// etcd and gRPC failures as the engine's StorageErrors. etcd's own refusals are recognized by their texts (the
// client library keeps only the message); everything else that keeps an answer from arriving is Unavailable.
import { StorageError } from '../interface.js';

export const COMPACTED = 'required revision has been compacted';
export const FUTURE_REVISION = 'required revision is a future revision';

export function isCompacted(err: unknown): boolean {
  return err instanceof Error && err.message.includes(COMPACTED);
}

export function isFutureRevision(err: unknown): boolean {
  return err instanceof Error && err.message.includes(FUTURE_REVISION);
}

/** Any other etcd or transport failure: the request did not complete. */
export function unavailable(err: unknown, key?: string): StorageError {
  if (err instanceof StorageError) return err;
  const text = err instanceof Error ? err.message : String(err);
  return new StorageError('Unavailable', `etcd: ${text}`, key);
}

/**
 * True for failures that happened before the request left this process (no connection to any member, or the
 * member skipped after repeated failures): such a request can be sent again without risk of applying it twice.
 */
export function neverSent(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'MemberSkipped' || /No connection established|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|circuit breaker is open/.test(err.message);
}
