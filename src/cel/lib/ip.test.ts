import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CelLibraryError } from './errors.js';
import { goQuote } from '../../golang/strconv.js';
import { ip, ipIsCanonical, ipToString, isIP, parseAddr } from './ip.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);

test('ip(): parses IPv4 and IPv6 and prints netip text', () => {
  assert.equal(ipToString(ip('192.168.0.1')), '192.168.0.1');
  assert.equal(ip('2001:DB8::68').toString(), '2001:db8::68');
  assert.equal(ip('2001:0db8:0000:0000:0000:0000:0000:0068').toString(), '2001:db8::68');
  assert.equal(ip('::').toString(), '::');
  assert.equal(ip('::1').toString(), '::1');
  assert.equal(ip('1::').toString(), '1::');
  assert.equal(ip('1:0:0:1:0:0:0:1').toString(), '1:0:0:1::1'); // longest run wins
  assert.equal(ip('1:0:0:1:0:0:1:1').toString(), '1::1:0:0:1:1'); // first of equal runs
  assert.equal(ip('1:0:1:1:1:1:1:1').toString(), '1:0:1:1:1:1:1:1'); // a single zero group stays
  assert.equal(ip('64:ff9b::192.0.2.33').toString(), '64:ff9b::c000:221');
  assert.equal(ip('192.168.0.1').family(), 4n);
  assert.equal(ip('2001:db8::68').family(), 6n);
  assert.ok(ip('10.0.0.1').equals(ip('10.0.0.1')));
  assert.ok(!ip('::').equals(ip('0.0.0.0')));
});

test("ip(): netip's parse errors wrapped in Kubernetes' text", () => {
  const wrap = (raw: string, msg: string): string =>
    `IP Address ${goQuote(raw)} parse error during conversion from string: ParseAddr(${goQuote(raw)}): ${msg}`;
  const cases: [string, string][] = [
    ['192.168.0.1.0', 'IPv4 address too long'],
    ['2001:db8:::68', 'each colon-separated field must have at least one digit (at ":68")'],
    ['', 'unable to parse IP'],
    ['abc', 'unable to parse IP'],
    ['1.2.3', 'IPv4 address too short'],
    ['1.2.3.256', 'IPv4 field has value >255'],
    ['01.2.3.4', 'IPv4 field has octet with leading zero'],
    ['1..2.3', 'IPv4 field must have at least one digit (at ".2.3")'],
    ['1.2.3.4x', 'unexpected character (at "x")'],
    ['%eth0', 'missing IPv6 address'],
    ['fe80::1%', 'zone must be a non-empty string'],
    ['12345::', 'each colon-separated field must have at most 4 hex digits (at "12345::")'],
    ['1:2:3:4:5:6:7', 'address string too short'],
    ['1:2:3:4:5:6:7:8:9', 'trailing garbage after address (at "9")'],
    ['1::2::3', 'multiple :: in address (at ":3")'],
    ['1:2:3:4:5:6:7::8', 'the :: must expand to at least one field of zeros'],
    ['1:2:', 'colon must be followed by more characters (at ":")'],
    ['1:2x', 'unexpected character, want colon (at "x")'],
    ['1::2:3:4:5:6:7:1.2.3.4', 'too many hex fields to fit an embedded IPv4 at the end of the address (at "1.2.3.4")'],
    ['1:1.2.3.4', 'embedded IPv4 address must replace the final 2 fields of the address (at "1.2.3.4")'],
    ['::1.2.3.04', 'IPv4 field has octet with leading zero'],
  ];
  for (const [raw, msg] of cases) {
    throwsWith(() => ip(raw), wrap(raw, msg));
    assert.equal(isIP(raw), false, raw);
  }
  throwsWith(() => ip('fe80::1%eth0'), 'IP address "fe80::1%eth0" with zone value is not allowed');
  throwsWith(() => ip('::ffff:1.2.3.4'), 'IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed');
  assert.equal(parseAddr('fe80::1%eth0').zone, 'eth0');
  assert.equal(isIP('::ffff:1.2.3.4'), false);
  assert.equal(isIP('2001:db8::68'), true);
});

test('ip.isCanonical compares with the printed form and errors on bad input', () => {
  assert.equal(ipIsCanonical('127.0.0.1'), true);
  assert.equal(ipIsCanonical('2001:db8::68'), true);
  assert.equal(ipIsCanonical('2001:DB8::68'), false);
  assert.equal(ipIsCanonical('2001:db8:0::68'), false);
  throwsWith(
    () => ipIsCanonical('127.0.0.1.0'),
    'IP Address "127.0.0.1.0" parse error during conversion from string: ParseAddr("127.0.0.1.0"): IPv4 address too long',
  );
});

test('address class predicates follow netip', () => {
  assert.ok(ip('0.0.0.0').isUnspecified());
  assert.ok(!ip('127.0.0.1').isUnspecified());
  assert.ok(ip('::').isUnspecified());
  assert.ok(ip('127.0.0.1').isLoopback());
  assert.ok(ip('127.255.0.9').isLoopback());
  assert.ok(!ip('1.2.3.4').isLoopback());
  assert.ok(ip('::1').isLoopback());
  assert.ok(ip('224.0.0.1').isLinkLocalMulticast());
  assert.ok(!ip('224.0.1.1').isLinkLocalMulticast());
  assert.ok(ip('ff02::1').isLinkLocalMulticast());
  assert.ok(ip('ff12::1').isLinkLocalMulticast());
  assert.ok(!ip('fd00::1').isLinkLocalMulticast());
  assert.ok(ip('169.254.169.254').isLinkLocalUnicast());
  assert.ok(!ip('192.168.0.1').isLinkLocalUnicast());
  assert.ok(ip('fe80::1').isLinkLocalUnicast());
  assert.ok(ip('febf::1').isLinkLocalUnicast());
  assert.ok(!ip('fd80::1').isLinkLocalUnicast());
  assert.ok(ip('192.168.0.1').isGlobalUnicast());
  assert.ok(ip('10.0.0.1').isGlobalUnicast());
  assert.ok(!ip('255.255.255.255').isGlobalUnicast());
  assert.ok(!ip('0.0.0.0').isGlobalUnicast());
  assert.ok(!ip('224.0.0.5').isGlobalUnicast());
  assert.ok(ip('2001:db8::abcd').isGlobalUnicast());
  assert.ok(ip('fd00::1').isGlobalUnicast());
  assert.ok(!ip('ff00::1').isGlobalUnicast());
  assert.ok(!ip('fe80::1').isGlobalUnicast());
});

test('goQuote matches strconv.Quote', () => {
  assert.equal(goQuote('a"b\\c\n\x01\x7f'), '"a\\"b\\\\c\\n\\x01\\x7f"');
  assert.equal(goQuote('héllo ☃'), '"héllo ☃"');
  assert.equal(goQuote('\u00a0\u200b'), '"\\u00a0\\u200b"');
});
