// Builds the metav1.Table kube-apiserver answers for `Accept: application/json;as=Table;...`
// (apiserver.md §8.2): column definitions and rows from the resource's printer, the default
// convertor or a custom resource's printer columns, with each row's object as includeObject asks.
import type { KObject } from '../../api/object.js';
import { badRequest } from '../../errors/status.js';
import { fieldErr, fieldErrorText } from '../../errors/field-error.js';
import { customColumnConvertor, type CustomColumn } from './custom-columns.js';
import { defaultCells, defaultColumns } from './default-convertor.js';
import { listMetaJSON, toPartialObjectMetadata, type ListMeta } from './partial-object-metadata.js';
import type { Cell, TableColumnDefinition, TableRowCondition } from '../../printers/printer.js';
import { printerFor } from '../../registry/resources/index.js';

export type { CustomColumn } from './custom-columns.js';
export type { ListMeta } from './partial-object-metadata.js';
export type { TableColumnDefinition, TableRowCondition } from '../../printers/printer.js';

export type IncludeObject = 'None' | 'Metadata' | 'Object';
export type TableApiVersion = 'meta.k8s.io/v1' | 'meta.k8s.io/v1beta1';

export interface TableRow {
  cells: Cell[];
  conditions?: TableRowCondition[];
  object: KObject | null;
}

export interface Table {
  kind: 'Table';
  apiVersion: TableApiVersion;
  metadata: ListMeta;
  columnDefinitions: TableColumnDefinition[] | null;
  rows: TableRow[] | null;
}

export interface BuildTableInput {
  group: string;
  resource: string;
  /** The list items, or the one object of a GET (then listMeta carries its resourceVersion). */
  objects: KObject[];
  tableApiVersion: TableApiVersion;
  includeObject: IncludeObject;
  listMeta?: ListMeta;
  /** Watch events after the first suppress the headers. */
  noHeaders?: boolean;
  now?: Date;
  /** A custom resource's printer columns for the served version (empty: the default Age column). */
  customColumns?: CustomColumn[];
  /** TypeMeta written on includeObject=Object rows whose objects lack it. */
  apiVersion?: string;
  kind?: string;
}

const INCLUDE_OBJECT_VALUES: readonly string[] = ['None', 'Metadata', 'Object'];

/** The includeObject query parameter: absent or empty means Metadata; anything else unknown is a 400. */
export function parseIncludeObject(q: string | null | undefined): IncludeObject {
  if (q === null || q === undefined || q === '') return 'Metadata';
  if (INCLUDE_OBJECT_VALUES.includes(q)) return q as IncludeObject;
  const err = fieldErr.invalid('includeObject', q, "must be 'Metadata', 'Object', 'None', or empty");
  throw badRequest(`Unable to convert to Table as requested: ${fieldErrorText(err)}`);
}

/** Whether a built-in resource has its own printer (otherwise the default Name / Created At columns). */
export function hasTablePrinter(group: string, resource: string): boolean {
  return printerFor(group, resource) !== undefined;
}

function rowObject(obj: KObject, input: BuildTableInput): KObject | null {
  switch (input.includeObject) {
    case 'None':
      return null;
    case 'Object': {
      if ((obj.kind !== undefined && obj.apiVersion !== undefined) || (!input.kind && !input.apiVersion)) return obj;
      const { kind, apiVersion, ...rest } = obj;
      return { kind: kind ?? input.kind, apiVersion: apiVersion ?? input.apiVersion, ...rest };
    }
    default:
      return toPartialObjectMetadata(obj, input.tableApiVersion);
  }
}

interface Converted {
  columns: TableColumnDefinition[];
  rows: Omit<TableRow, 'object'>[] | null;
  objects: KObject[];
  ignoresNoHeaders: boolean;
}

function convert(input: BuildTableInput, now: number): Converted {
  if (input.customColumns !== undefined) {
    const convertor = customColumnConvertor(input.customColumns);
    return { columns: convertor.columns, rows: input.objects.map((o) => ({ cells: convertor.cells(o, now) })), objects: input.objects, ignoresNoHeaders: false };
  }
  const printer = printerFor(input.group, input.resource);
  if (printer) {
    const objects = printer.sortList && input.objects.length > 1 ? printer.sortList(input.objects) : input.objects;
    const rows = objects.map((o) => {
      const printed = printer.row(o, now);
      return printed.conditions ? { cells: printed.cells, conditions: printed.conditions } : { cells: printed.cells };
    });
    return { columns: printer.columns, rows, objects, ignoresNoHeaders: printer.ignoresNoHeaders === true };
  }
  // The default convertor appends to a nil slice: an empty list has "rows": null.
  const rows = input.objects.length === 0 ? null : input.objects.map((o) => ({ cells: defaultCells(o) }));
  return { columns: defaultColumns(), rows, objects: input.objects, ignoresNoHeaders: false };
}

export function buildTable(input: BuildTableInput): Table {
  const { table, objects } = buildTableSkeleton(input);
  if (table.rows) table.rows.forEach((r, i) => (r.object = rowObject(objects[i]!, input)));
  return table;
}

/**
 * The Table with every row's object left null, and the objects of the rows in row order (a printer may sort them):
 * lists splice each row's object from bytes cached per object version instead of encoding it again.
 */
export function buildTableSkeleton(input: BuildTableInput): { table: Table; objects: KObject[] } {
  const now = (input.now ?? new Date()).getTime();
  const converted = convert(input, now);
  const headers = !input.noHeaders || converted.ignoresNoHeaders;
  const table: Table = {
    kind: 'Table',
    apiVersion: input.tableApiVersion,
    metadata: listMetaJSON(input.listMeta),
    columnDefinitions: headers ? converted.columns.map((c) => ({ ...c })) : null,
    rows: converted.rows === null ? null : converted.rows.map((r) => ({ ...r, object: null })),
  };
  return { table, objects: converted.objects };
}
