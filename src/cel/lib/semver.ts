// Kubernetes' semver library (1.33) over blang/semver v4: strict parsing with its error texts, the
// optional normalisation Kubernetes adds (leading 'v', leading zeros, missing minor/patch), and
// precedence comparison (build metadata ignored).

import { CelLibraryError } from './errors.js';
import { goQuote } from '../../golang/strconv.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

const UINT64_MAX = 2n ** 64n - 1n;
const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[-A-Za-z0-9]*$/;
const hasLeadingZeroes = (s: string): boolean => s.length > 1 && s[0] === '0';

/** strconv.ParseUint(s, 10, 64) on a string already known to hold only digits. */
function parseUint(s: string): bigint {
  if (s === '') throw new CelLibraryError(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
  const v = BigInt(s);
  if (v > UINT64_MAX) throw new CelLibraryError(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`);
  return v;
}

type PreRelease = { readonly num: bigint } | { readonly str: string };

function comparePre(a: PreRelease, b: PreRelease): number {
  if ('num' in a) {
    if (!('num' in b)) return -1;
    return a.num === b.num ? 0 : a.num > b.num ? 1 : -1;
  }
  if ('num' in b) return 1;
  return a.str === b.str ? 0 : a.str > b.str ? 1 : -1;
}

function parseNumberPart(s: string, name: 'major' | 'minor' | 'patch'): bigint {
  if (!NUMBERS.test(s)) throw new CelLibraryError(`Invalid character(s) found in ${name} number ${goQuote(s)}`);
  const title = name[0]!.toUpperCase() + name.slice(1);
  if (hasLeadingZeroes(s)) throw new CelLibraryError(`${title} number must not contain leading zeroes ${goQuote(s)}`);
  return parseUint(s);
}

function parsePreRelease(s: string): PreRelease {
  if (s === '') throw new CelLibraryError('Prerelease is empty');
  if (NUMBERS.test(s)) {
    if (hasLeadingZeroes(s)) throw new CelLibraryError(`Numeric PreRelease version must not contain leading zeroes ${goQuote(s)}`);
    return { num: parseUint(s) };
  }
  if (ALPHANUM.test(s)) return { str: s };
  throw new CelLibraryError(`Invalid character(s) found in prerelease ${goQuote(s)}`);
}

/** strings.SplitN(s, sep, n) for n > 0. */
function splitN(s: string, sep: string, n: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (out.length < n - 1) {
    const i = rest.indexOf(sep);
    if (i < 0) break;
    out.push(rest.slice(0, i));
    rest = rest.slice(i + sep.length);
  }
  out.push(rest);
  return out;
}

export class Semver {
  private constructor(
    /** uint64 components, as blang keeps them. */
    readonly majorNumber: bigint,
    readonly minorNumber: bigint,
    readonly patchNumber: bigint,
    readonly pre: readonly PreRelease[],
    readonly build: readonly string[],
  ) {}

  /** blang semver.Parse. */
  static parse(s: string): Semver {
    if (s.length === 0) throw new CelLibraryError('Version string empty');
    const parts = splitN(s, '.', 3);
    if (parts.length !== 3) throw new CelLibraryError('No Major.Minor.Patch elements found');
    const major = parseNumberPart(parts[0]!, 'major');
    const minor = parseNumberPart(parts[1]!, 'minor');
    let patchStr = parts[2]!;
    let build: string[] = [];
    let pre: string[] = [];
    const plus = patchStr.indexOf('+');
    if (plus !== -1) {
      build = patchStr.slice(plus + 1).split('.');
      patchStr = patchStr.slice(0, plus);
    }
    const dash = patchStr.indexOf('-');
    if (dash !== -1) {
      pre = patchStr.slice(dash + 1).split('.');
      patchStr = patchStr.slice(0, dash);
    }
    const patch = parseNumberPart(patchStr, 'patch');
    const preParsed = pre.map(parsePreRelease);
    for (const b of build) {
      if (b.length === 0) throw new CelLibraryError('Build meta data is empty');
      if (!ALPHANUM.test(b)) throw new CelLibraryError(`Invalid character(s) found in build meta data ${goQuote(b)}`);
    }
    return new Semver(major, minor, patch, preParsed, build);
  }

  /** Kubernetes' normalizeAndParse: 'v' prefix, leading zeros and missing minor/patch tolerated. */
  static parseNormalized(s: string): Semver {
    const trimmed = s.startsWith('v') ? s.slice(1) : s;
    const parts = splitN(trimmed, '.', 3).map((p) => {
      if (p.length <= 1) return p;
      const t = p.replace(/^0+/, '');
      return t.length === 0 || !/^[0-9]/.test(t) ? `0${t}` : t;
    });
    if (parts.length < 3) {
      if (/[+-]/.test(parts[parts.length - 1]!)) throw new CelLibraryError('short version cannot contain PreRelease/Build meta data');
      while (parts.length < 3) parts.push('0');
    }
    return Semver.parse(parts.join('.'));
  }

  /** CEL `major()`: int64 of the uint64 (Go's conversion wraps). */
  major(): bigint {
    return BigInt.asIntN(64, this.majorNumber);
  }

  minor(): bigint {
    return BigInt.asIntN(64, this.minorNumber);
  }

  patch(): bigint {
    return BigInt.asIntN(64, this.patchNumber);
  }

  /** CEL `compareTo` (Version.Compare): -1, 0, 1 by semver precedence. */
  compareTo(o: Semver): bigint {
    return BigInt(this.cmp(o));
  }

  /** Version.Compare as a JS number. */
  cmp(o: Semver): number {
    for (const [a, b] of [
      [this.majorNumber, o.majorNumber],
      [this.minorNumber, o.minorNumber],
      [this.patchNumber, o.patchNumber],
    ] as const) {
      if (a !== b) return a > b ? 1 : -1;
    }
    if (this.pre.length === 0 || o.pre.length === 0) {
      return this.pre.length === o.pre.length ? 0 : this.pre.length === 0 ? 1 : -1;
    }
    const n = Math.min(this.pre.length, o.pre.length);
    for (let i = 0; i < n; i++) {
      const c = comparePre(this.pre[i]!, o.pre[i]!);
      if (c !== 0) return c;
    }
    return this.pre.length === o.pre.length ? 0 : this.pre.length < o.pre.length ? -1 : 1;
  }

  isGreaterThan(o: Semver): boolean {
    return this.cmp(o) === 1;
  }

  isLessThan(o: Semver): boolean {
    return this.cmp(o) === -1;
  }

  /** CEL `==` (Version.Equals: precedence equality). */
  equals(o: Semver): boolean {
    return this.cmp(o) === 0;
  }

  toString(): string {
    let s = `${this.majorNumber}.${this.minorNumber}.${this.patchNumber}`;
    if (this.pre.length > 0) s += `-${this.pre.map((p) => ('num' in p ? p.num.toString() : p.str)).join('.')}`;
    if (this.build.length > 0) s += `+${this.build.join('.')}`;
    return s;
  }
}

/** CEL `semver(string[, normalize])`. */
export const semver = (s: string, normalize = false): Semver => (normalize ? Semver.parseNormalized(s) : Semver.parse(s));

/** CEL `isSemver(string[, normalize])`. */
export function isSemver(s: string, normalize = false): boolean {
  try {
    semver(s, normalize);
    return true;
  } catch (e) {
    if (e instanceof CelLibraryError) return false;
    throw e;
  }
}

export const SEMVER_TYPE = 'kubernetes.Semver';

export const SEMVER_OVERLOADS: readonly OverloadDecl[] = [
  decl('semver', 'string_to_semver', false, ['string'], SEMVER_TYPE),
  decl('semver', 'string_bool_to_semver', false, ['string', 'bool'], SEMVER_TYPE),
  decl('isSemver', 'is_semver_string', false, ['string'], 'bool'),
  decl('isSemver', 'is_semver_string_bool', false, ['string', 'bool'], 'bool'),
  decl('isGreaterThan', 'semver_is_greater_than', true, [SEMVER_TYPE, SEMVER_TYPE], 'bool'),
  decl('isLessThan', 'semver_is_less_than', true, [SEMVER_TYPE, SEMVER_TYPE], 'bool'),
  decl('compareTo', 'semver_compare_to', true, [SEMVER_TYPE, SEMVER_TYPE], 'int'),
  decl('major', 'semver_major', true, [SEMVER_TYPE], 'int'),
  decl('minor', 'semver_minor', true, [SEMVER_TYPE], 'int'),
  decl('patch', 'semver_patch', true, [SEMVER_TYPE], 'int'),
];

/** Runtime cost of `semver`/`isSemver` on `runes` code points (accessors and comparisons cost 1). */
export const semverParseCost = (runes: number): number => costOf(runes, STRING_TRAVERSAL_COST_FACTOR);
