// Strict errors of a body decoded into map[string]interface{} (custom resources): the decode-time findings
// (YAML duplicate keys, JSON-patch operation errors) and every repeated JSON key at any depth, in decode
// order — what sigs.k8s.io/json reports for unstructured objects. Unknown fields come from pruning instead.
import { goQuote } from '../../golang/strconv.js';
import { duplicateEntries, findingsOf } from './decode-findings.js';

const MAX_STRICT_ERRORS = 100;

export function unstructuredStrictErrors(obj: object): string[] {
  const f = findingsOf(obj);
  if (!f) return [];
  const out = [...f.leading];
  const dups = duplicateEntries(f);
  if (!dups) return out;
  const seenTexts = new Set(out);
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) {
      v.forEach((e, i) => walk(e, `${path}[${i}]`));
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const entries = dups.get(v);
    if (!entries) {
      for (const [k, e] of Object.entries(v)) walk(e, path ? `${path}.${k}` : k);
      return;
    }
    const seen = new Set<string>();
    for (const [k, e] of entries) {
      const p = path ? `${path}.${k}` : k;
      if (seen.has(k)) {
        const text = `duplicate field ${goQuote(p)}`;
        if (!seenTexts.has(text) && out.length < MAX_STRICT_ERRORS) {
          seenTexts.add(text);
          out.push(text);
        }
      }
      seen.add(k);
      walk(e, p);
    }
  };
  walk(obj, '');
  return out;
}
