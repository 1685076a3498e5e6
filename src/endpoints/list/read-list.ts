// Reads one page of a list from the watch cache with kube's resourceVersion semantics (apiserver.md §6.1–6.2 and the
// seed's list table):
//   RV unset → most recent (consistent read)      RV "0" → any (limit ignored, as kube's watch cache does)
//   RV N     → not older than N; with a limit, exactly N (legacy rule)
//   resourceVersionMatch=Exact → exactly N        resourceVersionMatch=NotOlderThan → not older than N ("0": any)
//   continue → the next page at the token's snapshot (exact), or at the latest revision for an rv -1 token.
import { featureEnabled } from '../../features/feature-gates.js';
import type { Lister } from '../../registry/rest.js';
import { badRequest, expired, StatusError, tooLargeResourceVersion } from '../../errors/status.js';
import { StorageError } from '../../storage/interface.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { CacheListOptions, CacheListResult } from '../../storage/cacher/watch-cache.js';
import type { ListMeta } from '../negotiation/write-representation.js';
import type { ResourceScope } from '../resource-scope.js';
import { decodeContinue, encodeContinue } from './continue-token.js';
import type { KObject } from '../../api/object.js';
import { objectOf } from './entry-object.js';
import { decodeListOptions, parseResourceVersion, validateListOptions, type ListOptions } from './list-options.js';
import { selectionFor, type Selection } from './selection-filter.js';

export interface ListRead {
  entries: CacheEntry[];
  /** The entries' objects (shared with the cache: do not mutate). */
  readonly items: KObject[];
  listMeta: ListMeta;
}

export const TOO_OLD_LIST = 'The resourceVersion for the provided list is too old.';
export const CONTINUE_EXPIRED =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.';
export const CONTINUE_INCONSISTENT =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** How one list request reads the cache. */
export interface ListPlan {
  cache: CacheListOptions;
  /** kube serves this page from its watch cache (its token's start key then has a leading "/"). */
  fromCache: boolean;
  /** The token being continued, for the 410 that hands out an rv -1 token. */
  continueStart?: string;
}

/** Chooses the read for a request (throws the 400s of a bad token, RV with continue, or a non-numeric RV). */
export function planList(opts: ListOptions, prefix: string, sel: Selection): ListPlan {
  const plan = planRead(opts, prefix, sel);
  // The label index is a hint beside the filter: the cache uses it for reads of its current state.
  if (sel.index) plan.cache.labelIndex = sel.index;
  return plan;
}

function planRead(opts: ListOptions, prefix: string, sel: Selection): ListPlan {
  const limit = opts.limit > 0 ? opts.limit : undefined;
  const filter = sel.filter;
  if (opts.continue) {
    const tok = decodeContinue(opts.continue);
    if (opts.resourceVersion !== '' && opts.resourceVersion !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    const startKey = prefix + tok.start;
    const cache: CacheListOptions = tok.rv > 0 ? { rev: tok.rv, exact: true, limit, startKey, filter } : { limit, startKey, filter };
    return { cache, fromCache: false, continueStart: tok.start };
  }
  let rv: number;
  try {
    rv = parseResourceVersion(opts.resourceVersion);
  } catch (e) {
    throw badRequest(`invalid resource version: ${(e as Error).message}`);
  }
  const match = opts.resourceVersionMatch;
  if (opts.resourceVersion === '') return { cache: { consistent: true, limit, filter }, fromCache: true };
  if (rv === 0) return { cache: { filter }, fromCache: true };
  if (match === 'Exact' || (match === '' && limit)) return { cache: { rev: rv, exact: true, limit, filter }, fromCache: false };
  return { cache: { rev: rv, limit, filter }, fromCache: true };
}

/** Reads the page a plan describes and builds its list metadata (continue token, remainingItemCount). */
export async function readList(scope: ResourceScope, lister: Lister, opts?: ListOptions, sel?: Selection): Promise<ListRead> {
  // Callers such as deletecollection pass nothing: the request's own list options and selectors apply.
  if (!opts) {
    opts = decodeListOptions(scope.ctx.query);
    validateListOptions(opts, featureEnabled(scope.options, 'WatchList'));
  }
  sel ??= selectionFor(scope, opts);
  const prefix = lister.listPrefix(scope.namespace);
  const plan = planList(opts, prefix, sel);
  const cache = await lister.cache();
  let result: CacheListResult;
  try {
    result = await cache.list(prefix, plan.cache);
  } catch (e) {
    throw listError(e, plan);
  }
  const listMeta: ListMeta = { resourceVersion: String(result.rev) };
  const last = result.entries.at(-1);
  if (result.more && last) {
    listMeta.continue = encodeContinue(result.rev, last.key.slice(prefix.length) + '\u0000', { fromCache: plan.fromCache });
    // Only without selectors: the count covers keys, not matches (kube returns nil otherwise).
    if (sel.empty && plan.cache.limit) listMeta.remainingItemCount = result.count - plan.cache.limit;
  }
  const entries = result.entries;
  return {
    entries,
    get items() {
      return entries.map(objectOf);
    },
    listMeta,
  };
}

function listError(e: unknown, plan: ListPlan): unknown {
  if (!(e instanceof StorageError)) return e;
  if (e.code === 'TooOld') {
    if (plan.continueStart === undefined) return expired(TOO_OLD_LIST);
    const err = expired(CONTINUE_INCONSISTENT);
    return new StatusError({ ...err.status, metadata: { continue: encodeContinue(-1, plan.continueStart) } });
  }
  if (e.code === 'FutureRevision') return tooLargeResourceVersion(plan.cache.rev ?? 0, e.rev ?? 0);
  return e;
}
