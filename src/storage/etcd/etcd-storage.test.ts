import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { StorageError } from '../interface.js';
import { storageConformance } from '../conformance/storage-conformance.js';
import { etcdSkipReason, freePort, startEtcd, type EtcdProcess } from '../../testing/etcd.js';
import { KeyMap } from './etcd-keys.js';
import { openEtcdStorage, type EtcdStorage } from './etcd-storage.js';

const skip = etcdSkipReason();
let etcd: Promise<EtcdProcess> | undefined;
let n = 0;
after(async () => (await etcd)?.stop());

// One etcd for the file; every test gets its own key prefix (the suite's tests run one at a time, so the store's
// revision moves only by the test's own writes).
storageConformance(
  'etcd',
  async (opts) => {
    etcd ??= startEtcd();
    const { url } = await etcd;
    const keys = new KeyMap('/', `/conformance-${++n}/`);
    const open = () => openEtcdStorage({ endpoints: [url], keys, compactionIntervalMs: 0, ...opts });
    let storage: EtcdStorage = await open();
    return {
      storage,
      reopen: async () => {
        await storage.close();
        storage = await open();
        return storage;
      },
      multiVersion: true,
      unorderedConcurrentWrites:
        'etcd: concurrent transactions are separate RPCs that etcd may apply in any order; kube-apiserver promises no order either',
    };
  },
  { skip },
);

