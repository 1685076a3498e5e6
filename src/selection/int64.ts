// Go's strconv.ParseInt(s, 10, 64): an optional sign, decimal digits, within the int64 range.
// The `>`/`<` label operators compare with it; BigInt keeps all 64 bits exact.

const DECIMAL = /^[+-]?[0-9]+$/;
const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;

export function parseInt64(s: string): bigint | undefined {
  if (!DECIMAL.test(s)) return undefined;
  const n = BigInt(s);
  return n < MIN || n > MAX ? undefined : n;
}
