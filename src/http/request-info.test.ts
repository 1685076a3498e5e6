import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestInfo } from './request-info.js';

const cases: [string, string, Partial<ReturnType<typeof parseRequestInfo>>][] = [
  ['GET', '/api/v1/namespaces/default/configmaps', { verb: 'list', namespace: 'default', resource: 'configmaps', name: '', subresource: '' }],
  ['GET', '/api/v1/namespaces/default/configmaps?watch=true', { verb: 'watch', namespace: 'default', resource: 'configmaps' }],
  ['GET', '/api/v1/watch/namespaces/default/configmaps/x', { verb: 'watch', namespace: 'default', resource: 'configmaps', name: 'x' }],
  ['GET', '/api/v1/configmaps', { verb: 'list', namespace: '', resource: 'configmaps' }],
  ['POST', '/apis/apps/v1/namespaces/ns/deployments', { verb: 'create', namespace: 'ns', resource: 'deployments', apiGroup: 'apps', apiVersion: 'v1' }],
  ['PUT', '/api/v1/namespaces/ns/pods/p/status', { verb: 'update', namespace: 'ns', resource: 'pods', subresource: 'status', name: 'p' }],
  ['DELETE', '/api/v1/namespaces/ns/configmaps', { verb: 'deletecollection', namespace: 'ns', resource: 'configmaps' }],
  ['PUT', '/api/v1/namespaces/foo/finalize', { verb: 'update', namespace: 'foo', resource: 'namespaces', subresource: 'finalize', name: 'foo' }],
  ['GET', '/api/v1/namespaces/foo', { verb: 'get', namespace: 'foo', resource: 'namespaces', name: 'foo' }],
  ['GET', '/api/v1/nodes/n1/proxy/stats', { verb: 'get', namespace: '', resource: 'nodes', subresource: 'proxy', name: 'n1' }],
  ['GET', '/api/v1/proxy/namespaces/ns/pods/p/x', { verb: 'proxy', namespace: 'ns', resource: 'pods', subresource: '', name: 'p' }],
  ['GET', '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Dcm1', { verb: 'list', name: 'cm1', fieldSelector: 'metadata.name=cm1' }],
];

for (const [method, url, want] of cases) {
  test(`${method} ${url}`, () => {
    const u = new URL(url, 'https://x');
    const info = parseRequestInfo(method, u.pathname, u.searchParams);
    assert.equal(info.isResourceRequest, true);
    for (const [k, v] of Object.entries(want)) assert.deepEqual((info as unknown as Record<string, unknown>)[k], v, k);
  });
}

test('non-resource paths', () => {
  for (const p of ['/api', '/apis', '/apis/apps', '/api/v1', '/apis/apps/v1', '/healthz', '/version', '/openapi/v3']) {
    const info = parseRequestInfo('GET', p, new URLSearchParams());
    assert.equal(info.isResourceRequest, false, p);
    assert.equal(info.verb, 'get');
  }
});

test('watch prefix without a resource is an error', () => {
  assert.throws(() => parseRequestInfo('GET', '/api/v1/watch', new URLSearchParams()), /unable to determine kind and namespace from url, \/api\/v1\/watch/);
});
