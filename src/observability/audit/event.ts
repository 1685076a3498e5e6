// The audit.k8s.io/v1 Event (auth.md §11.2): members in kube's order, empty optional members omitted, MicroTime
// stamps (RFC 3339 UTC with six fractional digits).
import type { UserInfo } from '../../http/request-context.js';
import type { Level, Stage } from './policy.js';

export interface AuditUser {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface ObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.k8s.io/v1';
  level: Level;
  auditID: string;
  stage: Stage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: ObjectReference;
  responseStatus?: Record<string, unknown>;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

/** The current time with microseconds, as a MicroTime. */
export function microNow(): string {
  return microTime(performance.timeOrigin + performance.now());
}

export function microTime(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  const iso = new Date(whole).toISOString(); // 2025-01-01T10:00:00.123Z
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

export function auditUser(u: UserInfo | undefined): AuditUser {
  if (!u) return {};
  const out: AuditUser = { username: u.name };
  if (u.uid) out.uid = u.uid;
  if (u.groups.length) out.groups = [...u.groups];
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  return out;
}

/** The event as JSON, members in kube's order with empty optional members left out. */
export function eventJSON(e: AuditEvent): string {
  const o: Record<string, unknown> = {
    kind: e.kind,
    apiVersion: e.apiVersion,
    level: e.level,
    auditID: e.auditID,
    stage: e.stage,
    requestURI: e.requestURI,
    verb: e.verb,
    user: e.user,
  };
  if (e.impersonatedUser) o.impersonatedUser = e.impersonatedUser;
  if (e.sourceIPs?.length) o.sourceIPs = e.sourceIPs;
  if (e.userAgent) o.userAgent = e.userAgent;
  if (e.objectRef) o.objectRef = e.objectRef;
  if (e.responseStatus) o.responseStatus = e.responseStatus;
  if (e.requestObject !== undefined) o.requestObject = e.requestObject;
  if (e.responseObject !== undefined) o.responseObject = e.responseObject;
  o.requestReceivedTimestamp = e.requestReceivedTimestamp;
  o.stageTimestamp = e.stageTimestamp;
  if (e.annotations && Object.keys(e.annotations).length) o.annotations = e.annotations;
  return JSON.stringify(o);
}

const q = (s: string) => JSON.stringify(s);

/** kube's legacy log line (auth.md §11.3). */
export function legacyLine(e: AuditEvent, receivedAt: Date): string {
  const groups = e.user.groups?.length ? e.user.groups.map(q).join(',') : '<none>';
  const as = e.impersonatedUser?.username ?? '<self>';
  const asGroups = e.impersonatedUser ? (e.impersonatedUser.groups?.length ? e.impersonatedUser.groups.map(q).join(',') : '<none>') : '<lookup>';
  const code = e.responseStatus && typeof e.responseStatus.code === 'number' ? String(e.responseStatus.code) : '<deferred>';
  return (
    `${receivedAt.toISOString().replace(/\.?0*Z$/, 'Z')} AUDIT: id=${q(e.auditID)} stage=${q(e.stage)} ip=${q(e.sourceIPs?.[0] ?? '<unknown>')} method=${q(e.verb)} ` +
    `user=${q(e.user.username ?? '<none>')} groups=${q(groups)} as=${q(as)} asgroups=${q(asGroups)} user-agent=${q(e.userAgent ?? '')} ` +
    `namespace=${q(e.objectRef?.namespace || '<none>')} uri=${q(e.requestURI)} response=${q(code)}`
  );
}
