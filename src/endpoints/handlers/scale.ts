// The scale sub-resource: an autoscaling/v1 Scale view of the kind's replicas (apiserver.md §3.4).
import { labelSelectorFromMetaV1 } from '../../selection/label-selector.js';
import { notFound, routeMethodNotAllowed, badRequest } from '../../errors/status.js';
import type { KObject } from '../../registry/object.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { negotiate } from '../negotiation/negotiate.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { contentTypeOf } from '../negotiation/media-type.js';

function toScale(obj: KObject): KObject {
  const md = obj.metadata ?? {};
  let selector = '';
  try {
    selector = obj.spec?.selector ? labelSelectorFromMetaV1(obj.spec.selector).toString() : '';
  } catch {
    selector = '';
  }
  const status: KObject = { replicas: obj.status?.replicas ?? 0 };
  if (selector) status.selector = selector;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: md.name, namespace: md.namespace, uid: md.uid, resourceVersion: md.resourceVersion, creationTimestamp: md.creationTimestamp },
    spec: { replicas: obj.spec?.replicas ?? 0 },
    status,
  };
}

export async function handleScale(scope: ResourceScope): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: false });
  const format = rep.as === 'object' && rep.format === 'yaml' ? 'yaml' : 'json';
  if (ctx.method === 'GET') return writeEncoded(ctx, 200, toScale(await scope.store.get(scope.namespace, scope.name)), format);
  if (ctx.method !== 'PUT' && ctx.method !== 'PATCH') throw routeMethodNotAllowed();
  const q = parseWriteQuery(ctx.query, ctx.method === 'PUT' ? 'UpdateOptions' : 'PatchOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const { obj } = await scope.store.update(
    scope.namespace,
    scope.name,
    async (current) => {
      if (!current) throw notFound(scope.store.gr, scope.name);
      let scale: KObject;
      if (ctx.method === 'PUT') {
        scale = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: 'autoscaling/v1', kind: 'Scale' });
      } else {
        const ct = contentTypeOf(ctx.req.headers['content-type']);
        const base = toScale(current);
        if (ct === 'application/json-patch+json') scale = applyJsonPatch(base, body).result as KObject;
        else if (ct === 'application/merge-patch+json' || ct === 'application/strategic-merge-patch+json') scale = applyMergePatch(base, body).result as KObject;
        else throw badRequest(`unsupported patch type ${ct}`);
      }
      const next = structuredClone(current);
      next.spec = { ...(next.spec ?? {}), replicas: scale.spec?.replicas ?? 0 };
      const rv = scale.metadata?.resourceVersion;
      if (rv) next.metadata.resourceVersion = rv;
      return next;
    },
    { dryRun: q.dryRun, warnings: ctx.warnings, subresource: '' },
  );
  writeEncoded(ctx, 200, toScale(obj), format);
}
