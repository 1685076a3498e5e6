// The deepest nesting of arrays and objects kubelite accepts in any request body or patch result.
// kube-apiserver's decoders stop at 10000 (Go's encoding/json scanner and yaml.v2's flow and indent
// levels); kubelite's decoders, merges and validators recurse on the JavaScript stack, which holds
// roughly a thousand levels of the deepest of them, so the limit is lower (docs/deviations.md).
export const MAX_NESTING_DEPTH = 500;

/** Whether a decoded JSON value nests arrays and objects deeper than `limit` (iterative: safe at any depth). */
export function nestingExceeds(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > limit) return true;
    const children = Array.isArray(v) ? v : Object.values(v as object);
    for (const c of children) if (c !== null && typeof c === 'object') stack.push([c, depth + 1]);
  }
  return false;
}
