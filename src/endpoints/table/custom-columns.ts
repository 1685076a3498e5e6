// The table convertor of custom resources: Name, then the version's additionalPrinterColumns
// evaluated as JSONPath with missing keys allowed (apiserver.md §8.4).
import type { PrinterColumn } from '../../registry/resource-view.js';
import type { KObject } from '../../api/object.js';
import { goText } from '../../printers/go-text.js';
import { humanDuration } from '../../printers/human-duration.js';
import { GO_ZERO_TIME_MS, parseRFC3339 } from '../../golang/time.js';
import { evaluateJsonPath, parseJsonPath, type PathNode } from './jsonpath.js';
import { AGE_DESCRIPTION, column, NAME_DESCRIPTION, type Cell, type TableColumnDefinition } from '../../printers/printer.js';

/** One additionalPrinterColumns entry of a CRD version. */
/** A printer column a resource defines (CRD additionalPrinterColumns). */
export type CustomColumn = PrinterColumn;

/** What a version without printer columns gets (serveDefaultColumnsIfEmpty). */
export const DEFAULT_CUSTOM_COLUMNS: CustomColumn[] = [{ name: 'Age', type: 'date', description: AGE_DESCRIPTION, jsonPath: '.metadata.creationTimestamp' }];

export interface CustomColumnConvertor {
  columns: TableColumnDefinition[];
  cells(obj: KObject, now: number): Cell[];
}

/** A metav1.Time read from a query-parameter-style string: empty and "null" are the zero time. */
function dateCell(text: string, now: number): string {
  if (text === '' || text === 'null') return '<unknown>';
  const t = parseRFC3339(text);
  if (t === null) return '<invalid>';
  return t === GO_ZERO_TIME_MS ? '<unknown>' : humanDuration(now - t);
}

/** cellForJSONValue: a typed cell from the first JSONPath result, null when absent or mismatched. */
function typedCell(type: string, value: unknown, now: number): Cell {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' ? dateCell(value, now) : null;
    default:
      return null;
  }
}

export function customColumnConvertor(customColumns: CustomColumn[]): CustomColumnConvertor {
  const specs = customColumns.length > 0 ? customColumns : DEFAULT_CUSTOM_COLUMNS;
  const columns: TableColumnDefinition[] = [column('Name', 'string', NAME_DESCRIPTION, { format: 'name' })];
  const paths: (PathNode[] | null)[] = [];
  for (const c of specs) {
    let parsed: PathNode[] | null = null;
    try {
      parsed = parseJsonPath(c.jsonPath);
    } catch {
      // An unparsable path (CRD validation normally rejects it) prints no value.
    }
    paths.push(parsed);
    columns.push({
      name: c.name,
      type: c.type || 'string',
      format: c.format ?? '',
      description: c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
      priority: c.priority ?? 0,
    });
  }
  return {
    columns,
    cells(obj, now) {
      const cells: Cell[] = [typeof obj.metadata?.name === 'string' ? obj.metadata.name : ''];
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i];
        let results: unknown[] = [];
        try {
          results = path ? evaluateJsonPath(path, obj) : [];
        } catch {
          results = [];
        }
        if (results.length === 0) {
          cells.push(null);
          continue;
        }
        const type = columns[i + 1]!.type;
        cells.push(type === 'string' ? goText(results[0]) : typedCell(type, results[0], now));
      }
      return cells;
    },
  };
}
