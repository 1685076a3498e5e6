// resource.Quantity's UnmarshalJSON errors: a JSON string (quotes stripped, spaces trimmed) or any other
// literal text must parse as a quantity; kube returns ParseQuantity's error verbatim. The parser is the
// CEL quantity library's, so both places share apimachinery's rules.

import { ERR_FORMAT_WRONG, quantityParseError } from '../cel/lib/quantity.js';

export const QUANTITY_FORMAT_ERROR = ERR_FORMAT_WRONG;

/** The error for a decoded JSON value in a Quantity field, or undefined when it parses. */
export function quantityError(v: unknown): string | undefined {
  if (typeof v === 'string') return quantityParseError(v.trim());
  if (typeof v === 'number' || typeof v === 'bigint') return quantityParseError(String(v));
  return QUANTITY_FORMAT_ERROR;
}
