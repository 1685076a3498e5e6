import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NESTING_DEPTH } from '../config/nesting-depth.js';
import { parseYamlDocument, yamlDocumentValue, YamlLimitError } from './yaml-decode.js';

const decode = (text: string): unknown => {
  const doc = parseYamlDocument(text, { version: '1.1', uniqueKeys: false });
  if (doc.errors.length) throw doc.errors[0];
  return yamlDocumentValue(doc, text);
};
const failure = (text: string): string => {
  try {
    decode(text);
    return 'no error';
  } catch (e) {
    assert.ok(e instanceof YamlLimitError, String(e));
    return e.message;
  }
};

test('flow, block and mixed nesting up to the limit decodes; one more is yaml.v2\'s depth error', () => {
  const n = MAX_NESTING_DEPTH;
  assert.equal(failure('['.repeat(n) + ']'.repeat(n)), 'no error');
  assert.equal(failure('['.repeat(n + 1) + ']'.repeat(n + 1)), `yaml: exceeded max depth of ${n}`);
  assert.equal(failure('- '.repeat(n) + 'x\n'), 'no error');
  assert.equal(failure('- '.repeat(n + 1) + 'x\n'), `yaml: exceeded max depth of ${n}`);
  let block = '';
  for (let i = 0; i <= n; i++) block += `${' '.repeat(i)}a:\n`;
  assert.equal(failure(block + ' '.repeat(n + 1) + 'x\n'), `yaml: line ${n + 1}: exceeded max depth of ${n}`);
});

test('a body far deeper than the stack can hold fails without recursing', () => {
  assert.equal(failure('['.repeat(200_000)), `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`);
  assert.equal(failure('{a: '.repeat(100_000)), `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`);
});

test('aliases count their target\'s nesting where they are used', () => {
  const half = Math.floor(MAX_NESTING_DEPTH / 2);
  const text = (extra: number) => `a: &a ${'['.repeat(half)}${']'.repeat(half)}\nb: ${'['.repeat(half + extra)}*a${']'.repeat(half + extra)}\n`;
  // The document's map adds one level: `b`'s value may nest one less than the limit.
  assert.equal(failure(text(-1)), 'no error');
  assert.equal(failure(text(1)), `yaml: line 2: exceeded max depth of ${MAX_NESTING_DEPTH}`);
});

test('yaml.v2\'s aliasing ratio: a bomb fails, ordinary reuse decodes into independent copies', () => {
  const bomb = ['a: &a [x,x,x,x,x,x,x,x,x]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)].join('\n');
  assert.equal(failure(bomb), 'yaml: document contains excessive aliasing');
  const v = decode('l: &l {app: web}\nm: *l\n') as { l: Record<string, string>; m: Record<string, string> };
  assert.deepEqual(v, { l: { app: 'web' }, m: { app: 'web' } });
  v.l.app = 'changed';
  assert.equal(v.m.app, 'web');
});

test('unknown and self-containing anchors are yaml.v2\'s errors', () => {
  assert.equal(failure('a: *nope\n'), "yaml: unknown anchor 'nope' referenced");
  assert.equal(failure('a: &x [1, *x]\n'), "yaml: anchor 'x' value contains itself");
});
