// Reads one page of a list: namespace scoping, limit and continue (kube's token format).
import { badRequest } from '../../errors/status.js';
import type { KObject } from '../../registry/object.js';
import type { ListMeta } from '../negotiation/write-representation.js';
import type { ResourceScope } from '../resource-scope.js';
import { decodeContinue, encodeContinue } from './continue-token.js';

export interface ListResultPage {
  items: KObject[];
  listMeta: ListMeta;
}

export async function readList(scope: ResourceScope): Promise<ListResultPage> {
  const q = scope.ctx.query;
  const limit = Number(q.get('limit') ?? 0) || 0;
  const cont = q.get('continue') ?? '';
  const prefix = scope.store.listPrefix(scope.namespace);
  let startKey: string | undefined;
  if (cont) {
    const tok = decodeContinue(cont);
    const rv = q.get('resourceVersion') ?? '';
    if (rv !== '' && rv !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    startKey = prefix + tok.start.replace(/^\//, '');
  }
  const page = await scope.store.list(scope.namespace, { limit: limit > 0 ? limit : undefined, startKey });
  const listMeta: ListMeta = { resourceVersion: String(page.rev) };
  if (page.more && page.lastKey) {
    listMeta.continue = encodeContinue(page.rev, page.lastKey.slice(prefix.length) + '\u0000');
    listMeta.remainingItemCount = page.count - page.items.length;
  }
  return { items: page.items, listMeta };
}
