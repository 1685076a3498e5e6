// Compile-time problems (parse and check errors), printed exactly as cel-go's Errors.ToDisplayString:
//   ERROR: <input>:L:C: message
//    | source line
//    | ....^
import type { SourceInfo } from './ast.js';

export interface Issue {
  /** Offset in the source (code units), or -1 when the problem has no location. */
  offset: number;
  message: string;
  exprId: number;
}

const MAX_ISSUES = 100;
const MAX_SNIPPET = 16384;

export class Issues {
  readonly list: Issue[] = [];
  private count = 0;

  constructor(readonly source: SourceInfo) {}

  report(offset: number, message: string, exprId = 0): void {
    this.count++;
    if (this.count > MAX_ISSUES) return;
    this.list.push({ offset, message, exprId });
  }

  get empty(): boolean {
    return this.count === 0;
  }

  toDisplayString(): string {
    const located = this.list.map((issue) => ({ issue, loc: issue.offset < 0 ? { line: -1, column: -1 } : this.source.location(issue.offset) }));
    // Stable sort by line then column, as cel-go does.
    located.sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column);
    const out = located.map(({ issue, loc }) => displayIssue(this.source, loc.line, loc.column, issue.message));
    if (this.count > MAX_ISSUES) out.push(`${this.count - MAX_ISSUES} more errors were truncated`);
    return out.join('\n');
  }
}

function displayIssue(source: SourceInfo, line: number, column: number, message: string): string {
  let result = `ERROR: ${source.description}:${line}:${column + 1}: ${message}`;
  if (line < 1) return result;
  const raw = source.lineText(line);
  if (raw.length > MAX_SNIPPET) return result;
  const snippet = raw.replace(/\t/g, ' ');
  const chars = [...snippet];
  let ind = '';
  for (let i = 0; i < column && i < chars.length; i++) ind += utf8Width(chars[i]) > 1 ? '\uff0e' : '.';
  ind += column < chars.length && utf8Width(chars[column]) > 1 ? '\uff3e' : '^';
  return `${result}\n | ${snippet}\n | ${ind}`;
}

function utf8Width(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** A compile failure: the issues as cel-go prints them. */
export class CelCompileError extends Error {
  constructor(readonly issues: Issues) {
    super(issues.toDisplayString());
    this.name = 'CelCompileError';
  }
}
