// The body of an apply patch (application/apply-patch+yaml; JSON is YAML too): decoded as sigs.k8s.io/yaml
// decodes it (YAML 1.1 scalars, last duplicate key wins), with the strict check run after the merge.
import { isMap, isScalar, visit, type Document, type YAMLError } from 'yaml';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';
import { parseYamlDocument, yamlDocumentValue, YamlLimitError } from '../patch/yaml-decode.js';
import { badRequest } from '../errors/status.js';
import type { KObject } from '../api/object.js';

const goKind = (v: unknown): string => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v);

/** The applied configuration and the strict-decoding problems of its text (repeated keys, in kube's wording). */
export interface DecodedApplyBody {
  config: KObject;
  strictError?: string;
}

/**
 * The applied configuration; 400 `error decoding YAML: …` when the body is not a YAML/JSON object. A JSON object
 * whose reading cannot differ under YAML 1.1 (see plainJsonObject) is read with JSON.parse; anything else is parsed
 * once as YAML, repeated keys reported for the strict check.
 */
export function decodeApplyBody(body: Buffer | string): DecodedApplyBody {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const fast = plainJsonObject(text);
  if (fast) return { config: fast };
  let value: unknown;
  let doc;
  try {
    // The yaml library finds repeated keys by scanning the map for each key (quadratic: minutes for a ConfigMap of
    // 100,000 keys): parse without it, look for repeats linearly, and only when a map may repeat a key parse again
    // with the library's check for its findings in its words.
    doc = parseYamlDocument(text, { version: '1.1', uniqueKeys: false });
    if (doc.errors.length) throw badRequest(`error decoding YAML: error converting YAML to JSON: yaml: ${doc.errors[0]!.message}`);
    value = yamlDocumentValue(doc, text);
    if (mayRepeatKeys(doc)) doc = parseYamlDocument(text, { version: '1.1', uniqueKeys: true });
  } catch (e) {
    if (e instanceof YamlLimitError) throw badRequest(`error decoding YAML: error converting YAML to JSON: ${e.message}`);
    throw e;
  }
  const strictError = duplicateKeysError(text, doc.errors);
  if (value === null || value === undefined) return { config: {}, strictError };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`error decoding YAML: json: cannot unmarshal ${goKind(value)} into Go value of type map[string]interface {}`);
  }
  return { config: value as KObject, strictError };
}

/** Strict-decoding problems (repeated keys), in kube's wording; undefined when none. */
function duplicateKeysError(text: string, errors: readonly YAMLError[]): string | undefined {
  const dups = errors.filter((e) => e.code === 'DUPLICATE_KEY');
  if (!dups.length) return undefined;
  const lines = dups.map((e) => {
    const line = text.slice(0, e.pos[0]).split('\n').length;
    return `  line ${line}: key ${JSON.stringify(duplicateKeyText(text, e.pos))} already set in map`;
  });
  return `error converting YAML to JSON: yaml: unmarshal errors:\n${lines.join('\n')}`;
}

/** The repeated key at an error's position (in a flow mapping the position covers only a quoted key's opening quote). */
function duplicateKeyText(text: string, [from, to]: [number, number]): string {
  const q = text[from];
  if ((q === '"' || q === "'") && to - from <= 1) {
    const end = text.indexOf(q, from + 1);
    if (end > from) return text.slice(from + 1, end);
  }
  return text.slice(from, to).replace(/:$/, '').trim().replace(/^["']|["']$/g, '');
}

/**
 * Where YAML 1.1 and JSON.parse read a text the same way: a JSON object with no escape sequence, no number with
 * an exponent or more than 15 digits, no `__proto__` key, no repeated key and no nesting beyond the limit.
 * Anything else (or a text JSON.parse refuses) goes to the YAML reader.
 */
function plainJsonObject(text: string): KObject | undefined {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x0a || text.charCodeAt(i) === 0x0d || text.charCodeAt(i) === 0x09)) i++;
  if (text.charCodeAt(i) !== 0x7b || UNSURE_IN_JSON.test(text)) return undefined;
  const keys = countJsonKeys(text);
  if (keys < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || countValueKeys(value) !== keys) return undefined;
  return value as KObject;
}

const UNSURE_IN_JSON = /\\|[0-9][eE]|[0-9]{16}|"__proto__"/;

/** Keys (strings followed by a colon) in a JSON text without escapes; -1 when nesting exceeds the limit. */
function countJsonKeys(t: string): number {
  let n = 0;
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING_DEPTH) return -1;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x22) {
      i = t.indexOf('"', i + 1);
      if (i < 0) return -1;
      let j = i + 1;
      while (j < t.length && (t.charCodeAt(j) === 0x20 || t.charCodeAt(j) === 0x0a || t.charCodeAt(j) === 0x0d || t.charCodeAt(j) === 0x09)) j++;
      if (t.charCodeAt(j) === 0x3a) n++;
    }
  }
  return n;
}

function countValueKeys(v: unknown): number {
  let n = 0;
  if (Array.isArray(v)) {
    for (const e of v) if (e !== null && typeof e === 'object') n += countValueKeys(e);
    return n;
  }
  for (const k in v as Record<string, unknown>) {
    n++;
    const e = (v as Record<string, unknown>)[k];
    if (e !== null && typeof e === 'object') n += countValueKeys(e);
  }
  return n;
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
