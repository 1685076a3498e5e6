// /openapi/v3: the index of documents and one document per served group-version, built lazily from the catalog
// and the structural schemas, cached until the served resources change. Headers, hashes, the 301 for a stale
// ?hash= and 304s follow kube-openapi's handler3 behind kube's aggregator (unknown document → 404).
// Protobuf (application/com.github.proto-openapi.spec.v3.v1.0+protobuf) is not produced: a client that accepts
// only that gets 406; kubectl asks for JSON.
import { loadSchemas, type JsonSchema } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { parseAccept } from './accept.js';
import { goJson, sha512Hex } from '../golang/encoding-json.js';
import type { HttpResponse } from './http-response.js';
import { rootDocument, rootSchemas } from './openapi-root-docs.js';
import { friendlyGroup, openAPITag, resourcePaths, type PathOptions } from './openapi-v3-paths.js';

type Json = Record<string, unknown>;

export interface OpenAPIV3Options extends PathOptions {
  /**
   * Component schemas of a group-version that is not built in (CRDs): each kind's schema keyed by the name in
   * ResourceInfo.schema / listSchema. Meta schemas they reference (ObjectMeta, ListMeta, Status, Patch, ...) are
   * added from the built-in set.
   */
  schemasFor?: (group: string, version: string) => Record<string, JsonSchema> | undefined;
  /** Adds descriptions to a document's component schemas (kubelite's --openapi-descriptions); none by default. */
  describe?: (schemas: Record<string, JsonSchema>) => Record<string, JsonSchema>;
}

interface Built {
  fingerprint: string;
  body: string;
  etag: string;
  lastModified: Date;
}

const docKey = (group: string, version: string) => (group ? `apis/${group}/${version}` : `api/${version}`);

function collectRefs(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) out.add(v.slice('#/components/schemas/'.length));
      else collectRefs(v, out);
    }
  }
}

let metaPool: Record<string, JsonSchema> | undefined;
function fromMetaPool(name: string): JsonSchema | undefined {
  metaPool ??= { ...loadSchemas('', 'v1'), ...rootSchemas } as Record<string, JsonSchema>;
  return metaPool[name];
}

/** Adds every schema the document references but does not hold yet, from the built-in pool. */
function completeComponents(paths: Json, schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { ...schemas };
  const pending = new Set<string>();
  collectRefs(paths, pending);
  collectRefs(schemas, pending);
  while (pending.size) {
    const [name] = pending;
    pending.delete(name!);
    if (out[name!]) continue;
    const s = fromMetaPool(name!);
    if (!s) continue;
    out[name!] = s;
    collectRefs(s, pending);
  }
  return out;
}

function sortedObject<T>(o: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k]!;
  return out;
}

function document(paths: Json, schemas: Record<string, JsonSchema>): Json {
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'unversioned' },
    paths: sortedObject(paths),
    components: {
      schemas: sortedObject(schemas),
      securitySchemes: { BearerToken: { in: 'header', name: 'authorization', type: 'apiKey' } },
    },
  };
}

/** http.ServeContent's If-None-Match check: a list of entity tags, "*" or weak tags match too. */
function noneMatch(ifNoneMatch: string | string[] | undefined, quoted: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const line of Array.isArray(ifNoneMatch) ? ifNoneMatch : [ifNoneMatch]) {
    for (const raw of line.split(',')) {
      const tag = raw.trim().replace(/^W\//, '');
      if (tag === '*' || tag === quoted) return true;
    }
  }
  return false;
}

const httpDate = (d: Date) => d.toUTCString();
// Go's time.RFC1123 in UTC: "Mon, 02 Jan 2006 15:04:05 UTC"
const rfc1123 = (d: Date) => d.toUTCString().replace(/GMT$/, 'UTC');

