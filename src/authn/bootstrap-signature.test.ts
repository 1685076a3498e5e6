import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detachedSignature } from './bootstrap-signature.js';

test('detached JWS of the bootstrap signer matches kube\'s vectors', async () => {
  const content = 'Hello from the other side. I must have called a thousand times.';
  assert.equal(await detachedSignature(content, 'joshua', 'my voice is my passcode'), 'eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..VShe2taLd-YTrmWuRkcL_8QTNDHYxQIEBsAYYiIj1_8');
  assert.equal(await detachedSignature('', 'joshua', 'my voice is my passcode'), 'eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..7Ui1ALizW4jXphVUB7xUqC9vLYLL9RZeOFfVLoB7Tgk');
});