describe('etcd engine specifics', { skip }, () => {
  const enc = (s: string) => Buffer.from(s);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('compacts as kube does: one server per round through compact_rev_key, to the revision seen a round earlier', async () => {
    const { url } = await (etcd ??= startEtcd());
    const keys = new KeyMap('/', `/compaction-${++n}/`);
    const [a, b] = await Promise.all([1, 2].map(() => openEtcdStorage({ endpoints: [url], keys, compactionIntervalMs: 0 })));
    try {
      // Nobody has compacted since this etcd started: every server tries, and no compaction happens on round one.
      for (let i = 0; i < 3; i++) assert.ok((await a.put(`/r/cm/${i}`, enc('x'), 0)).ok);
      assert.equal(await a.compactionRound(), 0); // a records the revision it saw and bumps the key's version
      const seen = await a.currentRevision();
      assert.equal(await b.compactionRound(), 0, 'b lost the round to a and only learns the version');
      for (let i = 3; i < 6; i++) assert.ok((await b.put(`/r/cm/${i}`, enc('x'), 0)).ok);
      const target = await a.compactionRound();
      assert.equal(target, seen, 'a compacts to what it saw one round earlier');
      assert.equal(await b.compactionRound(), 0, 'a already won this round: b does not compact again');
      // Both servers learn it: a because it compacted, b from the key's change on its watch.
      assert.equal(a.compactedRevision() >= target, true);
      await sleep(200);
      assert.ok(b.compactedRevision() >= target, `b knows etcd compacted to ${target}: ${b.compactedRevision()}`);
      assert.throws(() => b.watch('/r/', { afterRev: target - 1 }, { events() {}, error() {} }), (e: StorageError) => e.code === 'TooOld');
      await assert.rejects(b.list('/r/cm/', { rev: target - 1 }), (e: StorageError) => e.code === 'TooOld');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('follows etcd again after it restarts, with the writes made meanwhile, and fails writes while it is down', async () => {
    const own = await startEtcd();
    const s = await openEtcdStorage({ endpoints: [own.url], compactionIntervalMs: 0, callTimeoutMs: 2000, unavailableWaitMs: 1000 });
    const other = await openEtcdStorage({ endpoints: [own.url], compactionIntervalMs: 0 });
    try {
      const got: string[] = [];
      const errors: string[] = [];
      s.watch('/r/', { afterRev: await s.currentRevision() }, {
        events: (b) => got.push(...b.map((e) => `${e.type} ${e.kv.key}`)),
        error: (e) => errors.push(e.code),
      });
      assert.ok((await s.put('/r/a', enc('1'), 0)).ok);
      await own.pause();
      const started = Date.now();
      await assert.rejects(s.put('/r/b', enc('1'), 0), (e: StorageError) => e.code === 'Unavailable');
      const waited = Date.now() - started;
      assert.ok(waited >= 900 && waited < 3000, `a write waits for etcd about unavailableWaitMs, then fails (${waited} ms)`);
      await assert.rejects(s.health(), (e: StorageError) => e.code === 'Unavailable');
      await own.restart();
      // Another server writes as soon as etcd is back; this one's watch resumes from where it stopped.
      for (let i = 0; ; i++) {
        try {
          await other.put('/r/c', enc('1'), 0);
          break;
        } catch (err) {
          if (i > 100) throw err;
          await sleep(100);
        }
      }
      await until(() => got.length >= 2, 10_000);
      assert.deepEqual(got, ['put /r/a', 'put /r/c']);
      assert.deepEqual(errors, []);
      await until(async () => (await s.health().then(() => true, () => false)), 10_000);
      assert.ok((await s.put('/r/d', enc('1'), 0)).ok);
      assert.deepEqual(got, ['put /r/a', 'put /r/c', 'put /r/d']);
    } finally {
      await Promise.all([s.close(), other.close()]);
      await own.stop();
    }
  });

  it('works through the members that answer when one of several endpoints is down', async () => {
    const { url } = await (etcd ??= startEtcd());
    const dead = `http://127.0.0.1:${await freePort()}`;
    const s = await openEtcdStorage({ endpoints: [dead, url], keys: new KeyMap('/', `/members-${++n}/`), compactionIntervalMs: 0 });
    try {
      const started = Date.now();
      for (let i = 0; i < 30; i++) assert.ok((await s.put(`/r/m${i}`, enc('x'), 0)).ok);
      assert.equal((await s.list('/r/')).kvs.length, 30);
      assert.ok(Date.now() - started < 10_000, `30 writes took ${Date.now() - started} ms`);
      for (let i = 0; i < 10; i++) await s.health(); // the live member answers, whichever is tried first
    } finally {
      await s.close();
    }
  });

  it('notices an etcd restored to a lower revision and ends watchers with TooOld, then follows the restored etcd', async () => {
    const own = await startEtcd();
    const s = await openEtcdStorage({ endpoints: [own.url], compactionIntervalMs: 0 });
    try {
      const errors: string[] = [];
      s.watch('/r/', { afterRev: await s.currentRevision() }, { events() {}, error: (e) => errors.push(e.code) });
      for (let i = 0; i < 10; i++) assert.ok((await s.put(`/r/old${i}`, enc('x'), 0)).ok);
      // "Restore from an older backup": the same member comes back with an empty store (revision 1).
      await own.pause();
      rmSync(join(own.dataDir, 'data'), { recursive: true, force: true });
      await own.restart();
      await until(() => errors.length > 0, 10_000);
      assert.deepEqual(errors, ['TooOld']);
      const rev = await s.currentRevision();
      assert.ok(rev < 10, `etcd restarted from scratch (revision ${rev})`);
      const seen: string[] = [];
      s.watch('/r/', { afterRev: rev }, { events: (b) => seen.push(...b.map((e) => `${e.rev} ${e.kv.key}`)), error() {} });
      const w = await s.put('/r/new', enc('x'), 0);
      assert.ok(w.ok);
      assert.deepEqual(seen, [`${w.kv.modRev} /r/new`]);
      assert.deepEqual((await s.list('/r/')).kvs.map((kv) => kv.key), ['/r/new']);
    } finally {
      await s.close();
      await own.stop();
    }
  });

  it('ends watchers with TooOld when etcd compacted past the point its watch must resume from, then follows again', async () => {
    const own = await startEtcd();
    const s = await openEtcdStorage({ endpoints: [own.url], compactionIntervalMs: 0 });
    const raw = await openEtcdStorage({ endpoints: [own.url], compactionIntervalMs: 0 });
    try {
      const errors: string[] = [];
      s.watch('/r/', { afterRev: await s.currentRevision() }, { events() {}, error: (e) => errors.push(e.code) });
      // Freeze this server's watch by stopping it from the inside, write and compact meanwhile, then resume.
      const stream = (s as unknown as { stream: { stop(): void; restartAt(rev: number): void; revision: number } }).stream;
      const resumeAt = stream.revision;
      stream.stop();
      for (let i = 0; i < 3; i++) await raw.put(`/r/k${i}`, enc('x'), 0);
      await raw.compact(await raw.currentRevision());
      stream.restartAt(resumeAt);
      await until(() => errors.length > 0, 5000);
      assert.deepEqual(errors, ['TooOld']);
      const after = await s.currentRevision();
      const seen: string[] = [];
      s.watch('/r/', { afterRev: after }, { events: (b) => seen.push(...b.map((e) => e.kv.key)), error() {} });
      assert.ok((await s.put('/r/new', enc('x'), 0)).ok);
      assert.deepEqual(seen, ['/r/new']);
    } finally {
      await Promise.all([s.close(), raw.close()]);
      await own.stop();
    }
  });
});

async function until(fn: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !(await fn()); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error('timed out');
  }
}
