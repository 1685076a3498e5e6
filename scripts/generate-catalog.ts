// Generates the built-in resource catalog and the structural schemas from the data in ../shared:
//   src/api/generated/catalog.json           every group/version/resource a 1.33 kube-apiserver can serve
//   src/api/generated/schemas/<g>_<v>.json   components.schemas of each group-version, descriptions removed
// Usage: node --import tsx scripts/generate-catalog.ts   (run from anywhere; paths are relative to this file)
//
// The OpenAPI v3 documents decide which resources, verbs, kinds and sub-resources exist. The recorded discovery
// documents add what OpenAPI lacks (short names, categories, singular names, storage version hashes) and are used
// to cross-check the derived verbs. Nothing here copies documentation prose: every `description` is dropped.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = join(repoRoot, '..', 'shared');
const openapiDir = join(shared, 'k8s-openapi-v1.33');
const discoveryDir = join(shared, 'k8s-discovery');
const outDir = join(repoRoot, 'src', 'api', 'generated');

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// kube-apiserver's APIService priorities (cmd/kube-apiserver/app/aggregator.go merged with the generic
// control-plane list): group order in discovery is GroupPriorityMinimum descending, versions inside a group are
// VersionPriority descending. apiregistration.k8s.io is the aggregator's own group: it has no priority entry and
// the aggregator always lists it first under /apis (17900 places it right after the core group here).
const priorities: Record<string, { group: number; versions: Record<string, number> }> = {
  '': { group: 18000, versions: { v1: 1 } },
  'apiregistration.k8s.io': { group: 17900, versions: { v1: 15 } },
  apps: { group: 17800, versions: { v1: 15 } },
  'events.k8s.io': { group: 17750, versions: { v1: 15, v1beta1: 5 } },
  'authentication.k8s.io': { group: 17700, versions: { v1: 15, v1beta1: 9, v1alpha1: 1 } },
  'authorization.k8s.io': { group: 17600, versions: { v1: 15 } },
  autoscaling: { group: 17500, versions: { v2: 30, v1: 15, v2beta1: 9, v2beta2: 1 } },
  batch: { group: 17400, versions: { v1: 15, v1beta1: 9 } },
  'certificates.k8s.io': { group: 17300, versions: { v1: 15, v1beta1: 9, v1alpha1: 1 } },
  'networking.k8s.io': { group: 17200, versions: { v1: 15, v1beta1: 9 } },
  policy: { group: 17100, versions: { v1: 15, v1beta1: 9 } },
  'rbac.authorization.k8s.io': { group: 17000, versions: { v1: 15 } },
  'storage.k8s.io': { group: 16800, versions: { v1: 15, v1beta1: 9, v1alpha1: 1 } },
  'admissionregistration.k8s.io': { group: 16700, versions: { v1: 15, v1beta1: 12, v1alpha1: 9 } },
  'apiextensions.k8s.io': { group: 16700, versions: { v1: 15 } },
  'scheduling.k8s.io': { group: 16600, versions: { v1: 15 } },
  'coordination.k8s.io': { group: 16500, versions: { v1: 15, v1beta1: 13, v1alpha2: 12 } },
  'node.k8s.io': { group: 16300, versions: { v1: 15, v1beta1: 9, v1alpha1: 1 } },
  'discovery.k8s.io': { group: 16200, versions: { v1: 15, v1beta1: 12 } },
  'resource.k8s.io': { group: 16200, versions: { v1beta2: 15, v1beta1: 9, v1alpha3: 1 } },
  'flowcontrol.apiserver.k8s.io': { group: 16100, versions: { v1: 21, v1beta3: 18 } },
  'internal.apiserver.k8s.io': { group: 16000, versions: { v1alpha1: 9 } },
  'storagemigration.k8s.io': { group: 15800, versions: { v1alpha1: 9 } },
};

// In 1.33 every GA group-version is on by default, every beta and alpha one is off (KEP-3136: no beta API
// introduced after 1.22 is on by default, and the last legacy beta resources, flowcontrol v1beta3, are gone).
const stabilityOf = (version: string): 'ga' | 'beta' | 'alpha' =>
  /^v\d+$/.test(version) ? 'ga' : /^v\d+beta\d+$/.test(version) ? 'beta' : 'alpha';

