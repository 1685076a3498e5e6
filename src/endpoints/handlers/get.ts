// GET a single object (apiserver.md §3, §6.2). resourceVersion: unset = the latest (a consistent read: the watch cache
// once it has reached the store's current revision, which for the embedded engine it always has), "0" = any (the
// watch cache as it is), N = not older than N (the cache once it has reached N; 504 after its wait). Plain JSON is
// written from the entry's shared serialization.
import { badRequest, notFound, tooLargeResourceVersion, unknownError } from '../../errors/status.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import { writeBody, writeParts, wantsPretty } from '../../http/respond.js';
import { stringParam } from '../../http/query-params.js';
import { cborItemEncoder, jsonItemEncoder, protobufItemEncoder } from '../list/encode-items.js';
import { CBOR_MEDIA_TYPE, SELF_DESCRIBED } from '../negotiation/cbor-wire.js';
import { loadProtobufWire } from '../serializers/protobuf.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { StorageError } from '../../storage/interface.js';
import { negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import { objectOf } from '../list/entry-object.js';
import { parseResourceVersion } from '../list/list-options.js';
import type { Getter } from '../../registry/rest.js';

export async function handleGet(scope: ResourceScope, getter: Getter): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: true, protobuf: protobufServed(scope) });
  const fs = ctx.query.get('fieldSelector');
  if (fs) {
    const m = /^metadata\.name==?(.*)$/.exec(fs);
    if (m && m[1] !== scope.name) throw badRequest("fieldSelector metadata.name doesn't match requested name");
  }
  const entry = await readEntry(scope, getter, stringParam(ctx.query, 'resourceVersion'));
  if (rep.as === 'object' && rep.format === 'json' && !wantsPretty(ctx)) {
    return writeParts(ctx, 200, 'application/json', [...jsonItemEncoder(scope).parts(entry), NEWLINE]);
  }
  if (rep.as === 'object' && rep.format === 'protobuf') {
    const wire = await loadProtobufWire();
    return writeBody(ctx, 200, wire.PROTOBUF_MEDIA_TYPE, wire.envelope(apiVersionOf(scope.def), scope.def.kind, protobufItemEncoder(scope, wire).of(entry)));
  }
  if (rep.as === 'object' && rep.format === 'cbor') {
    return writeBody(ctx, 200, CBOR_MEDIA_TYPE, Buffer.concat([SELF_DESCRIBED, cborItemEncoder(scope).of(entry)]));
  }
  await writeRepresentation(scope, 200, rep, { object: forEndpoint(scope, objectOf(entry)) });
}

const NEWLINE = Buffer.from('\n');

async function readEntry(scope: ResourceScope, getter: Getter, rvParam: string): Promise<CacheEntry> {
  const cache = await getter.cache();
  if (rvParam === '') {
    await cache.consistentRev();
    const entry = cache.get(getter.requestKey(scope.namespace, scope.name));
    if (!entry) throw notFound(getter.gr, scope.name);
    return entry;
  }
  let rv: number;
  try {
    rv = parseResourceVersion(rvParam);
  } catch (e) {
    // kube returns the storage layer's invalid-RV error un-wrapped: a 500 with an empty reason.
    throw unknownError((e as Error).message);
  }
  if (rv > 0) {
    try {
      await cache.waitForRev(rv);
    } catch (e) {
      if (e instanceof StorageError && e.code === 'FutureRevision') throw tooLargeResourceVersion(rv, e.rev ?? cache.currentRev);
      throw e;
    }
  }
  const entry = cache.get(getter.requestKey(scope.namespace, scope.name));
  if (!entry) throw notFound(getter.gr, scope.name);
  return entry;
}
