// The two webhook admission plug-ins (kube's MutatingAdmissionWebhook and ValidatingAdmissionWebhook): every
// matching webhook is called with an AdmissionReview; mutating webhooks one after the other (a JSON patch in the
// answer changes the object, IfNeeded webhooks run once more after a later change), validating webhooks all at
// once. Calls that fail follow failurePolicy; answers that deny become kube's errors; warnings and audit
// annotations go to the operation.
import { badRequest, internalError, StatusError } from '../../errors/status.js';
import { jsonEqual, type KObject } from '../../api/object.js';
import type { AdmissionAttributes, AdmissionOperation } from '../../registry/admission.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { decodeJsonPatchBytes } from '../../patch/decoded-patch.js';
import type { AdmissionPlugin } from '../chain.js';
import { buildAdmissionReview, verifyAdmissionResponse, type Invocation } from './admission-review.js';
import type { WebhookConfigSource } from './config-source.js';
import { callWebhook, WebhookCallError, type ServiceResolver } from './webhook-client.js';
import { isExemptAdmissionConfiguration, shouldCallHook, type MatchingDeps } from './webhook-matching.js';
import type { WebhookAccessor } from './config-source.js';

export interface WebhookDeps extends MatchingDeps {
  resolveService: ServiceResolver;
  /** kube defaults an object again after each webhook's patch (in the webhook's version). */
  redefault(inv: Invocation, object: KObject): void;
  /** Writes `object` (in the invocation's version) back into the request's version. */
  unversion(a: AdmissionAttributes, inv: Invocation, object: KObject): KObject;
  /**
   * The request as webhooks see it: a sub-resource with a kind of its own (scale) has its own object; `writeBack`
   * carries a webhook's changes to it into the stored object.
   */
  subresourceView(a: AdmissionAttributes): { attrs: AdmissionAttributes; writeBack?: (changed: KObject) => void };
}

