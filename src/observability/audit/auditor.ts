// The audit pipeline of one server: the policy decides a request's level, events are built per stage and handed
// to the backends, and the audit metrics counted.
import { parse as parseYAML } from 'yaml';
import type { RequestContext } from '../../http/request-context.js';
import type { ApiserverMetrics } from '../metrics/apiserver-metrics.js';
import type { AuditBackend } from './backend.js';
import { auditUser, eventAt, microNow, microTime, REQUEST_MEMBERS, requestMembersCache, type AuditEvent, type AuditUser, type ObjectReference, type RequestMembers } from './event.js';
import type { RequestInfo } from '../../http/request-info.js';
import { LEVELS, PolicyEvaluator, type Level, type RequestAuditConfig, type Stage } from './policy.js';

const MAX_USER_AGENT = 1024;

/** The audit state of one request. */
export interface RequestAudit {
  config: RequestAuditConfig;
  event: AuditEvent;
  responseStarted: boolean;
  /** The request body decoded, once per request (every stage's event after the handlers shares it; none changes it). */
  requestObject?: { value: unknown };
}

export class Auditor {
  constructor(
    private readonly policy: PolicyEvaluator,
    readonly backend: AuditBackend,
    private readonly metrics?: ApiserverMetrics,
    /** blocking-strict: a RequestReceived event that cannot be stored fails the request. */
    readonly strict = false,
  ) {}

  /** Evaluates the policy for the request (its authenticated user); undefined when nothing is to be recorded. */
  begin(ctx: RequestContext): RequestAudit | undefined {
    const config = this.policy.evaluate({ user: ctx.user, requestInfo: ctx.requestInfo });
    this.metrics?.auditLevels.inc(LEVEL_LABELS[config.level] ?? { level: config.level });
    if (config.level === 'None') return undefined;
    const conn = connectionOf(ctx);
    const requestURI = ctx.req.url ?? ctx.path;
    const verb = ctx.requestInfo.verb;
    const user = auditUser(ctx.user);
    let ips = sourceIPs(ctx, conn);
    const agent = userAgent(ctx);
    // The previous request of the connection asked the same thing as the same user: its objectRef and members JSON
    // are this one's too.
    const last = conn?.last;
    let ref: ObjectReference | undefined;
    let cache: RequestMembers;
    if (last && last.requestURI === requestURI && last.verb === verb && last.user === user && last.userAgent === agent && sameIPs(last.sourceIPs, ips) && sameTarget(last.requestInfo, ctx.requestInfo)) {
      ips = last.sourceIPs;
      ref = last.objectRef;
      cache = requestMembersCache(last.cache.members);
      last.cache = cache;
    } else {
      ref = objectRef(ctx);
      cache = requestMembersCache();
      if (conn) conn.last = { requestURI, verb, user, userAgent: agent, sourceIPs: ips, requestInfo: ctx.requestInfo, objectRef: ref, cache };
    }
    const event: AuditEvent = {
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: config.level,
      auditID: ctx.auditId,
      stage: 'RequestReceived',
      requestURI,
      verb,
      user,
      sourceIPs: ips,
      userAgent: agent,
      objectRef: ref,
      requestReceivedTimestamp: microTime(ctx.receivedAt),
      stageTimestamp: '',
      [REQUEST_MEMBERS]: cache,
    } as AuditEvent;
    if (atLeast(config.level, 'Request')) ctx.auditCapture = { request: true, response: config.level === 'RequestResponse' };
    else ctx.auditCapture = { request: false, response: false };
    return { config, event, responseStarted: false };
  }

  /** Sends the event at `stage` unless the policy omits that stage; false when a backend dropped it. */
  emit(a: RequestAudit, stage: Stage, ctx?: RequestContext): boolean {
    if (a.config.omitStages.includes(stage)) return true;
    const e = eventAt(a.event, stage, microNow());
    if (ctx) this.complete(a, e, ctx);
    this.metrics?.auditEvents.inc();
    return this.backend.processEvents([e]);
  }

