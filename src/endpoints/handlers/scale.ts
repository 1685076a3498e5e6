// The scale sub-resource: an autoscaling/v1 Scale view of an object's replicas (apiserver.md §3.4). Built-in kinds
// map it to spec.replicas / status.replicas / spec.selector; custom resources to their CRD's paths.
import { operationFor } from '../operation.js';
import { labelSelectorFromMetaV1 } from '../../selection/label-selector.js';
import { notFound, routeMethodNotAllowed, badRequest } from '../../errors/status.js';
import { type KObject, type KubeObject, type ObjectMeta, meta } from '../../api/object.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { readBody } from '../negotiation/read-body.js';
import { cborServed, negotiate } from '../negotiation/negotiate.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { capability, type ResourceScope, protobufServed } from '../resource-scope.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { decodePatchBody } from '../patch/apply-patch-body.js';
import { contentTypeOf } from '../negotiation/media-type.js';

/** Where a kind keeps what a Scale shows. */
export interface ScaleMapping {
  specReplicas(obj: KObject): unknown;
  statusReplicas(obj: KObject): unknown;
  /** The label selector in its string form ('' for none). */
  selector(obj: KObject): string;
  setSpecReplicas(obj: KObject, replicas: number): void;
}

/** Built-in kinds: spec.replicas, status.replicas and the metav1.LabelSelector in spec.selector. */
export const builtinScaleMapping: ScaleMapping = {
  specReplicas: (o) => o.spec?.replicas,
  statusReplicas: (o) => o.status?.replicas,
  selector(o) {
    try {
      return o.spec?.selector ? labelSelectorFromMetaV1(o.spec.selector).toString() : '';
    } catch {
      return '';
    }
  },
  setSpecReplicas(o, n) {
    o.spec = { ...(o.spec ?? {}), replicas: n };
  },
};

export function toScale(obj: KubeObject, m: ScaleMapping): KObject {
  const md: ObjectMeta = obj.metadata ?? {};
  const specReplicas = m.specReplicas(obj);
  const statusReplicas = m.statusReplicas(obj);
  const status: KObject = { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0 };
  const selector = m.selector(obj);
  if (selector) status.selector = selector;
  const metadata: ObjectMeta = { name: md.name };
  if (md.namespace) metadata.namespace = md.namespace;
  Object.assign(metadata, { uid: md.uid, resourceVersion: md.resourceVersion, creationTimestamp: md.creationTimestamp });
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata, spec: { replicas: typeof specReplicas === 'number' ? specReplicas : 0 }, status };
}

export async function handleScale(scope: ResourceScope, mapping: ScaleMapping = builtinScaleMapping): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const format = rep.as === 'object' ? rep.format : 'json';
  if (ctx.method === 'GET') return writeEncoded(ctx, 200, toScale(await capability(scope, 'getter').get(scope.namespace, scope.name), mapping), format);
  if (ctx.method !== 'PUT' && ctx.method !== 'PATCH') throw routeMethodNotAllowed();
  const q = parseWriteQuery(ctx.query, ctx.method === 'PUT' ? 'UpdateOptions' : 'PatchOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const updater = capability(scope, 'updater');
  const { obj } = await updater.update(
    scope.namespace,
    scope.name,
    async (current) => {
      if (!current) throw notFound(updater.gr, scope.name);
      let scale: KObject;
      if (ctx.method === 'PUT') {
        scale = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: 'autoscaling/v1', kind: 'Scale' }, cborServed(ctx));
      } else {
        const ct = contentTypeOf(ctx.req.headers['content-type']);
        const base = toScale(current, mapping);
        if (ct === 'application/json-patch+json') scale = applyJsonPatch(base, decodePatchBody(body)).result as KObject;
        else if (ct === 'application/merge-patch+json' || ct === 'application/strategic-merge-patch+json') scale = applyMergePatch(base, decodePatchBody(body)).result as KObject;
        else throw badRequest(`unsupported patch type ${ct}`);
      }
      const next = structuredClone(current);
      mapping.setSpecReplicas(next, scale.spec?.replicas ?? 0);
      const rv = scale.metadata?.resourceVersion;
      if (rv) meta(next).resourceVersion = rv;
      return next;
    },
    operationFor(scope, q, { subresource: '' }),
  );
  await writeEncoded(ctx, 200, toScale(obj, mapping), format);
}
