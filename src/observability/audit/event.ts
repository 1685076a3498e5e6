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

let lastMs = -1;
let lastIso = '';

export function microTime(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  if (whole !== lastMs) {
    lastMs = whole;
    lastIso = new Date(whole).toISOString().slice(0, 23); // 2025-01-01T10:00:00.123
  }
  return `${lastIso}${String(micros).padStart(3, '0')}Z`;
}

export function auditUser(u: UserInfo | undefined): AuditUser {
  if (!u) return {};
  const out: AuditUser = { username: u.name };
  if (u.uid) out.uid = u.uid;
  if (u.groups.length) out.groups = [...u.groups];
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  return out;
}

/** JSON of the members shared by a request's events (user, source IPs, objectRef): written once per request. */
const shared = new WeakMap<object, string>();

function sharedJSON(o: object): string {
  let text = shared.get(o);
  if (text === undefined) shared.set(o, (text = JSON.stringify(o)));
  return text;
}

/** The event as JSON, members in kube's order with empty optional members left out. */
export function eventJSON(e: AuditEvent): string {
  const str = JSON.stringify;
  let out = `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":${str(e.level)},"auditID":${str(e.auditID)},"stage":${str(e.stage)},"requestURI":${str(e.requestURI)},"verb":${str(e.verb)},"user":${sharedJSON(e.user)}`;
  if (e.impersonatedUser) out += `,"impersonatedUser":${sharedJSON(e.impersonatedUser)}`;
  if (e.sourceIPs?.length) out += `,"sourceIPs":${sharedJSON(e.sourceIPs)}`;
  if (e.userAgent) out += `,"userAgent":${str(e.userAgent)}`;
  if (e.objectRef) out += `,"objectRef":${sharedJSON(e.objectRef)}`;
  if (e.responseStatus) out += `,"responseStatus":${str(e.responseStatus)}`;
  if (e.requestObject !== undefined) out += `,"requestObject":${str(e.requestObject)}`;
  if (e.responseObject !== undefined) out += `,"responseObject":${str(e.responseObject)}`;
  out += `,"requestReceivedTimestamp":${str(e.requestReceivedTimestamp)},"stageTimestamp":${str(e.stageTimestamp)}`;
  if (e.annotations && Object.keys(e.annotations).length) out += `,"annotations":${str(e.annotations)}`;
  return out + '}';
}

const q = (s: string) => JSON.stringify(s);

/** kube's legacy log line (auth.md §11.3). */
export function legacyLine(e: AuditEvent): string {
  // Go's RFC3339Nano: the fraction without trailing zeros
  const received = e.requestReceivedTimestamp.replace(/\.?0*Z$/, 'Z');
  const groups = e.user.groups?.length ? e.user.groups.map(q).join(',') : '<none>';
  const as = e.impersonatedUser?.username ?? '<self>';
  const asGroups = e.impersonatedUser ? (e.impersonatedUser.groups?.length ? e.impersonatedUser.groups.map(q).join(',') : '<none>') : '<lookup>';
  const code = e.responseStatus && typeof e.responseStatus.code === 'number' ? String(e.responseStatus.code) : '<deferred>';
  return (
    `${received} AUDIT: id=${q(e.auditID)} stage=${q(e.stage)} ip=${q(e.sourceIPs?.[0] ?? '<unknown>')} method=${q(e.verb)} ` +
    `user=${q(e.user.username ?? '<none>')} groups=${q(groups)} as=${q(as)} asgroups=${q(asGroups)} user-agent=${q(e.userAgent ?? '')} ` +
    `namespace=${q(e.objectRef?.namespace || '<none>')} uri=${q(e.requestURI)} response=${q(code)}`
  );
}
