// rest.NewDefaultTableConvertor: Name and Created At, for resources without a printer (roles,
// cluster roles, limit ranges, custom resource definitions, ...).
import type { KObject } from '../../api/object.js';
import { GO_ZERO_TIME_MS, parseRFC3339 } from '../../golang/time.js';
import { column, NAME_DESCRIPTION, type Cell, type TableColumnDefinition } from '../../printers/printer.js';

export const defaultColumns = (): TableColumnDefinition[] => [
  column('Name', 'string', NAME_DESCRIPTION, { format: 'name' }),
  column('Created At', 'date', 'Time the object was created'),
];

/** creationTimestamp.UTC().Format(time.RFC3339): whole seconds in UTC; unset is Go's zero time. */
export function createdAt(timestamp: unknown): string {
  const t = typeof timestamp === 'string' ? parseRFC3339(timestamp) : null;
  return new Date(t ?? GO_ZERO_TIME_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const defaultCells = (obj: KObject): Cell[] => [typeof obj.metadata?.name === 'string' ? obj.metadata.name : '', createdAt(obj.metadata?.creationTimestamp)];
