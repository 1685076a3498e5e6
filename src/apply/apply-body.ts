// The body of an apply patch (application/apply-patch+yaml; JSON is YAML too): decoded as sigs.k8s.io/yaml
// decodes it (YAML 1.1 scalars, last duplicate key wins), with the strict check run after the merge.
import { isMap, isScalar, parseDocument, visit, type Document } from 'yaml';
import { parseYamlDocument, yamlDocumentValue, YamlLimitError } from '../patch/yaml-decode.js';
import { badRequest } from '../errors/status.js';
import type { KObject } from '../api/object.js';

const goKind = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v);

/** The document each body decoded to, for the strict check after the merge (parsing a large body takes seconds). */
const parsedBodies = new WeakMap<Buffer, Document>();

/** The applied configuration; 400 `error decoding YAML: …` when the body is not a YAML/JSON object. */
export function decodeApplyBody(body: Buffer | string): KObject {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  let value: unknown;
  try {
    const doc = parseYamlDocument(text, { version: '1.1', uniqueKeys: false });
    if (typeof body !== 'string') parsedBodies.set(body, doc);
    if (doc.errors.length) throw badRequest(`error decoding YAML: error converting YAML to JSON: yaml: ${doc.errors[0]!.message}`);
    value = yamlDocumentValue(doc, text);
  } catch (e) {
    if (e instanceof YamlLimitError) throw badRequest(`error decoding YAML: error converting YAML to JSON: ${e.message}`);
    throw e;
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`error decoding YAML: json: cannot unmarshal ${goKind(value)} into Go value of type map[string]interface {}`);
  }
  return value as KObject;
}

/** Strict-decoding problems (repeated keys), in kube's wording; empty when none. */
export function strictApplyBodyError(body: Buffer | string): string | undefined {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  // The yaml library finds repeated keys by scanning the map for each key (quadratic: minutes for a ConfigMap of
  // 100,000 keys); a linear look first, and its findings, in its words, only when some map may repeat a key.
  const parsed = typeof body === 'string' ? undefined : parsedBodies.get(body);
  if (!mayRepeatKeys(parsed ?? parseDocument(text, { version: '1.1', uniqueKeys: false }))) return undefined;
  const doc = parseDocument(text, { version: '1.1', uniqueKeys: true, prettyErrors: false });
  const dups = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY');
  if (!dups.length) return undefined;
  const lines = dups.map((e) => {
    const line = text.slice(0, e.pos[0]).split('\n').length;
    const key = text.slice(e.pos[0], e.pos[1]).replace(/:$/, '').trim();
    return `  line ${line}: key ${JSON.stringify(key.replace(/^["']|["']$/g, ''))} already set in map`;
  });
  return `error converting YAML to JSON: yaml: unmarshal errors:\n${lines.join('\n')}`;
}

/**
 * Whether a map of the document has two keys the yaml library's uniqueKeys check could call equal (scalars of one
 * value); keys it compares by identity (collections, aliases) never are.
 */
function mayRepeatKeys(doc: Document): boolean {
  let repeated = false;
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) {
          repeated = true;
          return visit.BREAK;
        }
        seen.add(pair.key.value);
      }
      return undefined;
    },
  });
  return repeated;
}
