// The scale sub-resource of a custom resource: an autoscaling/v1 Scale read from and written to the CRD's
// specReplicasPath, statusReplicasPath and labelSelectorPath (kube's CR scale REST).
import { badRequest, notFound, routeMethodNotAllowed } from '../errors/status.js';
import { decodeBody } from '../endpoints/negotiation/decode-body.js';
import { contentTypeOf } from '../endpoints/negotiation/media-type.js';
import { negotiate } from '../endpoints/negotiation/negotiate.js';
import { readBody } from '../endpoints/negotiation/read-body.js';
import { writeEncoded } from '../endpoints/negotiation/write-object.js';
import { parseWriteQuery } from '../endpoints/query-options.js';
import type { ResourceScope } from '../endpoints/resource-scope.js';
import { applyJsonPatch } from '../patch/json-patch.js';
import { applyMergePatch } from '../patch/merge-patch.js';
import type { KObject } from '../registry/object.js';
import { jsonPathSegments } from '../selection/custom-resource-fields.js';
import type { ScaleSubresource } from './crd-types.js';

function read(obj: KObject, path: string | undefined): unknown {
  if (!path) return undefined;
  let cur: unknown = obj;
  for (const s of jsonPathSegments(path)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as KObject)[s];
  }
  return cur;
}

function write(obj: KObject, path: string, value: unknown): void {
  const segs = jsonPathSegments(path);
  let cur = obj;
  for (const s of segs.slice(0, -1)) {
    if (!cur[s] || typeof cur[s] !== 'object') cur[s] = {};
    cur = cur[s];
  }
  cur[segs.at(-1)!] = value;
}

export function scaleOf(obj: KObject, scale: ScaleSubresource): KObject {
  const md = obj.metadata ?? {};
  const specReplicas = read(obj, scale.specReplicasPath);
  const statusReplicas = read(obj, scale.statusReplicasPath);
  const selector = read(obj, scale.labelSelectorPath);
  const status: KObject = { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0 };
  if (typeof selector === 'string' && selector) status.selector = selector;
  const metadata: KObject = { name: md.name };
  if (md.namespace) metadata.namespace = md.namespace;
  Object.assign(metadata, { uid: md.uid, resourceVersion: md.resourceVersion, creationTimestamp: md.creationTimestamp });
  return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata, spec: { replicas: typeof specReplicas === 'number' ? specReplicas : 0 }, status };
}

export async function handleCustomResourceScale(scope: ResourceScope, scale: ScaleSubresource): Promise<void> {
  const { ctx } = scope;
  const rep = negotiate(ctx, { list: false, transforms: false, protobuf: false });
  const format = rep.as === 'object' && rep.format === 'yaml' ? 'yaml' : 'json';
  if (ctx.method === 'GET') return writeEncoded(ctx, 200, scaleOf(await scope.store.get(scope.namespace, scope.name), scale), format);
  if (ctx.method !== 'PUT' && ctx.method !== 'PATCH') throw routeMethodNotAllowed();
  const q = parseWriteQuery(ctx.query, ctx.method === 'PUT' ? 'UpdateOptions' : 'PatchOptions');
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  const { obj } = await scope.store.update(
    scope.namespace,
    scope.name,
    async (current) => {
      if (!current) throw notFound(scope.store.gr, scope.name);
      let next: KObject;
      if (ctx.method === 'PUT') {
        next = await decodeBody(ctx.req.headers['content-type'], body, { apiVersion: 'autoscaling/v1', kind: 'Scale' });
      } else {
        const ct = contentTypeOf(ctx.req.headers['content-type']);
        const base = scaleOf(current, scale);
        if (ct === 'application/json-patch+json') next = applyJsonPatch(base, body).result as KObject;
        else if (ct === 'application/merge-patch+json' || ct === 'application/strategic-merge-patch+json') next = applyMergePatch(base, body).result as KObject;
        else throw badRequest(`unsupported patch type ${ct}`);
      }
      const updated = structuredClone(current);
      write(updated, scale.specReplicasPath!, next.spec?.replicas ?? 0);
      const rv = next.metadata?.resourceVersion;
      if (rv) updated.metadata.resourceVersion = rv;
      return updated;
    },
    { dryRun: q.dryRun, warnings: ctx.warnings, subresource: '' },
  );
  writeEncoded(ctx, 200, scaleOf(obj, scale), format);
}
