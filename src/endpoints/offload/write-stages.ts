// The pure stages of a large write of a built-in kind, as the write worker runs them: the handlers' own write
// sequence (write-sequence.ts) with the built-in kinds' write hooks, on plain data in and out (JSON text), so the
// answer, its warnings and its Status errors are the same on both paths; for an update of a kind whose strategy is
// pure, also the store's preparation of the update (registry/prepared-update.ts). No storage, admission or watch cache
// here.
import type { ResourceInfo } from '../../api/resource-info.js';
import { StatusError, type GroupResource, type Status } from '../../errors/status.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { wasDecoded } from '../../registry/decoded-objects.js';
import { builtinWriteHooks } from '../field-validation/builtin-write-hooks.js';
import type { PatchType } from '../patch/apply-patch-body.js';
import type { WriteQuery } from '../query-options.js';
import type { ResourceScope } from '../resource-scope.js';
import type { GenericStore } from '../../registry/generic-store.js';
import type { KV } from '../../storage/interface.js';
import { decodeStored } from '../../registry/stored-codec.js';
import { converterFor } from '../../versions/converter.js';
import { deepClone, type KObject } from '../../api/object.js';
import { noStep } from '../heavy-work.js';
import { createSequence, patchSequence, updateBody, updateSequence } from '../write-sequence.js';
import { builtinResource, builtinStrategy } from '../../registry/resources/index.js';
import { objectValidator } from '../../registry/object-validator.js';
import type { Strategy } from '../../registry/strategy.js';
import { HeldBodies } from './held-bodies.js';
import { prepareCreate, prepareUpdate, type PreparedCreate, type PreparedUpdate } from '../../registry/prepared-update.js';

/** What a handler sends: the request's identity and body, the current object as stored bytes. */
export interface StagesInput {
  /**
   * create: POST; update-check: PUT's decode and identity checks, the decoded body then held under `hold` for the
   * update attempts; update: PUT against `current` (the body held under `hold`); patch; release: drop `hold`.
   */
  op: 'create' | 'update-check' | 'update' | 'patch' | 'release';
  def: ResourceInfo;
  gr: GroupResource;
  hasStatusSubresource: boolean;
  namespace: string;
  name: string;
  subresource: string;
  contentType?: string;
  userAgent?: string;
  /** The request body (absent for update and release, which use the one held). */
  body?: Uint8Array;
  /** The decoded PUT body kept in the worker between update-check and its update attempts. */
  hold?: number;
  /** The stored value the store read (update, patch), decoded here as the store decodes it. */
  current?: KV;
  /** Also prepare the update as the store would (registry/prepared-update.ts). */
  prepare?: boolean;
  q: WriteQuery;
}

export type StagesOutput =
  | {
      ok: true;
      /** The object to hand to the store, as JSON text (absent for update-check and a prepared update). */
      obj?: string;
      /** The prepared update (with `prepare`). */
      prepared?: PreparedUpdate;
      /** The prepared create (with `prepare`). */
      preparedCreate?: PreparedCreate;
      warnings: string[];
      /** Whether the object went through the typed decoding (registry/decoded-objects.ts). */
      decoded: boolean;
      /** Patch: the result carries the current object's resourceVersion unchanged (no precondition). */
      implicitRV?: boolean;
      /** update-check: where the decoded body is held. */
      hold?: number;
    }
  | { ok: false; status: Status; bare: boolean; warnings: string[] }
  /** Something only the in-thread path can carry (e.g. a value JSON cannot hold): the handler runs in-thread. */
  | { ok: false; fallback: true };

// fieldManagerFor keeps its managers per store; one stand-in store per endpoint here.
const stores = new Map<string, GenericStore>();
const strategies = new Map<string, Strategy>();

function endpointKey(input: StagesInput): string {
  return `${input.def.group}/${input.def.version}/${input.def.resource}/${input.hasStatusSubresource}`;
}

