// YAML request bodies. Repeated keys are kept (the last wins, as in kube's YAML-to-JSON conversion) and
// reported the way kube's strict YAML pass (yaml.v2 UnmarshalStrict) words them:
// `yaml: unmarshal errors:\n  line 4: key "a" already set in map` — one error for the whole body.
import { isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import { parseYamlDocument, yamlDocumentValue } from '../../patch/yaml-decode.js';
import { goQuote } from '../../golang/strconv.js';
import { recordFindings } from './decode-findings.js';

/**
 * Parses a YAML body; throws the yaml package's syntax error, or YamlLimitError for nesting and aliasing
 * beyond yaml.v2's bounds. Duplicate keys are recorded for the hook.
 */
export function parseYamlBody(body: Buffer): unknown {
  const lineCounter = new LineCounter();
  const text = body.toString('utf8');
  const doc = parseYamlDocument(text, { uniqueKeys: false, lineCounter });
  if (doc.errors.length) throw doc.errors[0];
  const value = yamlDocumentValue(doc, text);
  const lines: string[] = [];
  collectDuplicates(doc.contents, lineCounter, lines);
  if (lines.length && value !== null && typeof value === 'object') {
    recordFindings(value, { leading: [`yaml: unmarshal errors:\n  ${lines.join('\n  ')}`], duplicated: [] });
  }
  return value;
}

/** yaml.v2 prints the key with %#v. */
function goKey(key: unknown): string {
  if (typeof key === 'string') return goQuote(key);
  if (key === null || key === undefined) return '<nil>';
  return String(key);
}

// yaml.v2 checks a key after decoding its value (so errors inside come first) and names the value's line.
function collectDuplicates(node: unknown, lc: LineCounter, out: string[]): void {
  if (isSeq(node)) {
    for (const item of node.items) collectDuplicates(item, lc, out);
    return;
  }
  if (!isMap(node)) return;
  const seen = new Set<unknown>();
  for (const pair of node.items) {
    collectDuplicates(pair.value, lc, out);
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    if (seen.has(key)) {
      const at = (pair.value as Node | null)?.range?.[0] ?? (pair.key as Node | null)?.range?.[0] ?? 0;
      out.push(`line ${lc.linePos(at).line}: key ${goKey(key)} already set in map`);
    }
    seen.add(key);
  }
}
