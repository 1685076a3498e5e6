// The one catalogue of errors a client can see: every constructor builds a metav1.Status exactly as
// kube-apiserver's apimachinery/pkg/api/errors does (code, reason, message, details).
import { aggregateFieldErrors, fieldErrorBody, type FieldError } from './field-error.js';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind?: 'Status';
  apiVersion?: 'v1';
  metadata: { resourceVersion?: string; continue?: string };
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code?: number;
}

export interface GroupResource {
  group: string;
  resource: string;
}
export interface GroupKind {
  group: string;
  kind: string;
}

export const groupResourceString = (gr: GroupResource): string => (gr.group ? `${gr.resource}.${gr.group}` : gr.resource);
export const groupKindString = (gk: GroupKind): string => (gk.group ? `${gk.kind}.${gk.group}` : gk.kind);

/** An error that answers the request with a Status. */
export class StatusError extends Error {
  readonly status: Status;
  /** Some filters (timeout) write the Status without kind/apiVersion, as kube encodes it raw. */
  readonly bare: boolean;
  constructor(status: Omit<Status, 'kind' | 'apiVersion' | 'metadata' | 'status'> & { metadata?: Status['metadata']; status?: Status['status'] }, bare = false) {
    super(status.message ?? '');
    this.status = { metadata: {}, status: 'Failure', ...status } as Status;
    this.bare = bare;
  }
  get code(): number {
    return this.status.code ?? 500;
  }
  get reason(): string {
    return this.status.reason ?? '';
  }
  /** The body as it goes on the wire. */
  toJSON(): Status {
    const s = this.status;
    const out: Status = this.bare ? ({} as Status) : { kind: 'Status', apiVersion: 'v1', metadata: {}, status: s.status };
    out.metadata = s.metadata ?? {};
    out.status = s.status;
    if (s.message) out.message = s.message;
    if (s.reason) out.reason = s.reason;
    out.details = s.details ? compactDetails(s.details) : undefined;
    if (this.bare && !out.details) out.details = {};
    if (out.details === undefined) delete out.details;
    if (s.code) out.code = s.code;
    return out;
  }
}

function compactDetails(d: StatusDetails): StatusDetails {
  const out: StatusDetails = {};
  if (d.name) out.name = d.name;
  if (d.group) out.group = d.group;
  if (d.kind) out.kind = d.kind;
  if (d.uid) out.uid = d.uid;
  if (d.causes && d.causes.length) out.causes = d.causes;
  if (d.retryAfterSeconds) out.retryAfterSeconds = d.retryAfterSeconds;
  return out;
}

const grDetails = (gr: GroupResource, name: string): StatusDetails => ({ name, group: gr.group, kind: gr.resource });

export function notFound(gr: GroupResource, name: string): StatusError {
  return new StatusError({ code: 404, reason: 'NotFound', message: `${groupResourceString(gr)} "${name}" not found`, details: grDetails(gr, name) });
}

export function alreadyExists(gr: GroupResource, name: string, suffix = ''): StatusError {
  return new StatusError({ code: 409, reason: 'AlreadyExists', message: `${groupResourceString(gr)} "${name}" already exists${suffix}`, details: grDetails(gr, name) });
}

export function conflict(gr: GroupResource, name: string, detail: string): StatusError {
  return new StatusError({ code: 409, reason: 'Conflict', message: `Operation cannot be fulfilled on ${groupResourceString(gr)} "${name}": ${detail}`, details: grDetails(gr, name) });
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

export function invalid(gk: GroupKind, name: string, errs: FieldError[]): StatusError {
  const causes = errs.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field }));
  return new StatusError({
    code: 422,
    reason: 'Invalid',
    message: `${groupKindString(gk)} "${name}" is invalid: ${aggregateFieldErrors(errs)}`,
    details: { name, group: gk.group, kind: gk.kind, causes },
  });
}

export function badRequest(message: string): StatusError {
  return new StatusError({ code: 400, reason: 'BadRequest', message });
}

