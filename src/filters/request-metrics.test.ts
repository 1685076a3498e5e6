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

test('requests of one path land in the series of their own verb and dry_run labels, however often the path repeats', async () => {
  const m = new ApiserverMetrics({ processMetrics: false });
  const pods = '/api/v1/namespaces/default/pods';
  for (let i = 0; i < 2; i++) {
    await run(m, 'GET', pods, {});
    await run(m, 'GET', `${pods}?watch=false`, {});
    await run(m, 'GET', `${pods}?watch=1`, {});
    await run(m, 'PATCH', `${pods}/p`, {}, { 'content-type': 'application/merge-patch+json' });
    await run(m, 'PATCH', `${pods}/p`, {}, { 'content-type': 'application/apply-patch+yaml; charset=utf-8' });
    await run(m, 'DELETE', `${pods}/p?dryRun=All`, {});
    await run(m, 'DELETE', `${pods}/p?dryRun=All%00All`, {});
    await run(m, 'GET', `${pods}/p`, {});
  }
  const text = await m.exposition();
  const total = (verb: string, dryRun: string, scope: string) =>
    Number(new RegExp(`^apiserver_request_total\\{verb="${verb}",dry_run="${dryRun}",group="",version="v1",resource="pods",subresource="",scope="${scope}",component="apiserver",code="200"\\} (\\d+)$`, 'm').exec(text)?.[1]);
  assert.equal(total('LIST', '', 'namespace'), 4);
  assert.equal(total('WATCH', '', 'namespace'), 2);
  assert.equal(total('PATCH', '', 'resource'), 2);
  assert.equal(total('APPLY', '', 'resource'), 2);
  assert.equal(total('DELETE', 'All', 'resource'), 2);
  assert.equal(total('DELETE', 'invalid', 'resource'), 2);
  assert.equal(total('GET', '', 'resource'), 2);
  assert.match(text, /^apiserver_response_sizes_count\{verb="GET",group="",version="v1",resource="pods",subresource="",scope="resource",component="apiserver"\} 2$/m);
  assert.doesNotMatch(text, /^apiserver_response_sizes_count\{verb="PATCH"/m);
});
