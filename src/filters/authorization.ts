// WithAuthorization: builds the attributes from RequestInfo and the user; anything but "allow" is 403.
import type { Authorizer, Attributes } from '../authz/authorizer.js';
import { fieldRequirements, labelRequirements } from '../authz/selectors.js';
import { forbidden, htmlEscape, internalError } from '../errors/status.js';
import { goQuote } from '../golang/strconv.js';
import type { RequestContext } from '../http/request-context.js';
import { writeError } from '../http/respond.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import type { Filter } from './filter.js';

const SELECTING_VERBS = new Set(['list', 'watch', 'deletecollection']);

export function attributesOf(ctx: RequestContext): Attributes {
  const ri = ctx.requestInfo;
  const attrs: Attributes = {
    user: ctx.user!,
    verb: ri.verb,
    isResourceRequest: ri.isResourceRequest,
    path: ri.path,
    namespace: ri.namespace,
    apiGroup: ri.apiGroup,
    apiVersion: ri.apiVersion,
    resource: ri.resource,
    subresource: ri.subresource,
    name: ri.name,
  };
  if (ri.isResourceRequest && SELECTING_VERBS.has(ri.verb)) {
    const fs = ctx.query.get('fieldSelector');
    const ls = ctx.query.get('labelSelector');
    if (fs) attrs.fieldSelector = fieldRequirements(fs);
    if (ls) attrs.labelSelector = labelRequirements(ls);
  }
  return attrs;
}

/** kube's forbidden message for an authorization denial (apiserver.md §4.3). */
export function forbiddenError(a: Attributes, reason: string) {
  const user = htmlEscape(a.user.name);
  let msg: string;
  if (!a.isResourceRequest) {
    msg = `User "${user}" cannot ${htmlEscape(a.verb)} path "${htmlEscape(a.path)}"`;
  } else {
    const res = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    msg = `User "${user}" cannot ${htmlEscape(a.verb)} resource "${htmlEscape(res)}" in API group "${htmlEscape(a.apiGroup)}"`;
    msg += a.namespace ? ` in the namespace "${htmlEscape(a.namespace)}"` : ' at the cluster scope';
  }
  if (reason) msg += `: ${reason}`; // kube escapes the message, not the authorizers' reason
  return forbidden({ group: a.apiGroup, resource: a.resource }, a.name, msg);
}

function writeInternalAuthorizationError(ctx: RequestContext, error: string): void {
  const uri = ctx.req.url ?? ctx.path;
  ctx.res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  ctx.res.end(`${htmlEscape(`Internal Server Error: ${goQuote(uri)}: ${error}`)}\n`);
}

/** authorization_attempts_total's labels, made once (frozen: the metrics find their series by identity). */
const ALLOWED = Object.freeze({ result: 'allowed' });
const DENIED = Object.freeze({ result: 'denied' });
const ERROR = Object.freeze({ result: 'error' });
const NO_OPINION = Object.freeze({ result: 'no-opinion' });

export function withAuthorization(authorizer: Authorizer, metrics?: ApiserverMetrics): Filter {
  return async (ctx, next) => {
    const attrs = attributesOf(ctx);
    let r;
    const start = performance.now();
    try {
      r = await authorizer.authorize(attrs);
    } catch (e) {
      return writeError(ctx, internalError(e));
    }
    if (metrics) {
      const labels = r.decision === 'allow' ? ALLOWED : r.error ? ERROR : r.decision === 'deny' ? DENIED : NO_OPINION;
      metrics.authorizationAttempts.inc(labels);
      metrics.authorizationDuration.observe(labels, (performance.now() - start) / 1000);
    }
    // kube's audit annotations of the decision.
    const notes = (ctx.auditAnnotations ??= {});
    notes['authorization.k8s.io/decision'] = r.decision === 'allow' ? 'allow' : 'forbid';
    notes['authorization.k8s.io/reason'] = r.decision !== 'allow' && r.error ? 'internal error' : r.reason;
    if (r.decision !== 'allow') {
      // kube: an evaluation error nobody overrode is a 500 in plain text, not a 403.
      if (r.error) return writeInternalAuthorizationError(ctx, r.error);
      return writeError(ctx, forbiddenError(attrs, r.reason));
    }
    await next();
  };
}
