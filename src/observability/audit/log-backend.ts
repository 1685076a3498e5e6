// The audit log backend (--audit-log-*, auth.md §11.3): one JSON event (or kube's legacy line) per line, to a file
// (directory 0700, file 0600, appended) or stdout for `-`, with lumberjack's size rotation: the full file is renamed
// `<name>-<UTC 2006-01-02T15-04-05.000><ext>` and backups beyond --audit-log-maxbackup or older than
// --audit-log-maxage days are removed. Blocking mode drops nothing: the events made while a turn of the event loop
// runs its I/O callbacks are written together, synchronously, when they are done (setImmediate), at shutdown and at
// process exit (docs/deviations.md); blocking-strict writes each event at once; batch mode queues them (a full queue
// drops and counts an error).
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync, write as fsWrite } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { BatchQueue, type AuditBackend, type BatchSettings } from './backend.js';
import { eventJSON, legacyLine, type AuditEvent } from './event.js';

export interface LogBackendOptions {
  path: string;
  format: 'json' | 'legacy';
  /** MB before rotation; 0 = lumberjack's 100 MB. */
  maxSizeMB: number;
  maxBackups: number;
  maxAgeDays: number;
  mode: 'blocking' | 'blocking-strict' | 'batch';
  batch: BatchSettings;
  onDrop: (n: number) => void;
  onError: (err: Error) => void;
}

/** Bytes of blocking-mode lines buffered before they are written. */
const PENDING_BYTES = 256 * 1024;

/** Blocking backends holding lines not yet written: written when the process exits, whatever ends it. */
const unflushed = new Set<LogBackend>();
let exitHook = false;

function flushAtExit(): void {
  for (const b of unflushed) b.flushNow();
}

export class LogBackend implements AuditBackend {
  readonly name = 'log';
  private fd: number;
  private size = 0;
  private readonly maxBytes: number;
  private readonly queue?: BatchQueue;

  constructor(private readonly o: LogBackendOptions) {
    this.maxBytes = (o.maxSizeMB || 100) * 1024 * 1024;
    this.fd = o.path === '-' ? 1 : this.open();
    if (o.mode === 'batch') this.queue = new BatchQueue(o.batch, (batch) => this.writeAsync(batch), o.onDrop);
    else if (!exitHook) {
      exitHook = true;
      process.on('exit', flushAtExit);
    }
  }

  private open(): number {
    mkdirSync(dirname(this.o.path), { recursive: true, mode: 0o700 });
    const fd = openSync(this.o.path, 'a', 0o600);
    this.size = fstatSync(fd).size;
    return fd;
  }

  private line(e: AuditEvent): string {
    return this.o.format === 'legacy' ? legacyLine(e) : eventJSON(e);
  }

  private lines(events: AuditEvent[]): Buffer {
    return Buffer.from(events.map((e) => this.line(e)).join('\n') + '\n');
  }

  /**
   * Blocking mode: the lines of one turn of the event loop, encoded into one buffer as they come and written with one
   * synchronous write in the turn's check phase (setImmediate: after the I/O callbacks of every connection the turn
   * read, so one write serves all the requests a read brought; a write per tick was one per request at 64 in
   * flight), sooner when the buffer fills, at shutdown and when the process exits.
   */
  private pending = Buffer.allocUnsafe(PENDING_BYTES);
  private pendingBytes = 0;
  private flushScheduled = false;
  /** After shutdown: the descriptor is closed (its number may already name another file). */
  private closed = false;

  processEvents(events: AuditEvent[]): boolean {
    if (this.queue) return this.queue.add(events);
    if (this.o.mode === 'blocking-strict') {
      // The caller must know whether the event was stored: write it now.
      try {
        this.writeSync(this.lines(events));
        return true;
      } catch (e) {
        this.o.onError(e as Error);
        return false;
      }
    }
    for (const e of events) this.append(this.line(e));
    if (!this.flushScheduled && this.pendingBytes) {
      this.flushScheduled = true;
      unflushed.add(this);
      setImmediate(this.flushPending);
    }
    return true;
  }

