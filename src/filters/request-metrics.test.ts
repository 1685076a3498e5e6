import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestContext } from '../http/request-context.js';
import { parseRequestInfo } from '../http/request-info.js';
import { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import { compose } from './filter.js';
import { withRequestMetrics } from './request-metrics.js';

/** Runs one request through the metrics filter; the handler sets the status and the audit annotations. */
async function run(m: ApiserverMetrics, method: string, url: string, annotations: Record<string, string>, headers: Record<string, string> = {}) {
  const [path, q = ''] = url.split('?');
  const query = new URLSearchParams(q);
  const res = { statusCode: 200, getHeader: () => '10' };
  const ctx = {
    req: { headers }, res, method, path, query, receivedAt: Date.now(), requestInfo: parseRequestInfo(method, path!, query), longRunning: false,
  } as unknown as RequestContext;
  await compose([withRequestMetrics(m)], async (c) => {
    c.auditAnnotations = annotations;
  })(ctx);
}

test('a request the versions stage marks k8s.io/deprecated sets apiserver_requested_deprecated_apis to 1 with its removed release', async () => {
  const m = new ApiserverMetrics({ processMetrics: false });
  await run(m, 'GET', '/apis/flowcontrol.apiserver.k8s.io/v1beta3/flowschemas', { 'k8s.io/deprecated': 'true', 'k8s.io/removed-release': '1.32' });
  await run(m, 'GET', '/api/v1/namespaces/default/pods', {});
  const text = await m.exposition();
  assert.match(text, /^apiserver_requested_deprecated_apis\{group="flowcontrol.apiserver.k8s.io",version="v1beta3",resource="flowschemas",subresource="",removed_release="1.32"\} 1$/m);
  assert.equal(text.match(/^apiserver_requested_deprecated_apis\{/gm)?.length, 1);
});

test('verb labels: the HTTP method (a collection DELETE stays DELETE), WATCH, APPLY for apply patches, CONNECT for exec; dry_run sorted or invalid', async () => {
  const m = new ApiserverMetrics({ processMetrics: false });
  await run(m, 'GET', '/api/v1/namespaces/default/pods?watch=true', {});
  await run(m, 'PATCH', '/api/v1/namespaces/default/pods/p?dryRun=All&dryRun=All', {}, { 'content-type': 'application/apply-patch+yaml' });
  await run(m, 'POST', '/api/v1/namespaces/default/pods/p/exec', {});
  await run(m, 'DELETE', '/api/v1/namespaces/default/pods?dryRun=Some', {});
  const text = await m.exposition();
  assert.match(text, /apiserver_request_total\{verb="WATCH",dry_run="",group="",version="v1",resource="pods",subresource="",scope="namespace",component="apiserver",code="200"\} 1/);
  assert.match(text, /apiserver_request_total\{verb="APPLY",dry_run="All",group="",version="v1",resource="pods",subresource="",scope="resource",component="apiserver",code="200"\} 1/);
  assert.match(text, /apiserver_request_total\{verb="CONNECT",dry_run="",group="",version="v1",resource="pods",subresource="exec",scope="resource",component="apiserver",code="200"\} 1/);
  assert.match(text, /apiserver_request_total\{verb="DELETE",dry_run="invalid",group="",version="v1",resource="pods",subresource="",scope="namespace",component="apiserver",code="200"\} 1/);
});
