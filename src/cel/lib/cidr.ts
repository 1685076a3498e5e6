// Kubernetes' CIDR library over Go's netip.Prefix: parsing with netip.ParsePrefix's rules and texts
// (no zones, no IPv4-mapped IPv6), containment, masking. The address keeps its host bits, as netip does.

import { CelLibraryError, NO_SUCH_OVERLOAD } from './errors.js';
import { goQuote } from '../../golang/strconv.js';
import { IP, parseAddr, parseIP } from './ip.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

const PARSE_PREFIX = 'network address parse error during conversion from string: ';

export class CIDR {
  constructor(
    readonly ip: IP,
    readonly bits: number,
  ) {
    if (!Number.isInteger(bits) || bits < 0 || bits > ip.bytes.length * 8) throw new RangeError('prefix length out of range');
  }

  /** Kubernetes' Size(): the prefix length in whole bytes, rounded up (used by the cost functions). */
  size(): number {
    return Math.ceil(this.bits / 8);
  }

  /** CEL `prefixLength()`. */
  prefixLength(): bigint {
    return BigInt(this.bits);
  }

  /** CEL `masked()`: host bits cleared. */
  masked(): CIDR {
    return new CIDR(maskBytes(this.ip, this.bits), this.bits);
  }

  /** netip.Prefix.Contains: same family and the first `bits` bits agree. */
  containsIP(addr: IP): boolean {
    if (addr.bytes.length !== this.ip.bytes.length) return false;
    return maskBytes(addr, this.bits).equals(maskBytes(this.ip, this.bits));
  }

  /** Kubernetes' containsCIDR: the prefixes overlap and the other one is at least as long. */
  containsCIDR(other: CIDR): boolean {
    return this.overlaps(other) && this.bits <= other.bits;
  }

  /** netip.Prefix.Overlaps. */
  overlaps(other: CIDR): boolean {
    if (this.equals(other)) return true;
    if (this.ip.is4() !== other.ip.is4()) return false;
    const bits = Math.min(this.bits, other.bits);
    if (bits === 0) return true;
    return maskBytes(this.ip, bits).equals(maskBytes(other.ip, bits));
  }

  equals(other: CIDR): boolean {
    return this.bits === other.bits && this.ip.equals(other.ip);
  }

  /** netip.Prefix.String(). */
  toString(): string {
    return `${this.ip.toString()}/${this.bits}`;
  }
}

