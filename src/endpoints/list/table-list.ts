// A Table list in compact JSON, spliced: the printer computes every row's cells per request (Age depends on the
// time), while each row's object (PartialObjectMetadata, or the object itself) is JSON cached in the cache entry once
// per object version, as list items are. Loaded on first use, with the printers.
import type { KObject } from '../../api/object.js';
import type { CacheEntry } from '../../storage/cacher/cache-entry.js';
import type { ResourceScope } from '../resource-scope.js';
import { buildTableSkeleton, parseIncludeObject, type TableApiVersion, type TableRow } from '../table/table.js';
import { toPartialObjectMetadata, type ListMeta } from '../table/partial-object-metadata.js';
import { jsonItemEncoder } from './encode-items.js';
import { objectOf, serializedOf } from './entry-object.js';
import { presentationKey, presentObject } from './present.js';

const NULL = Buffer.from('null');

/**
 * The body of a Table list of `entries` (JSON, not indented, with a trailing newline as the JSON serializer writes) as
 * consecutive pieces, written by respond.ts' writeParts without a copy of the whole.
 */
export function tableListParts(scope: ResourceScope, entries: CacheEntry[], listMeta: ListMeta, tableApiVersion: TableApiVersion): (string | Buffer)[] {
  const includeObject = parseIncludeObject(scope.ctx.query.get('includeObject'));
  const presented = entries.map((e) => presentObject(scope, objectOf(e)));
  const { table, objects } = buildTableSkeleton({
    group: scope.def.group,
    resource: scope.def.resource,
    objects: presented,
    tableApiVersion,
    includeObject,
    listMeta,
    customColumns: scope.view?.columns,
  });
  const rows = table.rows;
  if (rows === null) return [JSON.stringify(table) + '\n'];
  const objectBytes = rowObjectBytes(scope, includeObject, tableApiVersion);
  // A printer that sorts gives the rows' objects in its order: find their entries by object then.
  let entryOf: ((i: number) => CacheEntry) | undefined;
  if (objects === presented) entryOf = (i) => entries[i]!;
  else {
    const byObject = new Map<KObject, CacheEntry>();
    presented.forEach((o, i) => byObject.set(o, entries[i]!));
    entryOf = (i) => byObject.get(objects[i]!)!;
  }
  const { rows: _, ...head } = table;
  const parts: (string | Buffer)[] = [JSON.stringify(head).slice(0, -1) + ',"rows":['];
  rows.forEach((row, i) => {
    parts.push((i > 0 ? '},' : '') + rowWithoutObject(row) + ',"object":');
    parts.push(objectBytes(entryOf(i)));
  });
  parts.push(rows.length > 0 ? '}]}\n' : ']}\n');
  return parts;
}

// A row's members before its object, as JSON.stringify writes the row without it (cells, then conditions when set),
// and without the closing brace.
function rowWithoutObject(row: TableRow): string {
  const head = `{"cells":${JSON.stringify(row.cells)}`;
  return row.conditions === undefined ? head : `${head},"conditions":${JSON.stringify(row.conditions)}`;
}

function rowObjectBytes(scope: ResourceScope, includeObject: string, tableApiVersion: TableApiVersion): (e: CacheEntry) => Buffer {
  if (includeObject === 'None') return () => NULL;
  // Built-in objects as served always carry kind and apiVersion, so the row's object is the list item itself.
  if (includeObject === 'Object') return jsonItemEncoder(scope).of;
  const key = presentationKey(scope, `pom:${tableApiVersion}`);
  const encode = (obj: KObject) => Buffer.from(JSON.stringify(toPartialObjectMetadata(presentObject(scope, obj), tableApiVersion)));
  return (e) => serializedOf(e, key, encode);
}
