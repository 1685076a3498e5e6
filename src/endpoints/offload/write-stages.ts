// The pure stages of a large write of a built-in kind, as the write worker runs them: decoding the body (or applying
// the patch to the current object), field validation and defaulting, and managedFields tracking — the same
// functions the handlers call in-thread, on plain data in and out (JSON text), so the answer, its warnings and its
// Status errors are the same on both paths. No storage, admission or watch cache here.
import type { ResourceInfo } from '../../api/resource-info.js';
import { badRequest, StatusError, type GroupResource, type Status } from '../../errors/status.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { wasDecoded } from '../../registry/decoded-objects.js';
import { decodeBody } from '../negotiation/decode-body.js';
import { validateFields } from '../field-validation/builtin-write-hooks.js';
import { cloneDecoded } from '../field-validation/decode-findings.js';
import { trackManagedFields } from '../apply/write-integration.js';
import { applyPatchBody, isApplyPatch, type PatchType } from '../patch/apply-patch-body.js';
import { patchedWithTypeMeta } from '../patch/patched-type-meta.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import type { GenericStore } from '../../registry/generic-store.js';
import type { KV } from '../../storage/interface.js';
import { decodeStored } from '../../registry/stored-codec.js';
import { converterFor } from '../../versions/converter.js';
import { meta, type KObject } from '../../api/object.js';

/** What a handler sends: the request's identity and body, the current object as JSON text. */
export interface StagesInput {
  /** create: POST; update-check: PUT's decode and identity checks alone; update: PUT against `current`; patch. */
  op: 'create' | 'update-check' | 'update' | 'patch';
  def: ResourceInfo;
  gr: GroupResource;
  hasStatusSubresource: boolean;
  namespace: string;
  name: string;
  subresource: string;
  contentType?: string;
  userAgent?: string;
  body: Uint8Array;
  /** The stored value the store read (update, patch), decoded here as the store decodes it. */
  current?: KV;
  q: WriteQuery;
}

export type StagesOutput =
  | {
      ok: true;
      /** The object to hand to the store, as JSON text (absent for update-check). */
      obj?: string;
      warnings: string[];
      /** Whether the object went through the typed decoding (registry/decoded-objects.ts). */
      decoded: boolean;
      /** Patch: the result carries the current object's resourceVersion unchanged (no precondition). */
      implicitRV?: boolean;
    }
  | { ok: false; status: Status; bare: boolean; warnings: string[] }
  /** Something only the in-thread path can carry (e.g. a value JSON cannot hold): the handler runs in-thread. */
  | { ok: false; fallback: true };

// fieldManagerFor keeps its managers per store; one stand-in store per endpoint here.
const stores = new Map<string, GenericStore>();

function scopeOf(input: StagesInput, warnings: string[]): ResourceScope {
  const key = `${input.def.group}/${input.def.version}/${input.def.resource}/${input.hasStatusSubresource}`;
  let store = stores.get(key);
  if (!store) {
    store = { gr: input.gr, customSchema: () => undefined, strategy: { hasStatusSubresource: input.hasStatusSubresource } } as unknown as GenericStore;
    stores.set(key, store);
  }
  const headers: Record<string, string> = {};
  if (input.contentType !== undefined) headers['content-type'] = input.contentType;
  if (input.userAgent !== undefined) headers['user-agent'] = input.userAgent;
  return {
    ctx: { warnings, req: { headers } },
    def: input.def,
    store,
    namespace: input.namespace,
    name: input.name,
    subresource: input.subresource,
  } as unknown as ResourceScope;
}

/** The checks of PUT on the decoded body (update.ts): name and namespace against the URL. */
export function checkUpdateIdentity(scope: Pick<ResourceScope, 'def' | 'name' | 'namespace'>, obj: KObject): void {
  const md = meta(obj);
  // A name or namespace that is not a string fails the typed decoding of the write hooks, as it fails kube's
  // decoder before these checks.
  if (typeof md.name === 'string' && md.name !== '' && md.name !== scope.name) {
    throw badRequest(`the name of the object (${md.name}) does not match the name on the URL (${scope.name})`);
  }
  if (md.name === undefined || md.name === null || md.name === '') md.name = scope.name;
  if (scope.def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
    throw badRequest(`the namespace of the object (${md.namespace}) does not match the namespace on the request (${scope.namespace})`);
  }
}

/** The namespace check of POST (create.ts). */
export function checkCreateNamespace(scope: Pick<ResourceScope, 'def' | 'namespace'>, obj: KObject): void {
  const md = meta(obj);
  if (scope.def.namespaced && typeof md.namespace === 'string' && md.namespace && md.namespace !== scope.namespace) {
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

/** The stored value as GenericStore.decode gives it to an update. */
function decodeCurrent(def: ResourceInfo, kv: KV): KObject {
  const obj = decodeStored(kv);
  const conv = converterFor(def);
  return conv ? conv.fromStored(obj) : obj;
}

async function stages(input: StagesInput, scope: ResourceScope, found: { implicitRV?: boolean }): Promise<KObject | undefined> {
  const { def, q } = input;
  const body = Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
  const current = input.current === undefined ? undefined : decodeCurrent(def, input.current);
  switch (input.op) {
    case 'create': {
      const obj = await decodeBody(input.contentType, body, { apiVersion: apiVersionOf(def), kind: def.kind });
      checkCreateNamespace(scope, obj);
      validateFields(scope, obj, q, 'create');
      trackManagedFields(scope, obj, undefined, q);
      return obj;
    }
    case 'update-check':
    case 'update': {
      const obj = await decodeBody(input.contentType, body, { apiVersion: apiVersionOf(def), kind: def.kind });
      checkUpdateIdentity(scope, obj);
      if (input.op === 'update-check') return undefined;
      const desired = cloneDecoded(obj);
      validateFields(scope, desired, q, 'update');
      trackManagedFields(scope, desired, current, q);
      return desired;
    }
    case 'patch': {
      const patchType = input.contentType as PatchType;
      const isApply = isApplyPatch(patchType);
      const applied = applyPatchBody(scope, patchType, body, current, q);
      const patched = isApply ? applied : patchedWithTypeMeta(scope, applied);
      const patchedRV = meta(patched).resourceVersion;
      found.implicitRV = patchedRV !== undefined && current !== undefined && patchedRV === meta(current).resourceVersion;
      validateFields(scope, patched, q, 'patch');
      if (!isApply) trackManagedFields(scope, patched, current, q);
      return patched;
    }
  }
}

/** Runs the stages; Status errors come back as data, anything else is thrown (a bug, as in-thread). */
export async function runWriteStages(input: StagesInput): Promise<StagesOutput> {
  const warnings: string[] = [];
  const scope = scopeOf(input, warnings);
  let obj: KObject | undefined;
  const found: { implicitRV?: boolean } = {};
  try {
    obj = await stages(input, scope, found);
  } catch (e) {
    if (e instanceof StatusError) return { ok: false, status: e.status, bare: e.bare, warnings };
    throw e;
  }
  if (obj === undefined) return { ok: true, warnings, decoded: false };
  let text: string;
  try {
    text = JSON.stringify(obj);
  } catch {
    return { ok: false, fallback: true };
  }
  return { ok: true, obj: text, warnings, decoded: wasDecoded(obj), implicitRV: found.implicitRV };
}