export function unauthorized(message = 'Unauthorized'): StatusError {
  return new StatusError({ code: 401, reason: 'Unauthorized', message });
}

/** Escapes &, < and > as kube's authorization error message does. */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function forbidden(gr: GroupResource, name: string, reason: string): StatusError {
  const subject = name ? `${groupResourceString(gr)} "${name}"` : groupResourceString(gr);
  const prefix = gr.resource || gr.group || name ? `${subject} is forbidden` : 'forbidden';
  return new StatusError({ code: 403, reason: 'Forbidden', message: `${prefix}: ${reason}`, details: grDetails(gr, name) });
}

export function methodNotSupported(gr: GroupResource, verb: string): StatusError {
  return new StatusError({
    code: 405,
    reason: 'MethodNotAllowed',
    message: `${verb} is not supported on resources of kind "${groupResourceString(gr)}"`,
    details: { group: gr.group, kind: gr.resource },
  });
}

/** go-restful's own 404 for paths no route matches. */
export function routeNotFound(): StatusError {
  return new StatusError({ code: 404, reason: 'NotFound', message: 'the server could not find the requested resource', details: {} });
}

/** go-restful's own 405 for a known path with an unsupported method. */
export function routeMethodNotAllowed(): StatusError {
  return new StatusError({ code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource', details: {} });
}

export function notAcceptable(message: string): StatusError {
  return new StatusError({ code: 406, reason: 'NotAcceptable', message });
}

export function unsupportedMediaType(message: string): StatusError {
  return new StatusError({ code: 415, reason: 'UnsupportedMediaType', message });
}

/** The router's own media-type refusals (go-restful) carry empty details. */
export function routerNotAcceptable(available: string[]): StatusError {
  return new StatusError({ code: 406, reason: 'NotAcceptable', message: `406: Not Acceptable\n\nAvailable representations: ${available.join(', ')}`, details: {} });
}

export function routerUnsupportedMediaType(): StatusError {
  return new StatusError({ code: 415, reason: 'UnsupportedMediaType', message: '415: Unsupported Media Type', details: {} });
}

export function requestEntityTooLarge(limit: number): StatusError {
  return new StatusError({ code: 413, reason: 'RequestEntityTooLarge', message: `Request entity too large: limit is ${limit}` });
}

export function expired(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Expired', message });
}

export function gone(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Gone', message });
}

export function internalError(err: unknown): StatusError {
  const text = err instanceof Error ? err.message : String(err);
  return new StatusError({ code: 500, reason: 'InternalError', message: `Internal error occurred: ${text}`, details: { causes: [{ message: text }] } });
}

/** A 500 with an empty reason: what kube sends for errors that are not API status errors. */
export function unknownError(message: string, code = 500): StatusError {
  return new StatusError({ code, message });
}

export function serviceUnavailable(message: string, retryAfterSeconds?: number): StatusError {
  return new StatusError({ code: 503, reason: 'ServiceUnavailable', message, details: retryAfterSeconds ? { retryAfterSeconds } : undefined });
}

export function timeoutError(message: string, retryAfterSeconds = 0): StatusError {
  return new StatusError({ code: 504, reason: 'Timeout', message: `Timeout: ${message}`, details: retryAfterSeconds ? { retryAfterSeconds } : undefined });
}

export function tooLargeResourceVersion(requested: number, current: number): StatusError {
  return new StatusError({
    code: 504,
    reason: 'Timeout',
    message: `Timeout: Too large resource version: ${requested}, current: ${current}`,
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
  });
}

export function tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return new StatusError({ code: 429, reason: 'TooManyRequests', message: `Too many requests: ${message}`, details: { retryAfterSeconds } });
}

/** The Status a successful delete returns for stores that do not return the deleted object. */
export function deleteSuccess(gr: GroupResource, name: string, uid: string): Status {
  const details: StatusDetails = { name, kind: gr.resource };
  if (gr.group) details.group = gr.group;
  if (uid) details.uid = uid;
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}

export function isStatusError(e: unknown): e is StatusError {
  return e instanceof StatusError;
}
