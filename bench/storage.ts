// Storage engine benchmark: the SQLite engine next to raw better-sqlite3 doing the same SQL with the same
// durability and the same batching, in the same run, with the ratio (engine / raw, higher is better for
// throughput, lower for time).
// Usage: node --import tsx bench/storage.ts [--sync=FULL|NORMAL] [--rounds=3]   (or node dist/bench/storage.js)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStorage, type SqliteStorage } from '../src/storage/sqlite/sqlite-storage.js';
import { openDatabase, type Synchronous } from '../src/storage/sqlite/sqlite-open.js';
import { WatchCache } from '../src/storage/cacher/watch-cache.js';

const arg = (name: string, def: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const sync = arg('sync', 'FULL') as Synchronous;
const rounds = Number(arg('rounds', '3'));
const dir = mkdtempSync(join(tmpdir(), 'kubelite-bench-'));
let fileNo = 0;
const freshPath = (): string => join(dir, `db${fileNo++}.sqlite`);
const value = Buffer.from(JSON.stringify({ kind: 'ConfigMap', data: { blob: 'x'.repeat(950) } }));
const key = (i: number): string => `/registry/configmaps/ns${i % 10}/cm-${String(i).padStart(6, '0')}`;

// Raw better-sqlite3 doing what one engine transaction does: read the previous row (CAS + prev value), write the
// row, store the revision counter.
class RawStore {
  readonly db: Database.Database;
  rev = 0;
  private readonly get;
  private readonly insert;
  private readonly setRev;
  readonly range;
  readonly txn: (keys: string[]) => void;
  constructor(path: string) {
    this.db = openDatabase(path, sync).db;
    this.get = this.db.prepare('SELECT create_rev, mod_rev, value FROM kv WHERE key = ?');
    this.insert = this.db.prepare('INSERT INTO kv (key, create_rev, mod_rev, value) VALUES (?, ?, ?, ?)');
    this.setRev = this.db.prepare("INSERT INTO meta (name, value) VALUES ('revision', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value");
    this.range = this.db.prepare('SELECT key, create_rev, mod_rev, value FROM kv WHERE key >= ? AND key < ? ORDER BY key LIMIT ?');
    this.txn = this.db.transaction((keys: string[]) => {
      for (const k of keys) {
        if (this.get.get(k)) throw new Error('exists');
        this.rev++;
        this.insert.run(k, this.rev, this.rev, value);
      }
      this.setRev.run(this.rev);
    }).immediate;
  }
  getRow(k: string): unknown {
    return this.get.get(k);
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const now = (): number => performance.now();

async function enginePuts(n: number, inFlight: number): Promise<number> {
  const s = await openSqliteStorage({ path: freshPath(), synchronous: sync });
  let next = 0;
  const t0 = now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) {
        const r = await s.put(key(next++), value, 0);
        if (!r.ok) throw new Error('create failed');
      }
    }),
  );
  const rate = n / ((now() - t0) / 1000);
  await s.close();
  return rate;
}

function rawPuts(n: number, batch: number): number {
  const raw = new RawStore(freshPath());
  const t0 = now();
  for (let i = 0; i < n; i += batch) {
    const keys: string[] = [];
    for (let j = i; j < Math.min(n, i + batch); j++) keys.push(key(j));
    raw.txn(keys);
  }
  const rate = n / ((now() - t0) / 1000);
  raw.db.close();
  return rate;
}

async function filled(n: number): Promise<{ path: string; s: SqliteStorage }> {
  const path = freshPath();
  const s = await openSqliteStorage({ path, synchronous: sync });
  for (let i = 0; i < n; i += 1000) {
    await Promise.all(Array.from({ length: Math.min(1000, n - i) }, (_, j) => s.put(key(i + j), value, 0)));
  }
  return { path, s };
}

interface Row {
  name: string;
  engine: number;
  raw: number;
  unit: string;
  higherIsBetter: boolean;
}
const rows: Row[] = [];
function record(name: string, engine: number[], raw: number[], unit: string, higherIsBetter: boolean): void {
  rows.push({ name, engine: median(engine), raw: median(raw), unit, higherIsBetter });
}

