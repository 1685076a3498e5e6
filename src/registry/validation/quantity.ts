// resource.Quantity for object validation: the CEL quantity library's implementation of apimachinery's
// parsing, comparison and canonical text (String() is the canonical form, or the input itself when
// ParseQuantity finds it already canonical).

import { Quantity } from '../../cel/lib/quantity.js';
import { CelLibraryError } from '../../cel/lib/errors.js';

export type { Quantity };

/** Go's ParseQuantity; undefined where it returns an error. */
export function parseQuantity(str: string): Quantity | undefined {
  try {
    return Quantity.parse(str);
  } catch (e) {
    if (e instanceof CelLibraryError) return undefined;
    throw e;
  }
}

export const compareQuantities = (a: Quantity, b: Quantity): number => a.cmp(b);

/** Quantity.String(). */
export const quantityString = (q: Quantity): string => q.toString();
