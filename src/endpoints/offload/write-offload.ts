// Large writes of built-in kinds run their pure stages (body decoding or patching, field validation and defaulting,
// managedFields tracking, and for updates the store's own preparation) in a worker thread (write-worker.ts), so that
// seconds of computation on a body of many megabytes never hold the event loop: the main thread keeps storage,
// admission and the watch cache, and sees the result as JSON text or as the prepared update's bytes. Small writes keep
// the in-thread path (a round trip to the worker costs more than their work). One worker, started on first use and
// shared by the servers of the process; it holds the process open only while it has work.
import type { KObject } from '../../api/object.js';
import { StatusError } from '../../errors/status.js';
import { markDecoded } from '../../registry/decoded-objects.js';
import { contentTypeOf } from '../negotiation/media-type.js';
import type { ResourceScope } from '../resource-scope.js';
import type { WriteQuery } from '../query-options.js';
import type { KV } from '../../storage/interface.js';
import { HEAVY_BODY_BYTES } from '../heavy-work.js';
import { preparable, type StagesInput, type StagesOutput } from './write-stages.js';
import type { StagesRequest } from './write-worker.js';
import { OnDemandWorker } from '../../threads/on-demand-worker.js';
import type { PreparedCreate, PreparedUpdate } from '../../registry/prepared-update.js';

const worker = new OnDemandWorker<Omit<StagesRequest, 'id'>, StagesOutput>(new URL('./write-worker.js', import.meta.url), 'the write worker');

/** Body types the worker decodes (CBOR and Protobuf bodies, and a CBOR apply already turned into JSON, stay). */
const OFFLOADED_TYPES = new Set(['', 'application/json', '*/*', 'application/yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml']);

/**
 * Whether a write's pure stages go to the worker: a large body, a built-in kind (custom resources have their own
 * write hooks) and a body type the worker decodes. KUBELITE_WRITE_OFFLOAD=0 keeps every write in-thread.
 */
export function offloaded(scope: ResourceScope, bodyBytes: number): boolean {
  if (process.env.KUBELITE_WRITE_OFFLOAD === '0') return false;
  if (bodyBytes < (offloadThreshold ?? HEAVY_BODY_BYTES)) return false;
  if (scope.def.builtin === false || scope.view) return false;
  if (scope.subresource !== '' && scope.subresource !== 'status') return false;
  return OFFLOADED_TYPES.has(contentTypeOf(scope.ctx.req.headers['content-type']));
}

/** Whether an offloaded update also has the store's preparation done in the worker (registry/prepared-update.ts). */
export function preparedInWorker(scope: ResourceScope): boolean {
  return process.env.KUBELITE_WRITE_PREPARE !== '0' && preparable(scope.def, scope.subresource);
}

let offloadThreshold: number | undefined;

/** Tests: the body size from which writes are offloaded (undefined: HEAVY_BODY_BYTES). */
export function setOffloadThresholdForTests(bytes: number | undefined): void {
  offloadThreshold = bytes;
}

/**
 * The stages' input for a request. `body` is copied into the message (a view posted to a thread carries its whole
 * backing buffer); `current`, the stored value the store read, is decoded again in the worker.
 */
export function stagesInput(scope: ResourceScope, op: StagesInput['op'], q: WriteQuery, more: { body?: Buffer; current?: KV; hold?: number; prepare?: boolean } = {}): StagesInput {
  const ua = scope.ctx.req.headers['user-agent'];
  const ct = scope.ctx.req.headers['content-type'];
  const { body, current } = more;
  return {
    op,
    def: scope.def,
    gr: scope.store.gr,
    hasStatusSubresource: scope.store.strategy.hasStatusSubresource ?? false,
    namespace: scope.namespace,
    name: scope.name,
    subresource: scope.subresource,
    contentType: Array.isArray(ct) ? ct[0] : ct,
    userAgent: Array.isArray(ua) ? ua[0] : ua,
    body: body && ownBytes(body),
    hold: more.hold,
    prepare: more.prepare,
    current: current && { key: current.key, value: ownBytes(current.value), createRev: current.createRev, modRev: current.modRev },
    q,
  };
}

// A view posted to a thread carries its whole backing buffer: a view of a larger one is copied.
function ownBytes(v: Uint8Array): Uint8Array {
  return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? v : new Uint8Array(v);
}

let runs = 0;
let preparedRuns = 0;

/** How many stages the worker was given (tests). */
export function stagesRunInWorker(): number {
  return runs;
}

/** How many updates the worker prepared as the store would (tests). */
export function updatesPreparedInWorker(): number {
  return preparedRuns;
}

/** Runs the stages in the worker. */
export function runStagesInWorker(input: StagesInput): Promise<StagesOutput> {
  runs++;
  return worker.call({ input });
}

/**
 * The worker's answer as the in-thread stages leave it: warnings added to the request's, the object (marked
 * decoded when it was), the prepared update, or the Status error thrown. Undefined when the write must run in-thread
 * instead.
 */
export function adoptStages(scope: ResourceScope, out: StagesOutput): { obj?: KObject; implicitRV?: boolean; hold?: number; prepared?: PreparedUpdate; preparedCreate?: PreparedCreate } | undefined {
  if ('fallback' in out) return undefined;
  scope.ctx.warnings.push(...out.warnings);
  if (!out.ok) throw new StatusError(out.status, out.bare);
  if (out.prepared) {
    preparedRuns++;
    return { prepared: out.prepared };
  }
  if (out.preparedCreate) {
    preparedRuns++;
    return { preparedCreate: out.preparedCreate };
  }
  if (out.obj === undefined) return { hold: out.hold };
  const obj = JSON.parse(out.obj) as KObject;
  if (out.decoded) markDecoded(obj);
  return { obj, implicitRV: out.implicitRV };
}

/** Drops a PUT body the worker holds (update-check). */
export function releaseHeld(scope: ResourceScope, q: WriteQuery, hold: number): void {
  runStagesInWorker(stagesInput(scope, 'release', q, { hold })).catch(() => undefined);
  runs--;
}
