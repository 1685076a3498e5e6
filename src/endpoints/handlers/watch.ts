// WATCH a collection or one object: newline-delimited JSON events (apiserver.md §5). The stream answers 200 at
// once; errors after that are one ERROR event and a clean end.
import { badRequest, expired, type Status } from '../../errors/status.js';
import { StorageError, type StorageEvent } from '../../storage/interface.js';
import { decodeStored } from '../../registry/stored-codec.js';
import type { KObject } from '../../registry/object.js';
import { finalizeHeaders } from '../../server/respond.js';
import { negotiate, OBJECT_MEDIA_TYPES } from '../negotiation/negotiate.js';
import { notAcceptable } from '../../errors/status.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';

const MIN_REQUEST_TIMEOUT_S = 1800;

function parseRV(v: string | null): number | undefined {
  if (v === null || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw badRequest(`resourceVersion: Invalid value: ${JSON.stringify(v)}: strconv.ParseUint: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

export async function handleWatch(scope: ResourceScope): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: false });
  if (rep.as === 'object' && rep.format === 'yaml') {
    throw notAcceptable('only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch');
  }
  void OBJECT_MEDIA_TYPES;
  const q = ctx.query;
  let nameFilter = scope.name;
  const fs = q.get('fieldSelector');
  if (fs) {
    const m = /^metadata\.name==?(.*)$/.exec(fs);
    if (m) {
      if (nameFilter && m[1] !== nameFilter) throw badRequest("fieldSelector metadata.name doesn't match requested name");
      nameFilter = m[1]!;
    }
  }
  const rv = parseRV(q.get('resourceVersion'));
  const timeoutSeconds = q.get('timeoutSeconds') !== null ? Number(q.get('timeoutSeconds')) : MIN_REQUEST_TIMEOUT_S * (1 + Math.random());
  const allowBookmarks = q.get('allowWatchBookmarks') === 'true';
  const storage = scope.store.deps.storage;
  const prefix = scope.store.listPrefix(scope.namespace);

  const res = ctx.res as unknown as NodeJS.WritableStream & { writableEnded: boolean; setHeader(k: string, v: string): void; writeHead(c: number): void; on(e: 'close', f: () => void): void };
  res.setHeader('Content-Type', 'application/json');
  if (!ctx.http2) res.setHeader('Transfer-Encoding', 'chunked');
  finalizeHeaders(ctx);
  ctx.res.writeHead(200);
  (res as { flushHeaders?: () => void }).flushHeaders?.();

  const matches = (obj: KObject) => !nameFilter || obj.metadata?.name === nameFilter;
  const send = (type: string, object: unknown) => {
    if (!res.writableEnded) res.write(JSON.stringify({ type, object }) + '\n');
  };
  let lastRev = rv ?? 0;

  let startAfter: number;
  if (rv === undefined || rv === 0) {
    // Start "now": synthetic ADDED events for the current state, then changes after it.
    const page = await scope.store.list(scope.namespace);
    for (const item of page.items) if (matches(item)) send('ADDED', forEndpoint(scope, item));
    startAfter = page.rev;
  } else {
    startAfter = rv;
  }
  lastRev = startAfter;

  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(bookmarks);
      watcher?.stop();
      if (!res.writableEnded) res.end();
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, timeoutSeconds) * 1000);
    const bookmarks = setInterval(() => {
      if (allowBookmarks) send('BOOKMARK', { kind: scope.def.kind, apiVersion: forEndpoint(scope, {}).apiVersion, metadata: { resourceVersion: String(lastRev), creationTimestamp: null } });
    }, 60_000);
    ctx.signal.addEventListener('abort', finish, { once: true });
    res.on('close', finish);
    let watcher: { stop(): void } | undefined;
    try {
      watcher = storage.watch(prefix, { afterRev: startAfter }, {
        events: (batch: StorageEvent[]) => {
          for (const ev of batch) {
            lastRev = ev.rev;
            const obj = decodeStored(ev.kv);
            if (!matches(obj)) continue;
            if (ev.type === 'delete') {
              obj.metadata.resourceVersion = String(ev.rev);
              send('DELETED', forEndpoint(scope, obj));
            } else {
              send(ev.prev ? 'MODIFIED' : 'ADDED', forEndpoint(scope, obj));
            }
          }
        },
        error: (err: StorageError) => {
          send('ERROR', errorStatus(err, startAfter));
          finish();
        },
      });
    } catch (e) {
      if (e instanceof StorageError) send('ERROR', errorStatus(e, startAfter));
      else send('ERROR', { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: String((e as Error).message), code: 500 });
      finish();
    }
  });
}

function errorStatus(err: StorageError, requested: number): Status {
  if (err.code === 'TooOld') return expired(`too old resource version: ${requested} (${err.rev ?? 0})`).toJSON();
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: err.message, reason: 'InternalError', code: 500 };
}
