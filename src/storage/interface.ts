// The storage interface every engine implements (SQLite, memory, etcd): raw bytes plus revisions,
// shaped like kube-apiserver's use of etcd. The registry above decodes, checks preconditions and retries.

/** A revision of the one global, strictly increasing, gap-free counter. An object's resourceVersion is its modRev. */
export type Rev = number;

export interface KV {
  key: string;
  value: Uint8Array;
  createRev: Rev;
  modRev: Rev;
}

export interface StorageEvent {
  type: 'put' | 'delete';
  /** For a put, the new value; for a delete, the last value before deletion with modRev = the delete's revision. */
  kv: KV;
  /** The value before this event (absent for a create). */
  prev?: KV;
  /** The revision of this event (kv.modRev for puts, the delete's revision for deletes). */
  rev: Rev;
}

export interface GetResult {
  kv?: KV;
  /** The store's revision at the time of the read. */
  rev: Rev;
}

export interface ListOptions {
  /** Read at this revision (0 or undefined = current). Engines that keep no history answer TooOld for older ones. */
  rev?: Rev;
  /** Maximum number of items; 0 or undefined = all. */
  limit?: number;
  /** Start listing at this key (inclusive). */
  startKey?: string;
}

export interface ListResult {
  kvs: KV[];
  /** The revision the list was read at. */
  rev: Rev;
  /** True when more keys follow under the prefix. */
  more: boolean;
  /** Number of keys under the prefix from startKey on (including the returned ones). */
  count: number;
}

export type WriteResult = { ok: true; kv: KV } | { ok: false; current?: KV };
export type DeleteResult = { ok: true; rev: Rev; prev: KV } | { ok: false; current?: KV };

export interface WatchOptions {
  /** Deliver events with revision strictly greater than this. */
  afterRev: Rev;
}

export interface Watcher {
  stop(): void;
  /**
   * Optional: ask the engine for a progress notification (etcd's RequestWatchProgress). Embedded engines report
   * progress after every commit on their own and need not implement it.
   */
  requestProgress?(): void;
}

/** Receives ordered batches of events; `error` ends the watch (e.g. TooOld after compaction). */
export interface WatchSink {
  events(batch: StorageEvent[]): void;
  error(err: StorageError): void;
  /**
   * Optional: the engine has delivered every matching event up to `rev` (it may be called after each commit even
   * when nothing matched). Lets a watch cache on a quiet prefix know it is current (etcd's progress notify).
   */
  progress?(rev: Rev): void;
}

export interface Storage {
  readonly name: string;
  get(key: string): Promise<GetResult>;
  list(prefix: string, opts?: ListOptions): Promise<ListResult>;
  /**
   * Compare-and-swap put: expectedModRev 0 = create (fails if the key exists). On conflict returns the current kv.
   * The engine may keep `value` by reference (events, caches): do not mutate it afterwards.
   */
  put(key: string, value: Uint8Array, expectedModRev: Rev): Promise<WriteResult>;
  /** Compare-and-swap delete; expectedModRev 0 = unconditional. */
  delete(key: string, expectedModRev: Rev): Promise<DeleteResult>;
  /**
   * Ordered events under a prefix after a revision. Throws StorageError('TooOld') when the start is older than history.
   * No callback runs before watch() returns; embedded engines then deliver each commit's events before the writers'
   * promises resolve.
   */
  watch(prefix: string, opts: WatchOptions, sink: WatchSink): Watcher;
  /** The linearizable current revision. */
  currentRevision(): Promise<Rev>;
  /** The oldest revision a watch may start after. */
  compactedRevision(): Rev;
  compact(rev: Rev): Promise<void>;
  /** Resolves when the engine can serve; rejects with the reason otherwise. */
  health(): Promise<void>;
  close(): Promise<void>;
}

export type StorageErrorCode = 'NotFound' | 'Exists' | 'Conflict' | 'TooOld' | 'FutureRevision' | 'Unavailable' | 'Invalid';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    readonly key?: string,
    /** For TooOld: the oldest available revision; for FutureRevision: the current one. */
    readonly rev?: Rev,
    readonly current?: KV,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