function serveContent(headers: Record<string, string>, built: Built, ifNoneMatch: string | string[] | undefined): HttpResponse {
  if (noneMatch(ifNoneMatch, headers.Etag!)) {
    const h = { ...headers };
    delete h['Content-Type'];
    return { status: 304, headers: h };
  }
  return { status: 200, headers: { ...headers, 'Last-Modified': httpDate(built.lastModified), 'Accept-Ranges': 'bytes' }, body: built.body };
}

export class OpenAPIV3Service {
  private resources: ResourceInfo[] = [];
  private byKey = new Map<string, ResourceInfo[]>();
  private docs = new Map<string, Built>();
  private indexCache: Built | undefined;

  constructor(
    resources: ResourceInfo[] = [],
    private readonly options: OpenAPIV3Options = {},
  ) {
    this.setResources(resources);
  }

  /** Where the component schemas of non-built-in group-versions (custom resources) come from. */
  setSchemasFor(fn: OpenAPIV3Options['schemasFor']): void {
    this.options.schemasFor = fn;
    this.invalidate();
  }

  /** Where descriptions come from (built documents are rebuilt with them). */
  setDescribe(fn: OpenAPIV3Options['describe']): void {
    this.options.describe = fn;
    this.invalidate();
  }

  /** Replace the served resources (CRDs added or removed); documents whose resources changed are rebuilt. */
  setResources(resources: ResourceInfo[]): void {
    this.resources = resources;
    this.byKey = new Map();
    for (const r of resources) {
      const k = docKey(r.group, r.version);
      let l = this.byKey.get(k);
      if (!l) this.byKey.set(k, (l = []));
      l.push(r);
    }
    this.indexCache = undefined;
  }

  /** Forget a built document (its schemas changed while its ResourceInfo did not), or all of them. */
  invalidate(group?: string, version?: string): void {
    if (group === undefined) this.docs.clear();
    else this.docs.delete(docKey(group, version ?? ''));
    this.indexCache = undefined;
  }

  /** Keys of the index: "api", "api/v1", "apis", "apis/<g>", "apis/<g>/<v>", "version". */
  documentKeys(): string[] {
    const keys = new Set<string>(['apis', 'version']);
    if (this.resources.some((r) => r.group === '')) keys.add('api');
    for (const k of this.byKey.keys()) keys.add(k);
    for (const r of this.resources) if (r.group !== '' && r.builtin) keys.add(`apis/${r.group}`);
    return [...keys].sort();
  }

  private fingerprint(key: string): string {
    return JSON.stringify(this.byKey.get(key) ?? key);
  }

  /** The JSON document for a key, built on first use; undefined for a key the index does not list. */
  document(key: string): { body: string; etag: string } | undefined {
    if (!this.documentKeys().includes(key)) return undefined;
    const fp = this.fingerprint(key);
    const cached = this.docs.get(key);
    if (cached && cached.fingerprint === fp) return cached;
    const doc = this.build(key);
    if (!doc) return undefined;
    const body = goJson(doc);
    const built: Built = { fingerprint: fp, body, etag: sha512Hex(body), lastModified: new Date() };
    this.docs.set(key, built);
    return built;
  }