const ALL_OPERATIONS = new Set<AdmissionOperation>(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

/** kube's ToStatusErr: a webhook's denial as the request's error. */
function denial(name: string, result: KObject | undefined): StatusError {
  const r: KObject = { ...(result ?? {}) };
  const deniedBy = `admission webhook ${JSON.stringify(name)} denied the request`;
  const code = typeof r.code === 'number' && r.code >= 400 ? r.code : 400;
  let message: string;
  if (typeof r.message === 'string' && r.message) message = `${deniedBy}: ${r.message}`;
  else if (typeof r.reason === 'string' && r.reason) message = `${deniedBy}: ${r.reason}`;
  else message = `${deniedBy} without explanation`;
  return new StatusError({
    code,
    message,
    ...(typeof r.reason === 'string' && r.reason ? { reason: r.reason } : {}),
    ...(r.details && typeof r.details === 'object' ? { details: r.details } : {}),
    ...(r.metadata && typeof r.metadata === 'object' ? { metadata: r.metadata } : {}),
  } as ConstructorParameters<typeof StatusError>[0]);
}

/** A transport or protocol failure calling a webhook (kube's ErrCallingWebhook). */
class CallingWebhookError extends Error {
  constructor(readonly webhook: string, readonly reason: string) {
    super(`failed calling webhook ${JSON.stringify(webhook)}: ${reason}`);
  }
}

function addAuditAnnotation(a: AdmissionAttributes, key: string, value: string): void {
  const annotations = (a.context.auditAnnotations ??= {});
  // kube refuses to overwrite an annotation with another value.
  if (annotations[key] === undefined || annotations[key] === value) annotations[key] = value;
}

/** Checks dry-run support, calls the webhook and verifies the answer (shared by both phases). */
async function callHook(h: WebhookAccessor, a: AdmissionAttributes, inv: Invocation, objs: { object?: KObject; oldObject?: KObject }, deps: WebhookDeps) {
  if (a.dryRun) {
    if (h.sideEffects === undefined) throw new CallingWebhookError(h.name, 'Webhook SideEffects is nil');
    if (h.sideEffects !== 'None' && h.sideEffects !== 'NoneOnDryRun') throw badRequest(`admission webhook ${JSON.stringify(h.name)} does not support dry run`);
  }
  const review = buildAdmissionReview(h.admissionReviewVersions, a, inv, objs);
  if (!review) throw new CallingWebhookError(h.name, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  let body: KObject;
  try {
    body = await callWebhook(h.name, h.clientConfig, review.body, { timeoutSeconds: h.timeoutSeconds, signal: a.context.signal, resolveService: deps.resolveService });
  } catch (e) {
    if (e instanceof WebhookCallError) throw new CallingWebhookError(h.name, `failed to call webhook: ${e.reason}`);
    throw e;
  }
  let result;
  try {
    result = verifyAdmissionResponse(review, h.type === 'mutating', body);
  } catch (e) {
    throw new CallingWebhookError(h.name, `received invalid webhook response: ${(e as Error).message}`);
  }
  for (const [k, v] of Object.entries(result.auditAnnotations)) addAuditAnnotation(a, `${h.name}/${k}`, v);
  a.context.warnings.push(...result.warnings);
  if (!result.allowed) throw denial(h.name, result.result);
  return result;
}

/** MutatingAdmissionWebhook. */
export class MutatingWebhooks implements AdmissionPlugin {
  readonly name = 'MutatingAdmissionWebhook';
  readonly operations = ALL_OPERATIONS;

  constructor(private readonly source: WebhookConfigSource, private readonly deps: WebhookDeps) {}

  async admit(request: AdmissionAttributes): Promise<void> {
    if (isExemptAdmissionConfiguration(request)) return;
    const hooks = await this.source.webhooks();
    if (!hooks.length) return;
    const { attrs: a, writeBack } = this.deps.subresourceView(request);
    // kube's reinvocation context: IfNeeded webhooks called before a change are called once more after round 0.
    let previouslyInvoked = new Set<string>();
    let reinvoke = new Set<string>();
    let changedAny = false;
    for (let round = 0; round < 2; round++) {
      if (round === 1 && (!changedAny || !reinvoke.size)) break;
      const toReinvoke = reinvoke;
      for (let i = 0; i < hooks.length; i++) {
        const h = hooks[i]!;
        const inv = await shouldCallHook(h, a, this.deps);
        if (!inv) continue;
        if (round === 1 && !toReinvoke.has(h.uid)) continue;
        let changed = false;
        try {
          changed = await this.callMutating(h, a, inv, round, i);
        } catch (e) {
          if (e instanceof CallingWebhookError) {
            if (h.failurePolicy === 'Ignore') {
              addAuditAnnotation(a, `failed-open.mutation.webhook.admission.k8s.io/round_${round}_index_${i}`, h.name);
              if (h.reinvocationPolicy === 'IfNeeded') previouslyInvoked.add(h.uid);
              continue;
            }
            throw internalError(e);
          }
          throw e;
        }
        if (changed) {
          changedAny = true;
          if (round === 0) reinvoke = new Set([...reinvoke, ...previouslyInvoked]);
          previouslyInvoked = new Set();
        }
        if (h.reinvocationPolicy === 'IfNeeded') previouslyInvoked.add(h.uid);
      }
    }
    if (changedAny && writeBack && a.object) writeBack(a.object);
  }

  private async callMutating(h: WebhookAccessor, a: AdmissionAttributes, inv: Invocation, round: number, index: number): Promise<boolean> {
    let changed = false;
    try {
      const objs = this.deps.versioned(a, inv);
      const result = await callHook(h, a, inv, objs, this.deps);
      if (!result.patch?.length) return false;
      let ops: unknown;
      try {
        ops = JSON.parse(result.patch.toString('utf8'));
        if (!Array.isArray(ops)) throw new Error('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
      } catch (e) {
        throw new CallingWebhookError(h.name, `received undecodable patch in webhook response: ${(e as Error).message}`);
      }
      if (!ops.length) return false;
      if (!objs.object || !a.object) {
        throw internalError(`admission webhook ${JSON.stringify(h.name)} attempted to modify the object, which is not supported for this operation`);
      }
      if (result.patchType !== 'JSONPatch') throw new CallingWebhookError(h.name, `unsupported patch type ${JSON.stringify(result.patchType)}`);
      let patched: KObject;
      try {
        patched = applyJsonPatch(structuredClone(objs.object), decodeJsonPatchBytes(result.patch), { fieldValidation: 'Ignore' }).result as KObject;
      } catch (e) {
        throw internalError(e instanceof StatusError ? e.status.message ?? '' : e);
      }
      if (!patched || typeof patched !== 'object' || Array.isArray(patched)) throw internalError('Object \'Kind\' is missing in patched object');
      this.deps.redefault(inv, patched);
      changed = !jsonEqual(objs.object, patched);
      if (changed) {
        const back = this.deps.unversion(a, inv, patched);
        // The store holds on to the request's object: change it in place.
        for (const k of Object.keys(a.object)) delete a.object[k];
        Object.assign(a.object, back);
      }
      return changed;
    } finally {
      addAuditAnnotation(a, `mutation.webhook.admission.k8s.io/round_${round}_index_${index}`, JSON.stringify({ configuration: h.configurationName, webhook: h.name, mutated: changed }));
    }
  }
}

/** ValidatingAdmissionWebhook. */
export class ValidatingWebhooks implements AdmissionPlugin {
  readonly name = 'ValidatingAdmissionWebhook';
  readonly operations = ALL_OPERATIONS;

  constructor(private readonly source: WebhookConfigSource, private readonly deps: WebhookDeps) {}

  async validate(request: AdmissionAttributes): Promise<void> {
    if (isExemptAdmissionConfiguration(request)) return;
    const hooks = await this.source.webhooks();
    if (!hooks.length) return;
    const a = this.deps.subresourceView(request).attrs;
    const relevant: { h: WebhookAccessor; inv: Invocation; index: number }[] = [];
    for (let i = 0; i < hooks.length; i++) {
      const inv = await shouldCallHook(hooks[i]!, a, this.deps);
      if (inv) relevant.push({ h: hooks[i]!, inv, index: i });
    }
    if (!relevant.length) return;
    // All at once; the first error to arrive is the answer.
    const errors: unknown[] = [];
    await Promise.all(
      relevant.map(async ({ h, inv, index }) => {
        try {
          await callHook(h, a, inv, this.deps.versioned(a, inv), this.deps);
        } catch (e) {
          if (e instanceof CallingWebhookError) {
            if (h.failurePolicy === 'Ignore') {
              addAuditAnnotation(a, `failed-open.validating.webhook.admission.k8s.io/round_0_index_${index}`, h.name);
              return;
            }
            errors.push(internalError(e));
            return;
          }
          errors.push(e);
        }
      }),
    );
    if (errors.length) throw errors[0];
  }
}
