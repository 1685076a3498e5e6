// DELETE one object or a collection (apiserver.md §3.6).
import { featureEnabled } from '../../features/feature-gates.js';
import { operationFor } from '../operation.js';
import { badRequest, type StatusError } from '../../errors/status.js';
import { builtinResolver } from '../../schema/builtin-schemas.js';
import { decodeTyped } from '../../schema/typed-decode.js';
import { typeMetaError } from '../negotiation/type-meta.js';
import { deleteCorruptObject, deleteObject, validateDeleteOptions, type DeleteOptions, type PropagationPolicy } from '../../registry/delete.js';
import type { Authorizer } from '../../authz/authorizer.js';
import { attributesOf, forbiddenError } from '../../filters/authorization.js';
import { nameOf, namespaceOf, type KObject } from '../../api/object.js';
import { optionsDecoderFor } from '../negotiation/decode-body.js';
import { BodyDecodeError } from '../serializers/serializer.js';
import { negotiate } from '../negotiation/negotiate.js';
import { readBody } from '../negotiation/read-body.js';
import { writeRepresentation } from '../negotiation/write-representation.js';
import { writeEncoded } from '../negotiation/write-object.js';
import { parseWriteQuery } from '../query-options.js';
import { firstParam, int64Param, optionalBoolParam, stringsParam } from '../../http/query-params.js';
import { forEndpoint, type ResourceScope, protobufServed } from '../resource-scope.js';
import { readList } from '../list/read-list.js';
import type { CollectionDeleter, GracefulDeleter } from '../../registry/rest.js';

const DELETE_OPTIONS = { apiVersion: 'v1', kind: 'DeleteOptions' };

/** Go's error reading apiVersion and kind from a body that is not an object. */
function notAnObject(v: unknown): StatusError {
  const kind = Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string';
  return badRequest(
    `couldn't get version/kind; json parse error: json: cannot unmarshal ${kind} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
  );
}

/** The body as Go decodes it into DeleteOptions: nulls are no value, a value of the wrong type fails. */
function typedDeleteOptions(b: KObject): KObject {
  const node = builtinResolver('', 'v1')?.component('io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions');
  if (!node) return b;
  const r = decodeTyped(b, node);
  if (r.error !== undefined) throw badRequest(r.error);
  return r.value as KObject;
}

async function decodeDeleteOptions(scope: ResourceScope): Promise<DeleteOptions> {
  const { ctx } = scope;
  const q = ctx.query;
  const body = await readBody(ctx, scope.options.maxRequestBodyBytes);
  let b: KObject = {};
  if (body.length) {
    const serializer = optionsDecoderFor(ctx.req.headers['content-type']);
    let v: unknown;
    try {
      v = await serializer.decode!(body, DELETE_OPTIONS);
    } catch (e) {
      if (e instanceof BodyDecodeError) throw badRequest(`couldn't get version/kind; json parse error: ${e.detail}`);
      throw e;
    }
    if (serializer.decodesTyped) b = v as KObject;
    else {
      // Go decodes null into DeleteOptions as nothing; any other non-object fails reading apiVersion and kind.
      if (v !== null && v !== undefined && (typeof v !== 'object' || Array.isArray(v))) throw notAnObject(v);
      const tm = v ? typeMetaError(v as KObject) : undefined;
      if (tm) throw badRequest(tm);
      b = typedDeleteOptions((v ?? {}) as KObject);
    }
  }
  // kube reads the options from the body when there is one, and from the query only when there is none.
  const fromQuery = body.length === 0;
  const o: DeleteOptions = { dryRun: false };
  const grace = fromQuery ? int64Param(q, 'gracePeriodSeconds') : b.gracePeriodSeconds;
  if (grace !== undefined && grace !== null) o.gracePeriodSeconds = Number(grace);
  const policy = fromQuery ? firstParam(q, 'propagationPolicy') : b.propagationPolicy;
  if (policy !== undefined && policy !== null) o.propagationPolicy = policy as PropagationPolicy;
  const orphan = fromQuery ? optionalBoolParam(q, 'orphanDependents') : b.orphanDependents;
  if (orphan !== undefined && orphan !== null) o.orphanDependents = orphan === true;
  if (b.preconditions) o.preconditions = b.preconditions;
  const unsafe = fromQuery ? optionalBoolParam(q, 'ignoreStoreReadErrorWithClusterBreakingPotential') : b.ignoreStoreReadErrorWithClusterBreakingPotential;
  // Without the alpha gate the option is dropped, as kube-apiserver does.
  if (featureEnabled(scope.options, 'AllowUnsafeMalformedObjectDeletion') && unsafe === true) {
    o.ignoreStoreReadErrorWithClusterBreakingPotential = true;
  }
  const dry = fromQuery ? stringsParam(q, 'dryRun') : Array.isArray(b.dryRun) ? (b.dryRun as string[]) : [];
  if (dry.length) {
    o.dryRunGiven = true;
    parseWriteQuery(new URLSearchParams(dry.map((d): [string, string] => ['dryRun', d])), 'UpdateOptions');
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

export async function handleDelete(scope: ResourceScope, authorizer: Authorizer, deleter: GracefulDeleter): Promise<void> {
  const rep = negotiate(scope.ctx, { list: false, transforms: false, protobuf: protobufServed(scope) });
  const opts = await decodeDeleteOptions(scope);
  if (opts.ignoreStoreReadErrorWithClusterBreakingPotential) {
    validateDeleteOptions(opts);
    await authorizeUnsafeDelete(scope, authorizer);
    return writeEncoded(scope.ctx, 200, await deleteCorruptObject(deleter.store, scope.namespace, scope.name), rep.as === 'object' ? rep.format : 'json');
  }
  const r = await deleteObject(deleter.store, scope.namespace, scope.name, operationFor(scope, opts, { ...opts }));
  if ((r.body as KObject).kind === 'Status') return writeEncoded(scope.ctx, r.code, r.body, rep.as === 'object' ? rep.format : 'json');
  await writeRepresentation(scope, r.code, rep, { object: forEndpoint(scope, r.body as KObject) });
}

export async function handleDeleteCollection(scope: ResourceScope, deleter: CollectionDeleter): Promise<void> {
  const rep = negotiate(scope.ctx, { list: true, transforms: false, protobuf: protobufServed(scope) });
  const opts = await decodeDeleteOptions(scope);
  const page = await readList(scope, deleter);
  const deleted: KObject[] = [];
  for (const item of page.items) {
    try {
      const r = await deleteObject(deleter.store, namespaceOf(item), nameOf(item), operationFor(scope, opts, { ...opts }));
      deleted.push(forEndpoint(scope, r.obj));
    } catch (e) {
      if ((e as { reason?: string }).reason === 'NotFound') continue;
      throw e;
    }
  }
  await writeRepresentation(scope, 200, rep, { list: deleted, listMeta: { resourceVersion: page.listMeta.resourceVersion } });
}
