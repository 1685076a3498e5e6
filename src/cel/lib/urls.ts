// Kubernetes' URL library over Go's net/url: `url()` accepts what url.ParseRequestURI accepts (absolute
// URIs and absolute paths) and keeps url.Parse's result; the accessors return Go's fields.
//
// Go works on bytes, so parsing runs over a "byte string" (one char per UTF-8 byte); results are
// decoded back to text.

import { CelLibraryError } from './errors.js';
import { goQuoteBytes } from '../../golang/strconv.js';
import { costOf, decl, STRING_TRAVERSAL_COST_FACTOR, type OverloadDecl } from './overloads.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBytes(s: string): string {
  const b = encoder.encode(s);
  let out = '';
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode(...b.subarray(i, i + 8192));
  return out;
}

function fromBytes(s: string): string {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return decoder.decode(b);
}

const quoteBytes = (s: string): string => goQuoteBytes(Uint8Array.from(s, (c) => c.charCodeAt(0)));

type Encoding = 'path' | 'pathSegment' | 'host' | 'zone' | 'userPassword' | 'queryComponent' | 'fragment';

class GoURLError extends Error {}

const isAlnum = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
const ishex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const unhex = (c: string): number => parseInt(c, 16);

function shouldEscape(c: number, mode: Encoding): boolean {
  if (isAlnum(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(ch)) return false;
  if ('-_.~'.includes(ch)) return false;
  if ('$&+,/:;=?@'.includes(ch)) {
    switch (mode) {
      case 'path':
        return ch === '?';
      case 'pathSegment':
        return ch === '/' || ch === ';' || ch === ',' || ch === '?';
      case 'userPassword':
        return ch === '@' || ch === '/' || ch === '?' || ch === ':';
      case 'queryComponent':
        return true;
      case 'fragment':
        return false;
    }
  }
  if (mode === 'fragment' && '!()*'.includes(ch)) return false;
  return true;
}

const escapeError = (s: string): GoURLError => new GoURLError(`invalid URL escape ${quoteBytes(s)}`);

function unescape(s: string, mode: Encoding): string {
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '%') {
      n++;
      if (i + 2 >= s.length || !ishex(s[i + 1]) || !ishex(s[i + 2])) {
        throw escapeError(s.slice(i, i + 3));
      }
      if (mode === 'host' && unhex(s[i + 1]!) < 8 && s.slice(i, i + 3) !== '%25') throw escapeError(s.slice(i, i + 3));
      if (mode === 'zone') {
        const v = (unhex(s[i + 1]!) << 4) | unhex(s[i + 2]!);
        if (s.slice(i, i + 3) !== '%25' && v !== 0x20 && shouldEscape(v, 'host')) throw escapeError(s.slice(i, i + 3));
      }
      i += 3;
    } else if (c === '+') {
      hasPlus = mode === 'queryComponent';
      i++;
    } else {
      const code = s.charCodeAt(i);
      if ((mode === 'host' || mode === 'zone') && code < 0x80 && shouldEscape(code, mode)) {
        throw new GoURLError(`invalid character ${quoteBytes(c)} in host name`);
      }
      i++;
    }
  }
  if (n === 0 && !hasPlus) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%') {
      out += String.fromCharCode((unhex(s[i + 1]!) << 4) | unhex(s[i + 2]!));
      i += 2;
    } else if (c === '+') out += mode === 'queryComponent' ? ' ' : '+';
    else out += c;
  }
  return out;
}

function escape(s: string, mode: Encoding): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20 && mode === 'queryComponent') out += '+';
    else if (shouldEscape(c, mode)) out += `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += s[i];
  }
  return out;
}

function validEncoded(s: string, mode: Encoding): boolean {
  for (let i = 0; i < s.length; i++) {
    if (`!$&'()*+,;=:@[]%`.includes(s[i]!)) continue;
    if (shouldEscape(s.charCodeAt(i), mode)) return false;
  }
  return true;
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true;
  return port[0] === ':' && /^[0-9]*$/.test(port.slice(1));
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[a-zA-Z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new GoURLError('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0) throw new GoURLError("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new GoURLError(`invalid port ${quoteBytes(colonPort)} after host`);
    const zone = host.slice(0, i).indexOf('%25');
    if (zone >= 0) {
      return unescape(host.slice(0, zone), 'host') + unescape(host.slice(zone, i), 'zone') + unescape(host.slice(i), 'host');
    }
  } else {
    const i = host.lastIndexOf(':');
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort)) throw new GoURLError(`invalid port ${quoteBytes(colonPort)} after host`);
    }
  }
  return unescape(host, 'host');
}

