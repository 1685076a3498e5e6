// The audit.k8s.io/v1 Event (auth.md §11.2): members in kube's order, empty optional members omitted, MicroTime
// stamps (RFC 3339 UTC with six fractional digits).
import type { UserInfo } from '../../http/request-context.js';
import { compareGoStrings } from '../../golang/encoding-json.js';
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
  return microTime(TIME_ORIGIN + performance.now());
}

/** performance.timeOrigin never changes, and its getter costs as much as performance.now(). */
const TIME_ORIGIN = performance.timeOrigin;

/** "000" to "999". */
const DIGITS3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** The second last formatted (ms since the epoch, a multiple of 1000) and its text up to the dot. */
let lastSecond = NaN;
let secondText = '';
/** The last MicroTime made: a string known to need no JSON escaping (see timeJSON). */
let lastMicroTime = '';
let lastMicroTimeOf = NaN;

/** A MicroTime: the second formatted once (Date's ISO form), milliseconds and microseconds appended. */
export function microTime(ms: number): string {
  // Requests received in the same millisecond share one string (its JSON is then checked once: timeJSON).
  if (ms === lastMicroTimeOf) return lastMicroTime;
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  const millis = ((whole % 1000) + 1000) % 1000;
  const second = whole - millis;
  if (second !== lastSecond) {
    const iso = new Date(second).toISOString(); // 2025-01-01T10:00:00.000Z
    // Years beyond 9999 (a six-digit year): Date's text cut where it always was cut.
    if (iso.length !== 24) return `${new Date(whole).toISOString().slice(0, 23)}${DIGITS3[micros]}Z`;
    lastSecond = second;
    secondText = iso.slice(0, 20);
  }
  lastMicroTimeOf = ms;
  return (lastMicroTime = `${secondText}${DIGITS3[millis]}${DIGITS3[micros]}Z`);
}

/**
 * The AuditUser of a UserInfo, shared by requests of the same user: authentication hands every request its own copy
 * of the user, so the last AuditUser of each user name is kept and reused while name, uid, groups and extra match
 * (its event JSON is then written once). The kept user holds copies of the groups and extra it was made from.
 */
interface KeptUser {
  name: string;
  uid?: string;
  groups: string[];
  /** extra's keys and values in their order, or undefined when the user had no extra member. */
  extraKeys?: string[];
  extraValues?: string[][];
  user: AuditUser;
}

const auditUsers = new Map<string, KeptUser>();
const MAX_CACHED_USERS = 1000;

function sameExtra(k: KeptUser, extra: Record<string, string[]> | undefined): boolean {
  if (!extra || !k.extraKeys) return !extra && !k.extraKeys;
  const keys = k.extraKeys;
  let i = 0;
  for (const key in extra) {
    if (keys[i] !== key) return false;
    const want = k.extraValues![i++]!;
    const got = extra[key];
    if (!Array.isArray(got) || got.length !== want.length) return false;
    for (let j = 0; j < got.length; j++) if (got[j] !== want[j]) return false;
  }
  return i === keys.length;
}

function sameUser(k: KeptUser, u: UserInfo): boolean {
  if (k.uid !== u.uid || k.groups.length !== u.groups.length) return false;
  for (let i = 0; i < u.groups.length; i++) if (k.groups[i] !== u.groups[i]) return false;
  return sameExtra(k, u.extra);
}

/**
 * A map as Go's encoding/json writes it: keys sorted bytewise (UTF-8), whatever order the object enumerates them in
 * (a JavaScript object lists integer-like keys first, so no key order of an object can stand for Go's).
 */
function mapJSON(r: Record<string, unknown>): string {
  const keys = Object.keys(r).sort(compareGoStrings);
  let out = '{';
  for (let i = 0; i < keys.length; i++) out += `${i ? ',' : ''}${JSON.stringify(keys[i])}:${JSON.stringify(r[keys[i]!])}`;
  return `${out}}`;
}

