// Durability of the whole server (issue 24): kubelite in a child process on SQLite, SIGKILLed at random moments while
// writers create, update (with resourceVersion preconditions) and delete ConfigMaps over HTTP/2 and a watcher follows
// them. After every restart: each acknowledged create, update and delete is there (an operation in flight at the kill
// may or may not have happened, nothing else); no object is torn (each carries a digest of its payload); the revision
// never goes backwards; the watch had every acknowledged change up to the last event it saw, in order and once, and
// a watch resumed from that revision either continues or answers 410 Expired, after which the relist holds
// everything. 20 kills per `npm test`, 50 with `npm run stress`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:http2';
import { startChildServer, type ChildServer } from './child-server.js';
import { H2Client } from './h2-client.js';
import { prng, report, scale, SEED } from './stress-config.js';

const KILLS = scale('kills', 20, 50);
const WRITERS = 8;
const CMS = '/api/v1/namespaces/default/configmaps';
const rand = prng(SEED ^ 0x5eed);

interface State {
  exists: boolean;
  value: number;
  payload: string;
  rv?: number;
}
interface Tracked {
  acked: State;
  /** The state if the operation in flight at the kill happened. */
  pending?: State;
}

const digest = (s: string): string => createHash('sha256').update(s).digest('hex');
const payload = (): string => {
  const n = 10 + Math.floor(rand() * 3000);
  let s = '';
  while (s.length < n) s += rand().toString(36).slice(2);
  return s.slice(0, n);
};
const body = (name: string, st: State, rv?: number): string =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(rv ? { resourceVersion: String(rv) } : {}) }, data: { v: String(st.value), p: st.payload, h: digest(st.payload) } });

interface WatchLog {
  events: Array<{ type: string; name: string; rv: number }>;
  expired: boolean;
  close(): void;
}

/** Watches ConfigMaps after `rv`; records events until the stream ends. */
function watchFrom(srv: ChildServer, rv: number): Promise<WatchLog> {
  return new Promise((resolve) => {
    const session = connect(srv.url, { ca: srv.ca, cert: srv.cert, key: srv.key });
    session.on('error', () => undefined);
    const log: WatchLog = { events: [], expired: false, close: () => session.destroy() };
    const stream = session.request({ ':method': 'GET', ':path': `${CMS}?watch=true&resourceVersion=${rv}&timeoutSeconds=600` });
    stream.on('error', () => undefined);
    let tail = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      if (Number(h[':status']) === 410) log.expired = true;
      resolve(log);
    });
    stream.on('data', (chunk: string) => {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop()!;
      for (const line of lines) {
        if (!line) continue;
        const ev = JSON.parse(line) as { type: string; object: { code?: number; metadata: { name: string; resourceVersion: string } } };
        if (ev.type === 'ERROR') {
          if (ev.object.code === 410) log.expired = true;
          continue;
        }
        log.events.push({ type: ev.type, name: ev.object.metadata.name, rv: Number(ev.object.metadata.resourceVersion) });
      }
    });
  });
}