  private append(line: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: with that much room the line surely fits.
    if (this.pendingBytes + line.length * 3 + 1 > this.pending.length) {
      this.flushPending();
      if (line.length * 3 + 1 > this.pending.length) return this.writeText(`${line}\n`);
    }
    this.pendingBytes += this.pending.write(line, this.pendingBytes);
    this.pending[this.pendingBytes++] = 0x0a;
  }

  private readonly flushPending = (): void => {
    this.flushScheduled = false;
    unflushed.delete(this);
    const n = this.pendingBytes;
    if (!n) return;
    this.pendingBytes = 0;
    if (this.closed) return this.o.onError(new Error('audit log closed'));
    try {
      this.writeSync(this.pending.subarray(0, n));
    } catch (e) {
      this.o.onError(e as Error);
    }
  };

  /** A line too long for the buffer, written on its own. */
  private writeText(text: string): void {
    try {
      this.writeSync(Buffer.from(text));
    } catch (e) {
      this.o.onError(e as Error);
    }
  }

  private writeSync(buf: Buffer): void {
    this.rotateFor(buf.length);
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off);
    this.size += buf.length;
  }

  private writeAsync(batch: AuditEvent[]): Promise<void> {
    const buf = this.lines(batch);
    try {
      this.rotateFor(buf.length);
    } catch (e) {
      this.o.onError(e as Error);
    }
    return new Promise((resolve) => {
      const step = (off: number) =>
        fsWrite(this.fd, buf, off, buf.length - off, null, (err, n) => {
          if (err) {
            this.o.onError(err);
            return resolve();
          }
          if (off + n < buf.length) return step(off + n);
          this.size += buf.length;
          resolve();
        });
      step(0);
    });
  }

  private rotateFor(next: number): void {
    if (this.o.path === '-' || this.size + next <= this.maxBytes || this.size === 0) return;
    closeSync(this.fd);
    renameSync(this.o.path, backupName(this.o.path, new Date()));
    this.fd = this.open();
    this.prune();
  }

  /** Removes backups beyond maxBackups (newest kept) and older than maxAgeDays. */
  private prune(): void {
    const dir = dirname(this.o.path);
    const ext = extname(this.o.path);
    const prefix = `${basename(this.o.path, ext)}-`;
    const backups = readdirSync(dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith(ext) && f !== basename(this.o.path))
      .map((f) => ({ f, t: backupTime(f.slice(prefix.length, f.length - ext.length)) }))
      .filter((b) => b.t !== undefined)
      .sort((a, b) => b.t! - a.t!);
    const cutoff = this.o.maxAgeDays > 0 ? Date.now() - this.o.maxAgeDays * 86_400_000 : -Infinity;
    backups.forEach((b, i) => {
      if ((this.o.maxBackups > 0 && i >= this.o.maxBackups) || b.t! < cutoff) {
        try {
          unlinkSync(join(dir, b.f));
        } catch {
          // already gone
        }
      }
    });
  }

  /** Writes the pending lines now (the process is exiting). */
  flushNow(): void {
    this.flushPending();
  }

  async shutdown(): Promise<void> {
    this.flushPending();
    await this.queue?.drain();
    if (this.o.path !== '-' && !this.closed) closeSync(this.fd);
    this.closed = true;
  }

  /** Bytes in the current file (tests). */
  currentSize(): number {
    return this.o.path === '-' ? 0 : statSync(this.o.path).size;
  }
}

/** lumberjack's backup name: <name>-2006-01-02T15-04-05.000<ext>, UTC. */
export function backupName(path: string, at: Date): string {
  const ext = extname(path);
  const stamp = at.toISOString().slice(0, 23).replace(/:/g, '-');
  return join(dirname(path), `${basename(path, ext)}-${stamp}${ext}`);
}

function backupTime(stamp: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})$/.exec(stamp);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : undefined;
}
