// Kubernetes' IP library over Go's net/netip: parsing with netip.ParseAddr's rules and error texts,
// minus zones and IPv4-mapped IPv6 addresses, which Kubernetes rejects; RFC 5952 text; the address
// class predicates.

import { CelLibraryError } from './errors.js';
import { goQuote } from '../../golang/strconv.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

export class IP {
  /** 4 bytes for IPv4, 16 for IPv6. */
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    if (bytes.length !== 4 && bytes.length !== 16) throw new RangeError('an IP has 4 or 16 bytes');
    this.bytes = Uint8Array.from(bytes);
  }

  /** CEL `family()`: 4 or 6. */
  family(): bigint {
    return this.bytes.length === 4 ? 4n : 6n;
  }

  /** Kubernetes' Size() (what its cost functions measure): 4 or 16 bytes. */
  size(): number {
    return this.bytes.length;
  }

  is4(): boolean {
    return this.bytes.length === 4;
  }

  /** An IPv6 address of the ::ffff:a.b.c.d form. */
  is4In6(): boolean {
    const b = this.bytes;
    return b.length === 16 && b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  }

  isUnspecified(): boolean {
    return this.bytes.every((x) => x === 0);
  }

  isLoopback(): boolean {
    const b = this.bytes;
    if (this.is4()) return b[0] === 127;
    return b.subarray(0, 15).every((x) => x === 0) && b[15] === 1;
  }

  isMulticast(): boolean {
    const b = this.bytes;
    return this.is4() ? (b[0]! & 0xf0) === 0xe0 : b[0] === 0xff;
  }

  isLinkLocalMulticast(): boolean {
    const b = this.bytes;
    if (this.is4()) return b[0] === 224 && b[1] === 0 && b[2] === 0;
    return b[0] === 0xff && (b[1]! & 0x0f) === 0x02;
  }

  isLinkLocalUnicast(): boolean {
    const b = this.bytes;
    if (this.is4()) return b[0] === 169 && b[1] === 254;
    return b[0] === 0xfe && (b[1]! & 0xc0) === 0x80;
  }

  /** netip's IsGlobalUnicast (private ranges and ULAs count as global, as in package net). */
  isGlobalUnicast(): boolean {
    if (this.is4() && (this.isUnspecified() || this.bytes.every((x) => x === 255))) return false;
    return !this.isUnspecified() && !this.isLoopback() && !this.isMulticast() && !this.isLinkLocalUnicast();
  }

  equals(other: IP): boolean {
    return this.bytes.length === other.bytes.length && this.bytes.every((x, i) => x === other.bytes[i]);
  }

  /** netip.Addr.String(): dotted quad, or RFC 5952 IPv6 text. */
  toString(): string {
    const b = this.bytes;
    if (this.is4()) return b.join('.');
    if (this.is4In6()) return `::ffff:${b.subarray(12).join('.')}`;
    const groups = Array.from({ length: 8 }, (_, i) => (b[2 * i]! << 8) | b[2 * i + 1]!);
    let zeroStart = -1;
    let zeroEnd = -1;
    for (let i = 0; i < 8; i++) {
      let j = i;
      while (j < 8 && groups[j] === 0) j++;
      if (j - i >= 2 && j - i > zeroEnd - zeroStart) [zeroStart, zeroEnd] = [i, j];
    }
    let out = '';
    for (let i = 0; i < 8; i++) {
      if (i === zeroStart) {
        out += '::';
        i = zeroEnd;
        if (i >= 8) break;
      } else if (i > 0) out += ':';
      out += groups[i]!.toString(16);
    }
    return out;
  }
}

/** netip's parseAddrError text. */
function addrError(input: string, msg: string, at = ''): CelLibraryError {
  const suffix = at === '' ? '' : ` (at ${goQuote(at)})`;
  return new CelLibraryError(`ParseAddr(${goQuote(input)}): ${msg}${suffix}`);
}

function parseIPv4Fields(input: string, off: number, end: number, out: Uint8Array, at: number): void {
  const s = input.slice(off, end);
  let val = 0;
  let pos = 0;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (digits === 1 && val === 0) throw addrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + (c - 0x30);
      digits++;
      if (val > 255) throw addrError(input, 'IPv4 field has value >255');
    } else if (c === 0x2e) {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') {
        throw addrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      }
      if (pos === 3) throw addrError(input, 'IPv4 address too long');
      out[at + pos++] = val;
      val = 0;
      digits = 0;
    } else throw addrError(input, 'unexpected character', s.slice(i));
  }
  if (pos < 3) throw addrError(input, 'IPv4 address too short');
  out[at + 3] = val;
}

