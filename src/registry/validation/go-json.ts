// The error Go's json.Unmarshal gives when decoding bytes into a map[string]interface{}: its scanner's
// syntax messages (`invalid character 'x' looking for beginning of value`, `unexpected end of JSON input`)
// or the type mismatch of the top-level value. Secrets of the docker config types show these texts.

class SyntaxError extends Error {}
const EOF = -1;

/** Go's quoteChar: 'x', with \' and strconv.Quote escapes for the rest. */
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const ch = String.fromCharCode(c);
  if (c >= 0x20 && c < 0x7f) return `'${ch}'`;
  if (c === 0x07) return "'\\a'";
  const named: Record<number, string> = { 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };
  if (named[c]) return `'${named[c]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  if (c < 0xa0 || c === 0xad) return `'\\u${c.toString(16).padStart(4, '0')}'`;
  return `'${ch}'`;
}

class Scanner {
  private i = 0;
  constructor(private readonly b: Buffer) {}

  private peek(): number {
    return this.i < this.b.length ? this.b[this.i]! : EOF;
  }
  private fail(c: number, context: string): never {
    if (c === EOF) throw new SyntaxError('unexpected end of JSON input');
    throw new SyntaxError(`invalid character ${quoteChar(c)} ${context}`);
  }
  private ws(): void {
    while ([0x20, 0x09, 0x0a, 0x0d].includes(this.peek())) this.i++;
  }
  private expect(ok: (c: number) => boolean, context: string): number {
    const c = this.peek();
    if (c === EOF || !ok(c)) this.fail(c, context);
    this.i++;
    return c;
  }

  /** Scans one value and returns its kind as Go's UnmarshalTypeError names it. */
  value(): string {
    this.ws();
    const c = this.peek();
    if (c === 0x7b) return this.object();
    if (c === 0x5b) return this.array();
    if (c === 0x22) return (this.string(), 'string');
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return (this.number(), 'number');
    if (c === 0x74) return (this.literal('true'), 'bool');
    if (c === 0x66) return (this.literal('false'), 'bool');
    if (c === 0x6e) return (this.literal('null'), 'null');
    return this.fail(c, 'looking for beginning of value');
  }

  private object(): string {
    this.i++;
    this.ws();
    if (this.peek() === 0x7d) return (this.i++, 'object');
    for (;;) {
      this.ws();
      if (this.peek() !== 0x22) this.fail(this.peek(), 'looking for beginning of object key string');
      this.string();
      this.ws();
      this.expect((c) => c === 0x3a, 'after object key');
      this.value();
      this.ws();
      const c = this.expect((x) => x === 0x2c || x === 0x7d, 'after object key:value pair');
      if (c === 0x7d) return 'object';
    }
  }

  private array(): string {
    this.i++;
    this.ws();
    if (this.peek() === 0x5d) return (this.i++, 'array');
    for (;;) {
      this.value();
      this.ws();
      const c = this.expect((x) => x === 0x2c || x === 0x5d, 'after array element');
      if (c === 0x5d) return 'array';
    }
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.peek();
      if (c === EOF) this.fail(c, '');
      this.i++;
      if (c === 0x22) return;
      if (c < 0x20) this.fail(c, 'in string literal');
      if (c === 0x5c) {
        const e = this.expect((x) => '"\\/bfnrtu'.includes(String.fromCharCode(x)), 'in string escape code');
        if (e === 0x75) for (let k = 0; k < 4; k++) this.expect((x) => /[0-9a-fA-F]/.test(String.fromCharCode(x)), 'in \\u hexadecimal character escape');
      }
    }
  }

  private number(): void {
    const digit = (c: number): boolean => c >= 0x30 && c <= 0x39;
    if (this.peek() === 0x2d) {
      this.i++;
      this.expect(digit, 'in numeric literal');
      this.i--;
    }
    if (this.peek() === 0x30) this.i++;
    else while (digit(this.peek())) this.i++;
    if (this.peek() === 0x2e) {
      this.i++;
      this.expect(digit, 'after decimal point in numeric literal');
      while (digit(this.peek())) this.i++;
    }
    if (this.peek() === 0x65 || this.peek() === 0x45) {
      this.i++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.i++;
      this.expect(digit, 'in exponent of numeric literal');
      while (digit(this.peek())) this.i++;
    }
  }

  private literal(word: string): void {
    this.i++;
    for (const ch of word.slice(1)) this.expect((c) => c === ch.charCodeAt(0), `in literal ${word} (expecting '${ch}')`);
  }

  /** The whole input: one value and nothing but white space after it. */
  document(): string {
    const kind = this.value();
    this.ws();
    if (this.peek() !== EOF) this.fail(this.peek(), 'after top-level value');
    return kind;
  }
}

/** Go's error text for json.Unmarshal(bytes, &map[string]interface{}{}), or undefined when it succeeds. */
export function goJsonObjectError(bytes: Buffer): string | undefined {
  let kind: string;
  try {
    kind = new Scanner(bytes).document();
  } catch (e) {
    if (e instanceof SyntaxError) return e.message;
    throw e;
  }
  if (kind === 'object' || kind === 'null') return undefined;
  return `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`;
}
