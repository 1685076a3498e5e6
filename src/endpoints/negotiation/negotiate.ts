// Output negotiation for resource endpoints: which representation the Accept header asks for
// (a serializer of serializers/, as itself or as Table or PartialObjectMetadata[List]) with kube's 406 answers (apiserver.md §1, §8.1, §9.3).
import { notAcceptable, routerNotAcceptable, StatusError } from '../../errors/status.js';
import type { RequestContext } from '../../http/request-context.js';
import { parseAccept, type MediaType } from './media-type.js';
import { encoderFor, mediaTypesOf, OBJECT_MEDIA_TYPES, serializerForMediaType } from '../serializers/index.js';
import { loadProtobufWire } from '../serializers/protobuf.js';
import type { Format } from '../serializers/serializer.js';

export type Representation =
  | { as: 'object'; format: Format }
  | { as: 'Table'; format: 'json' | 'yaml'; version: 'v1' | 'v1beta1' }
  | { as: 'PartialObjectMetadata' | 'PartialObjectMetadataList'; format: Exclude<Format, 'yaml'> | 'yaml'; version: 'v1' | 'v1beta1' };

export { OBJECT_MEDIA_TYPES };
const WATCH_MEDIA_TYPES = ['application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];
const CBOR_WATCH_MEDIA_TYPES = [...WATCH_MEDIA_TYPES, 'application/cbor-seq'];

/** The stream media types of watch answers (kube lists CBOR's as application/cbor-seq). */
export function watchMediaTypesOf(cbor: boolean): readonly string[] {
  return cbor ? CBOR_WATCH_MEDIA_TYPES : WATCH_MEDIA_TYPES;
}

// Requests to endpoints that serve CBOR (CBORServingAndStorage on), marked by the router before any handler runs.
const cborRequests = new WeakSet<RequestContext>();

/** Marks the request as one whose endpoint serves application/cbor. */
export function serveCbor(ctx: RequestContext): void {
  cborRequests.add(ctx);
}

/** Whether the request's endpoint serves application/cbor. */
export function cborServed(ctx: RequestContext): boolean {
  return cborRequests.has(ctx);
}

/** The format an Accept clause names, if its endpoint serves it (CBOR only when marked). */
function formatOf(ctx: RequestContext, type: string): Format | undefined {
  const format = serializerForMediaType(type)?.format;
  return format === 'cbor' && !cborRequests.has(ctx) ? undefined : format;
}

/** The router's check: some clause's base type must be servable at all. */
export function routerAcceptCheck(ctx: RequestContext, isCollectionGet: boolean): void {
  const clauses = parseAccept(ctx.req.headers['accept'] as string | undefined);
  if (clauses.some((m) => m.type === '*/*' || m.type === 'application/*' || formatOf(ctx, m.type) !== undefined)) return;
  const cbor = cborServed(ctx);
  // go-restful lists what the route produces: the object types, then (collection GET) the stream types.
  const avail = isCollectionGet ? [...mediaTypesOf(cbor), ...watchMediaTypesOf(cbor)] : [...mediaTypesOf(cbor)];
  throw routerNotAcceptable(avail);
}

export interface NegotiateOptions {
  /** The response is a list (list/deletecollection). */
  list: boolean;
  /** Table and PartialObjectMetadata are offered (get, list, watch). */
  transforms: boolean;
  /** Protobuf responses can be produced. */
  protobuf: boolean;
}

/**
 * The format of error Statuses (kube's ErrorNegotiated): the first Accept clause that names a serializer and asks
 * for no transformation (`as=`); JSON when none does.
 */
export function errorFormat(ctx: RequestContext, protobuf: boolean): Format {
  for (const m of parseAccept(ctx.req.headers['accept'] as string | undefined)) {
    if (m.params['as']) continue;
    if (m.type === '*/*' || m.type === 'application/*') return 'json';
    const format = formatOf(ctx, m.type);
    if (format === 'protobuf' && !protobuf) continue;
    if (format) return format;
  }
  return 'json';
}

/** kube's negotiation over the Accept clauses, in preference order. */
export function negotiate(ctx: RequestContext, o: NegotiateOptions): Representation {
  const clauses = parseAccept(ctx.req.headers['accept'] as string | undefined);
  let sawTransformError: StatusError | undefined;
  for (const m of clauses) {
    let format: Format | undefined;
    if (m.type === '*/*' || m.type === 'application/*') format = 'json';
    else format = formatOf(ctx, m.type);
    if (!format) continue;
    const as = m.params['as'];
    if (!as) {
      if (format === 'protobuf' && !o.protobuf) continue;
      return { as: 'object', format };
    }
    if (!o.transforms || m.params['g'] !== 'meta.k8s.io') continue;
    const v = m.params['v'];
    if (v !== 'v1' && v !== 'v1beta1') {
      if (as === 'Table') sawTransformError ??= notAcceptable(`no Table exists in group version meta.k8s.io/${v ?? ''}`);
      continue;
    }
    if (as === 'Table') {
      // kube serves Tables in JSON and YAML only.
      if (format === 'protobuf' || format === 'cbor') continue;
      return { as: 'Table', format, version: v };
    }
    if (as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') {
      if (format === 'protobuf' && !o.protobuf) continue;
      if (as === 'PartialObjectMetadata' && o.list) {
        sawTransformError ??= notAcceptable('you requested PartialObjectMetadata, but the requested object is a list');
        continue;
      }
      if (as === 'PartialObjectMetadataList' && !o.list) {
        sawTransformError ??= notAcceptable('you requested PartialObjectMetadataList, but the requested object is not a list');
        continue;
      }
      return { as, format, version: v };
    }
  }
  if (sawTransformError) throw sawTransformError;
  throw notAcceptable(`only the following media types are accepted: ${mediaTypesOf(cborServed(ctx)).join(', ')}`);
}

/** Makes writeError answer in the request's negotiated format (after the router's own 406 check, which is JSON). */
export async function negotiateErrors(ctx: RequestContext, protobuf: boolean): Promise<void> {
  const format = errorFormat(ctx, protobuf);
  if (format === 'json') return;
  if (format === 'protobuf') await loadProtobufWire();
  ctx.encodeStatus = (status) => encoderFor(format).encode!(ctx, status);
}
