// WATCH a collection or one object: newline-delimited JSON events (apiserver.md §5). Problems found before the stream
// starts are ordinary error responses; once it has started (200), a failure is one ERROR event and a clean end.
import { featureEnabled } from '../../features/feature-gates.js';
import { notAcceptable, unknownError } from '../../errors/status.js';
import { cborServed, negotiate, watchMediaTypesOf } from '../negotiation/negotiate.js';
import { type ResourceScope, protobufServed } from '../resource-scope.js';
import { decodeListOptions, defaultListOptions, parseResourceVersion, validateListOptions } from '../list/list-options.js';
import { selectionFor } from '../list/selection-filter.js';
import { watchEncoderFor } from '../list/watch-encoder.js';
import { planWatch, serveWatch } from '../list/watch-session.js';
import type { Watcher } from '../../registry/rest.js';

export async function handleWatch(scope: ResourceScope, watcher: Watcher): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: true, protobuf: protobufServed(scope) });
  // YAML has no streaming serializer: kube refuses the watch when YAML is what negotiation picked.
  if (rep.format === 'yaml') throw notAcceptable(`only the following media types are accepted: ${watchMediaTypesOf(cborServed(ctx)).join(', ')}`);
  const opts = decodeListOptions(ctx.query);
  const watchList = featureEnabled(scope.options, 'WatchList');
  defaultListOptions(opts, watchList);
  validateListOptions(opts, watchList);
  const sel = selectionFor(scope, opts);
  let rv: number;
  try {
    rv = parseResourceVersion(opts.resourceVersion);
  } catch (e) {
    // As kube: the storage layer's error comes back un-wrapped, a 500 with an empty reason.
    throw unknownError((e as Error).message);
  }
  const encoder = await watchEncoderFor(scope, rep);
  const cache = await watcher.cache();
  await serveWatch(scope, watcher, opts, sel, planWatch(opts, rv, sel), encoder, cache);
}
