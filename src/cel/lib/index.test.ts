import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIBRARY_OVERLOADS } from './index.js';

test('overload ids are unique across the libraries and members have a receiver', () => {
  const ids = Object.values(LIBRARY_OVERLOADS).flatMap((list) => list.map((o) => o.overloadId));
  assert.equal(new Set(ids).size, ids.length);
  for (const list of Object.values(LIBRARY_OVERLOADS)) {
    for (const o of list) if (o.member) assert.ok(o.params.length >= 1, o.overloadId);
  }
  assert.deepEqual(
    LIBRARY_OVERLOADS['kubernetes.quantity']!.filter((o) => o.function === 'sign').map((o) => o.member),
    [false], // sign(q) is a global overload in Kubernetes
  );
});