// Kinds deprecated as of 1.33 and the warning kube-apiserver adds to every request for them: the two core kinds
// (k8s.io/api core/v1 lifecycle.go) and the pre-release kinds whose generated APILifecycleDeprecated release is 1.33
// or earlier (zz_generated.prerelease-lifecycle.go at release-1.33; later deprecations are not yet in effect).
const deprecations: Record<string, { deprecatedIn: string; removedIn?: string; replacement?: { group: string; version: string; kind: string } }> = {
  '/v1/componentstatuses': { deprecatedIn: '1.19' },
  '/v1/endpoints': { deprecatedIn: '1.33', replacement: { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' } },
  'admissionregistration.k8s.io/v1beta1/validatingadmissionpolicies': { deprecatedIn: '1.31', removedIn: '1.34' },
  'admissionregistration.k8s.io/v1beta1/validatingadmissionpolicybindings': { deprecatedIn: '1.31', removedIn: '1.34' },
  'storage.k8s.io/v1alpha1/volumeattributesclasses': { deprecatedIn: '1.32', removedIn: '1.35' },
  'storagemigration.k8s.io/v1alpha1/storageversionmigrations': { deprecatedIn: '1.33', removedIn: '1.36' },
};

// Short names and categories of resources that none of the recorded discovery documents list (newer than
// them); values as the 1.33 REST storages declare them.
const extraNames: Record<string, { shortNames?: string[]; categories?: string[] }> = {
  'networking.k8s.io/ipaddresses': { shortNames: ['ip'] },
  'storage.k8s.io/volumeattributesclasses': { shortNames: ['vac'] },
  'admissionregistration.k8s.io/mutatingadmissionpolicies': { categories: ['api-extensions'] },
  'admissionregistration.k8s.io/mutatingadmissionpolicybindings': { categories: ['api-extensions'] },
};

// Recorded discovery values that are newer than 1.33 (the recorded files come from several later commits):
// HorizontalPodAutoscaler joined the "podautoscalers" category after 1.33.
const namesNewerThan133: Record<string, { categories?: string[] }> = {
  'autoscaling/horizontalpodautoscalers': { categories: ['all'] },
};

// Storage versions in 1.33 where the recorded documents (older commits) or the "newest version" rule would give a
// different storageVersionHash. Since 1.31 a kind is stored in the newest version that already existed at the
// minimum compatibility release (1.32), so pre-release versions new in 1.33 are not storage versions yet.
const storageVersions133: Record<string, string> = {
  // apiextensions stores CRDs in the compact v1beta1 form (kubernetes issue 82292)
  'apiextensions.k8s.io/CustomResourceDefinition': 'apiextensions.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/FlowSchema': 'flowcontrol.apiserver.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': 'flowcontrol.apiserver.k8s.io/v1',
  'discovery.k8s.io/EndpointSlice': 'discovery.k8s.io/v1',
  'certificates.k8s.io/ClusterTrustBundle': 'certificates.k8s.io/v1alpha1',
  'coordination.k8s.io/LeaseCandidate': 'coordination.k8s.io/v1alpha2',
  'resource.k8s.io/DeviceClass': 'resource.k8s.io/v1beta1',
  'resource.k8s.io/ResourceClaim': 'resource.k8s.io/v1beta1',
  'resource.k8s.io/ResourceClaimTemplate': 'resource.k8s.io/v1beta1',
  'resource.k8s.io/ResourceSlice': 'resource.k8s.io/v1beta1',
  // events.k8s.io events share the core events storage
  'events.k8s.io/Event': '/v1',
};

const connectVerbByMethod: Record<string, string> = { get: 'get', post: 'create', put: 'update', patch: 'patch', delete: 'delete' };

interface Sub {
  name: string;
  group: string;
  version: string;
  kind: string;
  verbs: Set<string>;
  connect: boolean;
  schema?: string;
  methods: Set<string>;
}
interface Res {
  group: string;
  version: string;
  resource: string;
  kind?: string;
  listKind?: string;
  schema?: string;
  listSchema?: string;
  namespaced: boolean;
  verbs: Set<string>;
  subresources: Map<string, Sub>;
  deleteReturnsObject?: boolean;
}

function stripDescriptions(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(stripDescriptions);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'description') continue;
    if (k === 'properties' || k === 'patternProperties' || k === 'definitions') {
      // keys here are field names, not keywords: a field may well be called "description"
      const props: Json = {};
      for (const [pk, pv] of Object.entries(v as Json)) props[pk] = stripDescriptions(pv);
      out[k] = props;
    } else if (k === 'default' || k === 'enum' || k === 'example' || k.startsWith('x-kubernetes-')) {
      out[k] = v; // values, not schemas
    } else {
      out[k] = stripDescriptions(v);
    }
  }
  return out;
}

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function listGVFiles(): { group: string; version: string; file: string }[] {
  const out: { group: string; version: string; file: string }[] = [];
  out.push({ group: '', version: 'v1', file: join(openapiDir, 'api', 'v1.json') });
  for (const g of readdirSync(join(openapiDir, 'apis')).sort()) {
    for (const f of readdirSync(join(openapiDir, 'apis', g)).sort()) {
      if (f.endsWith('.json')) out.push({ group: g, version: f.slice(0, -5), file: join(openapiDir, 'apis', g, f) });
    }
  }
  return out;
}

