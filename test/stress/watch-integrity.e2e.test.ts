// Watch integrity (issue 24): a watcher from a known revision sees every change exactly once and in revision order,
// across a forced 410 and relist. 16 writers make the changes (5,000 per `npm test`, 100,000 with `npm run stress`)
// to 50 ConfigMaps, each a counter; midway the watcher goes away until its revision has left the watch cache's
// window (kept small here), its resumed watch is told 410 Expired as kube tells it, it relists and watches on from the
// list's revision. Every counter must then step by one through the events, except once across the relist, and end at
// its final value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type ClientHttp2Session, type ClientHttp2Stream } from 'node:http2';
import { startTestServer, type TestServer } from '../../src/testing/test-server.js';
import { H2Client, pool } from './h2-client.js';
import { report, scale } from './stress-config.js';

const CHANGES = scale('watch_changes', 5_000, 100_000);
const HISTORY = scale('watch_history', 1_000, 10_000);
const OBJECTS = 50;
const WRITERS = 16;
const CMS = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'content-type': 'application/json' };

let s: TestServer;
let client: H2Client;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory', watchCacheHistoryEvents: HISTORY });
  client = new H2Client({ url: s.url, ca: s.ca, cert: s.admin.cert, key: s.admin.key }, 4);
});
after(async () => {
  client.close();
  await s.close();
});

interface Ev {
  type: string;
  name: string;
  rv: number;
  n: number;
}

class Watch {
  readonly events: Ev[] = [];
  status = 0;
  expired?: { code: number; reason: string; message: string };
  private readonly session: ClientHttp2Session;
  private readonly stream: ClientHttp2Stream;
  readonly ready: Promise<void>;

  constructor(rv: number) {
    this.session = connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
    this.session.on('error', () => undefined);
    this.stream = this.session.request({ ':method': 'GET', ':path': `${CMS}?watch=true&resourceVersion=${rv}&labelSelector=app%3Dwi&timeoutSeconds=1800` });
    this.stream.on('error', () => undefined);
    this.stream.setEncoding('utf8');
    this.ready = new Promise((r) => this.stream.once('response', (h) => ((this.status = Number(h[':status'])), r())));
    let tail = '';
    this.stream.on('data', (chunk: string) => {
      const lines = (tail + chunk).split('\n');
      tail = lines.pop()!;
      for (const line of lines) {
        if (!line) continue;
        const e = JSON.parse(line);
        if (e.type === 'ERROR') this.expired = { code: e.object.code, reason: e.object.reason, message: e.object.message };
        else this.events.push({ type: e.type, name: e.object.metadata.name, rv: Number(e.object.metadata.resourceVersion), n: Number(e.object.data.n) });
      }
    });
  }

  close(): void {
    this.session.destroy();
  }
}

const until = async (cond: () => boolean, ms: number, what: string): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

test(`a watcher sees each of ${CHANGES} changes once and in order across a forced 410 and relist`, { timeout: 1_800_000 }, async () => {
  const start = Number(JSON.parse((await client.request('GET', CMS)).body).metadata.resourceVersion);
  const first = new Watch(start);
  await first.ready;
  assert.equal(first.status, 200);

  const names = Array.from({ length: OBJECTS }, (_, i) => `wi-${i}`);
  const counts = new Map(names.map((n) => [n, 0]));
  await pool(OBJECTS, 16, async (i) => {
    const r = await client.request('POST', CMS, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: names[i], labels: { app: 'wi' } }, data: { n: '0' } }) });
    assert.equal(r.status, 201, r.body);
  });

  let done = 0;
  let lastRev = 0;
  const disconnectAt = Math.floor(CHANGES / 3);
  const resumeAt = Math.min(CHANGES - 100, disconnectAt + HISTORY + 200);
  let phase: 'first' | 'away' | 'second' = 'first';
  let gate: Promise<void> = Promise.resolve();
  let second: Watch | undefined;
  let lastSeenBefore = 0;
  let relist: { rv: number; values: Map<string, number> } | undefined;

  const writer = async (w: number): Promise<void> => {
    const mine = names.filter((_, i) => i % WRITERS === w);
    for (let k = 0; ; k++) {
      await gate;
      if (done >= CHANGES) return;
      done++;
      const name = mine[k % mine.length]!;
      const n = counts.get(name)! + 1;
      counts.set(name, n);
      const r = await client.request('PUT', `${CMS}/${name}`, { headers: JSON_CT, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'wi' } }, data: { n: String(n) } }) });
      assert.equal(r.status, 200, r.body);
      lastRev = Math.max(lastRev, Number(JSON.parse(r.body).metadata.resourceVersion));
      if (phase === 'first' && done >= disconnectAt) {
        phase = 'away';
        first.close();
        lastSeenBefore = first.events.length ? first.events[first.events.length - 1]!.rv : start;
      } else if (phase === 'away' && done >= resumeAt) {
        phase = 'second';
        let open!: () => void;
        gate = new Promise((r) => (open = r));
        // Back: the watch from the last revision seen is too old now; relist and watch from the list.
        const resumed = new Watch(lastSeenBefore);
        await resumed.ready;
        await until(() => resumed.expired !== undefined || resumed.events.length > 0, 10_000, 'the resumed watch to answer');
        resumed.close();
        assert.deepEqual(resumed.events, []);
        assert.equal(resumed.expired?.code, 410);
        assert.equal(resumed.expired?.reason, 'Expired');
        assert.match(resumed.expired!.message, new RegExp(`^too old resource version: ${lastSeenBefore} \\(\\d+\\)$`));
        const list = JSON.parse((await client.request('GET', `${CMS}?labelSelector=app%3Dwi`)).body);
        relist = { rv: Number(list.metadata.resourceVersion), values: new Map(list.items.map((o: { metadata: { name: string }; data: { n: string } }) => [o.metadata.name, Number(o.data.n)])) };
        second = new Watch(relist.rv);
        await second.ready;
        open();
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await until(() => (second?.events.length ? second.events[second.events.length - 1]!.rv >= lastRev : false), 120_000, 'the watcher to catch up');
  second!.close();

  // Revision order, once each.
  let gaps = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  const check = (events: Ev[], from: number, startValues: Map<string, number>) => {
    let prev = from;
    const value = new Map(startValues);
    for (const e of events) {
      if (e.rv <= prev) outOfOrder++;
      prev = e.rv;
      const before = value.get(e.name);
      const expected = before === undefined ? 0 : before + 1;
      if (e.n === before) duplicates++;
      else if (e.n !== expected) gaps++;
      value.set(e.name, e.n);
    }
    return value;
  };
  const seenFirst = check(first.events, start, new Map());
  for (const [name, n] of relist!.values) if (n < (seenFirst.get(name) ?? 0)) gaps++; // the list must not be older
  const final = check(second!.events, relist!.rv, relist!.values);
  for (const [name, n] of counts) if (final.get(name) !== n) gaps++;
  const covered = [...relist!.values].reduce((t, [name, n]) => t + n - (seenFirst.get(name) ?? -1), 0);
  const seen = first.events.length + second!.events.length;
  report('watch', { changes: CHANGES + OBJECTS, seen, coveredByRelist: covered, gaps, duplicates, outOfOrder, history: HISTORY });
  assert.equal(outOfOrder, 0);
  assert.equal(duplicates, 0);
  assert.equal(gaps, 0);
  assert.equal(seen + covered, CHANGES + OBJECTS);
});
