import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { managerOrUserAgent, validateFieldManager } from './field-manager-name.js';
import { invalid } from '../../errors/status.js';

describe('fieldManager (ssa.md §3.9)', () => {
  it('infers the manager from the User-Agent prefix', () => {
    assert.equal(managerOrUserAgent('', 'kubectl/v1.32.4 (linux/amd64) kubernetes/abc'), 'kubectl');
    assert.equal(managerOrUserAgent('', 'kube-controller-manager/v1.33.0 (linux/amd64)'), 'kube-controller-manager');
    assert.equal(managerOrUserAgent('', undefined), '');
    assert.equal(managerOrUserAgent('', 'a\u0007b/1'), 'ab');
    assert.equal(managerOrUserAgent('', 'é'.repeat(70)), 'é'.repeat(64));
    assert.equal(managerOrUserAgent('mine', 'kubectl/v1'), 'mine');
  });

  it('validates length in bytes and printable runes with kube texts', () => {
    assert.equal(invalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', validateFieldManager('x'.repeat(129))).message, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes');
    assert.equal(
      invalid({ group: 'meta.k8s.io', kind: 'CreateOptions' }, '', validateFieldManager('abc\u0007')).message,
      'CreateOptions.meta.k8s.io "" is invalid: fieldManager: Invalid value: "abc\\a": invalid character U+0007 (at position 3)',
    );
    assert.deepEqual(validateFieldManager('kubectl-client-side-apply'), []);
    assert.deepEqual(validateFieldManager('ünïcode ok'), []);
  });
});
