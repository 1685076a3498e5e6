// YAML request bodies decoded within bounds, the way yaml.v2 (under sigs.k8s.io/yaml) bounds them in
// kube-apiserver: a nesting limit checked on the token tree before anything recurses, and yaml.v2's
// "excessive aliasing" ratio checked before aliases are expanded. The yaml package's composer and toJS
// recurse on the JavaScript stack, so nothing deeper than MAX_NESTING_DEPTH reaches them.
import { Composer, isAlias, isMap, isPair, isScalar, isSeq, Parser, type CST, type Document, type LineCounter, type Node } from 'yaml';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';

/** A body yaml.v2 refuses; the message is its text (`yaml: line 3: exceeded max depth of 500`). */
export class YamlLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YamlLimitError';
  }
}

export interface YamlDecodeOptions {
  version?: '1.1' | '1.2';
  uniqueKeys?: boolean;
  lineCounter?: LineCounter;
}

/** yaml.v2 names a line only past the first (its marks count lines from 0 and skip a 0). */
function where(text: string, offset: number): string {
  let line = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 0x0a) line++;
  return line === 0 ? '' : `line ${line + 1}: `;
}

const depthError = (text: string, offset: number): YamlLimitError =>
  new YamlLimitError(`yaml: ${where(text, offset)}exceeded max depth of ${MAX_NESTING_DEPTH}`);

/** Throws when collections in the token tree nest deeper than the limit (iterative). */
function checkTokenDepth(token: CST.Token, text: string): void {
  const stack: Array<[CST.Token, number]> = [[token, 0]];
  while (stack.length) {
    const [t, depth] = stack.pop()!;
    switch (t.type) {
      case 'document':
        if (t.value) stack.push([t.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > MAX_NESTING_DEPTH) throw depthError(text, t.offset);
        for (const item of t.items) {
          const it = item as { key?: CST.Token | null; value?: CST.Token };
          if (it.key) stack.push([it.key, depth + 1]);
          if (it.value) stack.push([it.value, depth + 1]);
        }
        break;
      }
      default:
        break;
    }
  }
}

// yaml.v2 fails once alias expansion is too large a share of all decoding (decode.go allowedAliasRatio).
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

interface Measure {
  /** How many values yaml.v2 decodes for this node, aliases expanded. */
  size: number;
  /** Nesting of collections below and including this node, aliases expanded. */
  height: number;
}

/**
 * Walks the composed document in order, as yaml.v2 decodes it, counting decoded values and those that come
 * from alias expansion; throws yaml.v2's errors for excessive aliasing, unknown anchors and self-containing
 * anchors, and the depth error when aliases make the expanded value nest deeper than the limit.
 * Returns whether the document has aliases.
 */
function checkAliases(doc: Document, text: string): boolean {
  const root = doc.contents as Node | null;
  if (!root) return false;
  const anchors = new Map<string, Node>();
  const measured = new Map<Node, Measure>();
  const open = new Set<Node>();
  let decodeCount = 1; // the document node
  let aliasCount = 0;
  let sawAlias = false;
  type Frame = { node: Node; children: Array<Node | null>; next: number; size: number; height: number };
  const childrenOf = (n: Node): Array<Node | null> => {
    if (isMap(n)) return n.items.flatMap((p) => (isPair(p) ? [p.key as Node | null, p.value as Node | null] : []));
    if (isSeq(n)) return n.items as Array<Node | null>;
    return [];
  };
  const excessive = (): boolean =>
    aliasCount > 100 && decodeCount > 1000 && aliasCount / decodeCount > allowedAliasRatio(decodeCount);
  const stack: Frame[] = [];
  const enter = (n: Node): void => {
    decodeCount++;
    if (n.anchor) anchors.set(n.anchor, n);
    open.add(n);
    stack.push({ node: n, children: childrenOf(n), next: 0, size: 1, height: 0 });
  };
  const finish = (m: Measure): void => {
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.size += m.size;
      if (m.height > parent.height) parent.height = m.height;
    }
  };
  enter(root);
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.next < f.children.length) {
      const c = f.children[f.next++];
      if (c === null || c === undefined) {
        decodeCount++;
        f.size += 1;
        continue;
      }
      if (isAlias(c)) {
        sawAlias = true;
        const target = anchors.get(c.source);
        if (!target) throw new YamlLimitError(`yaml: unknown anchor '${c.source}' referenced`);
        if (open.has(target)) throw new YamlLimitError(`yaml: anchor '${c.source}' value contains itself`);
        const m = measured.get(target)!;
        decodeCount += 1 + m.size;
        aliasCount += m.size;
        if (excessive()) throw new YamlLimitError('yaml: document contains excessive aliasing');
        finish({ size: 1 + m.size, height: m.height });
        continue;
      }
      if (isScalar(c)) {
        decodeCount++;
        if (c.anchor) {
          anchors.set(c.anchor, c);
          measured.set(c, { size: 1, height: 0 });
        }
        f.size += 1;
        continue;
      }
      enter(c as Node);
      continue;
    }
    stack.pop();
    open.delete(f.node);
    const collection = isMap(f.node) || isSeq(f.node);
    const m = { size: f.size, height: f.height + (collection ? 1 : 0) };
    if (m.height > MAX_NESTING_DEPTH) throw depthError(text, f.node.range?.[0] ?? 0);
    measured.set(f.node, m);
    finish(m);
  }
  return sawAlias;
}

/** The first document's tree, or throws YamlLimitError before anything deeper than the limit is composed. */
export function parseYamlDocument(text: string, options: YamlDecodeOptions = {}): Document.Parsed {
  const tokens = Array.from(new Parser(options.lineCounter?.addNewLine).parse(text));
  for (const t of tokens) checkTokenDepth(t, text);
  const composer = new Composer({ version: options.version ?? '1.2', uniqueKeys: options.uniqueKeys ?? true, prettyErrors: false });
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = d;
  }
  return doc!;
}

/**
 * The plain value of a parsed document (no errors) after the alias checks; expanded aliases are copies, as
 * with Go's decoder, so that later in-place edits of one place do not show in another.
 */
export function yamlDocumentValue(doc: Document.Parsed, text: string): unknown {
  // Without a '*' there is no alias: the token tree's depth check was enough.
  const aliased = text.includes('*') && checkAliases(doc, text);
  const value = doc.toJS({ maxAliasCount: -1 }) as unknown;
  return aliased && value !== undefined ? JSON.parse(JSON.stringify(value)) : value;
}
