// /openapi/v2: one Swagger 2.0 document for everything served, converted from the OpenAPI v3 documents
// (so custom resources appear as soon as their v3 document does). Structure only, as the v3 documents.
// Served as JSON and, for the gnostic Accept kubectl sends (application/com.github.proto-openapi.spec.v2@v1.0+protobuf
// or its dotted spelling), as the gnostic openapi.v2.Document protobuf made from that same JSON, like kube-openapi's
// handler: Content-Type always the dotted spelling, the JSON's ETag and Last-Modified (the Vary: Accept keeps the
// caches apart).
import { parseAccept } from './accept.js';
import { goJson, sha512Hex } from '../golang/encoding-json.js';
import type { HttpResponse } from './http-response.js';
import type { OpenAPIV3Service } from './openapi-v3.js';
import { encodeGnosticDocument } from './openapi-v2-proto/to-gnostic.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

// v3 schema → v2: refs point at #/definitions, a lone allOf-wrapped $ref becomes a plain $ref beside its siblings.
function convertSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(convertSchema);
  if (!s || typeof s !== 'object') return s;
  const o = s as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === '$ref' && typeof v === 'string') out[k] = v.replace('#/components/schemas/', '#/definitions/');
    else if (k === 'nullable' || k === 'anyOf' || k === 'oneOf') continue;
    else if (k === 'allOf' && Array.isArray(v) && v.length === 1 && v[0]?.$ref) out.$ref = (v[0].$ref as string).replace('#/components/schemas/', '#/definitions/');
    else if (k === 'properties' || k === 'patternProperties') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([pk, pv]) => [pk, convertSchema(pv)]));
    } else if (k === 'default' || k === 'enum' || k === 'example' || k.startsWith('x-')) out[k] = v;
    else out[k] = convertSchema(v);
  }
  return out;
}

function convertParameter(p: Json): Json {
  const out: Json = { in: p.in, name: p.name };
  if (p.required) out.required = true;
  const schema = p.schema as Json | undefined;
  if (schema) for (const [k, v] of Object.entries(schema)) out[k] = v;
  return out;
}

function convertOperation(op: Json): Json {
  const out: Json = {};
  const produces = new Set<string>();
  for (const r of Object.values<Json>(op.responses ?? {})) for (const t of Object.keys(r.content ?? {})) produces.add(t);
  const consumes = Object.keys(op.requestBody?.content ?? {});
  if (consumes.length) out.consumes = consumes;
  out.operationId = op.operationId;
  const params = (op.parameters ?? []).map(convertParameter);
  if (op.requestBody) {
    const first = Object.values<Json>(op.requestBody.content)[0];
    params.unshift({ in: 'body', name: 'body', ...(op.requestBody.required ? { required: true } : {}), schema: convertSchema(first?.schema) });
  }
  if (params.length) out.parameters = params;
  if (produces.size) out.produces = [...produces];
  const responses: Json = {};
  for (const [code, r] of Object.entries<Json>(op.responses ?? {})) {
    const first = Object.values<Json>(r.content ?? {})[0];
    responses[code] = { description: r.description, ...(first?.schema ? { schema: convertSchema(first.schema) } : {}) };
  }
  out.responses = responses;
  out.schemes = ['https'];
  if (op.tags) out.tags = op.tags;
  for (const [k, v] of Object.entries(op)) if (k.startsWith('x-')) out[k] = v;
  return out;
}

export function buildSwagger(v3: OpenAPIV3Service, version: string): Json {
  const paths: Json = {};
  const definitions: Json = {};
  for (const key of v3.documentKeys()) {
    const doc = JSON.parse(v3.document(key)!.body) as Json;
    for (const [p, item] of Object.entries<Json>(doc.paths)) {
      const out: Json = {};
      for (const m of METHODS) if (item[m]) out[m] = convertOperation(item[m]);
      if (item.parameters) out.parameters = item.parameters.map(convertParameter);
      paths[p] = out;
    }
    for (const [n, s] of Object.entries<Json>(doc.components?.schemas ?? {})) definitions[n] ??= convertSchema(s);
  }
  const sorted = (o: Json) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version },
    paths: sorted(paths),
    definitions: sorted(definitions),
    securityDefinitions: { BearerToken: { type: 'apiKey', name: 'authorization', in: 'header' } },
    security: [{ BearerToken: [] }],
  };
}

/** The Content-Type kube answers both protobuf spellings of the Accept with. */
export const OPENAPI_V2_PROTO_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
const PROTO_SUBTYPES = ['com.github.proto-openapi.spec.v2@v1.0+protobuf', 'com.github.proto-openapi.spec.v2.v1.0+protobuf'];

/** Serves GET /openapi/v2 from the v3 documents, rebuilding when the v3 index changes. */
export class OpenAPIV2Service {
  private cache: { indexEtag: string; body: string; etag: string; lastModified: Date; proto?: Uint8Array } | undefined;

  constructor(
    private readonly v3: OpenAPIV3Service,
    private readonly version = 'v1.33.1',
  ) {}

  document(): { body: string; etag: string } {
    const indexEtag = this.v3.index().etag;
    if (!this.cache || this.cache.indexEtag !== indexEtag) {
      const body = goJson(buildSwagger(this.v3, this.version));
      this.cache = { indexEtag, body, etag: sha512Hex(body), lastModified: new Date() };
    }
    return this.cache;
  }

  /** The gnostic protobuf form of the current document, encoded on first demand and kept with the JSON. */
  protoDocument(): { body: Uint8Array; etag: string } {
    const doc = this.document();
    const cache = this.cache!;
    cache.proto ??= encodeGnosticDocument(JSON.parse(doc.body));
    return { body: cache.proto, etag: doc.etag };
  }

  respond(pathname: string, accept: string | undefined, ifNoneMatch?: string | string[], ifModifiedSince?: string): HttpResponse | undefined {
    if (pathname !== '/openapi/v2') return undefined;
    // kube's list: JSON, then the two protobuf spellings; the first clause matching any of them wins
    for (const c of parseAccept(accept || '*/*')) {
      const type = c.type === 'application' || c.type === '*';
      if (!type) continue;
      const proto = PROTO_SUBTYPES.includes(c.subType);
      if (!proto && c.subType !== 'json' && c.subType !== '*') continue;
      const json = this.document(); // both forms share its ETag; the protobuf is only encoded for a 200
      const etag = `"${json.etag}"`;
      const lastModified = this.cache!.lastModified;
      // http.ServeContent: If-None-Match decides when present, else If-Modified-Since (whole seconds)
      const tags = (Array.isArray(ifNoneMatch) ? ifNoneMatch : ifNoneMatch ? [ifNoneMatch] : []).flatMap((l) => l.split(',').map((t) => t.trim().replace(/^W\//, '')));
      const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
      const notModified = tags.length ? tags.includes('*') || tags.includes(etag) : !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
      if (notModified) return { status: 304, headers: { Vary: 'Accept', Etag: etag } };
      const headers = { Vary: 'Accept', 'Content-Type': proto ? OPENAPI_V2_PROTO_TYPE : 'application/json', Etag: etag };
      const body = proto ? this.protoDocument().body : json.body;
      return { status: 200, headers: { ...headers, 'Last-Modified': lastModified.toUTCString(), 'Accept-Ranges': 'bytes' }, body };
    }
    return { status: 406, headers: { Vary: 'Accept' } };
  }
}
