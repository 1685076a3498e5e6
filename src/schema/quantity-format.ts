// resource.Quantity's UnmarshalJSON errors: a JSON string (quotes stripped) or any other literal text must
// parse as a quantity; kube returns ParseQuantity's error verbatim.

export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const SUFFIXES = new Set(['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E']);

/** The error for a decoded JSON value in a Quantity field, or undefined when it parses. */
export function quantityError(v: unknown): string | undefined {
  let text: string;
  if (typeof v === 'string') text = v.trim();
  else if (typeof v === 'number' || typeof v === 'bigint') text = String(v);
  else return QUANTITY_FORMAT_ERROR;
  const m = QUANTITY_RE.exec(text);
  if (!m) return QUANTITY_FORMAT_ERROR;
  const [, num, suffix] = m as unknown as [string, string, string];
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(num)) return 'unable to parse numeric part of quantity';
  if (!SUFFIXES.has(suffix) && !/^[eE][-+]?\d+$/.test(suffix)) return "unable to parse quantity's suffix";
  return undefined;
}
