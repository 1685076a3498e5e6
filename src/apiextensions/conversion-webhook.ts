// CRD conversion webhooks (spec.conversion.strategy Webhook): objects of one version of a custom resource become
// another by a ConversionReview (apiextensions.k8s.io v1 or v1beta1, the first of conversionReviewVersions) sent to
// the CRD's webhook, with kube's checks of the answer and its error texts. Metadata other than labels and
// annotations always comes from the original object.
//
// Reads are synchronous in the serving path (lists, gets and watches are written from the watch cache), so a read
// first converts what it will serve (`prefetch`) and the presentation then finds the result in a small cache,
// keyed by object uid, resourceVersion and version.
import { randomUUID } from 'node:crypto';
import type { KObject } from '../api/object.js';
import { unknownError } from '../errors/status.js';
import { callWebhook, WebhookCallError, type ServiceResolver } from '../admission/webhooks/webhook-client.js';
import type { ClientConfig } from '../admission/webhooks/config-source.js';
import type { CRD } from './crd-types.js';

/** kube's conversion webhook client has no timeout of its own but the REST client's 30 s. */
const TIMEOUT_SECONDS = 30;

// How service references resolve, per server (keyed by the server's store dependencies, which its custom
// resource stores share).
const resolvers = new WeakMap<object, ServiceResolver>();
const noServices: ServiceResolver = async (_ns, name) => ({ error: `service ${JSON.stringify(name)} not found` });

/** Set once by the server's assembly. */
export function setConversionServiceResolver(server: object, r: ServiceResolver): void {
  resolvers.set(server, r);
}

export const conversionServiceResolver = (server: object): ServiceResolver => resolvers.get(server) ?? noServices;

export function usesWebhookConversion(crd: CRD): boolean {
  return crd.spec.conversion?.strategy === 'Webhook';
}

function clientConfigOf(crd: CRD): { cc: ClientConfig; versions: string[] } {
  const w = (crd.spec.conversion?.webhook ?? {}) as KObject;
  const c: KObject = w.clientConfig ?? {};
  const svc: KObject | undefined = c.service ?? undefined;
  return {
    cc: {
      url: typeof c.url === 'string' && c.url ? c.url : undefined,
      service: svc ? { namespace: svc.namespace ?? '', name: svc.name ?? '', path: svc.path ?? undefined, port: typeof svc.port === 'number' ? svc.port : 443 } : undefined,
      caBundle: typeof c.caBundle === 'string' ? Buffer.from(c.caBundle, 'base64').toString('utf8') : '',
    },
    versions: Array.isArray(w.conversionReviewVersions) ? w.conversionReviewVersions : [],
  };
}

/** Go's %v of a GroupVersionKind. */
const gvkText = (o: KObject): string => `${o.apiVersion ?? ''}, Kind=${o.kind ?? ''}`;

/** kube's 500 for a failed conversion: the error text as it is, no reason. */
const failure = (message: string) => unknownError(message);

/**
 * Converts `objects` (all of one kind) to `desired` (group/version) through the CRD's webhook; objects already in
 * that version are not sent. Throws kube's error when the webhook fails.
 */
