// LIST a collection (apiserver.md §6). Full resourceVersion/selector semantics live in endpoints/list/.
import { negotiate } from '../negotiation/negotiate.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';
import { readList } from '../list/read-list.js';

export async function handleList(scope: ResourceScope): Promise<void> {
  const rep = negotiate(scope.ctx, { list: true, transforms: true, protobuf: false });
  const page = await readList(scope);
  await writeRepresentation(scope, 200, rep, { list: page.items.map((o) => forEndpoint(scope, o)), listMeta: page.listMeta });
}
