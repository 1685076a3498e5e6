// The operation context of a request, as handlers pass it to the store (and the store to admission and storage).
import type { OperationContext } from '../registry/operation-context.js';
import type { ResourceScope } from './resource-scope.js';

/**
 * `extra` (the store's write options: step, subresource, …) is set on the same object: spreading an operation
 * context into another would read its `signal` getter and make the request's AbortController for nothing.
 */
export function operationFor<E extends object = object>(scope: ResourceScope, q: { dryRun: boolean; fieldManager?: string }, extra?: E): OperationContext & E {
  const { ctx, def } = scope;
  const op: OperationContext = {
    dryRun: q.dryRun,
    warnings: ctx.warnings,
    user: ctx.user,
    request: {
      verb: ctx.requestInfo.verb,
      group: def.group,
      version: def.version,
      resource: def.resource,
      subresource: scope.subresource,
      name: scope.name,
      namespace: scope.namespace,
    },
    fieldManager: q.fieldManager || undefined,
    get signal() {
      return ctx.signal; // made on first use (server.ts)
    },
    auditAnnotations: (ctx.auditAnnotations ??= {}),
    authorizer: scope.authorizer,
  };
  return (extra ? Object.assign(op, extra) : op) as OperationContext & E;
}

/** A copy of an operation context with other write options; the `signal` getter is carried over, not read. */
export function withOptions<O extends object, E extends object>(op: O, extra: E): O & E {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(op)), extra) as O & E;
}
