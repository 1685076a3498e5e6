// The floor's store: the same SQLite file settings as kubelite's engine (WAL, synchronous=FULL, same table), every
// write of one event-loop turn committed in one IMMEDIATE transaction with the revision counter (group commit), and
// the committed JSON of every object kept in memory for reads. Nothing else: no history, no watch cache, no codec.
import type Database from 'better-sqlite3';
import { openDatabase } from '../../src/storage/sqlite/sqlite-open.js';

export interface Cached {
  /** The object as served, with its resourceVersion. */
  json: Buffer;
  /** Parsed once, for the Table rows. */
  obj: { metadata: { name: string; creationTimestamp: string; [k: string]: unknown }; data?: Record<string, string> };
  modRev: number;
  createRev: number;
}

interface Write {
  key: string;
  obj: Cached['obj'] & { metadata: { resourceVersion?: string } };
  /** 0 = must not exist; otherwise the modRev it must have. */
  expected: number;
  done: (c: Cached | undefined) => void;
}

export class FloorStore {
  rev: number;
  readonly objects = new Map<string, Cached>();
  private queue: Write[] = [];
  private readonly db: Database.Database;
  private readonly commit: (ws: Write[]) => (Cached | undefined)[];

  constructor(path: string) {
    const opened = openDatabase(path, 'FULL');
    this.db = opened.db;
    this.rev = opened.rev;
    const upsert = this.db.prepare(
      'INSERT INTO kv (key, create_rev, mod_rev, value) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET mod_rev = excluded.mod_rev, value = excluded.value',
    );
    const setRev = this.db.prepare("INSERT INTO meta (name, value) VALUES ('revision', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value");
    this.commit = this.db.transaction((ws: Write[]) => {
      const out: (Cached | undefined)[] = [];
      for (const w of ws) {
        const cur = this.objects.get(w.key);
        if ((cur?.modRev ?? 0) !== w.expected) {
          out.push(undefined);
          continue;
        }
        const rev = ++this.rev;
        w.obj.metadata.resourceVersion = String(rev);
        const json = Buffer.from(JSON.stringify(w.obj));
        upsert.run(w.key, rev, rev, json);
        out.push({ json, obj: w.obj, modRev: rev, createRev: cur?.createRev ?? rev });
      }
      setRev.run(this.rev);
      return out;
    }).immediate;
  }

  /** Queues a write for this turn's transaction; resolves with the committed object, or undefined on conflict. */
  write(key: string, obj: Write['obj'], expected: number): Promise<Cached | undefined> {
    return new Promise((done) => {
      if (this.queue.push({ key, obj, expected, done }) === 1) setImmediate(() => this.flush());
    });
  }

  /** Called after each commit with the written objects (the watch fan-out). */
  onCommit: (written: Cached[]) => void = () => undefined;

  private flush(): void {
    const ws = this.queue;
    this.queue = [];
    const out = this.commit(ws);
    const written: Cached[] = [];
    out.forEach((c, i) => {
      if (c) {
        this.objects.set(ws[i]!.key, c);
        written.push(c);
      }
    });
    if (written.length) this.onCommit(written);
    ws.forEach((w, i) => w.done(out[i]));
  }

  close(): void {
    this.db.close();
  }
}
