// DELETE one object or a collection (apiserver.md §3.6).
import { operationFor } from '../operation.js';
import { parse as parseYAML } from 'yaml';
import { badRequest } from '../../errors/status.js';
import { deleteCorruptObject, deleteObject, validateDeleteOptions, type DeleteOptions, type PropagationPolicy } from '../../registry/delete.js';
import type { Authorizer } from '../../authz/authorizer.js';
import { attributesOf, forbiddenError } from '../../filters/authorization.js';
import type { KObject } from '../../api/object.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import { negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { forEndpoint, type ResourceScope } from '../resource-scope.js';
import { readList } from '../list/read-list.js';

type ProtobufDecoder = (body: Buffer, expected: { apiVersion: string; kind: string }) => KObject;

async function decodeDeleteOptions(scope: ResourceScope): Promise<DeleteOptions> {
  const { ctx } = scope;
  const q = ctx.query;
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  let b: KObject = {};
  if (body.length) {
    const ct = contentTypeOf(ctx.req.headers['content-type']);
    try {
      if (ct === 'application/vnd.kubernetes.protobuf') {
        const mod = (await import('../negotiation/protobuf.js')) as { decodeProtobufObject: ProtobufDecoder };
        b = mod.decodeProtobufObject(body, { apiVersion: 'v1', kind: 'DeleteOptions' });
      } else if (ct === 'application/yaml') b = parseYAML(body.toString('utf8')) ?? {};
      else b = JSON.parse(body.toString('utf8'));
    } catch (e) {
      if ((e as { status?: unknown }).status) throw e;
      throw badRequest(`couldn't get version/kind; json parse error: ${(e as Error).message}`);
    }
  }
  const o: DeleteOptions = { dryRun: false };
  const grace = q.get('gracePeriodSeconds') ?? b.gracePeriodSeconds;
  if (grace !== undefined && grace !== null) o.gracePeriodSeconds = Number(grace);
  const policy = q.get('propagationPolicy') ?? b.propagationPolicy;
  if (policy) o.propagationPolicy = policy as PropagationPolicy;
  const orphan = q.get('orphanDependents') ?? b.orphanDependents;
  if (orphan !== undefined && orphan !== null) o.orphanDependents = orphan === true || orphan === 'true';
  if (b.preconditions) o.preconditions = b.preconditions;
  const unsafe = q.get('ignoreStoreReadErrorWithClusterBreakingPotential') ?? b.ignoreStoreReadErrorWithClusterBreakingPotential;
  // Without the alpha gate the option is dropped, as kube-apiserver does.
  if (scope.options.featureGates['AllowUnsafeMalformedObjectDeletion'] && (unsafe === true || unsafe === 'true')) {
    o.ignoreStoreReadErrorWithClusterBreakingPotential = true;
  }
  const dry = q.getAll('dryRun');
  const bodyDry: string[] = Array.isArray(b.dryRun) ? b.dryRun : [];
  if (dry.length || bodyDry.length) {
    o.dryRunGiven = true;
    parseWriteQuery(new URLSearchParams([...dry, ...bodyDry].map((d): [string, string] => ['dryRun', d])), 'UpdateOptions');
    o.dryRun = true;
  }
  return o;
}

/** The caller also needs the verb unsafe-delete-ignore-read-errors on the resource (seed 000, rule 2). */
async function authorizeUnsafeDelete(scope: ResourceScope, authorizer: Authorizer): Promise<void> {
  const attrs = { ...attributesOf(scope.ctx), verb: 'unsafe-delete-ignore-read-errors', subresource: '' };
  const r = await authorizer.authorize(attrs);
  if (r.decision !== 'allow') throw forbiddenError(attrs, r.reason);
}

export async function handleDelete(scope: ResourceScope, authorizer: Authorizer): Promise<void> {
  const rep = negotiate(scope.ctx, { list: false, transforms: false, protobuf: false });
  const opts = await decodeDeleteOptions(scope);
  if (opts.ignoreStoreReadErrorWithClusterBreakingPotential) {
    validateDeleteOptions(opts);
    await authorizeUnsafeDelete(scope, authorizer);
    return writeEncoded(scope.ctx, 200, await deleteCorruptObject(scope.store, scope.namespace, scope.name), rep.as === 'object' && rep.format === 'yaml' ? 'yaml' : 'json');
  }
  const r = await deleteObject(scope.store, scope.namespace, scope.name, { ...operationFor(scope, opts), ...opts });
  if ((r.body as KObject).kind === 'Status') return writeEncoded(scope.ctx, r.code, r.body, rep.as === 'object' && rep.format === 'yaml' ? 'yaml' : 'json');
  await writeRepresentation(scope, r.code, rep, { object: forEndpoint(scope, r.body as KObject) });
}

export async function handleDeleteCollection(scope: ResourceScope): Promise<void> {
  const rep = negotiate(scope.ctx, { list: true, transforms: false, protobuf: false });
  const opts = await decodeDeleteOptions(scope);
  const page = await readList(scope);
  const deleted: KObject[] = [];
  for (const item of page.items) {
    try {
      const r = await deleteObject(scope.store, item.metadata.namespace ?? '', item.metadata.name, { ...operationFor(scope, opts), ...opts });
      deleted.push(forEndpoint(scope, r.obj));
    } catch (e) {
      if ((e as { reason?: string }).reason === 'NotFound') continue;
      throw e;
    }
  }
  await writeRepresentation(scope, 200, rep, { list: deleted, listMeta: { resourceVersion: page.listMeta.resourceVersion } });
}