/** An AuditUser's JSON (members in UserInfo's order; extra, the last, a map). */
function userJSON(u: AuditUser): string {
  if (!u.extra) return JSON.stringify(u);
  const { extra, ...rest } = u;
  const head = JSON.stringify(rest);
  return `${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"extra":${mapJSON(extra)}}`;
}

/** extra as kept: every value an array of strings (anything else is not kept: its user is rebuilt per request). */
function keptExtra(extra: Record<string, string[]>): { keys: string[]; values: string[][] } | undefined {
  const keys: string[] = [];
  const values: string[][] = [];
  for (const key in extra) {
    const v = extra[key];
    if (!Object.hasOwn(extra, key) || !Array.isArray(v) || !v.every((s) => typeof s === 'string')) return undefined;
    keys.push(key);
    values.push([...v]);
  }
  return { keys, values };
}

export function auditUser(u: UserInfo | undefined): AuditUser {
  if (!u) return {};
  const hit = auditUsers.get(u.name);
  if (hit && sameUser(hit, u)) return hit.user;
  const out: AuditUser = { username: u.name };
  if (u.uid) out.uid = u.uid;
  if (u.groups.length) out.groups = [...u.groups];
  const extra = u.extra && keptExtra(u.extra);
  if (u.extra && Object.keys(u.extra).length) {
    if (!extra) {
      out.extra = u.extra;
      return out;
    }
    out.extra = Object.fromEntries(extra.keys.map((k, i) => [k, [...extra.values[i]!]]));
  }
  if (auditUsers.size >= MAX_CACHED_USERS) auditUsers.clear();
  auditUsers.set(u.name, { name: u.name, uid: u.uid, groups: [...u.groups], extraKeys: extra?.keys, extraValues: extra?.values, user: out });
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

function sharedJSON(o: object, encode: (o: never) => string = JSON.stringify): string {
  let text = shared.get(o);
  if (text === undefined) shared.set(o, (text = encode(o as never)));
  return text;
}

/**
 * The JSON of the members from requestURI through objectRef, with the members it was written from. Never changed
 * once written, so the requests of one connection asking the same thing share one (Auditor.begin hands it on).
 */
export interface MembersJSON {
  readonly requestURI: string;
  readonly verb: string;
  readonly user: AuditUser;
  readonly impersonatedUser: AuditUser | undefined;
  readonly sourceIPs: string[] | undefined;
  readonly userAgent: string | undefined;
  readonly objectRef: ObjectReference | undefined;
  readonly json: string;
}

/**
 * What the events of one request reuse, kept on them under a symbol (JSON.stringify skips it): the event's opening up
 * to the stage (level and auditID), the members JSON, and the request's receive time as JSON.
 */
export const REQUEST_MEMBERS = Symbol('audit request members');

export interface RequestMembers {
  level?: string;
  auditID?: string;
  head?: string;
  members?: MembersJSON;
  received?: string;
  receivedJSON?: string;
}

/** A cache for the events of one request, starting from the members JSON of an earlier request when it has one. */
export function requestMembersCache(members?: MembersJSON): RequestMembers {
  return { members };
}

/** The members JSON of `e`, or undefined when `m` was written from other members. */
function sameMembers(m: MembersJSON | undefined, e: AuditEvent): MembersJSON | undefined {
  return m &&
    m.requestURI === e.requestURI &&
    m.verb === e.verb &&
    m.user === e.user &&
    m.impersonatedUser === e.impersonatedUser &&
    m.sourceIPs === e.sourceIPs &&
    m.userAgent === e.userAgent &&
    m.objectRef === e.objectRef
    ? m
    : undefined;
}

function membersJSON(e: AuditEvent): MembersJSON {
  let json = `,"requestURI":${quote(e.requestURI)},"verb":${quote(e.verb)},"user":${sharedJSON(e.user, userJSON)}`;
  if (e.impersonatedUser) json += `,"impersonatedUser":${sharedJSON(e.impersonatedUser, userJSON)}`;
  if (e.sourceIPs?.length) json += `,"sourceIPs":${sharedJSON(e.sourceIPs)}`;
  if (e.userAgent) json += `,"userAgent":${quote(e.userAgent)}`;
  if (e.objectRef) json += `,"objectRef":${objectRefJSON(e.objectRef)}`;
  const { requestURI, verb, user, impersonatedUser, sourceIPs, userAgent, objectRef } = e;
  return { requestURI, verb, user, impersonatedUser, sourceIPs, userAgent, objectRef, json };
}

/** The event's opening through `"stage":` (one per level and auditID). */
const HEADS: Record<string, string> = {
  Metadata: '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":',
  Request: '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Request","auditID":',
  RequestResponse: '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"RequestResponse","auditID":',
};

function headJSON(level: string, auditID: string): string {
  return `${HEADS[level] ?? `{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":${quote(level)},"auditID":`}${quote(auditID)},"stage":`;
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

/** A MicroTime as a JSON string: the last one microTime made, or digits, dashes, colons, a dot and letters, need no escaping. */
const timeJSON = (t: string): string => (t === lastMicroTime || /^[0-9TZ:.-]*$/.test(t) ? `"${t}"` : JSON.stringify(t));

/**
 * The annotations as JSON; the last annotations written (keys and values in order) and their JSON are kept, since
 * most requests carry the same ones (the authorization decision and reason).
 */
let lastAnnotations: unknown[] = [];
let lastAnnotationsJSON = '';

/** The annotations member (`,"annotations":{…}`), or '' when they have no member. */
function annotationsMember(a: Record<string, string>): string {
  const last = lastAnnotations;
  let i = 0;
  let same = true;
  for (const k in a) {
    if (last[i] !== k || last[i + 1] !== a[k] || !Object.hasOwn(a, k)) {
      same = false;
      break;
    }
    i += 2;
  }
  if (same && i === last.length) return lastAnnotationsJSON;
  if (Object.keys(a).length === 0) return '';
  const flat: unknown[] = [];
  for (const k in a) flat.push(k, a[k]);
  lastAnnotationsJSON = `,"annotations":${mapJSON(a)}`;
  // Only plain own members of string values are kept (anything else is written again each time).
  lastAnnotations = Object.keys(a).length * 2 === flat.length && flat.every((v) => typeof v === 'string') ? flat : [NaN];
  return lastAnnotationsJSON;
}

/** The receive time last written and its members' JSON (requests of one millisecond share them). */
let lastReceived = '';
let lastReceivedJSON = '';

/** The event as JSON, members in kube's order with empty optional members left out. */
export function eventJSON(e: AuditEvent): string {
  const str = JSON.stringify;
  const c = (e as { [REQUEST_MEMBERS]?: RequestMembers })[REQUEST_MEMBERS] ?? {};
  if (c.head === undefined || c.level !== e.level || c.auditID !== e.auditID) {
    c.head = headJSON(e.level, e.auditID);
    c.level = e.level;
    c.auditID = e.auditID;
  }
  let members = sameMembers(c.members, e);
  if (!members) c.members = members = membersJSON(e);
  if (c.receivedJSON === undefined || c.received !== e.requestReceivedTimestamp) {
    c.received = e.requestReceivedTimestamp;
    const t = e.requestReceivedTimestamp;
    if (t !== lastReceived) lastReceivedJSON = `,"requestReceivedTimestamp":${timeJSON((lastReceived = t))},"stageTimestamp":`;
    c.receivedJSON = lastReceivedJSON;
  }
  let out = c.head + (STAGE_JSON[e.stage] ?? str(e.stage)) + members.json;
  if (e.responseStatus) out += `,"responseStatus":${Object.isFrozen(e.responseStatus) ? sharedJSON(e.responseStatus) : str(e.responseStatus)}`;
  if (e.requestObject !== undefined) out += `,"requestObject":${str(e.requestObject)}`;
  if (e.responseObject !== undefined) out += `,"responseObject":${str(e.responseObject)}`;
  out += c.receivedJSON + timeJSON(e.stageTimestamp);
  if (e.annotations) out += annotationsMember(e.annotations);
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
