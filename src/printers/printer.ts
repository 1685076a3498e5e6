// The shape of a server-side printer: its column definitions and how one object becomes a row.
import type { KObject } from '../api/object.js';

export type ColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'date';

/** metav1.TableColumnDefinition; every key is always written. */
export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

/** metav1.TableRowCondition. */
export interface TableRowCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

export type Cell = string | number | boolean | null;

export interface PrintedRow {
  cells: Cell[];
  conditions?: TableRowCondition[];
}

export interface Printer {
  columns: TableColumnDefinition[];
  /** One row for one object; `now` is epoch milliseconds. */
  row(obj: KObject, now: number): PrintedRow;
  /** Some list printers order their rows (flow schemas); others keep the list order. */
  sortList?(objs: KObject[]): KObject[];
  /** The aggregator's APIService convertor writes its columns even when headers are suppressed. */
  ignoresNoHeaders?: boolean;
}

/** A column definition with every key present; wide-only columns pass priority 1. */
export function column(name: string, type: ColumnType, description: string, options: { format?: string; priority?: number } = {}): TableColumnDefinition {
  return { name, type, format: options.format ?? '', description, priority: options.priority ?? 0 };
}

export const NAME_DESCRIPTION = 'Name of the object, unique within its namespace';
export const AGE_DESCRIPTION = 'Time elapsed since the object was created';

export const nameColumn = (): TableColumnDefinition => column('Name', 'string', NAME_DESCRIPTION, { format: 'name' });
export const ageColumn = (): TableColumnDefinition => column('Age', 'string', AGE_DESCRIPTION);
export const containersColumn = (priority = 1): TableColumnDefinition => column('Containers', 'string', 'Names of the containers in the pod template', { priority });
export const imagesColumn = (priority = 1): TableColumnDefinition => column('Images', 'string', 'Images of the containers in the pod template', { priority });
export const selectorColumn = (description = 'Label selector of the pods this object manages'): TableColumnDefinition =>
  column('Selector', 'string', description, { priority: 1 });