test(`the whole server SIGKILLed ${KILLS} times under concurrent writes (seed ${SEED}) loses no acknowledged write`, { timeout: 1_200_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubelite-durability-'));
  const model = new Map<string, Tracked>();
  const failures: string[] = [];
  let acks = 0;
  let maxAckedRev = 0;
  let lastSeenRev = 0;
  let resumed = 0;
  let relists = 0;
  let lost = 0;
  let torn = 0;
  let watchGaps = 0;
  let nextName = 0;
  /** Acknowledged changes after the last revision the watcher saw: a resumed watch must deliver them. */
  let carried: Array<{ name: string; rv?: number; deleted: boolean }> = [];
  try {
    for (let run = 0; run <= KILLS; run++) {
      const srv = await startChildServer(dir);
      const client = new H2Client(srv, 2);
      try {
        // 1. What survived the previous kill.
        const list = await client.request('GET', CMS);
        assert.equal(list.status, 200, list.body);
        const listed = JSON.parse(list.body) as { metadata: { resourceVersion: string }; items: Array<{ metadata: { name: string; resourceVersion: string }; data?: Record<string, string> }> };
        const listRev = Number(listed.metadata.resourceVersion);
        if (listRev < maxAckedRev) failures.push(`run ${run}: revision went back from ${maxAckedRev} to ${listRev}`);
        const found = new Map(listed.items.filter((o) => o.metadata.name.startsWith('w')).map((o) => [o.metadata.name, o]));
        for (const [name, t] of model) {
          const o = found.get(name);
          found.delete(name);
          const matches = (st: State) => (st.exists ? o !== undefined && o.data?.v === String(st.value) && o.data?.p === st.payload : o === undefined);
          if (o && o.data?.h !== digest(o.data?.p ?? '')) {
            torn++;
            failures.push(`run ${run}: ${name} is torn`);
          }
          if (matches(t.acked)) t.pending = undefined;
          else if (t.pending && matches(t.pending)) {
            t.acked = { ...t.pending, rv: o ? Number(o.metadata.resourceVersion) : undefined };
            t.pending = undefined;
          } else {
            lost++;
            failures.push(`run ${run}: ${name} is ${o ? `v${o.data?.v}` : 'absent'}, acknowledged ${t.acked.exists ? `v${t.acked.value}` : 'deleted'}`);
          }
          if (o) t.acked.rv = Number(o.metadata.resourceVersion);
          else t.acked.rv = undefined;
        }
        for (const name of found.keys()) failures.push(`run ${run}: ${name} exists but was never written`);

        // 2. A watch resumed from the last revision the previous run's watcher saw.
        let watch = await watchFrom(srv, lastSeenRev || listRev);
        if (watch.expired || lastSeenRev === 0) {
          if (lastSeenRev !== 0) relists++;
          watch.close();
          watch = await watchFrom(srv, listRev);
          carried = [];
        } else resumed++;
        const watchStart = watch.expired ? listRev : lastSeenRev || listRev;
        if (run === KILLS) {
          watch.close();
          break;
        }

        // 3. Writers until the kill.
        const runAcks: Array<{ name: string; rv?: number; deleted: boolean }> = [...carried];
        const carriedCount = carried.length;
        let killed = false;
        const writer = async (w: number): Promise<void> => {
          while (!killed) {
            const mine = [...model].filter(([n, t]) => n.startsWith(`w${w}-`) && t.acked.exists && !t.pending);
            const r = rand();
            let name: string;
            let next: State;
            let method: string;
            let path: string;
            let sent: string | undefined;
            const t0 = mine.length < 3 || r < 0.4 ? undefined : mine[Math.floor(rand() * mine.length)]!;
            if (!t0) {
              name = `w${w}-${nextName++}`;
              next = { exists: true, value: 0, payload: payload() };
              model.set(name, { acked: { exists: false, value: 0, payload: '' }, pending: next });
              method = 'POST';
              path = CMS;
              sent = body(name, next);
            } else if (r < 0.85) {
              name = t0[0];
              next = { exists: true, value: t0[1].acked.value + 1, payload: payload() };
              t0[1].pending = next;
              method = 'PUT';
              path = `${CMS}/${name}`;
              sent = body(name, next, t0[1].acked.rv);
            } else {
              name = t0[0];
              next = { exists: false, value: 0, payload: '' };
              t0[1].pending = next;
              method = 'DELETE';
              path = `${CMS}/${name}`;
            }
            let a;
            try {
              a = await client.request(method, path, { headers: sent ? { 'content-type': 'application/json' } : {}, body: sent, deadlineMs: 30_000 });
            } catch {
              return; // the kill: the outcome of this operation is unknown
            }
            const t = model.get(name)!;
            if (a.status >= 200 && a.status < 300) {
              const rv = next.exists ? Number(JSON.parse(a.body).metadata.resourceVersion) : undefined;
              t.acked = { ...next, rv };
              t.pending = undefined;
              acks++;
              if (rv) maxAckedRev = Math.max(maxAckedRev, rv);
              runAcks.push({ name, rv, deleted: !next.exists });
            } else if (a.status === 0) {
              return;
            } else {
              failures.push(`run ${run}: ${method} ${name} answered ${a.status}: ${a.body.slice(0, 200)}`);
              t.pending = undefined;
              return;
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
        // The kill comes at a random moment once the writers are under way (however slow the machine).
        for (let waited = 0; runAcks.length - carriedCount < 3 && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, Math.floor(rand() * 1500)));
        killed = true;
        await srv.kill('SIGKILL');
        await Promise.all(writers);
        client.close();
        watch.close();

        // 4. The watch, up to the last event it saw: ordered, once each, no acknowledged change missing.
        const seen = new Set<string>();
        let prev = watchStart;
        for (const e of watch.events) {
          if (e.rv <= prev) failures.push(`run ${run}: watch event at ${e.rv} after ${prev}`);
          prev = e.rv;
          const id = `${e.name}@${e.rv}`;
          if (seen.has(id)) failures.push(`run ${run}: watch event ${id} twice`);
          seen.add(id);
        }
        const lastSeen = watch.events.length ? watch.events[watch.events.length - 1]!.rv : watchStart;
        for (const ack of runAcks) {
          if (ack.deleted) continue;
          if (ack.rv! <= lastSeen && !seen.has(`${ack.name}@${ack.rv}`)) {
            watchGaps++;
            failures.push(`run ${run}: the watch missed ${ack.name}@${ack.rv} (saw up to ${lastSeen})`);
          }
        }
        lastSeenRev = lastSeen;
        carried = runAcks.filter((a) => !a.deleted && a.rv! > lastSeen);
      } finally {
        client.close();
        await srv.kill('SIGKILL');
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report('durability', { kills: KILLS, acknowledged: acks, objects: model.size, lost, torn, watchGaps, resumed, relists, maxRev: maxAckedRev });
  assert.deepEqual(failures.slice(0, 20), []);
  assert.ok(acks >= KILLS * 3, `only ${acks} writes were acknowledged`);
});