function scopeOf(input: StagesInput, warnings: string[]): ResourceScope {
  const key = endpointKey(input);
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

/** Whether the store's update of this resource is pure computation the worker can prepare (its strategy is generic). */
export function preparable(def: ResourceInfo, subresource: string): boolean {
  return subresource === '' && def.builtin !== false && !converterFor(def) && builtinResource(def)?.strategy === undefined;
}

/** The strategy the store of `def` has (a generic one: see preparable). */
function strategyOf(input: StagesInput): Strategy {
  const key = endpointKey(input);
  let s = strategies.get(key);
  if (!s) strategies.set(key, (s = builtinStrategy(input.def, { clusterIPs: undefined as never })));
  return s;
}

/** The stored value as GenericStore.decode gives it to an update. */
function decodeCurrent(def: ResourceInfo, kv: KV): KObject {
  const obj = decodeStored(kv);
  const conv = converterFor(def);
  return conv ? conv.fromStored(obj) : obj;
}

/**
 * PUT bodies decoded by update-check, until released: at most 64, none for longer than 10 minutes (more than any
 * request's timeout), should a release be lost.
 */
const held = new HeldBodies<KObject>(64, 600_000);

function bodyOf(input: StagesInput): Buffer {
  const b = input.body!;
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

interface Found {
  implicitRV?: boolean;
  prepared?: PreparedUpdate;
  preparedCreate?: PreparedCreate;
  hold?: number;
}

async function stages(input: StagesInput, scope: ResourceScope, found: Found): Promise<KObject | undefined> {
  const { def, q } = input;
  const current = input.current === undefined ? undefined : decodeCurrent(def, input.current);
  // The stages may change what they are given; the preparation compares with the stored object as it is.
  const given = current && input.prepare ? deepClone(current) : current;
  let desired: KObject;
  switch (input.op) {
    case 'create': {
      const obj = await createSequence(scope, builtinWriteHooks, bodyOf(input), q, noStep);
      if (!input.prepare) return obj;
      // A create that is not prepared (a name to generate) hands over the object, unchanged.
      found.preparedCreate = await preparedOrFallback(prepareCreate, { ...preparationOf(input), namespace: input.namespace }, obj);
      return found.preparedCreate ? undefined : obj;
    }
    case 'update-check': {
      const obj = await updateBody(scope, bodyOf(input), noStep);
      found.hold = held.hold(obj);
      return undefined;
    }
    case 'update': {
      const body = held.get(input.hold!);
      // Gone (evicted, expired, or the worker restarted): the handler goes on in-thread with its own copy.
      if (!body) throw FALLBACK;
      desired = await updateSequence(scope, builtinWriteHooks, body, given, q, noStep);
      break;
    }
    case 'patch': {
      const r = await patchSequence(scope, builtinWriteHooks, input.contentType as PatchType, bodyOf(input), given, q, noStep);
      found.implicitRV = r.implicitRV;
      desired = r.obj;
      break;
    }
    case 'release':
      held.release(input.hold!);
      return undefined;
  }
  if (input.prepare && current && input.current) {
    found.prepared = await preparedOrFallback(
      prepareUpdate,
      { ...preparationOf(input), name: input.name, subresource: input.subresource, currentValue: input.current.value, currentRev: input.current.modRev },
      desired,
      current,
    );
    if (!found.prepared) throw FALLBACK;
    found.prepared.implicitRV = found.implicitRV;
    return undefined;
  }
  return desired;
}

const FALLBACK = Symbol('fallback');

function preparationOf(input: StagesInput) {
  const { def } = input;
  return { def, strategy: strategyOf(input), metaValidator: objectValidator, gk: { group: def.group, kind: def.kind }, apiVersion: apiVersionOf(def) };
}

/** The prepared write; undefined when a value is no JSON (the write then runs in-thread). */
async function preparedOrFallback<A extends unknown[], R>(prepare: (...args: A) => Promise<R>, ...args: A): Promise<R | undefined> {
  try {
    return await prepare(...args);
  } catch (e) {
    if (e instanceof StatusError) throw e;
    if (e instanceof TypeError) return undefined;
    throw e;
  }
}

/** Runs the stages; Status errors come back as data, anything else is thrown (a bug, as in-thread). */
export async function runWriteStages(input: StagesInput): Promise<StagesOutput> {
  const warnings: string[] = [];
  const scope = scopeOf(input, warnings);
  let obj: KObject | undefined;
  const found: Found = {};
  try {
    obj = await stages(input, scope, found);
  } catch (e) {
    if (e instanceof StatusError) return { ok: false, status: e.status, bare: e.bare, warnings };
    if (e === FALLBACK) return { ok: false, fallback: true };
    throw e;
  }
  if (found.prepared) return { ok: true, prepared: found.prepared, warnings, decoded: true, implicitRV: found.implicitRV };
  if (found.preparedCreate) return { ok: true, preparedCreate: found.preparedCreate, warnings, decoded: true };
  if (obj === undefined) return { ok: true, warnings, decoded: false, hold: found.hold };
  let text: string;
  try {
    text = JSON.stringify(obj);
  } catch {
    return { ok: false, fallback: true };
  }
  return { ok: true, obj: text, warnings, decoded: wasDecoded(obj), implicitRV: found.implicitRV };
}
