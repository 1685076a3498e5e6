import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kubernetesCallCost, selectorCost, traversalCost } from './cost.js';

const s = (text: string) => ({ size: Array.from(text).length });

test("call costs follow Kubernetes' CallCost by function name", () => {
  // 'ABCDEFGHIJ abcdefghij'.lowerAscii() costs 3 in Kubernetes' cost tests (constants cost 0).
  assert.equal(kubernetesCallCost('lowerAscii', 'string_lower_ascii', [s('ABCDEFGHIJ abcdefghij')]), 3);
  assert.equal(kubernetesCallCost('replace', 'string_replace_string_string', [s('x'.repeat(21)), s('a'), s('b')]), 5);
  assert.equal(kubernetesCallCost('join', 'list_join', [{ size: 3 }], s('x'.repeat(11))), 3);
  assert.equal(kubernetesCallCost('find', 'string_find_string', [s('x'.repeat(19)), s('[0-9]+')]), 2 * 2);
  assert.equal(kubernetesCallCost('url', 'string_to_url', [s('https:://kubernetes.io/')]), 3);
  assert.equal(kubernetesCallCost('ip', 'cidr_ip', [{ size: 3 }]), 1);
  assert.equal(kubernetesCallCost('ip', 'string_to_ip', [s('192.168.0.1')]), 2);
  assert.equal(kubernetesCallCost('ip.isCanonical', 'ip_is_canonical', [s('192.168.0.1')]), 3);
  assert.equal(kubernetesCallCost('containsIP', 'cidr_contains_ip_string', [{ size: 3 }, s('192.168.0.1')]), 1 + 2);
  assert.equal(kubernetesCallCost('containsCIDR', 'cidr_contains_cidr', [{ size: 16 }, { size: 16 }]), 4 + 2 + 1);
  assert.equal(kubernetesCallCost('validate', 'format-validate', [{ size: 1, formatMaxRegexSize: 30 }, s('my-name')]), 1 * 8);
  assert.equal(kubernetesCallCost('quantity', 'string_to_quantity', [s('12Mi')]), 1);
  assert.equal(kubernetesCallCost('check', 'x', []), 350000);
  assert.equal(kubernetesCallCost('sum', 'list_int_sum_int', [{ size: 3, traversal: 3 }]), 3);
  assert.equal(kubernetesCallCost('indexOf', 'string_index_of_string', [{ size: 5, traversal: traversalCost('héllo world') }, s('o')]), 1);
  assert.equal(kubernetesCallCost('charAt', 'string_char_at_int', [s('abc'), { size: 1 }]), undefined);
  assert.equal(kubernetesCallCost('size', 'size_string', [s('abc')]), undefined);
  assert.equal(kubernetesCallCost('labelSelector', 'x', [{ size: 1 }, s('a=b,c=d')]), 10 + 1 + 4 * 50);
  assert.equal(selectorCost(0), 10);
});

test('traversalCost truncates 0.1 per UTF-8 byte and walks lists and maps', () => {
  assert.equal(traversalCost('abcdefghi'), 0);
  assert.equal(traversalCost('abcdefghij'), 1);
  assert.equal(traversalCost('ééééé'), 1); // 10 bytes
  assert.equal(traversalCost(new Uint8Array(25)), 2);
  assert.equal(traversalCost([1n, 2n, 3n]), 3);
  assert.equal(traversalCost(['abcdefghij', 'x']), 1);
  assert.equal(traversalCost(new Map([['abcdefghij', 5n]])), 2);
  assert.equal(traversalCost({ k: [1, 2] }), 2);
  assert.equal(traversalCost(true), 1);
});
