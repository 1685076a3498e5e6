// JSON request bodies: JSON.parse for speed, with Go's syntax error texts, and repeated keys recovered by
// a second, Go-compatible parse only when a cheap key count shows the body has some.
import { GoJsonSyntaxError, parseGoJson, type GoJson } from '../../golang/encoding-json.js';
import { MAX_NESTING_DEPTH } from '../../config/nesting-depth.js';
import { recordFindings } from './decode-findings.js';

/** A malformed body; the message is Go's encoding/json text (`invalid character 'x' looking for beginning of value`). */
export class JsonBodySyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonBodySyntaxError';
  }
}

/** Parses a JSON body; repeated keys are recorded for the write hook (findingsOf). Throws JsonBodySyntaxError. */
export function parseJsonBody(body: Buffer): unknown {
  const scan = scanJsonText(body);
  let value: unknown;
  try {
    // Too deep: Go's scanner reading says where it fails first (at the depth, or at an earlier syntax error).
    if (scan.tooDeep) throw new Error('too deep');
    value = JSON.parse(body.toString('utf8'));
  } catch {
    try {
      parseGoJson(body);
    } catch (e) {
      if (e instanceof GoJsonSyntaxError) throw new JsonBodySyntaxError(e.message);
      throw e;
    }
    // Go accepts what JSON.parse rejected (not expected): use Go's reading.
    return fromTree(parseGoJson(body));
  }
  if (value !== null && typeof value === 'object' && scan.keys !== countKeys(value)) return fromTree(parseGoJson(body));
  return value;
}

/** Number of object keys in the text: strings followed by a colon. */
export function countKeyTokens(b: Buffer): number {
  return scanJsonText(b).keys;
}

/**
 * One pass over the text: the number of object keys (strings followed by a colon) and, when arrays and objects
 * nest deeper than MAX_NESTING_DEPTH.
 */
function scanJsonText(b: Buffer): { keys: number; tooDeep?: boolean } {
  let n = 0;
  let depth = 0;
  const len = b.length;
  for (let i = 0; i < len; i++) {
    const c = b[i];
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_NESTING_DEPTH) return { keys: n, tooDeep: true };
      continue;
    }
    if (c === 0x5d || c === 0x7d) {
      depth--;
      continue;
    }
    if (c !== 0x22) continue;
    i++;
    while (i < len && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
    let j = i + 1;
    while (j < len && (b[j] === 0x20 || b[j] === 0x0a || b[j] === 0x0d || b[j] === 0x09)) j++;
    if (b[j] === 0x3a) n++;
  }
  return { keys: n };
}

function countKeys(v: unknown): number {
  if (Array.isArray(v)) {
    let n = 0;
    for (const e of v) if (e !== null && typeof e === 'object') n += countKeys(e);
    return n;
  }
  let n = 0;
  for (const k in v as Record<string, unknown>) {
    n++;
    const e = (v as Record<string, unknown>)[k];
    if (e !== null && typeof e === 'object') n += countKeys(e);
  }
  return n;
}

/** The plain value of a parsed tree (later keys win), with every object that repeated keys recorded. */
function fromTree(tree: GoJson): unknown {
  const duplicated: Array<[object, Array<[string, unknown]>]> = [];
  const convert = (t: GoJson): unknown => {
    switch (t.t) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const entries: Array<[string, unknown]> = [];
        let repeated = false;
        for (const [k, child] of t.entries) {
          const v = convert(child);
          entries.push([k, v]);
          if (Object.prototype.hasOwnProperty.call(out, k)) repeated = true;
          if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
          else out[k] = v;
        }
        if (repeated) duplicated.push([out, entries]);
        return out;
      }
      case 'array':
        return t.items.map(convert);
      case 'string':
        return t.value;
      case 'number':
        return Number(t.raw);
      case 'bool':
        return t.value;
      case 'null':
        return null;
    }
  };
  const value = convert(tree);
  if (duplicated.length && value !== null && typeof value === 'object') recordFindings(value, { leading: [], duplicated });
  return value;
}
