// LIST a collection (apiserver.md §6): negotiation, ListOptions decoding and validation, selectors, then one page
// from the watch cache with kube's resourceVersion semantics (endpoints/list/).
import { featureEnabled } from '../../features/feature-gates.js';
import { writeBody, writeParts, wantsPretty } from '../../http/respond.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation, type ListMeta } from '../negotiation/write-representation.js';
import { type ResourceScope, protobufServed } from '../resource-scope.js';
import { presentObject } from '../list/present.js';
import { cborItemEncoder, jsonItemEncoder, protobufItemEncoder } from '../list/encode-items.js';
import { CBOR_MEDIA_TYPE, listBody } from '../negotiation/cbor-wire.js';
import { loadProtobufWire } from '../serializers/protobuf.js';
import { objectOf } from '../list/entry-object.js';
import { decodeListOptions, defaultListOptions, validateListOptions } from '../list/list-options.js';
import { readList } from '../list/read-list.js';
import { selectionFor } from '../list/selection-filter.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { Lister } from '../../registry/rest.js';

export async function handleList(scope: ResourceScope, lister: Lister): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: true, transforms: true, protobuf: protobufServed(scope) });
  const opts = decodeListOptions(ctx.query);
  const watchList = featureEnabled(scope.options, 'WatchList');
  defaultListOptions(opts, watchList);
  validateListOptions(opts, watchList);
  const sel = selectionFor(scope, opts);
  const page = await readList(scope, lister, opts, sel);
  if (rep.as === 'object' && rep.format === 'json' && !wantsPretty(ctx)) return writeJSONList(scope, page.entries, page.listMeta);
  if (rep.as === 'object' && rep.format === 'protobuf') return writeProtobufList(scope, page.entries, page.listMeta);
  if (rep.as === 'object' && rep.format === 'cbor') return writeCborList(scope, page.entries, page.listMeta);
  if (rep.as === 'Table' && rep.format === 'json' && !wantsPretty(ctx)) {
    const { tableListParts } = await import('../list/table-list.js');
    return writeParts(ctx, 200, 'application/json', tableListParts(scope, page.entries, page.listMeta, `meta.k8s.io/${rep.version}` as 'meta.k8s.io/v1'));
  }
  await writeRepresentation(scope, 200, rep, { list: page.entries.map((e) => presentObject(scope, objectOf(e))), listMeta: page.listMeta });
}

// The list body spliced from the items' shared serializations (kube's field order: kind, apiVersion, metadata, items).
function writeJSONList(scope: ResourceScope, entries: CacheEntry[], listMeta: ListMeta): Promise<void> {
  const enc = jsonItemEncoder(scope);
  const head = `{"kind":${JSON.stringify(scope.def.listKind)},"apiVersion":${JSON.stringify(apiVersionOf(scope.def))},"metadata":${JSON.stringify(listMeta)},"items":[`;
  return writeParts(scope.ctx, 200, 'application/json', enc.joinedParts(head, entries, ']}\n'));
}

// The Protobuf list spliced from the items' shared message bytes.
async function writeProtobufList(scope: ResourceScope, entries: CacheEntry[], listMeta: ListMeta): Promise<void> {
  const wire = await loadProtobufWire();
  const enc = protobufItemEncoder(scope, wire);
  const items = entries.map((e) => enc.of(e));
  await writeBody(scope.ctx, 200, wire.PROTOBUF_MEDIA_TYPE, wire.listEnvelope(apiVersionOf(scope.def), scope.def.listKind, listMeta as Record<string, never>, items));
}

// The CBOR list spliced from the items' shared data items.
function writeCborList(scope: ResourceScope, entries: CacheEntry[], listMeta: ListMeta): void | Promise<void> {
  const enc = cborItemEncoder(scope);
  return writeBody(scope.ctx, 200, CBOR_MEDIA_TYPE, listBody(apiVersionOf(scope.def), scope.def.listKind, listMeta, entries.map((e) => enc.of(e))));
}