function refName(ref: string | undefined): string | undefined {
  return ref?.replace('#/components/schemas/', '');
}

function responseRef(op: Json): string | undefined {
  const content = op?.responses?.['200']?.content ?? op?.responses?.['201']?.content;
  const media = content?.['application/json'] ?? (content ? Object.values(content)[0] : undefined);
  return refName((media as Json)?.schema?.$ref);
}

function requestRef(op: Json): string | undefined {
  const content = op?.requestBody?.content;
  const media = content?.['application/json'] ?? content?.['*/*'] ?? (content ? Object.values(content)[0] : undefined);
  return refName((media as Json)?.schema?.$ref);
}

function schemaForGVK(schemas: Json, gvk: Json): string | undefined {
  for (const [name, s] of Object.entries<Json>(schemas)) {
    const list: Json[] | undefined = s['x-kubernetes-group-version-kind'];
    if (list?.some((x) => x.group === gvk.group && x.version === gvk.version && x.kind === gvk.kind)) return name;
  }
  return undefined;
}

function parseGV(gvFile: { group: string; version: string; file: string }): { resources: Res[]; schemas: Json } {
  const doc = readJson(gvFile.file);
  const prefix = gvFile.group === '' ? '/api/v1/' : `/apis/${gvFile.group}/${gvFile.version}/`;
  const byName = new Map<string, Res>();
  const get = (name: string): Res => {
    let r = byName.get(name);
    if (!r) {
      r = { group: gvFile.group, version: gvFile.version, resource: name, namespaced: false, verbs: new Set(), subresources: new Map() };
      byName.set(name, r);
    }
    return r;
  };
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (!path.startsWith(prefix)) throw new Error(`unexpected path ${path} in ${gvFile.file}`);
    let segs = path.slice(prefix.length).split('/').filter((s) => s !== '');
    if (segs.length === 0) continue; // the APIResourceList endpoint
    let watch = false;
    if (segs[0] === 'watch') {
      watch = true;
      segs = segs.slice(1);
    }
    let namespaced = false;
    if (segs[0] === 'namespaces' && segs[1] === '{namespace}' && segs.length >= 3) {
      namespaced = true;
      segs = segs.slice(2);
    }
    const [resource, name, sub, rest] = segs;
    if (!resource) continue;
    if (name !== undefined && name !== '{name}') throw new Error(`unexpected path ${path}`);
    if (rest !== undefined && rest !== '{path}') throw new Error(`unexpected path ${path}`);
    const res = get(resource);
    if (namespaced) res.namespaced = true;
    for (const [method, op] of Object.entries<Json>(item)) {
      if (method === 'parameters') continue;
      const action: string = op['x-kubernetes-action'];
      const gvk = op['x-kubernetes-group-version-kind'];
      if (sub === undefined) {
        if (watch) {
          res.verbs.add('watch');
          continue;
        }
        const verb =
          name === undefined
            ? ({ list: 'list', post: 'create', deletecollection: 'deletecollection' } as Record<string, string>)[action]
            : ({ get: 'get', put: 'update', patch: 'patch', delete: 'delete' } as Record<string, string>)[action];
        if (!verb) throw new Error(`unexpected action ${action} on ${path}`);
        res.verbs.add(verb);
        if (gvk && !res.kind) res.kind = gvk.kind;
        // graceful deletion: DELETE answers with the object rather than a Status
        if (action === 'delete') res.deleteReturnsObject = responseRef(op) !== 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
        if (action === 'list') {
          const listRef = responseRef(op);
          res.listSchema = listRef;
          const listGvk = listRef ? doc.components.schemas[listRef]?.['x-kubernetes-group-version-kind']?.[0] : undefined;
          if (listGvk) res.listKind = listGvk.kind;
        }
      } else {
        let s = res.subresources.get(sub);
        if (!s) {
          s = { name: sub, group: gvk.group, version: gvk.version, kind: gvk.kind, verbs: new Set(), connect: false, methods: new Set() };
          res.subresources.set(sub, s);
        }
        s.methods.add(method.toUpperCase());
        if (action === 'connect') s.connect = true;
        const verb = connectVerbByMethod[method];
        if (verb) s.verbs.add(verb);
        const ref = method === 'get' ? responseRef(op) : (requestRef(op) ?? responseRef(op));
        if (ref && !s.schema) s.schema = ref;
      }
    }
  }
  for (const r of byName.values()) {
    if (!r.kind) throw new Error(`no kind for ${gvFile.group}/${gvFile.version}/${r.resource}`);
    r.schema = schemaForGVK(doc.components.schemas, { group: r.group, version: r.version, kind: r.kind });
  }
  return { resources: [...byName.values()], schemas: doc.components.schemas };
}

