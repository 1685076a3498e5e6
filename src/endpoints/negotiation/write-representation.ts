// Writes an object or a list in the negotiated representation: the object itself, a Table, or
// PartialObjectMetadata(List).
import type { KObject, KubeObject } from '../../api/object.js';
import type { ResourceScope } from '../resource-scope.js';
import type { Representation } from './negotiate.js';
import { writeEncoded } from './write-object.js';
import { storedJson } from '../../registry/stored-object.js';
import { servedJson } from '../../registry/served-json.js';
import { wantsPretty, writeParts } from '../../http/respond.js';

const NEWLINE = Buffer.from('\n');
import type * as TableModule from '../table/table.js';
import type * as PomModule from '../table/partial-object-metadata.js';

// The printers are loaded on first use: start-up stays fast and most requests never need them.
let tableModule: typeof TableModule | undefined;
let pomModule: typeof PomModule | undefined;
async function loadTransforms(): Promise<[typeof TableModule, typeof PomModule]> {
  tableModule ??= await import('../table/table.js');
  pomModule ??= await import('../table/partial-object-metadata.js');
  return [tableModule, pomModule];
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export type Payload = { object: KubeObject } | { list: KObject[]; listMeta: ListMeta };

export async function writeRepresentation(scope: ResourceScope, code: number, rep: Representation, payload: Payload): Promise<void> {
  const { ctx, def } = scope;
  if (rep.as === 'object') {
    // A large write's object as stored (registry/stored-object.ts): its JSON is the stored bytes and resourceVersion.
    // A write's object as the store encoded it (registry/served-json.ts): the same bytes, not encoded again.
    const stored = 'object' in payload && rep.format === 'json' && !wantsPretty(ctx) ? (storedJson(payload.object) ?? servedJson(payload.object)) : undefined;
    if (stored) return writeParts(ctx, code, 'application/json', [...stored, NEWLINE]);
    const body = 'object' in payload ? payload.object : { kind: def.listKind, apiVersion: def.group ? `${def.group}/${def.version}` : def.version, metadata: payload.listMeta, items: payload.list };
    return writeEncoded(ctx, code, body, rep.format);
  }
  const metaApiVersion = `meta.k8s.io/${rep.version}`;
  const [{ buildTable, parseIncludeObject }, { toPartialObjectMetadata, toPartialObjectMetadataList }] = await loadTransforms();
  if (rep.as === 'Table') {
    const includeObject = parseIncludeObject(ctx.query.get('includeObject'));
    const objects = 'object' in payload ? [payload.object] : payload.list;
    const table = buildTable({
      group: def.group,
      resource: def.resource,
      objects,
      tableApiVersion: metaApiVersion as 'meta.k8s.io/v1',
      includeObject,
      listMeta: 'listMeta' in payload ? payload.listMeta : { resourceVersion: payload.object.metadata?.resourceVersion },
      customColumns: scope.view?.columns,
    });
    return writeEncoded(ctx, code, table, rep.format);
  }
  if (rep.as === 'PartialObjectMetadata' && 'object' in payload) {
    return writeEncoded(ctx, code, toPartialObjectMetadata(payload.object, metaApiVersion), rep.format);
  }
  if ('list' in payload) {
    return writeEncoded(ctx, code, toPartialObjectMetadataList(payload.list, payload.listMeta, metaApiVersion), rep.format);
  }
}