interface Userinfo {
  username: string;
  password?: string;
}

function parseAuthority(authority: string): { user?: Userinfo; host: string } {
  const at = authority.lastIndexOf('@');
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1));
  if (at < 0) return { host };
  const userinfo = authority.slice(0, at);
  if (!validUserinfo(userinfo)) throw new GoURLError('net/url: invalid userinfo');
  const colon = userinfo.indexOf(':');
  if (colon < 0) return { user: { username: unescape(userinfo, 'userPassword') }, host };
  return {
    user: {
      username: unescape(userinfo.slice(0, colon), 'userPassword'),
      password: unescape(userinfo.slice(colon + 1), 'userPassword'),
    },
    host,
  };
}

/** The fields of Go's url.URL, as byte strings. */
interface Fields {
  scheme: string;
  opaque: string;
  user?: Userinfo;
  host: string;
  path: string;
  rawPath: string;
  forceQuery: boolean;
  rawQuery: string;
  fragment: string;
  rawFragment: string;
}

function parse(raw: string, viaRequest: boolean): Fields {
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new GoURLError('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new GoURLError('empty url');
  const u: Fields = { scheme: '', opaque: '', host: '', path: '', rawPath: '', forceQuery: false, rawQuery: '', fragment: '', rawFragment: '' };
  if (raw === '*') {
    u.path = '*';
    return u;
  }
  let [scheme, rest] = getScheme(raw);
  u.scheme = scheme.toLowerCase();
  if (rest.endsWith('?') && rest.split('?').length === 2) {
    u.forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      u.rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (u.scheme !== '') {
      u.opaque = rest;
      return u;
    }
    if (viaRequest) throw new GoURLError('invalid URI for request');
    const slash = rest.indexOf('/');
    const segment = slash < 0 ? rest : rest.slice(0, slash);
    if (segment.includes(':')) throw new GoURLError('first path segment in URL cannot contain colon');
  }
  if ((u.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    const { user, host } = parseAuthority(authority);
    if (user) u.user = user;
    u.host = host;
  }
  u.path = unescape(rest, 'path');
  u.rawPath = escape(u.path, 'path') === rest ? '' : rest;
  return u;
}

const urlError = (raw: string, err: unknown): CelLibraryError => {
  if (err instanceof GoURLError) return new CelLibraryError(`parse ${quoteBytes(raw)}: ${err.message}`);
  throw err;
};

/** url.ParseRequestURI; throws the *url.Error text. */
function parseRequestURI(raw: string): Fields {
  try {
    return parse(raw, true);
  } catch (e) {
    throw urlError(raw, e);
  }
}

/** url.Parse: the fragment is cut off first. */
function parseURL(raw: string): Fields {
  const hash = raw.indexOf('#');
  const u = hash < 0 ? raw : raw.slice(0, hash);
  let fields: Fields;
  try {
    fields = parse(u, false);
  } catch (e) {
    throw urlError(u, e);
  }
  if (hash < 0) return fields;
  const frag = raw.slice(hash + 1);
  if (frag === '') return fields;
  try {
    fields.fragment = unescape(frag, 'fragment');
  } catch (e) {
    throw urlError(raw, e);
  }
  fields.rawFragment = escape(fields.fragment, 'fragment') === frag ? '' : frag;
  return fields;
}

function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

/** A parsed URL (CEL type `kubernetes.URL`). */
export class URLValue {
  private constructor(private readonly u: Fields) {}

  /** CEL `url(string)`. */
  static parse(s: string): URLValue {
    const raw = toBytes(s);
    try {
      parseRequestURI(raw);
      return new URLValue(parseURL(raw));
    } catch (e) {
      if (e instanceof CelLibraryError) throw new CelLibraryError(`URL parse error during conversion from string: ${e.message}`);
      throw e;
    }
  }

  getScheme(): string {
    return fromBytes(this.u.scheme);
  }

  /** Host with port; IPv6 literals keep their brackets. */
  getHost(): string {
    return fromBytes(this.u.host);
  }

  /** Host without port or brackets. */
  getHostname(): string {
    return fromBytes(splitHostPort(this.u.host)[0]);
  }

  getPort(): string {
    return fromBytes(splitHostPort(this.u.host)[1]);
  }

  /** URL.EscapedPath(). */
  getEscapedPath(): string {
    const { rawPath, path } = this.u;
    if (rawPath !== '' && validEncoded(rawPath, 'path')) {
      try {
        if (unescape(rawPath, 'path') === path) return fromBytes(rawPath);
      } catch (e) {
        if (!(e instanceof GoURLError)) throw e;
      }
    }
    if (path === '*') return '*';
    return fromBytes(escape(path, 'path'));
  }

  /** URL.Query(): keys to values in order of appearance; malformed pairs are dropped. */
  getQuery(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    let query = this.u.rawQuery;
    while (query !== '') {
      const amp = query.indexOf('&');
      let key = amp < 0 ? query : query.slice(0, amp);
      query = amp < 0 ? '' : query.slice(amp + 1);
      if (key.includes(';') || key === '') continue;
      const eq = key.indexOf('=');
      let value = eq < 0 ? '' : key.slice(eq + 1);
      if (eq >= 0) key = key.slice(0, eq);
      try {
        key = fromBytes(unescape(key, 'queryComponent'));
        value = fromBytes(unescape(value, 'queryComponent'));
      } catch (e) {
        if (e instanceof GoURLError) continue;
        throw e;
      }
      const list = out.get(key);
      if (list) list.push(value);
      else out.set(key, [value]);
    }
    return out;
  }

  /** Go's URL.String(), used for equality. */
  toString(): string {
    const u = this.u;
    let out = u.scheme === '' ? '' : `${u.scheme}:`;
    if (u.opaque !== '') out += u.opaque;
    else {
      if (u.scheme !== '' || u.host !== '' || u.user) {
        if (u.host !== '' || u.path !== '' || u.user) out += '//';
        if (u.user) {
          out += escape(u.user.username, 'userPassword');
          if (u.user.password !== undefined) out += `:${escape(u.user.password, 'userPassword')}`;
          out += '@';
        }
        if (u.host !== '') out += escape(u.host, 'host');
      }
      const path = toBytes(this.getEscapedPath());
      if (path !== '' && path[0] !== '/' && u.host !== '') out += '/';
      if (out === '') {
        const slash = path.indexOf('/');
        if ((slash < 0 ? path : path.slice(0, slash)).includes(':')) out += './';
      }
      out += path;
    }
    if (u.forceQuery || u.rawQuery !== '') out += `?${u.rawQuery}`;
    if (u.fragment !== '') {
      const f = u.rawFragment !== '' && validEncoded(u.rawFragment, 'fragment') && safeUnescape(u.rawFragment) === u.fragment;
      out += `#${f ? u.rawFragment : escape(u.fragment, 'fragment')}`;
    }
    return fromBytes(out);
  }

  /** Kubernetes compares URLs by their String() text. */
  equals(other: URLValue): boolean {
    return this.toString() === other.toString();
  }
}

function safeUnescape(s: string): string | undefined {
  try {
    return unescape(s, 'fragment');
  } catch {
    return undefined;
  }
}

/** CEL `url(string)`. */
export const url = (s: string): URLValue => URLValue.parse(s);

/** CEL `isURL(string)`: url.ParseRequestURI accepts it. */
export function isURL(s: string): boolean {
  try {
    parseRequestURI(toBytes(s));
    return true;
  } catch (e) {
    if (e instanceof CelLibraryError) return false;
    throw e;
  }
}

/** The url.ParseRequestURI error text, or undefined (the `uri` format validator's message). */
export function parseRequestURIError(s: string): string | undefined {
  try {
    parseRequestURI(toBytes(s));
    return undefined;
  } catch (e) {
    if (e instanceof CelLibraryError) return e.message;
    throw e;
  }
}

export const URL_TYPE = 'kubernetes.URL';

export const URL_OVERLOADS: readonly OverloadDecl[] = [
  decl('url', 'string_to_url', false, ['string'], URL_TYPE),
  decl('getScheme', 'url_get_scheme', true, [URL_TYPE], 'string'),
  decl('getHost', 'url_get_host', true, [URL_TYPE], 'string'),
  decl('getHostname', 'url_get_hostname', true, [URL_TYPE], 'string'),
  decl('getPort', 'url_get_port', true, [URL_TYPE], 'string'),
  decl('getEscapedPath', 'url_get_escaped_path', true, [URL_TYPE], 'string'),
  decl('getQuery', 'url_get_query', true, [URL_TYPE], 'map(string, list(string))'),
  decl('isURL', 'is_url_string', false, ['string'], 'bool'),
];

/** Runtime cost of `url(string)` on `runes` code points (`isURL` and the getters cost 1). */
export const urlParseCost = (runes: number): number => costOf(runes, STRING_TRAVERSAL_COST_FACTOR);
