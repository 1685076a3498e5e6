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

/**
 * The AuditUser of a UserInfo, shared by requests of the same user: authentication hands every request its own copy
 * of the user, so the last AuditUser of each user name is kept and reused while name, uid, groups and extra match
 * (its event JSON is then written once).
 */
const auditUsers = new Map<string, { from: UserInfo; user: AuditUser }>();
const MAX_CACHED_USERS = 1000;

function sameUser(a: UserInfo, b: UserInfo): boolean {
  if (a.name !== b.name || a.uid !== b.uid || a.extra !== b.extra || a.groups.length !== b.groups.length) return false;
  for (let i = 0; i < a.groups.length; i++) if (a.groups[i] !== b.groups[i]) return false;
  return true;
}

export function auditUser(u: UserInfo | undefined): AuditUser {
  if (!u) return {};
  const hit = auditUsers.get(u.name);
  if (hit && (hit.from === u || sameUser(hit.from, u))) return hit.user;
  const out: AuditUser = { username: u.name };
  if (u.uid) out.uid = u.uid;
  if (u.groups.length) out.groups = [...u.groups];
  if (u.extra && Object.keys(u.extra).length) out.extra = u.extra;
  if (!u.extra) {
    if (auditUsers.size >= MAX_CACHED_USERS) auditUsers.clear();
    auditUsers.set(u.name, { from: { name: u.name, uid: u.uid, groups: [...u.groups] }, user: out });
  }
  return out;
}

/** The event of `base`'s request at another stage (one object shape for every event). */
export function eventAt(base: AuditEvent, stage: Stage, stageTimestamp: string): AuditEvent {
  const e: AuditEvent = {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: base.level,
    auditID: base.auditID,
    stage,
    requestURI: base.requestURI,
    verb: base.verb,
    user: base.user,
    impersonatedUser: base.impersonatedUser,
    sourceIPs: base.sourceIPs,
    userAgent: base.userAgent,
    objectRef: base.objectRef,
    responseStatus: base.responseStatus,
    requestObject: base.requestObject,
    responseObject: base.responseObject,
    requestReceivedTimestamp: base.requestReceivedTimestamp,
    stageTimestamp,
    annotations: base.annotations,
  };
  const members = (base as { [REQUEST_MEMBERS]?: RequestMembers })[REQUEST_MEMBERS];
  if (members) (e as { [REQUEST_MEMBERS]?: RequestMembers })[REQUEST_MEMBERS] = members;
  return e;
}

/** JSON of members shared by many events (a connection's user, a plain response status): written once. */
const shared = new WeakMap<object, string>();

function sharedJSON(o: object): string {
  let text = shared.get(o);
  if (text === undefined) shared.set(o, (text = JSON.stringify(o)));
  return text;
}

/**
 * The JSON of the members every stage of one request repeats (level through objectRef, stage excepted), kept on the
 * request's events under a symbol (JSON.stringify skips it) and reused while those members are the same objects.
 */
export const REQUEST_MEMBERS = Symbol('audit request members');

interface RequestMembers {
  level?: string;
  auditID?: string;
  requestURI?: string;
  verb?: string;
  user?: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: ObjectReference;
  head?: string;
  tail?: string;
}

/** A fresh cache for the events of one request. */
export function requestMembersCache(): RequestMembers {
  return {};
}

function requestMembers(e: AuditEvent): { head: string; tail: string } {
  const c = (e as { [REQUEST_MEMBERS]?: RequestMembers })[REQUEST_MEMBERS];
  if (
    c?.head !== undefined &&
    c.level === e.level &&
    c.auditID === e.auditID &&
    c.requestURI === e.requestURI &&
    c.verb === e.verb &&
    c.user === e.user &&
    c.impersonatedUser === e.impersonatedUser &&
    c.sourceIPs === e.sourceIPs &&
    c.userAgent === e.userAgent &&
    c.objectRef === e.objectRef
  ) {
    return c as { head: string; tail: string };
  }
  const head = `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":${quote(e.level)},"auditID":${quote(e.auditID)},"stage":`;
  let tail = `,"requestURI":${quote(e.requestURI)},"verb":${quote(e.verb)},"user":${sharedJSON(e.user)}`;
  if (e.impersonatedUser) tail += `,"impersonatedUser":${sharedJSON(e.impersonatedUser)}`;
  if (e.sourceIPs?.length) tail += `,"sourceIPs":${sharedJSON(e.sourceIPs)}`;
  if (e.userAgent) tail += `,"userAgent":${quote(e.userAgent)}`;
  if (e.objectRef) tail += `,"objectRef":${objectRefJSON(e.objectRef)}`;
  if (c) Object.assign(c, { level: e.level, auditID: e.auditID, requestURI: e.requestURI, verb: e.verb, user: e.user, impersonatedUser: e.impersonatedUser, sourceIPs: e.sourceIPs, userAgent: e.userAgent, objectRef: e.objectRef, head, tail });
  return { head, tail };
}

/** A JSON string; printable ASCII without quote or backslash is written as it is (JSON.stringify costs more). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quote = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/** The objectRef's members in ObjectReference's order (JSON.stringify's own order for the objects built here). */
const REF_KEYS = ['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'] as const;

function objectRefJSON(ref: ObjectReference): string {
  let out = '';
  for (const k in ref) {
    const v = ref[k as keyof ObjectReference];
    if (typeof v !== 'string' || !REF_KEYS.includes(k as (typeof REF_KEYS)[number])) return JSON.stringify(ref);
    out += `${out ? ',' : '{'}"${k}":${quote(v)}`;
  }
  return out ? `${out}}` : '{}';
}

const STAGE_JSON: Record<string, string> = {
  RequestReceived: '"RequestReceived"',
  ResponseStarted: '"ResponseStarted"',
  ResponseComplete: '"ResponseComplete"',
  Panic: '"Panic"',
};

/** A MicroTime as a JSON string: digits, dashes, colons, a dot and letters need no escaping. */
const timeJSON = (t: string): string => (/^[0-9TZ:.-]*$/.test(t) ? `"${t}"` : JSON.stringify(t));

/** The event as JSON, members in kube's order with empty optional members left out. */
export function eventJSON(e: AuditEvent): string {
  const str = JSON.stringify;
  const { head, tail } = requestMembers(e);
  let out = head + (STAGE_JSON[e.stage] ?? str(e.stage)) + tail;
  if (e.responseStatus) out += `,"responseStatus":${Object.isFrozen(e.responseStatus) ? sharedJSON(e.responseStatus) : str(e.responseStatus)}`;
  if (e.requestObject !== undefined) out += `,"requestObject":${str(e.requestObject)}`;
  if (e.responseObject !== undefined) out += `,"responseObject":${str(e.responseObject)}`;
  out += `,"requestReceivedTimestamp":${timeJSON(e.requestReceivedTimestamp)},"stageTimestamp":${timeJSON(e.stageTimestamp)}`;
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
