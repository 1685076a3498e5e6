// serveWatch over a real watch cache (memory engine) with a recording response: headers per protocol, one shared
// buffer per event for every watcher, and a clean end (watcher released) on client abort, cache stop and overflow.
import { test } from 'node:test';
import type { Watcher } from '../../registry/rest.js';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { ResourceInfo } from '../../api/resource-info.js';
import type { GenericStore } from '../../registry/generic-store.js';
import type { RequestContext } from '../../http/request-context.js';
import { WatchCache } from '../../storage/cacher/watch-cache.js';
import { MemoryStorage } from '../../storage/memory/memory-storage.js';
import type { ResourceScope } from '../resource-scope.js';
import { decodeListOptions } from './list-options.js';
import { selectionFor } from './selection-filter.js';
import { watchEncoderFor } from './watch-encoder.js';
import { planWatch, serveWatch, watchTuning } from './watch-session.js';

const PREFIX = '/registry/core/configmaps/';

class RecordingResponse extends EventEmitter {
  headers = new Map<string, string>();
  code = 0;
  chunks: Buffer[] = [];
  writableEnded = false;
  /** A client that stopped reading: writes never complete. */
  stalled = false;
  headersSent = false;
  setHeader(k: string, v: string) {
    this.headers.set(k.toLowerCase(), v);
  }
  hasHeader(k: string) {
    return this.headers.has(k.toLowerCase());
  }
  writeHead(code: number) {
    this.code = code;
    this.headersSent = true;
  }
  write(b: Buffer, cb?: () => void) {
    this.chunks.push(b);
    if (!this.stalled) cb?.();
    return !this.stalled;
  }
  end() {
    this.writableEnded = true;
  }
  text() {
    return Buffer.concat(this.chunks).toString();
  }
}

const def = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', listKind: 'ConfigMapList', namespaced: true, verbs: [] } as unknown as ResourceInfo;

async function setup() {
  const storage = new MemoryStorage();
  const cache = await WatchCache.start(storage, PREFIX);
  const put = async (name: string, data = '1') => {
    const key = `${PREFIX}ns/${name}`;
    const cur = (await storage.get(key)).kv;
    const r = await storage.put(key, Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { a: data } })), cur?.modRev ?? 0);
    assert.ok(r.ok);
    return r.kv.modRev;
  };
  const open = async (query: string, http2 = false) => {
    const res = new RecordingResponse();
    const abort = new AbortController();
    const ctx = { res, http2, query: new URLSearchParams(query), signal: abort.signal, warnings: [] } as unknown as RequestContext;
    const store = { listPrefix: (ns: string) => (ns ? `${PREFIX}${ns}/` : PREFIX) } as unknown as GenericStore;
    const scope = { ctx, def, store, namespace: 'ns', name: '', subresource: '', options: { featureGates: {} } } as unknown as ResourceScope;
    const opts = decodeListOptions(ctx.query);
    const sel = selectionFor(scope, opts);
    const encoder = await watchEncoderFor(scope, { as: 'object', format: 'json' });
    const done = serveWatch(scope, store as unknown as Watcher, opts, sel, planWatch(opts, Number(opts.resourceVersion || 0), sel), encoder, cache);
    return { res, abort, done };
  };
  return { storage, cache, put, open };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

test('HTTP/1.1 gets Transfer-Encoding: chunked, HTTP/2 none; a client abort releases the watcher', async () => {
  const { cache, put, open } = await setup();
  await put('a');
  const w1 = await open('watch=1&timeoutSeconds=30');
  const w2 = await open('watch=1&timeoutSeconds=30', true);
  assert.equal(w1.res.headers.get('transfer-encoding'), 'chunked');
  assert.equal(w2.res.headers.get('transfer-encoding'), undefined);
  assert.equal(w1.res.headers.get('content-type'), 'application/json');
  assert.equal(w1.res.code, 200);
  await tick();
  assert.equal(cache.watcherCount, 2);
  w1.abort.abort();
  w2.abort.abort();
  await Promise.all([w1.done, w2.done]);
  assert.equal(cache.watcherCount, 0);
  assert.ok(w1.res.writableEnded && w2.res.writableEnded);
  cache.stop();
});

test('every watcher writes the very same buffer for one event', async () => {
  const { cache, put, open } = await setup();
  const rv = await put('a');
  const ws = await Promise.all([open(`watch=1&timeoutSeconds=30&resourceVersion=${rv}`), open(`watch=1&timeoutSeconds=30&resourceVersion=${rv}`, true)]);
  await tick();
  await put('a', '2');
  await tick();
  const [c1, c2] = ws.map((w) => w.res.chunks);
  assert.equal(c1!.length, 1);
  assert.equal(c1![0], c2![0], 'one serialization shared by both watchers');
  assert.match(c1![0]!.toString(), /^\{"type":"MODIFIED","object":\{"apiVersion":"v1","kind":"ConfigMap",.*"resourceVersion":"\d+"\},"data":\{"a":"2"\}\}\}\n$/);
  for (const w of ws) w.abort.abort();
  cache.stop();
});

test('the cache stopping (server shutdown) ends the stream without an ERROR event', async () => {
  const { cache, put, open } = await setup();
  const rv = await put('a');
  const w = await open(`watch=1&resourceVersion=${rv}`);
  await tick();
  cache.stop();
  await w.done;
  assert.equal(w.res.text(), '');
  assert.ok(w.res.writableEnded);
});

test('a watcher that cannot drain its output is cut off and released', async () => {
  const { cache, put, open } = await setup();
  const saved = watchTuning.maxBufferedBytes;
  watchTuning.maxBufferedBytes = 10;
  try {
    const rv = await put('a');
    const w = await open(`watch=1&timeoutSeconds=30&resourceVersion=${rv}`);
    w.res.stalled = true; // the client stopped reading
    await tick();
    await put('a', '2');
    await w.done;
    assert.ok(w.res.writableEnded);
    assert.equal(cache.watcherCount, 0);
  } finally {
    watchTuning.maxBufferedBytes = saved;
    cache.stop();
  }
});

test('timeoutSeconds ends the stream; a negative one at once', async () => {
  const { cache, open } = await setup();
  const t0 = Date.now();
  const w = await open('watch=1&timeoutSeconds=-5');
  await w.done;
  assert.ok(Date.now() - t0 < 500);
  assert.equal(cache.watcherCount, 0);
  cache.stop();
});
