// GET a single object (apiserver.md §3, §6.2). resourceVersion: unset = the latest from storage, "0" = any (the
// watch cache as it is), N = not older than N (the cache once it has reached N; 504 after its wait).
import { badRequest, notFound, tooLargeResourceVersion, unknownError } from '../../errors/status.js';
import type { KObject } from '../../registry/object.js';
import { StorageError } from '../../storage/interface.js';
import { negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';
import { objectOf } from '../list/entry-object.js';
import { parseResourceVersion } from '../list/list-options.js';

export async function handleGet(scope: ResourceScope): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: true, protobuf: false });
  const fs = ctx.query.get('fieldSelector');
  if (fs) {
    const m = /^metadata\.name==?(.*)$/.exec(fs);
    if (m && m[1] !== scope.name) throw badRequest("fieldSelector metadata.name doesn't match requested name");
  }
  const obj = forEndpoint(scope, await readObject(scope, ctx.query.get('resourceVersion') ?? ''));
  await writeRepresentation(scope, 200, rep, { object: obj });
}

async function readObject(scope: ResourceScope, rvParam: string): Promise<KObject> {
  if (rvParam === '') return scope.store.get(scope.namespace, scope.name);
  let rv: number;
  try {
    rv = parseResourceVersion(rvParam);
  } catch (e) {
    // kube returns the storage layer's invalid-RV error un-wrapped: a 500 with an empty reason.
    throw unknownError((e as Error).message);
  }
  const cache = await scope.store.cache();
  if (rv > 0) {
    try {
      await cache.waitForRev(rv);
    } catch (e) {
      if (e instanceof StorageError && e.code === 'FutureRevision') throw tooLargeResourceVersion(rv, e.rev ?? cache.currentRev);
      throw e;
    }
  }
  const entry = cache.get(scope.store.key(scope.namespace, scope.name));
  if (!entry) throw notFound(scope.store.gr, scope.name);
  return objectOf(entry);
}