export async function convertWithWebhook(crd: CRD, objects: KObject[], desired: string, resolveService: ServiceResolver, signal?: AbortSignal): Promise<KObject[]> {
  const todo = objects.map((o, i) => [o, i] as const).filter(([o]) => o.apiVersion !== desired);
  if (!todo.length) return objects;
  const first = todo[0]![0];
  const what = `conversion webhook for ${gvkText(first)}`;
  const { cc, versions } = clientConfigOf(crd);
  const version = versions.find((v) => v === 'v1' || v === 'v1beta1');
  if (!version) throw failure('no supported conversion review versions');
  const uid = randomUUID();
  const review = { kind: 'ConversionReview', apiVersion: `apiextensions.k8s.io/${version}`, request: { uid, desiredAPIVersion: desired, objects: todo.map(([o]) => o) } };
  let body: KObject;
  try {
    body = await callWebhook(`conversion_webhook_for_${crd.metadata.name ?? ''}`, cc, review, { timeoutSeconds: TIMEOUT_SECONDS, signal, resolveService });
  } catch (e) {
    if (e instanceof WebhookCallError) throw failure(`${what} failed: ${e.reason}`);
    throw e;
  }
  const converted = checkResponse(body, version, uid, what);
  if (converted.length !== todo.length) throw failure(`${what} returned ${converted.length} objects, expected ${todo.length}`);
  const out = [...objects];
  converted.forEach((c, n) => {
    const [original, index] = todo[n]!;
    const at = todo.length > 1 ? `invalid converted object at index ${n}` : 'invalid object at index 0';
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw failure(`${what} returned ${at}: Object 'Kind' is missing`);
    if (c.apiVersion !== desired) throw failure(`${what} returned ${at}: invalid groupVersion (expected ${desired}, received ${c.apiVersion ?? ''})`);
    if (c.kind !== original.kind) throw failure(`${what} returned ${at}: invalid kind (expected ${original.kind}, received ${c.kind ?? ''})`);
    // Only labels and annotations may change; the rest of metadata is the original's.
    const md: KObject = { ...(original.metadata ?? {}) };
    const cmd: KObject = c.metadata ?? {};
    if (cmd.labels !== undefined) md.labels = cmd.labels;
    else delete md.labels;
    if (cmd.annotations !== undefined) md.annotations = cmd.annotations;
    else delete md.annotations;
    out[index] = { ...c, metadata: md };
  });
  return out;
}

function checkResponse(body: KObject, version: string, uid: string, what: string): KObject[] {
  if (version === 'v1') {
    if (body.apiVersion !== 'apiextensions.k8s.io/v1' || body.kind !== 'ConversionReview') {
      throw failure(`${what} failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got ${body.apiVersion ?? ''}, Kind=${body.kind ?? ''}`);
    }
  }
  const r = body.response;
  if (!r || typeof r !== 'object') throw failure(`${what} failed: no response provided`);
  if (version === 'v1' && r.uid !== uid) throw failure(`${what} failed: expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(r.uid ?? '')}`);
  const result: KObject = r.result ?? {};
  if (result.status !== 'Success') {
    if (typeof result.message === 'string' && result.message) throw failure(`${what} failed: ${result.message}`);
    throw failure(`${what} failed: response.result.status was '${result.status ?? ''}', not 'Success'`);
  }
  return Array.isArray(r.convertedObjects) ? r.convertedObjects : [];
}

// Converted objects for the synchronous presentation, by `<uid>/<resourceVersion>/<apiVersion>`.
const MAX_CACHED = 20_000;
const converted = new Map<string, KObject>();
const cacheKey = (o: KObject, apiVersion: string) => `${o.metadata?.uid ?? ''}/${o.metadata?.resourceVersion ?? ''}/${apiVersion}`;

/** Converts and remembers what a read is about to present. */
export async function prefetchConversions(crd: CRD, stored: KObject[], desired: string, resolveService: ServiceResolver, signal?: AbortSignal): Promise<void> {
  const missing = stored.filter((o) => o.apiVersion !== desired && !converted.has(cacheKey(o, desired)));
  if (!missing.length) return;
  const out = await convertWithWebhook(crd, missing, desired, resolveService, signal);
  if (converted.size + out.length > MAX_CACHED) converted.clear();
  missing.forEach((o, i) => converted.set(cacheKey(o, desired), out[i]!));
}

/** The remembered conversion of a stored object, if a read prefetched it. */
export function cachedConversion(stored: KObject, desired: string): KObject | undefined {
  const c = converted.get(cacheKey(stored, desired));
  return c ? structuredClone(c) : undefined;
}

/** Remembers a conversion made elsewhere (a write's current object), for readers of the same object version. */
export function rememberConversion(stored: KObject, desired: string, result: KObject): void {
  if (converted.size >= MAX_CACHED) converted.clear();
  converted.set(cacheKey(stored, desired), structuredClone(result));
}

