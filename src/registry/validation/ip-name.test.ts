import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ipAddressName } from './ip-name.js';

const INVALID = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

test('canonical addresses are valid names', () => {
  for (const ip of ['10.0.0.1', '0.0.0.0', '2001:db8::1', '::', '::1', '1::', 'fe80::1:0:0:1', '2001:db8:0:1:1:1:1:1']) {
    assert.deepEqual(ipAddressName(ip, false), [], ip);
  }
});

test('non-canonical and invalid addresses', () => {
  assert.deepEqual(ipAddressName('010.0.0.1', false), ['must not have leading 0s']);
  assert.deepEqual(ipAddressName('2001:DB8::1', false), ['must be in canonical form ("2001:db8::1")']);
  assert.deepEqual(ipAddressName('2001:db8:0:0:1:0:0:1', false), ['must be in canonical form ("2001:db8::1:0:0:1")']);
  assert.deepEqual(ipAddressName('2001:0db8::1', false), ['must be in canonical form ("2001:db8::1")']);
  assert.deepEqual(ipAddressName('::ffff:1.2.3.4', false), ['must not be an IPv4-mapped IPv6 address']);
  assert.deepEqual(ipAddressName('::1.2.3.4', false), ['must be in canonical form ("::102:304")']);
  assert.deepEqual(ipAddressName('fe80::1%eth0', false), [INVALID]);
  assert.deepEqual(ipAddressName('256.0.0.1', false), [INVALID]);
  assert.deepEqual(ipAddressName('ip-1', false), [INVALID]);
});
