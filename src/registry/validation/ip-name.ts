// networking.k8s.io IPAddress objects are named by the address itself, in canonical form
// (apimachinery's IsValidIP texts).
import { isIPv6 } from 'node:net';
import type { NameValidator } from '../../validation/names.js';

const INVALID_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

/** Go's lenient IPv4 parse: four decimal parts ≤ 255, leading zeros allowed. */
function parseIPv4(s: string): { bytes: number[]; leadingZero: boolean } | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  let leadingZero = false;
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    if (p.length > 1 && p.startsWith('0')) leadingZero = true;
    bytes.push(n);
  }
  return { bytes, leadingZero };
}

/** Eight 16-bit groups of an IPv6 address (embedded IPv4 tail allowed), or null. */
function parseIPv6(s: string): { groups: number[]; leadingZero: boolean } | null {
  if (s.includes('%') || !isIPv6(s)) return null;
  let leadingZero = false;
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // Rewrite an embedded IPv4 tail as two hex groups, then parse as plain IPv6.
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    leadingZero = v4.leadingZero;
    const hi = ((v4.bytes[0]! << 8) | v4.bytes[1]!).toString(16);
    const lo = ((v4.bytes[2]! << 8) | v4.bytes[3]!).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hi}:${lo}`;
  }
  const [head, rest] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parseGroups = (t: string): number[] => (t === '' ? [] : t.split(':').filter((g) => g !== '').map((g) => parseInt(g, 16)));
  const h = parseGroups(head);
  const r = rest === undefined ? [] : parseGroups(rest);
  const fill = 8 - h.length - r.length;
  const groups = rest === undefined ? h : [...h, ...new Array<number>(Math.max(fill, 0)).fill(0), ...r];
  return groups.length === 8 ? { groups, leadingZero } : null;
}

/** Go's net.IP.String() for a 16-byte address (RFC 5952 compression). */
function formatIPv6(groups: number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (gs: number[]): string => gs.map((g) => g.toString(16)).join(':');
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
}

function isV4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
}

export const ipAddressName: NameValidator = (name) => {
  const v4 = parseIPv4(name);
  if (v4) {
    if (v4.leadingZero) return ['must not have leading 0s'];
    const canonical = v4.bytes.join('.');
    return canonical === name ? [] : [`must be in canonical form (${JSON.stringify(canonical)})`];
  }
  const v6 = parseIPv6(name);
  if (!v6) return [INVALID_IP];
  const errs: string[] = [];
  if (v6.leadingZero) errs.push('must not have leading 0s');
  if (isV4Mapped(v6.groups)) errs.push('must not be an IPv4-mapped IPv6 address');
  if (errs.length) return errs;
  const canonical = formatIPv6(v6.groups);
  return canonical === name ? [] : [`must be in canonical form (${JSON.stringify(canonical)})`];
};
