import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import { ipFamily } from './ip-family.js';

test('ipFamily answers as net.isIP', () => {
  for (const s of ['localhost', '127.0.0.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:10.0.0.1', 'fe80::1%eth0', '2001:db8::', '10.0.0.256', '01.2.3.4', '', ':', '::', 'a:b', 'kubernetes.default.svc', '1.2.3', '::1::']) {
    assert.equal(ipFamily(s), isIP(s), s);
  }
});