  private build(key: string): Json | undefined {
    const root = rootDocument(key, friendlyGroup);
    if (root) {
      const schemas: Record<string, JsonSchema> = {};
      for (const n of root.schemas) schemas[n] = fromMetaPool(n)!;
      return document(root.paths, this.described(completeComponents(root.paths, schemas)));
    }
    const resources = this.byKey.get(key);
    if (!resources) return undefined;
    const { group, version } = resources[0]!;
    const prefix = group ? `/apis/${group}/${version}/` : `/api/${version}/`;
    const paths: Json = {};
    const friendly = friendlyGroup(group) + version[0]!.toUpperCase() + version.slice(1);
    paths[prefix] = {
      get: {
        operationId: `get${friendly}APIResources`,
        responses: {
          '200': { content: Object.fromEntries(['application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml'].map((t) => [t, { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList' } }])), description: 'OK' },
          '401': { description: 'Unauthorized' },
        },
        tags: [openAPITag(group, version)],
      },
    };
    for (const [p, item] of Object.entries(resourcePaths(resources, this.options))) paths[prefix + p] = item;
    const builtin = resources.every((r) => r.builtin) ? loadSchemas(group, version) : undefined;
    const schemas = builtin ?? this.options.schemasFor?.(group, version) ?? {};
    return document(paths, this.described(completeComponents(paths, schemas)));
  }

  private described(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
    return this.options.describe ? this.options.describe(schemas) : schemas;
  }

  /**
   * Builds every document ahead of the first /openapi/v3 request (about 60 ms for the built-ins), one document per
   * event-loop turn so start-up and early requests are not held up.
   */
  async warm(): Promise<void> {
    for (const key of this.documentKeys()) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.document(key);
    }
    this.index();
  }

  /** The index body: {"paths":{"<key>":{"serverRelativeURL":"/openapi/v3/<key>?hash=<ETAG>"}}}, keys sorted. */
  index(): { body: string; etag: string } {
    if (this.indexCache) return this.indexCache;
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const key of this.documentKeys()) paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${this.document(key)!.etag}` };
    const body = goJson({ paths });
    this.indexCache = { fingerprint: '', body, etag: sha512Hex(body), lastModified: new Date() };
    return this.indexCache;
  }

  /**
   * Answers GET /openapi/v3 and /openapi/v3/<key>[?hash=...]; undefined for other paths. `search` is the query
   * string (with or without "?").
   */
  respond(pathname: string, search: string, accept: string | undefined, ifNoneMatch?: string | string[]): HttpResponse | undefined {
    if (pathname === '/openapi/v3') {
      const idx = this.index();
      const headers = { Etag: `"${idx.etag}"`, 'Content-Type': 'application/json' };
      return serveContent(headers, this.indexCache!, ifNoneMatch);
    }
    if (!pathname.startsWith('/openapi/v3/')) return undefined;
    const key = pathname.slice('/openapi/v3/'.length);
    const clauses = parseAccept(accept || '*/*');
    if (clauses.length === 0) return { status: 200, headers: { Vary: 'Accept' } };
    if (!this.documentKeys().includes(key)) {
      // kube-openapi's handler gives up on an unknown group-version without writing anything once a clause
      // matches one of its types (Go then sends an empty 200); when none matches, the 406.
      const known = clauses.some((c) => (c.type === 'application' || c.type === '*') && (c.subType === '*' || OPENAPI_V3_SUBTYPES.includes(c.subType)));
      return { status: known ? 200 : 406, headers: { Vary: 'Accept' } };
    }
    const json = clauses.some((c) => (c.type === 'application' || c.type === '*') && (c.subType === 'json' || c.subType === '*'));
    if (!json) return { status: 406, headers: { Vary: 'Accept' } };
    const doc = this.document(key)!;
    const built = this.docs.get(key)!;
    const headers: Record<string, string> = { Vary: 'Accept', 'Content-Type': 'application/json', Etag: `"${doc.etag}"` };
    const hash = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('hash');
    if (hash) {
      if (hash !== doc.etag) return { status: 301, headers: { ...headers, Location: `/openapi/v3/${key}?hash=${doc.etag}` } };
      headers['Cache-Control'] = 'public, immutable';
      const expires = new Date();
      expires.setUTCFullYear(expires.getUTCFullYear() + 1);
      headers.Expires = rfc1123(expires);
    }
    return serveContent(headers, built, ifNoneMatch);
  }
}

export { docKey as openAPIV3DocumentKey };

/** The media subtypes kube-openapi's v3 handler serves. */
const OPENAPI_V3_SUBTYPES = ['json', 'com.github.proto-openapi.spec.v3@v1.0+protobuf', 'com.github.proto-openapi.spec.v3.v1.0+protobuf'];
