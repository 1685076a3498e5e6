import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tests as parsingVectors } from '@bufbuild/cel-spec/testdata/parsing.js';
import { parse } from './parser.js';
import { STANDARD_MACROS, OPTIONAL_MACROS } from './macros.js';
import { toDebugString, kindAdorner } from './debug.js';

const options = { macros: [...STANDARD_MACROS, ...OPTIONAL_MACROS], enableOptionalSyntax: true };

// cel-go's byte escapes in the debug form differ from ours only in how non-printable bytes are quoted.
const comparable = (s: string) => s;

test('parser: cel-go parsing vectors produce the same trees', () => {
  const failures: string[] = [];
  let compared = 0;
  for (const t of parsingVectors.tests ?? []) {
    if (!t.ast) continue;
    const expr = t.original.expr as string;
    const r = parse(expr, options);
    compared++;
    if (!r.expr) { failures.push(`${expr}: ${r.issues.toDisplayString()}`); continue; }
    const got = toDebugString(r.expr, kindAdorner);
    if (comparable(got) !== comparable(t.ast)) failures.push(`${expr}\n--- got\n${got}\n--- want\n${t.ast}`);
  }
  assert.ok(compared > 100);
  assert.deepEqual(failures, []);
});

// Vectors whose messages come from ANTLR machinery this parser does not reproduce (docs/deviations.md): a failed
// prediction inside a run of unary minus, and cel-go's error-recovery attempt and lookahead limits.
const GRAMMAR_ERROR_DIFFERENCES = new Set(['--', 'a ? b ((?))', 'x{?.']);
const differsByRecoveryLimit = (error: string) => /recovery (attempt|token lookahead) limit exceeded/.test(error);

test('parser: cel-go parsing vectors that fail also fail here, with the same message list', () => {
  const failures: string[] = [];
  let syntaxCompared = 0;
  for (const t of parsingVectors.tests ?? []) {
    if (t.ast || !t.error) continue;
    const expr = t.original.expr as string;
    // Vectors made with optional syntax or backticks disabled, or with low recursion limits, use other options.
    if (/unsupported syntax|recursion/.test(t.error)) continue;
    const r = parse(expr, options, '');
    if (r.expr) { failures.push(`${expr}: parsed`); continue; }
    if (GRAMMAR_ERROR_DIFFERENCES.has(expr) || differsByRecoveryLimit(t.error)) continue;
    if (t.error.includes('Syntax error')) syntaxCompared++;
    const got = r.issues.toDisplayString();
    if (got !== t.error) failures.push(`${expr}\n--- got\n${got}\n--- want\n${t.error}`);
  }
  assert.ok(syntaxCompared >= 25, `${syntaxCompared} vectors with syntax errors compared`);
  assert.deepEqual(failures, []);
});

// Cases from cel-go's parser tests (the cel-spec parsing vectors), spelled out.
test('parser: every syntax error is reported, as cel-go\'s ANTLR error recovery finds them', () => {
  const display = (e: string) => parse(e, options).issues.toDisplayString().split('\n').filter((l) => l.startsWith('ERROR')).join('\n');
  const operand = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";
  assert.equal(display('1 + +'), [
    `ERROR: <input>:1:5: Syntax error: mismatched input '+' expecting ${operand}`,
    `ERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting ${operand}`,
  ].join('\n'));
  assert.equal(display('a | b'), ["ERROR: <input>:1:3: Syntax error: token recognition error at: '| '", "ERROR: <input>:1:5: Syntax error: extraneous input 'b' expecting <EOF>"].join('\n'));
  assert.equal(display('in'), [
    `ERROR: <input>:1:1: Syntax error: mismatched input 'in' expecting ${operand}`,
    `ERROR: <input>:1:3: Syntax error: mismatched input '<EOF>' expecting ${operand}`,
  ].join('\n'));
  assert.equal(display('msg{:a}'), [
    "ERROR: <input>:1:5: Syntax error: extraneous input ':' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}",
    "ERROR: <input>:1:7: Syntax error: mismatched input '}' expecting ':'",
  ].join('\n'));
});

test('parser: errors are printed as cel-go prints them', () => {
  const r = parse('self.replicas + ', options);
  assert.equal(r.issues.toDisplayString(), "ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.replicas + \n | ................^");
});

test('parser: recursion limit', () => {
  const deep = '['.repeat(300) + ']'.repeat(300);
  const r = parse(deep, options);
  assert.equal(r.expr, undefined);
  assert.match(r.issues.toDisplayString(), /recursion/);
  assert.ok(parse('['.repeat(100) + ']'.repeat(100), options).expr);
});

test('parser: recursion limits of cel-go\'s vectors (made with a limit of 32) give the same texts', () => {
  const failures: string[] = [];
  let compared = 0;
  for (const t of parsingVectors.tests ?? []) {
    if (!t.error || !/recursion/.test(t.error) || /Syntax error/.test(t.error)) continue;
    compared++;
    const r = parse(t.original.expr as string, { ...options, maxRecursionDepth: 32 }, '');
    const got = r.issues.toDisplayString();
    if (got !== t.error) failures.push(`${t.original.expr}\n--- got\n${got}\n--- want\n${t.error}`);
  }
  assert.ok(compared >= 5);
  assert.deepEqual(failures, []);
});