  /** Fills what is known once the handlers ran: impersonation, status, bodies, annotations. */
  private complete(a: RequestAudit, e: AuditEvent, ctx: RequestContext): void {
    if (ctx.impersonatedBy && ctx.user) e.impersonatedUser = auditUser(ctx.user);
    const capture = ctx.auditCapture;
    if (e.stage !== 'RequestReceived' && !e.responseStatus) e.responseStatus = responseStatus(ctx);
    if (capture?.requestBody && (capture.request || OBJECT_VERBS.has(e.verb))) {
      a.requestObject ??= { value: decodeBody(capture.requestBody, capture.requestContentType, a.config.omitManagedFields) };
      const obj = a.requestObject.value;
      // kube completes objectRef from a decoded create or update body, at every level.
      if (OBJECT_VERBS.has(e.verb) && e.objectRef) e.objectRef = completeObjectRef(e.objectRef, obj);
      if (capture.request) e.requestObject = obj;
    }
    if (capture?.responseBody && capture.response && e.stage === 'ResponseComplete') {
      e.responseObject = decodeBody(capture.responseBody, capture.responseContentType, a.config.omitManagedFields);
    }
    if (ctx.auditAnnotations && Object.keys(ctx.auditAnnotations).length) e.annotations = { ...ctx.auditAnnotations };
  }

  /** Failed authentication: one event at ResponseStarted with no user and the 401 Status. */
  failedAuthentication(ctx: RequestContext): void {
    const a = this.begin({ ...ctx, user: undefined });
    if (!a) return;
    a.event.responseStatus = { metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };
    this.emit(a, 'ResponseStarted');
  }

  panicked(a: RequestAudit, ctx: RequestContext, err: unknown): void {
    a.event.responseStatus = { metadata: {}, status: 'Failure', message: `APIServer panic'd: ${err instanceof Error ? err.message : String(err)}`, reason: 'InternalError', code: 500 };
    this.emit(a, 'Panic', ctx);
  }

  countError(plugin: string, n = 1): void {
    this.metrics?.auditErrors.inc({ plugin }, n);
  }
}

const OBJECT_VERBS = new Set(['create', 'update']);

/** apiserver_audit_level_total's labels, one frozen object per level (the counter finds its series by identity). */
const LEVEL_LABELS: Record<string, { level: string }> = Object.fromEntries(LEVELS.map((level) => [level, Object.freeze({ level })]));

function completeObjectRef(ref: ObjectReference, obj: unknown): ObjectReference {
  const meta = (obj as { metadata?: Record<string, unknown> } | undefined)?.metadata;
  if (!meta || typeof meta !== 'object') return ref;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const out: ObjectReference = {};
  const set = (k: keyof ObjectReference, v: string | undefined) => {
    if (v) out[k] = v;
  };
  set('resource', ref.resource);
  set('namespace', ref.namespace ?? str(meta.namespace));
  set('name', ref.name ?? str(meta.name));
  set('uid', ref.uid ?? str(meta.uid));
  set('apiGroup', ref.apiGroup);
  set('apiVersion', ref.apiVersion);
  set('resourceVersion', ref.resourceVersion ?? str(meta.resourceVersion));
  set('subresource', ref.subresource);
  return out;
}

function atLeast(l: Level, min: Level): boolean {
  return LEVELS.indexOf(l) >= LEVELS.indexOf(min);
}

const CLOSED_EARLY = { metadata: {}, status: 'Success', message: 'Connection closed early', code: 200 };

function responseStatus(ctx: RequestContext): Record<string, unknown> {
  const status = ctx.auditCapture?.status as Record<string, unknown> | undefined;
  if (status) {
    const { kind: _k, apiVersion: _v, ...rest } = status; // eslint-disable-line @typescript-eslint/no-unused-vars
    return { metadata: {}, ...rest };
  }
  if (!ctx.res.headersSent) return { ...CLOSED_EARLY };
  return plainStatus(ctx.res.statusCode);
}

/** `{metadata: {}, code}`, one frozen object per code (its JSON is then written once). */
const plainStatuses = new Map<number, Record<string, unknown>>();

function plainStatus(code: number): Record<string, unknown> {
  let s = plainStatuses.get(code);
  if (!s) plainStatuses.set(code, (s = Object.freeze({ metadata: Object.freeze({}), code })));
  return s;
}

