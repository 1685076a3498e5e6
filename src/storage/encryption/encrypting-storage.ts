// Encryption at rest: a Storage that transforms the values of configured resources on their way to the engine and
// back, as kube's storage transformers do around etcd. Keys and revisions are untouched; everything above (watch
// cache, registry) sees plain values.
import type { DeleteResult, GetResult, KV, ListOptions, ListResult, Rev, Storage, StorageEvent, WatchOptions, WatchSink, Watcher, WriteResult } from '../interface.js';
import type { PrefixTransformers } from './providers.js';

/** The transformers for a storage key, or undefined when its resource is stored as is. */
export type TransformersForKey = (key: string) => PrefixTransformers | undefined;

export class EncryptingStorage implements Storage {
  readonly name: string;

  constructor(
    private readonly inner: Storage,
    private readonly transformersFor: TransformersForKey,
  ) {
    this.name = inner.name;
  }

  /**
   * The plain value of stored bytes. Bytes no provider can read are passed on unchanged, so that the object reads
   * as corrupt (kube's 500 and unsafe deletion) rather than failing the whole list or watch.
   */
  private plain(kv: KV): KV {
    const t = this.transformersFor(kv.key);
    if (!t) return kv;
    try {
      return { ...kv, value: t.fromStorage(kv.value, kv.key) };
    } catch {
      return kv;
    }
  }

  private plainOpt(kv: KV | undefined): KV | undefined {
    return kv ? this.plain(kv) : undefined;
  }

  async get(key: string): Promise<GetResult> {
    const r = await this.inner.get(key);
    return { ...r, kv: this.plainOpt(r.kv) };
  }

  async list(prefix: string, opts?: ListOptions): Promise<ListResult> {
    const r = await this.inner.list(prefix, opts);
    return { ...r, kvs: r.kvs.map((kv) => this.plain(kv)) };
  }

  async put(key: string, value: Uint8Array, expectedModRev: Rev): Promise<WriteResult> {
    const t = this.transformersFor(key);
    const r = await this.inner.put(key, t ? t.toStorage(value, key) : value, expectedModRev);
    if (r.ok) return { ok: true, kv: { ...r.kv, value } };
    return { ok: false, current: this.plainOpt(r.current) };
  }

  async delete(key: string, expectedModRev: Rev): Promise<DeleteResult> {
    const r = await this.inner.delete(key, expectedModRev);
    if (r.ok) return { ...r, prev: this.plain(r.prev) };
    return { ok: false, current: this.plainOpt(r.current) };
  }

  watch(prefix: string, opts: WatchOptions, sink: WatchSink): Watcher {
    return this.inner.watch(prefix, opts, {
      events: (batch: StorageEvent[]) => sink.events(batch.map((ev) => ({ ...ev, kv: this.plain(ev.kv), prev: this.plainOpt(ev.prev) }))),
      error: (err) => sink.error(err),
      progress: sink.progress ? (rev) => sink.progress!(rev) : undefined,
    });
  }

  currentRevision(): Promise<Rev> {
    return this.inner.currentRevision();
  }

  compactedRevision(): Rev {
    return this.inner.compactedRevision();
  }

  compact(rev: Rev): Promise<void> {
    return this.inner.compact(rev);
  }

  health(): Promise<void> {
    return this.inner.health();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