async function main(): Promise<void> {
  console.log(`storage bench: synchronous=${sync}, ${rounds} rounds (median), ~1 KB values, node ${process.version}`);
  const e1: number[] = [], r1: number[] = [], e64: number[] = [], r64: number[] = [];
  for (let r = 0; r < rounds; r++) {
    r1.push(rawPuts(2000, 1));
    e1.push(await enginePuts(2000, 1));
    r64.push(rawPuts(32000, 64));
    e64.push(await enginePuts(32000, 64));
  }
  record('put, 1 in flight', e1, r1, 'puts/s', true);
  record('put, 64 in flight (group commit)', e64, r64, 'puts/s', true);

  const { path, s } = await filled(10_000);
  const raw = new RawStore(path);
  const eg: number[] = [], rg: number[] = [], el: number[] = [], rl: number[] = [], cl: number[] = [];
  const cache = await WatchCache.start(s, '/registry/configmaps/');
  for (let r = 0; r < rounds; r++) {
    let t0 = now();
    for (let i = 0; i < 20_000; i++) raw.getRow(key(i % 10_000));
    rg.push(20_000 / ((now() - t0) / 1000));
    t0 = now();
    for (let i = 0; i < 20_000; i++) await s.get(key(i % 10_000));
    eg.push(20_000 / ((now() - t0) / 1000));
    for (let k = 0; k < 3; k++) {
      t0 = now();
      const rowsOut = raw.range.all('/registry/configmaps/', '/registry/configmaps0', 10_001);
      rl.push(now() - t0);
      if (rowsOut.length !== 10_000) throw new Error('raw list size');
      t0 = now();
      const l = await s.list('/registry/configmaps/');
      el.push(now() - t0);
      if (l.kvs.length !== 10_000) throw new Error('engine list size');
      t0 = now();
      const c = await cache.list('/registry/configmaps/');
      cl.push(now() - t0);
      if (c.entries.length !== 10_000) throw new Error('cache list size');
    }
  }
  record('get (engine reads SQLite)', eg, rg, 'gets/s', true);
  record('list 10,000 keys', el, rl, 'ms', false);
  raw.db.close();

  // Watch delivery: from calling put() to the watcher's callback, one write in flight, against raw's commit time.
  const lat: number[] = [], cacheLat: number[] = [], rawLat: number[] = [];
  let sentAt = 0;
  const w = s.watch('/registry/configmaps/', { afterRev: await s.currentRevision() }, {
    events: () => lat.push(now() - sentAt),
    error: (e) => { throw e; },
  });
  const cw = cache.watch('/registry/configmaps/', cache.currentRev, { events: () => cacheLat.push(now() - sentAt), error: (e) => { throw e; } });
  await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 2000 * rounds; i++) {
    const cur = (await s.get(key(i % 10_000))).kv!;
    sentAt = now();
    await s.put(key(i % 10_000), value, cur.modRev);
  }
  w.stop();
  cw.stop();
  const raw2 = new RawStore(freshPath());
  for (let i = 0; i < 2000 * rounds; i++) {
    const t0 = now();
    raw2.txn([key(i)]);
    rawLat.push(now() - t0);
  }
  raw2.db.close();
  cache.stop();
  await s.close();

  const fmt = (x: number, unit: string): string => (unit === 'ms' ? `${x.toFixed(2)} ms` : `${Math.round(x).toLocaleString('en-US')} ${unit}`);
  console.log('\n| test | engine | raw better-sqlite3 | engine/raw |');
  console.log('|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${fmt(r.engine, r.unit)} | ${fmt(r.raw, r.unit)} | ${(r.engine / r.raw).toFixed(2)}${r.higherIsBetter ? '' : ' (time)'} |`);
  }
  console.log(`| list 10,000 keys from the watch cache | ${fmt(median(cl), 'ms')} | | |`);
  console.log(`| watch delivery p50 / p99 (engine watcher) | ${pct(lat, 50).toFixed(3)} / ${pct(lat, 99).toFixed(3)} ms | commit ${pct(rawLat, 50).toFixed(3)} / ${pct(rawLat, 99).toFixed(3)} ms | ${(pct(lat, 99) / pct(rawLat, 99)).toFixed(2)} (p99 time) |`);
  console.log(`| watch delivery p50 / p99 (watch cache watcher) | ${pct(cacheLat, 50).toFixed(3)} / ${pct(cacheLat, 99).toFixed(3)} ms | | |`);
  const putRatio = rows[1]!.engine / rows[1]!.raw;
  console.log(`\ntargets: puts with group commit >= 0.8 of raw: ${putRatio.toFixed(2)} ${putRatio >= 0.8 ? 'ok' : 'MISSED'}; ` +
    `watch p99 < 5 ms: ${pct(lat, 99).toFixed(3)} ms ${pct(lat, 99) < 5 ? 'ok' : 'MISSED'}`);
}

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
