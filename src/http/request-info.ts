// RequestInfo: what a request path means, parsed exactly as kube-apiserver's RequestInfoFactory does
// (apiserver.md §2). Used by authorization, routing, audit and logging.
import { boolParam } from './query-params.js';

export interface RequestInfo {
  isResourceRequest: boolean;
  path: string;
  verb: string;
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  parts: string[];
  fieldSelector?: string;
  labelSelector?: string;
}

const API_PREFIXES = new Set(['api', 'apis']);
const GROUPLESS_PREFIXES = new Set(['api']);
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);
const SPECIAL_VERBS = new Set(['watch', 'proxy']);

export class RequestInfoError extends Error {}


/** A value usable as a single path segment (path.ValidatePathSegmentName). */
function isPathSegment(s: string): boolean {
  return s !== '' && s !== '.' && s !== '..' && !s.includes('/') && !s.includes('%');
}

export function parseRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const info: RequestInfo = {
    isResourceRequest: false,
    path,
    verb: method.toLowerCase(),
    apiPrefix: '',
    apiGroup: '',
    apiVersion: '',
    namespace: '',
    resource: '',
    subresource: '',
    name: '',
    parts: [],
  };
  let parts = path.replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length === 1 && parts[0] === '') parts = [];
  if (parts.length < 3 || !API_PREFIXES.has(parts[0]!)) return info;

  info.apiPrefix = parts[0]!;
  parts = parts.slice(1);
  if (!GROUPLESS_PREFIXES.has(info.apiPrefix)) {
    if (parts.length < 3) return info; // /apis/<group>/<version> is discovery, not a resource
    info.apiGroup = parts[0]!;
    parts = parts.slice(1);
  }
  info.isResourceRequest = true;
  info.apiVersion = parts[0]!;
  parts = parts.slice(1);

  if (SPECIAL_VERBS.has(parts[0]!)) {
    if (parts.length < 2) throw new RequestInfoError(`unable to determine kind and namespace from url, ${path}`);
    info.verb = parts[0]!;
    parts = parts.slice(1);
  } else {
    switch (method) {
      case 'POST':
        info.verb = 'create';
        break;
      case 'GET':
      case 'HEAD':
        info.verb = 'get';
        break;
      case 'PUT':
        info.verb = 'update';
        break;
      case 'PATCH':
        info.verb = 'patch';
        break;
      case 'DELETE':
        info.verb = 'delete';
        break;
      default:
        info.verb = '';
    }
  }

  if (parts[0] === 'namespaces') {
    if (parts.length > 1) {
      info.namespace = parts[1]!;
      if (parts.length > 2 && !NAMESPACE_SUBRESOURCES.has(parts[2]!)) parts = parts.slice(2);
    }
  } else {
    info.namespace = '';
  }

  info.parts = parts;
  if (parts.length >= 3 && info.verb !== 'proxy') info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  if (parts.length >= 1) info.resource = parts[0]!;

  if (info.name === '' && info.verb === 'get') {
    info.verb = boolParam(query, 'watch') ? 'watch' : 'list';
    const fs = query.get('fieldSelector');
    if (fs) {
      const m = /^metadata\.name(==?)([^,]*)$/.exec(fs.trim());
      if (m && isPathSegment(m[2]!)) info.name = m[2]!;
    }
  }
  // Seed 000: "a list or get path with ?watch=1" is a watch; on a named path it watches that one object.
  else if (info.name !== '' && info.verb === 'get' && info.subresource === '' && boolParam(query, 'watch')) info.verb = 'watch';
  if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  if (['list', 'watch', 'deletecollection'].includes(info.verb)) {
    const fs = query.get('fieldSelector');
    const ls = query.get('labelSelector');
    if (fs !== null) info.fieldSelector = fs;
    if (ls !== null) info.labelSelector = ls;
  }
  return info;
}

/** kube's LongRunningFunc: watches, proxies and the streaming subresources. */
export function isLongRunning(info: RequestInfo): boolean {
  if (!info.isResourceRequest) return false;
  if (info.verb === 'watch' || info.verb === 'proxy') return true;
  return ['attach', 'exec', 'proxy', 'log', 'portforward'].includes(info.subresource);
}
