// GET a single object (apiserver.md §3, §6.2).
import { badRequest } from '../../errors/status.js';
import { negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';

export async function handleGet(scope: ResourceScope): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: true, protobuf: false });
  const fs = ctx.query.get('fieldSelector');
  if (fs) {
    const m = /^metadata\.name==?(.*)$/.exec(fs);
    if (m && m[1] !== scope.name) throw badRequest("fieldSelector metadata.name doesn't match requested name");
  }
  const obj = forEndpoint(scope, await scope.store.get(scope.namespace, scope.name));
  await writeRepresentation(scope, 200, rep, { object: obj });
}