function maskBytes(addr: IP, bits: number): IP {
  const out = Uint8Array.from(addr.bytes);
  for (let i = 0; i < out.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    out[i] = out[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  return new IP(out);
}

function prefixError(input: string, msg: string): CelLibraryError {
  return new CelLibraryError(`netip.ParsePrefix(${goQuote(input)}): ${msg}`);
}

/** netip.ParsePrefix; throws with its message. */
export function parsePrefix(s: string): CIDR {
  const slash = s.lastIndexOf('/');
  if (slash < 0) throw prefixError(s, "no '/'");
  let parsed: { ip: IP; zone: string };
  try {
    parsed = parseAddr(s.slice(0, slash));
  } catch (e) {
    if (e instanceof CelLibraryError) throw prefixError(s, e.message);
    throw e;
  }
  if (!parsed.ip.is4() && parsed.zone !== '') throw prefixError(s, 'IPv6 zones cannot be present in a prefix');
  const bitsStr = s.slice(slash + 1);
  const badBits = (): CelLibraryError => prefixError(s, `bad bits after slash: ${goQuote(bitsStr)}`);
  if (bitsStr.length > 1 && (bitsStr[0]! < '1' || bitsStr[0]! > '9')) throw badBits();
  // strconv.Atoi: optional sign, decimal digits, within int64.
  if (!/^[+-]?[0-9]+$/.test(bitsStr)) throw badBits();
  const bits = BigInt(bitsStr);
  if (bits < -(2n ** 63n) || bits >= 2n ** 63n) throw badBits();
  const maxBits = parsed.ip.is4() ? 32n : 128n;
  if (bits < 0n || bits > maxBits) throw prefixError(s, 'prefix length out of range');
  return new CIDR(parsed.ip, Number(bits));
}

/** Kubernetes' parseCIDR (its message already says "network address parse error…"). */
function parseCIDRInner(raw: string): CIDR {
  let net: CIDR;
  try {
    net = parsePrefix(raw);
  } catch (e) {
    if (e instanceof CelLibraryError) throw new CelLibraryError(PARSE_PREFIX + e.message);
    throw e;
  }
  if (net.ip.is4In6()) throw new CelLibraryError(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return net;
}

/** CEL `cidr(string)`: Kubernetes prefixes the parse error a second time. */
export function cidr(raw: string): CIDR {
  try {
    return parseCIDRInner(raw);
  } catch (e) {
    if (e instanceof CelLibraryError) throw new CelLibraryError(PARSE_PREFIX + e.message);
    throw e;
  }
}

/** CEL `isCIDR(string)`. */
export function isCIDR(s: string): boolean {
  try {
    parseCIDRInner(s);
    return true;
  } catch (e) {
    if (e instanceof CelLibraryError) return false;
    throw e;
  }
}

/** CEL `<CIDR>.containsIP(IP|string)`. A string that is no valid IP gives 'no such overload', as in Kubernetes. */
export function containsIP(c: CIDR, other: IP | string): boolean {
  if (typeof other === 'string') {
    let addr: IP;
    try {
      addr = parseIP(other);
    } catch (e) {
      if (e instanceof CelLibraryError) throw new CelLibraryError(NO_SUCH_OVERLOAD);
      throw e;
    }
    return c.containsIP(addr);
  }
  return c.containsIP(other);
}

/** CEL `<CIDR>.containsCIDR(CIDR|string)`; a bad string gives cidr()'s error. */
export const containsCIDR = (c: CIDR, other: CIDR | string): boolean =>
  c.containsCIDR(typeof other === 'string' ? cidr(other) : other);

/** CEL `string(CIDR)`. */
export const cidrToString = (c: CIDR): string => c.toString();

export const CIDR_TYPE = 'net.CIDR';

export const CIDR_OVERLOADS: readonly OverloadDecl[] = [
  decl('cidr', 'string_to_cidr', false, ['string'], CIDR_TYPE),
  decl('containsIP', 'cidr_contains_ip_string', true, [CIDR_TYPE, 'string'], 'bool'),
  decl('containsIP', 'cidr_contains_ip_ip', true, [CIDR_TYPE, 'net.IP'], 'bool'),
  decl('containsCIDR', 'cidr_contains_cidr_string', true, [CIDR_TYPE, 'string'], 'bool'),
  decl('containsCIDR', 'cidr_contains_cidr', true, [CIDR_TYPE, CIDR_TYPE], 'bool'),
  decl('ip', 'cidr_ip', true, [CIDR_TYPE], 'net.IP'),
  decl('prefixLength', 'cidr_prefix_length', true, [CIDR_TYPE], 'int'),
  decl('masked', 'cidr_masked', true, [CIDR_TYPE], CIDR_TYPE),
  decl('isCIDR', 'is_cidr', false, ['string'], 'bool'),
  decl('string', 'cidr_to_string', false, [CIDR_TYPE], 'string'),
];

/** Runtime cost of `cidr(string)`/`isCIDR` on `runes` code points (`ip()`, `masked`, `prefixLength`: 1). */
export const cidrParseCost = (runes: number): number => costOf(runes, STRING_TRAVERSAL_COST_FACTOR);

/** Runtime cost of `containsIP` (Kubernetes): ⌈0.1·2·size(cidr)⌉, plus ⌈0.1·runes⌉ for the string overload. */
export function containsIPCost(c: CIDR, other: IP | string): number {
  const base = costOf(c.size() + c.size(), STRING_TRAVERSAL_COST_FACTOR);
  return typeof other === 'string' ? base + costOf(Array.from(other).length, STRING_TRAVERSAL_COST_FACTOR) : base;
}

/** Runtime cost of `containsCIDR`: containsIP's, plus ⌈0.1·size(cidr)⌉ + 1. */
export function containsCIDRCost(c: CIDR, other: CIDR | string): number {
  const base = costOf(c.size() + c.size(), STRING_TRAVERSAL_COST_FACTOR) + costOf(c.size(), STRING_TRAVERSAL_COST_FACTOR) + 1;
  return typeof other === 'string' ? base + costOf(Array.from(other).length, STRING_TRAVERSAL_COST_FACTOR) : base;
}
