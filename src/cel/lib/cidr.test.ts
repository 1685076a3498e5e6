import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cidr, cidrToString, containsCIDR, containsCIDRCost, containsIP, containsIPCost, isCIDR } from './cidr.js';
import { CelLibraryError } from './errors.js';
import { ip } from './ip.js';

const throwsWith = (fn: () => unknown, message: string): void =>
  assert.throws(fn, (e: unknown) => e instanceof CelLibraryError && e.message === message);
const PREFIX = 'network address parse error during conversion from string: ';

test('cidr(): parse, print, ip(), prefixLength(), masked()', () => {
  const c = cidr('192.168.1.5/24');
  assert.equal(cidrToString(c), '192.168.1.5/24'); // host bits are kept
  assert.equal(c.ip.toString(), '192.168.1.5');
  assert.equal(c.prefixLength(), 24n);
  assert.equal(c.masked().toString(), '192.168.1.0/24');
  assert.equal(cidr('2001:DB8::1/32').masked().toString(), '2001:db8::/32');
  assert.equal(cidr('10.0.0.0/0').masked().toString(), '0.0.0.0/0');
  assert.equal(cidr('10.1.2.3/31').masked().toString(), '10.1.2.2/31');
  assert.equal(cidr('::1/128').toString(), '::1/128');
  assert.ok(cidr('10.0.0.0/8').equals(cidr('10.0.0.0/8')));
  assert.ok(!cidr('10.0.0.1/8').equals(cidr('10.0.0.0/8')));
});

test("cidr(): netip.ParsePrefix errors, prefixed twice as Kubernetes does", () => {
  const cases: [string, string][] = [
    ['192.168.0.0/', 'netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""'],
    ['2001:db8::/', 'netip.ParsePrefix("2001:db8::/"): bad bits after slash: ""'],
    ['192.168.0.0', `netip.ParsePrefix("192.168.0.0"): no '/'`],
    ['192.168.0.0/08', 'netip.ParsePrefix("192.168.0.0/08"): bad bits after slash: "08"'],
    ['192.168.0.0/+8', 'netip.ParsePrefix("192.168.0.0/+8"): bad bits after slash: "+8"'],
    ['192.168.0.0/33', 'netip.ParsePrefix("192.168.0.0/33"): prefix length out of range'],
    ['::/129', 'netip.ParsePrefix("::/129"): prefix length out of range'],
    ['1.2.3/8', 'netip.ParsePrefix("1.2.3/8"): ParseAddr("1.2.3"): IPv4 address too short'],
    ['fe80::1%eth0/64', 'netip.ParsePrefix("fe80::1%eth0/64"): IPv6 zones cannot be present in a prefix'],
  ];
  for (const [raw, msg] of cases) {
    throwsWith(() => cidr(raw), PREFIX + PREFIX + msg);
    assert.equal(isCIDR(raw), false, raw);
  }
  throwsWith(() => cidr('::ffff:1.2.3.4/120'), PREFIX + 'IPv4-mapped IPv6 address "::ffff:1.2.3.4/120" is not allowed');
  assert.equal(isCIDR('10.0.0.0/8'), true);
  assert.equal(isCIDR('2001:db8::/32'), true);
});

test('containsIP and containsCIDR', () => {
  const net = cidr('192.168.0.0/24');
  assert.equal(containsIP(net, ip('192.168.0.1')), true);
  assert.equal(containsIP(net, '192.168.0.255'), true);
  assert.equal(containsIP(net, '192.168.1.1'), false);
  assert.equal(containsIP(net, '::1'), false); // other family
  assert.equal(containsIP(cidr('192.168.0.7/24'), '192.168.0.1'), true); // host bits of the prefix are ignored
  // Kubernetes turns a bad IP string into "no such overload" (the parse error is dropped).
  throwsWith(() => containsIP(net, 'not-an-ip'), 'no such overload');
  assert.equal(containsCIDR(net, cidr('192.168.0.0/25')), true);
  assert.equal(containsCIDR(net, '192.168.0.128/25'), true);
  assert.equal(containsCIDR(net, '192.168.0.0/24'), true);
  assert.equal(containsCIDR(net, '192.168.0.0/23'), false);
  assert.equal(containsCIDR(net, '192.168.1.0/25'), false);
  assert.equal(containsCIDR(cidr('0.0.0.0/0'), '10.0.0.0/8'), true);
  assert.equal(containsCIDR(cidr('::/0'), '10.0.0.0/8'), false);
  assert.equal(containsCIDR(cidr('2001:db8::/32'), '2001:db8:1::/48'), true);
  // A bad CIDR string keeps cidr()'s error.
  throwsWith(() => containsCIDR(net, '192.168.0.0'), PREFIX + PREFIX + `netip.ParsePrefix("192.168.0.0"): no '/'`);
});

test("Kubernetes' containsIP/containsCIDR costs measure the prefix in bytes", () => {
  assert.equal(cidr('10.0.0.0/8').size(), 1);
  assert.equal(cidr('10.0.0.0/20').size(), 3);
  assert.equal(cidr('2001:db8::/128').size(), 16);
  assert.equal(containsIPCost(cidr('10.0.0.0/20'), ip('10.0.0.1')), 1);
  assert.equal(containsIPCost(cidr('2001:db8::/128'), '2001:db8::1'), 4 + 2);
  assert.equal(containsCIDRCost(cidr('10.0.0.0/8'), cidr('10.1.0.0/16')), 1 + 1 + 1);
  assert.equal(containsCIDRCost(cidr('2001:db8::/64'), '2001:db8::/80'), 2 + 1 + 1 + 2);
});
