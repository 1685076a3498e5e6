// The labels kube's request metrics carry (endpoints/metrics): the reported verb, the scope, the dry-run value
// (auth.md §10.2).
import type { RequestInfo } from '../../http/request-info.js';

const REPORTED_VERBS = new Set(['APPLY', 'CONNECT', 'CREATE', 'DELETE', 'DELETECOLLECTION', 'GET', 'LIST', 'PATCH', 'POST', 'PROXY', 'PUT', 'UPDATE', 'WATCH', 'WATCHLIST']);
const CONNECT_SUBRESOURCES = new Set(['log', 'exec', 'portforward', 'attach', 'proxy']);

export function cleanScope(ri: RequestInfo): string {
  if (ri.name !== '' || ri.verb === 'create') return 'resource';
  if (ri.namespace !== '') return 'namespace';
  if (ri.isResourceRequest) return 'cluster';
  return '';
}

/** The verb label: the HTTP method made canonical (GET of a collection is LIST), WATCH, APPLY, CONNECT or "other". */
export function reportedVerb(method: string, query: URLSearchParams, contentType: string | undefined, ri: RequestInfo, scope: string): string {
  let verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') verb = scope !== 'resource' && scope !== '' ? 'LIST' : 'GET';
  const watch = method.toUpperCase() === 'GET' ? query.get('watch') : null;
  if (watch !== null && !['0', 'false'].includes(watch.toLowerCase())) verb = 'WATCH';
  if (ri.verb === 'watch') verb = 'WATCH';
  if (verb === 'PATCH' && contentType === 'application/apply-patch+yaml') verb = 'APPLY';
  if (ri.isResourceRequest && CONNECT_SUBRESOURCES.has(ri.subresource)) verb = 'CONNECT';
  return REPORTED_VERBS.has(verb) ? verb : 'other';
}

/** The dry_run label: sorted distinct values, "invalid" when one is not "All", "" when absent. */
export function cleanDryRun(query: URLSearchParams): string {
  const values = query.getAll('dryRun');
  if (values.length === 0) return '';
  if (values.some((v) => v !== 'All')) return 'invalid';
  return [...new Set(values)].sort().join(',');
}
