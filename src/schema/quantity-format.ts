// resource.Quantity's UnmarshalJSON errors: a JSON string (quotes stripped, spaces trimmed) or any other
// literal text must parse as a quantity; kube returns ParseQuantity's error verbatim. The parser is the
// CEL quantity library's, so both places share apimachinery's rules.

import { CelLibraryError } from '../cel/lib/errors.js';
import { ERR_FORMAT_WRONG, Quantity } from '../cel/lib/quantity.js';

export const QUANTITY_FORMAT_ERROR = ERR_FORMAT_WRONG;

/**
 * UnmarshalJSON then MarshalJSON, as a typed kube object round-trips a Quantity field: the text kube
 * writes back (the input when already canonical, else the canonical form), or the parse error.
 */
export function decodeQuantity(v: unknown): { text: string } | { error: string } {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return { error: QUANTITY_FORMAT_ERROR };
  try {
    return { text: Quantity.parse(typeof v === 'string' ? v.trim() : String(v)).toString() };
  } catch (e) {
    if (e instanceof CelLibraryError) return { error: e.message };
    throw e;
  }
}
