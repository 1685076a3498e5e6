// Answers GET /api, /api/v1, /apis, /apis/<group> and /apis/<group>/<version> as kube-apiserver does:
// aggregated discovery v2 (with ETag and 304) when the Accept header asks for it on /api or /apis, the legacy
// documents otherwise, 406 when no acceptable representation is left.
import { stringify as yamlStringify } from 'yaml';
import type { ResourceInfo } from '../api/resource-info.js';
import { notAcceptable } from '../errors/status.js';
import { DISCOVERY_MEDIA_TYPES, NOT_ACCEPTABLE_MESSAGE, negotiateDiscovery, type DiscoveryMediaType } from './accept.js';
import { aggregatedCore, aggregatedGroups } from './aggregated.js';
import { goJson, sha512Hex } from '../golang/encoding-json.js';
import type { HttpResponse } from './http-response.js';
import { apiGroup, apiGroupList, apiResourceList, apiVersions } from './legacy.js';

export interface DiscoveryOptions {
  /** host:port clients should use (kube's advertised address), for /api's serverAddressByClientCIDRs. */
  serverAddress: string;
  /**
   * Encodes a discovery object (it carries kind and apiVersion) as Kubernetes protobuf. Without it the protobuf
   * media type is not offered and a client accepting nothing else gets 406.
   */
  encodeProtobuf?: (object: object) => Uint8Array;
}

export const AGGREGATED_V2_CONTENT_TYPE_PARAMS = ';g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

// kube's YAML goes through a generic map, so keys come out sorted; sequences sit at the key's indentation.
function toYaml(value: unknown): string {
  return yamlStringify(value, { sortMapEntries: true, indentSeq: false, lineWidth: 0, aliasDuplicateObjects: false });
}

function encode(object: object, mediaType: DiscoveryMediaType, options: DiscoveryOptions): string | Uint8Array {
  if (mediaType === 'application/yaml') return toYaml(object);
  if (mediaType === 'application/vnd.kubernetes.protobuf') return options.encodeProtobuf!(object);
  return goJson(object) + '\n';
}

function notAcceptableResponse(): HttpResponse {
  return { status: 406, headers: { 'Content-Type': 'application/json' }, body: goJson(notAcceptable(NOT_ACCEPTABLE_MESSAGE).toJSON(), 2) };
}

type Route = { kind: 'api' } | { kind: 'apis' } | { kind: 'group'; group: string } | { kind: 'gv'; group: string; version: string };

function route(path: string): Route | undefined {
  const p = path.split('?')[0]!.replace(/\/$/, '');
  if (p === '/api') return { kind: 'api' };
  if (p === '/apis') return { kind: 'apis' };
  const segs = p.split('/');
  if (segs[1] === 'api' && segs.length === 3) return { kind: 'gv', group: '', version: segs[2]! };
  if (segs[1] === 'apis' && segs.length === 3 && segs[2]) return { kind: 'group', group: segs[2] };
  if (segs[1] === 'apis' && segs.length === 4 && segs[2] && segs[3]) return { kind: 'gv', group: segs[2], version: segs[3] };
  return undefined;
}

/** Whether a request matches one of the ETags in If-None-Match values (compared whole, as kube does). */
function etagMatches(ifNoneMatch: string | string[] | undefined, quoted: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch : [ifNoneMatch]).some((v) => v === quoted);
}

/**
 * The response for a discovery path, or undefined when the path is not a discovery path or names a group or
 * group-version that is not served (the router then answers 404 as for any unknown path).
 */
export function discoveryResponse(
  path: string,
  accept: string | undefined,
  ifNoneMatch: string | string[] | undefined,
  resources: ResourceInfo[],
  options: DiscoveryOptions,
): HttpResponse | undefined {
  const r = route(path);
  if (!r) return undefined;
  let object: object | undefined;
  if (r.kind === 'api') object = resources.some((x) => x.group === '') ? apiVersions(options.serverAddress) : undefined;
  else if (r.kind === 'apis') object = apiGroupList(resources);
  else if (r.kind === 'group') object = apiGroup(resources, r.group);
  else object = apiResourceList(resources, r.group, r.version);
  if (!object) return undefined;

  const supported = DISCOVERY_MEDIA_TYPES.filter((m) => m !== 'application/vnd.kubernetes.protobuf' || options.encodeProtobuf);
  const root = r.kind === 'api' || r.kind === 'apis';
  const n = negotiateDiscovery(accept, supported, root);
  if (!n) return notAcceptableResponse();

  if (n.aggregated) {
    const list = r.kind === 'api' ? aggregatedCore(resources) : aggregatedGroups(resources);
    // kube hashes the list before the encoder fills in kind and apiVersion
    const quoted = `"${sha512Hex(goJson({ metadata: list.metadata, items: list.items }))}"`;
    const headers: Record<string, string> = { ETag: quoted, Vary: 'Accept', 'Cache-Control': 'public' };
    if (etagMatches(ifNoneMatch, quoted)) return { status: 304, headers };
    headers['Content-Type'] = n.mediaType + AGGREGATED_V2_CONTENT_TYPE_PARAMS;
    return { status: 200, headers, body: encode(list, n.mediaType, options) };
  }
  return { status: 200, headers: { 'Content-Type': n.mediaType }, body: encode(object, n.mediaType, options) };
}