// Discovery data from the recorded documents: legacy per-GV lists, then aggregated v2 for versions the legacy
// files do not cover.
interface DiscEntry {
  singular?: string;
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
  verbs?: string[];
  sub: Map<string, { verbs: string[]; kind: string; group?: string; version?: string }>;
}
function loadDiscovery(): Map<string, DiscEntry> {
  const out = new Map<string, DiscEntry>();
  const key = (g: string, v: string, r: string) => `${g}/${v}/${r}`;
  const entry = (k: string): DiscEntry => {
    let e = out.get(k);
    if (!e) out.set(k, (e = { sub: new Map() }));
    return e;
  };
  for (const f of readdirSync(discoveryDir)) {
    const m = /^(api|apis__(.+?))__(v[^_]+)\.json$/.exec(f);
    if (!m) continue;
    const group = m[2] ?? '';
    const version = m[3]!;
    const doc = readJson(join(discoveryDir, f));
    for (const r of doc.resources as Json[]) {
      const [res, sub] = (r.name as string).split('/');
      const e = entry(key(group, version, res!));
      if (sub) {
        e.sub.set(sub, { verbs: r.verbs, kind: r.kind, group: r.group, version: r.version });
      } else {
        e.singular = r.singularName;
        e.shortNames = r.shortNames;
        e.categories = r.categories;
        e.storageVersionHash = r.storageVersionHash;
        e.verbs = r.verbs;
      }
    }
  }
  const agg = readJson(join(discoveryDir, 'aggregated_v2.json'));
  for (const g of agg.items as Json[]) {
    for (const v of g.versions as Json[]) {
      for (const r of v.resources as Json[]) {
        const k = key(g.metadata.name ?? '', v.version, r.resource);
        if (out.has(k)) continue;
        const e = entry(k);
        e.singular = r.singularResource;
        e.shortNames = r.shortNames;
        e.categories = r.categories;
        e.verbs = r.verbs;
        for (const s of (r.subresources ?? []) as Json[]) e.sub.set(s.subresource, { verbs: s.verbs, kind: s.responseKind?.kind });
      }
    }
  }
  return out;
}

function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

