// The signals of a request to a deprecated API (kube's installer and its request metrics): the deprecation text as a
// `Warning` header, and the audit annotations `k8s.io/deprecated` and `k8s.io/removed-release` that the audit event
// carries and the `apiserver_requested_deprecated_apis` gauge is derived from.
import type { Deprecation } from '../api/resource-info.js';
import type { RequestContext } from '../http/request-context.js';

export const DEPRECATED_ANNOTATION = 'k8s.io/deprecated';
export const REMOVED_RELEASE_ANNOTATION = 'k8s.io/removed-release';

/** Records that `ctx` is served by a deprecated API (built-in kind or custom resource version). */
export function markDeprecatedRequest(ctx: RequestContext, deprecation: { warning?: string; removedIn?: string }): void {
  if (deprecation.warning) ctx.warnings.push(deprecation.warning);
  const annotations = (ctx.auditAnnotations ??= {});
  annotations[DEPRECATED_ANNOTATION] = 'true';
  if (deprecation.removedIn) annotations[REMOVED_RELEASE_ANNOTATION] = deprecation.removedIn;
}

/** The deprecation of a built-in served resource as of 1.33, if any. */
export function deprecationOf(def: { deprecated?: Deprecation }): Deprecation | undefined {
  return def.deprecated;
}
