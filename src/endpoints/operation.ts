// The operation context of a request, as handlers pass it to the store (and the store to admission and storage).
import type { OperationContext } from '../registry/operation-context.js';
import type { ResourceScope } from './resource-scope.js';

export function operationFor(scope: ResourceScope, q: { dryRun: boolean; fieldManager?: string }): OperationContext {
  const { ctx, def } = scope;
  return {
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
}