function decodeBody(body: Buffer, contentType: string | undefined, omitManagedFields: boolean): unknown {
  if (body.length === 0) return undefined;
  const type = (contentType ?? '').split(';')[0]!.trim();
  let obj: unknown;
  try {
    if (type === '' || type.endsWith('json')) obj = JSON.parse(body.toString('utf8'));
    else if (type.endsWith('yaml')) obj = parseYAML(body.toString('utf8'));
    else return undefined; // Protobuf and CBOR bodies are not decoded for the audit log
  } catch {
    return undefined;
  }
  if (omitManagedFields) stripManagedFields(obj);
  return obj;
}

function stripManagedFields(obj: unknown): void {
  if (!obj || typeof obj !== 'object') return;
  const o = obj as { metadata?: { managedFields?: unknown }; items?: unknown[] };
  if (o.metadata && typeof o.metadata === 'object') delete o.metadata.managedFields;
  if (Array.isArray(o.items)) for (const item of o.items) stripManagedFields(item);
}

function objectRef(ctx: RequestContext): ObjectReference | undefined {
  const ri = ctx.requestInfo;
  if (!ri.isResourceRequest) return undefined;
  const ref: ObjectReference = {};
  if (ri.resource) ref.resource = ri.resource;
  if (ri.namespace) ref.namespace = ri.namespace;
  if (ri.name) ref.name = ri.name;
  if (ri.apiGroup) ref.apiGroup = ri.apiGroup;
  if (ri.apiVersion) ref.apiVersion = ri.apiVersion;
  if (ri.subresource) ref.subresource = ri.subresource;
  return ref;
}

function header(ctx: RequestContext, name: string): string | undefined {
  const v = ctx.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What audit keeps per connection: its peer address and what its last audited request asked. */
interface ConnectionAudit {
  /** `[peer address]` (shared, never modified: its JSON is then written once). */
  peer: string[];
  last?: {
    requestURI: string;
    verb: string;
    user: AuditUser;
    userAgent: string | undefined;
    sourceIPs: string[];
    requestInfo: RequestInfo;
    objectRef: ObjectReference | undefined;
    cache: RequestMembers;
  };
}

/** Through HTTP/2's compatibility API `req.socket` is a proxy, so what is known of a connection is read once. */
const connections = new WeakMap<object, ConnectionAudit>();
const NO_PEER: string[] = [];

function connectionOf(ctx: RequestContext): ConnectionAudit | undefined {
  const conn = (ctx.req as { stream?: { session?: object } }).stream?.session ?? ctx.req.socket;
  let c = conn ? connections.get(conn) : undefined;
  if (c) return c;
  let peer = ctx.req.socket?.remoteAddress ?? '';
  if (peer.startsWith('::ffff:')) peer = peer.slice(7);
  if (!peer) return undefined;
  c = { peer: [peer] };
  if (conn) connections.set(conn, c);
  return c;
}

/** X-Forwarded-For (in order), X-Real-Ip when not listed, then the peer when it differs from the last one. */
function sourceIPs(ctx: RequestContext, conn: ConnectionAudit | undefined): string[] {
  const forwarded = header(ctx, 'x-forwarded-for');
  const real = header(ctx, 'x-real-ip')?.trim();
  const peerIPs = conn?.peer ?? NO_PEER;
  if (!forwarded && !real) return peerIPs;
  const ips: string[] = [];
  if (forwarded) for (const part of forwarded.split(',')) if (part.trim()) ips.push(part.trim());
  if (real && !ips.includes(real)) ips.push(real);
  const peer = peerIPs[0];
  if (peer && ips[ips.length - 1] !== peer) ips.push(peer);
  return ips;
}

function sameIPs(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether two requests name the same object (what objectRef is made of). */
function sameTarget(a: RequestInfo, b: RequestInfo): boolean {
  return (
    a.isResourceRequest === b.isResourceRequest &&
    a.resource === b.resource &&
    a.namespace === b.namespace &&
    a.name === b.name &&
    a.apiGroup === b.apiGroup &&
    a.apiVersion === b.apiVersion &&
    a.subresource === b.subresource
  );
}

function userAgent(ctx: RequestContext): string | undefined {
  const ua = header(ctx, 'user-agent');
  if (!ua) return undefined;
  if (ua.length * 3 <= MAX_USER_AGENT) return ua; // no UTF-16 unit takes more than 3 bytes of UTF-8
  const bytes = Buffer.from(ua);
  return bytes.length > MAX_USER_AGENT ? `${bytes.subarray(0, MAX_USER_AGENT).toString('utf8')}...TRUNCATED` : ua;
}