function main(): void {
  if (!existsSync(openapiDir)) throw new Error(`missing ${openapiDir}`);
  const disc = loadDiscovery();
  const gvFiles = listGVFiles();
  const all: Res[] = [];
  rmSync(join(outDir, 'schemas'), { recursive: true, force: true });
  mkdirSync(join(outDir, 'schemas'), { recursive: true });
  for (const gv of gvFiles) {
    const { resources, schemas } = parseGV(gv);
    all.push(...resources);
    const stripped: Json = {};
    for (const name of Object.keys(schemas).sort()) stripped[name] = stripDescriptions(schemas[name]);
    writeFileSync(join(outDir, 'schemas', `${gv.group || 'core'}_${gv.version}.json`), JSON.stringify(stripped) + '\n');
  }

  // Which version of a group stores a kind: the highest-priority version that has it (used for the storage
  // version hash when no recorded discovery document gives it).
  const storageVersion = new Map<string, string>();
  for (const r of all) {
    const k = `${r.group}/${r.kind}`;
    const cur = storageVersion.get(k);
    const pr = priorities[r.group]!.versions;
    if (cur === undefined || (pr[r.version] ?? 0) > (pr[cur] ?? 0)) storageVersion.set(k, r.version);
  }

  const warnings: string[] = [];
  const resources = all.map((r) => {
    const p = priorities[r.group];
    if (!p || p.versions[r.version] === undefined) throw new Error(`no priority for ${r.group}/${r.version}`);
    const d = disc.get(`${r.group}/${r.version}/${r.resource}`);
    const verbs = [...r.verbs].sort();
    if (d?.verbs && d.verbs.join() !== verbs.join()) warnings.push(`verbs differ ${r.group}/${r.version}/${r.resource}: openapi ${verbs} discovery ${d.verbs}`);
    const extra = extraNames[`${r.group}/${r.resource}`];
    const hasStorage = r.verbs.has('watch');
    const pinned = storageVersions133[`${r.group}/${r.kind}`];
    let hash = pinned && hasStorage ? storageVersionHash(pinned.split('/')[0]!, pinned.split('/')[1]!, r.kind!) : d?.storageVersionHash;
    if (!hash && hasStorage) hash = storageVersionHash(r.group, storageVersion.get(`${r.group}/${r.kind}`)!, r.kind!);
    if (!d) warnings.push(`not in recorded discovery: ${r.group}/${r.version}/${r.resource}`);
    const subresources = [...r.subresources.values()]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((s) => {
        const ds = d?.sub.get(s.name);
        const sv = [...s.verbs].sort();
        if (ds && ds.verbs.join() !== sv.join()) warnings.push(`sub verbs differ ${r.group}/${r.version}/${r.resource}/${s.name}: openapi ${sv} discovery ${ds.verbs}`);
        if (ds && ds.kind !== s.kind) warnings.push(`sub kind differs ${r.resource}/${s.name}: ${s.kind} vs ${ds.kind}`);
        return {
          name: s.name,
          group: s.group,
          version: s.version,
          kind: s.kind,
          verbs: sv,
          ...(s.connect ? { connect: true, methods: [...s.methods].sort() } : {}),
          ...(s.schema ? { schema: s.schema } : {}),
        };
      });
    const dep = deprecations[`${r.group}/${r.version}/${r.resource}`];
    const gvString = r.group ? `${r.group}/${r.version}` : r.version;
    return {
      group: r.group,
      version: r.version,
      resource: r.resource,
      kind: r.kind!,
      listKind: r.listKind ?? '',
      singular: d?.singular ?? r.kind!.toLowerCase(),
      namespaced: r.namespaced,
      verbs,
      shortNames: d?.shortNames ?? extra?.shortNames ?? [],
      categories: namesNewerThan133[`${r.group}/${r.resource}`]?.categories ?? d?.categories ?? extra?.categories ?? [],
      subresources,
      ...(hash ? { storageVersionHash: hash } : {}),
      ...(dep
        ? {
            deprecated: {
              ...dep,
              warning:
                `${gvString} ${r.kind} is deprecated in v${dep.deprecatedIn}+` +
                (dep.removedIn ? `, unavailable in v${dep.removedIn}+` : '') +
                (dep.replacement ? `; use ${dep.replacement.group ? dep.replacement.group + '/' : ''}${dep.replacement.version} ${dep.replacement.kind}` : ''),
            },
          }
        : {}),
      stability: stabilityOf(r.version),
      enabledByDefault: stabilityOf(r.version) === 'ga',
      groupPriority: p.group,
      versionPriority: p.versions[r.version]!,
      ...(r.schema ? { schema: r.schema } : {}),
      ...(r.listSchema ? { listSchema: r.listSchema } : {}),
      ...(r.deleteReturnsObject ? { deleteReturnsObject: true } : {}),
    };
  });

  // Discovery order: groups by priority (ties by name), versions by priority, resources by name.
  const groupNames = [...new Set(resources.map((r) => r.group))].sort((a, b) => {
    const pa = priorities[a]!.group;
    const pb = priorities[b]!.group;
    return pa !== pb ? pb - pa : a < b ? -1 : 1;
  });
  resources.sort((a, b) => {
    const ga = groupNames.indexOf(a.group);
    const gb = groupNames.indexOf(b.group);
    if (ga !== gb) return ga - gb;
    if (a.versionPriority !== b.versionPriority) return b.versionPriority - a.versionPriority;
    return a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0;
  });
  const offByDefault = [...new Set(resources.filter((r) => !r.enabledByDefault).map((r) => `${r.group}/${r.version}`))];
  const catalog = {
    kubernetesVersion: '1.33',
    source: 'generated by scripts/generate-catalog.ts from k8s-openapi-v1.33 and k8s-discovery; do not edit',
    groupOrder: groupNames,
    offByDefault,
    resources,
  };
  writeFileSync(join(outDir, 'catalog.json'), JSON.stringify(catalog, null, 1) + '\n');
  for (const w of warnings) console.warn(w);
  console.log(`${resources.length} resources in ${gvFiles.length} group-versions; off by default: ${offByDefault.join(', ')}`);
}

main();
