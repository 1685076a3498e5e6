// What a served endpoint may add to how its objects are read, printed and selected. Built-in resources have none
// (their catalog entry, printers and field sets say it all); a custom resource version gets one from its CRD.
import type { FieldSet } from '../selection/field-sets.js';
import type { KObject } from '../api/object.js';

/** A printer column defined by the resource (a CRD's additionalPrinterColumns). */
export interface PrinterColumn {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

export interface ResourceView {
  /** The object as this served version reads it; never mutates `obj`. */
  present(obj: KObject): KObject;
  /** Printer columns for Tables. */
  columns: PrinterColumn[];
  /** Field labels for field selectors. */
  fieldSet: FieldSet;
  /** Suffix for caches of serialized objects, one per registration (serializations under an older schema differ). */
  serializationKey: string;
  /** Unstructured objects: bookmarks carry no Go struct zero values. */
  unstructured: boolean;
  /** The Warning every request to this version gets. */
  deprecationWarning?: string;
  /**
   * Work to do before stored objects are presented (a CRD conversion webhook's call), for paths that present
   * them synchronously afterwards (watch events). Throws the error the reader gets.
   */
  prepare?(stored: KObject[], signal?: AbortSignal): Promise<void>;
}