const hexValue = (c: number): number =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;

/** netip.ParseAddr's IPv6 branch; returns the bytes and the zone ('' when none). */
function parseIPv6(input: string): [Uint8Array, string] {
  let s = input;
  let zone = '';
  const pct = s.indexOf('%');
  if (pct !== -1) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') throw addrError(input, 'zone must be a non-empty string');
  }
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return [ip, zone];
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = hexValue(s.charCodeAt(off));
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) throw addrError(input, 'each colon-separated field must have at most 4 hex digits', s);
      if (acc > 0xffff) throw addrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) throw addrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) throw addrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) throw addrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      const end = zone.length > 0 ? input.length - zone.length - 1 : input.length;
      parseIPv4Fields(input, end - s.length, end, ip, i);
      i += 4;
      s = '';
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') throw addrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) throw addrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) throw addrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw addrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) throw addrError(input, 'address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0) throw addrError(input, 'the :: must expand to at least one field of zeros', s);
  return [ip, zone];
}

/** netip.ParseAddr: the address and its zone; throws with netip's message. */
export function parseAddr(s: string): { ip: IP; zone: string } {
  for (let i = 0; i < s.length; i++) {
    switch (s[i]) {
      case '.': {
        const b = new Uint8Array(4);
        parseIPv4Fields(s, 0, s.length, b, 0);
        return { ip: new IP(b), zone: '' };
      }
      case ':': {
        const [b, zone] = parseIPv6(s);
        return { ip: new IP(b), zone };
      }
      case '%':
        throw addrError(s, 'missing IPv6 address');
    }
  }
  throw addrError(s, 'unable to parse IP');
}

/** Kubernetes' parseIPAddr: netip.ParseAddr without zones or IPv4-mapped IPv6. */
export function parseIP(raw: string): IP {
  let parsed: { ip: IP; zone: string };
  try {
    parsed = parseAddr(raw);
  } catch (e) {
    if (e instanceof CelLibraryError) {
      throw new CelLibraryError(`IP Address ${goQuote(raw)} parse error during conversion from string: ${e.message}`);
    }
    throw e;
  }
  if (parsed.zone !== '') throw new CelLibraryError(`IP address ${goQuote(raw)} with zone value is not allowed`);
  if (parsed.ip.is4In6()) throw new CelLibraryError(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return parsed.ip;
}

/** CEL `ip(string)`. */
export const ip = (s: string): IP => parseIP(s);

/** CEL `isIP(string)`. */
export function isIP(s: string): boolean {
  try {
    parseIP(s);
    return true;
  } catch (e) {
    if (e instanceof CelLibraryError) return false;
    throw e;
  }
}

/** CEL `ip.isCanonical(string)`: errors on an invalid address. */
export const ipIsCanonical = (s: string): boolean => parseIP(s).toString() === s;

/** CEL `string(IP)`. */
export const ipToString = (v: IP): string => v.toString();

export const IP_TYPE = 'net.IP';

export const IP_OVERLOADS: readonly OverloadDecl[] = [
  decl('ip', 'string_to_ip', false, ['string'], IP_TYPE),
  decl('family', 'ip_family', true, [IP_TYPE], 'int'),
  decl('ip.isCanonical', 'ip_is_canonical', false, ['string'], 'bool'),
  decl('isUnspecified', 'ip_is_unspecified', true, [IP_TYPE], 'bool'),
  decl('isLoopback', 'ip_is_loopback', true, [IP_TYPE], 'bool'),
  decl('isLinkLocalMulticast', 'ip_is_link_local_multicast', true, [IP_TYPE], 'bool'),
  decl('isLinkLocalUnicast', 'ip_is_link_local_unicast', true, [IP_TYPE], 'bool'),
  decl('isGlobalUnicast', 'ip_is_global_unicast', true, [IP_TYPE], 'bool'),
  decl('isIP', 'is_ip', false, ['string'], 'bool'),
  decl('string', 'ip_to_string', false, [IP_TYPE], 'string'),
];

/** Runtime cost of `ip(string)`/`isIP` (⌈0.1·runes⌉) and `ip.isCanonical` (⌈0.2·runes⌉); predicates cost 1. */
export const ipParseCost = (runes: number): number => costOf(runes, STRING_TRAVERSAL_COST_FACTOR);
export const ipIsCanonicalCost = (runes: number): number => costOf(runes, 2 * STRING_TRAVERSAL_COST_FACTOR);
