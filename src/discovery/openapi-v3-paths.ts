// The `paths` of an OpenAPI v3 group-version document, built from the served resources the way kube's route
// installer lays them out: collection, item, all-namespaces list, watch paths and sub-resources, each operation
// with x-kubernetes-action, x-kubernetes-group-version-kind and its query parameters. kubectl relies on the
// PATCH operation of each kind (its GVK and the fieldValidation parameter) to decide how to validate and patch.
import type { ResourceInfo, SubresourceInfo } from '../api/resource-info.js';

type Json = Record<string, unknown>;

export interface PathOptions {
  /** Advertise application/cbor and application/apply-patch+cbor (kube does when CBOR serving is enabled). */
  cbor?: boolean;
}

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string', uniqueItems: true };
const bool = { type: 'boolean', uniqueItems: true };
const int = { type: 'integer', uniqueItems: true };
const q = (name: string, schema: Json): Json => ({ in: 'query', name, schema });

const pathName = { in: 'path', name: 'name', required: true, schema: str };
const pathNamespace = { in: 'path', name: 'namespace', required: true, schema: str };
const pathPath = { in: 'path', name: 'path', required: true, schema: str };
const pretty = q('pretty', str);

const listParams = [
  q('allowWatchBookmarks', bool),
  q('continue', str),
  q('fieldSelector', str),
  q('labelSelector', str),
  q('limit', int),
  q('resourceVersion', str),
  q('resourceVersionMatch', str),
  q('sendInitialEvents', bool),
  q('timeoutSeconds', int),
  q('watch', bool),
];
const writeParams = [q('dryRun', str), q('fieldManager', str), q('fieldValidation', str)];
const patchParams = [...writeParams, q('force', bool)];
const deleteParams = [
  q('dryRun', str),
  q('gracePeriodSeconds', int),
  q('ignoreStoreReadErrorWithClusterBreakingPotential', bool),
  q('orphanDependents', bool),
  q('propagationPolicy', str),
];
const deleteCollectionParams = [
  q('continue', str),
  q('dryRun', str),
  q('fieldSelector', str),
  q('gracePeriodSeconds', int),
  q('ignoreStoreReadErrorWithClusterBreakingPotential', bool),
  q('labelSelector', str),
  q('limit', int),
  q('orphanDependents', bool),
  q('propagationPolicy', str),
  q('resourceVersion', str),
  q('resourceVersionMatch', str),
  q('sendInitialEvents', bool),
  q('timeoutSeconds', int),
];
const connectParams: Record<string, Json[]> = {
  PodAttachOptions: [q('container', str), q('stderr', bool), q('stdin', bool), q('stdout', bool), q('tty', bool)],
  PodExecOptions: [q('command', str), q('container', str), q('stderr', bool), q('stdin', bool), q('stdout', bool), q('tty', bool)],
  PodPortForwardOptions: [q('ports', int)],
  PodProxyOptions: [q('path', str)],
  ServiceProxyOptions: [q('path', str)],
  NodeProxyOptions: [q('path', str)],
};
const logParams = [
  q('container', str),
  q('follow', bool),
  q('insecureSkipTLSVerifyBackend', bool),
  q('limitBytes', int),
  q('previous', bool),
  q('sinceSeconds', int),
  q('stream', str),
  q('tailLines', int),
  q('timestamps', bool),
];

/** "rbac.authorization.k8s.io" → "RbacAuthorization", "" → "Core" (kube's operation-id prefix). */
export function friendlyGroup(group: string): string {
  if (group === '') return 'Core';
  const trimmed = group.endsWith('.k8s.io') ? group.slice(0, -'.k8s.io'.length) : group;
  return trimmed
    .split(/[.-]/)
    .filter((s) => s)
    .map((s) => s[0]!.toUpperCase() + s.slice(1))
    .join('');
}

/** kube's tag of a group-version's operations: "core_v1", "apps_v1", "rbacAuthorization_v1". */
export function openAPITag(group: string, version: string): string {
  const f = friendlyGroup(group);
  return `${f[0]!.toLowerCase()}${f.slice(1)}_${version}`;
}

function mediaTypes(schemaName: string, options: PathOptions, watch = false): Json {
  const types = watch
    ? ['application/json', 'application/json;stream=watch', 'application/vnd.kubernetes.protobuf', 'application/vnd.kubernetes.protobuf;stream=watch', 'application/yaml']
    : ['application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml'];
  if (options.cbor) types.unshift(...(watch ? ['application/cbor', 'application/cbor-seq'] : ['application/cbor']));
  const content: Json = {};
  for (const t of types.sort()) content[t] = { schema: ref(schemaName) };
  return content;
}

function responses(schemaName: string | undefined, codes: [string, string][], options: PathOptions, watch = false): Json {
  const out: Json = {};
  for (const [code, text] of codes) out[code] = schemaName ? { content: mediaTypes(schemaName, options, watch), description: text } : { description: text };
  out['401'] = { description: 'Unauthorized' };
  return out;
}

function logResponses(options: PathOptions): Json {
  const types = ['application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml', 'text/plain'];
  if (options.cbor) types.unshift('application/cbor');
  return { '200': { content: Object.fromEntries(types.map((t) => [t, { schema: { type: 'string' } }])), description: 'OK' }, '401': { description: 'Unauthorized' } };
}

const byParamName = (a: Json, b: Json) => ((a.name as string) < (b.name as string) ? -1 : (a.name as string) > (b.name as string) ? 1 : 0);

/**
 * As kube's spec builder does: a parameter every operation of a path shares moves to the path item, and the
 * path item's parameters are sorted by name.
 */
function hoistParameters(item: Json): Json {
  const ops = Object.keys(item).filter((k) => k !== 'parameters');
  const key = (p: Json) => `${p.in as string}:${p.name as string}`;
  const shared = ops.length
    ? ((item[ops[0]!] as Json).parameters as Json[] | undefined)?.filter((p) => ops.every((m) => ((item[m] as Json).parameters as Json[] | undefined)?.some((x) => key(x) === key(p)))) ?? []
    : [];
  const sharedKeys = new Set(shared.map(key));
  for (const m of ops) {
    const o = item[m] as Json;
    const rest = ((o.parameters as Json[] | undefined) ?? []).filter((p) => !sharedKeys.has(key(p)));
    if (rest.length) o.parameters = rest;
    else delete o.parameters;
  }
  const params = [...((item.parameters as Json[] | undefined) ?? []), ...shared].sort(byParamName);
  const out: Json = {};
  for (const m of ops) out[m] = item[m];
  out.parameters = params;
  return out;
}

const OK: [string, string] = ['200', 'OK'];
const CREATED: [string, string] = ['201', 'Created'];
const ACCEPTED: [string, string] = ['202', 'Accepted'];

interface OpArgs {
  action: string;
  operationId: string;
  gvk: { group: string; version: string; kind: string };
  tag: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Json;
}

function op(a: OpArgs): Json {
  const o: Json = { operationId: a.operationId };
  if (a.parameters?.length) o.parameters = a.parameters;
  if (a.requestBody) o.requestBody = a.requestBody;
  o.responses = a.responses;
  o.tags = [a.tag];
  o['x-kubernetes-action'] = a.action;
  o['x-kubernetes-group-version-kind'] = a.gvk;
  return o;
}

const bodyOf = (schemaName: string): Json => ({ content: { '*/*': { schema: ref(schemaName) } }, required: true });

function patchBody(strategic: boolean, options: PathOptions): Json {
  const types = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json'];
  if (strategic) types.push('application/strategic-merge-patch+json');
  if (options.cbor) types.unshift('application/apply-patch+cbor');
  const content: Json = {};
  for (const t of types) content[t] = { schema: ref(`${META}Patch`) };
  return { content, required: true };
}

function deleteBody(): Json {
  return { content: { '*/*': { schema: ref(`${META}DeleteOptions`) } } };
}

function subresourceOps(r: ResourceInfo, s: SubresourceInfo, base: string, ns: string, options: PathOptions, t: string, out: Record<string, Json>): void {
  const gvk = { group: s.group, version: s.version, kind: s.kind };
  const subName = s.name[0]!.toUpperCase() + s.name.slice(1);
  const id = (verb: string) => `${verb}${base}${ns}${r.kind}${subName}`;
  const itemParams = r.namespaced ? [pathName, pathNamespace] : [pathName];
  const path = `${r.resource}/{name}/${s.name}`;
  if (s.connect) {
    const params = connectParams[s.kind] ?? [];
    const item: Json = { parameters: [...itemParams, ...params] };
    const withPath: Json = { parameters: [pathName, ...(r.namespaced ? [pathNamespace] : []), pathPath, ...params] };
    for (const m of s.methods ?? []) {
      const method = m.toLowerCase();
      const verb = method[0]!.toUpperCase() + method.slice(1);
      const common = { action: 'connect', gvk, tag: t, responses: { '200': { content: { '*/*': { schema: { type: 'string' } } }, description: 'OK' }, '401': { description: 'Unauthorized' } } };
      item[method] = op({ ...common, operationId: `connect${base}${verb}${ns}${r.kind}${subName}` });
      if (s.name === 'proxy') withPath[method] = op({ ...common, operationId: `connect${base}${verb}${ns}${r.kind}${subName}WithPath` });
    }
    out[path] = item;
    if (s.name === 'proxy') out[`${path}/{path}`] = withPath;
    return;
  }
  const item: Json = { parameters: [...itemParams, pretty] };
  const schema = s.schema;
  for (const verb of s.verbs) {
    if (verb === 'get') {
      const params = s.name === 'log' ? logParams : undefined;
      const resp = s.name === 'log' ? logResponses(options) : responses(schema, [OK], options);
      item.get = op({ action: 'get', operationId: id('read'), gvk, tag: t, parameters: params, responses: resp });
    } else if (verb === 'create') {
      item.post = op({ action: 'post', operationId: id('create'), gvk, tag: t, parameters: writeParams, requestBody: schema ? bodyOf(schema) : undefined, responses: responses(schema, [OK, CREATED, ACCEPTED], options) });
    } else if (verb === 'update') {
      item.put = op({ action: 'put', operationId: id('replace'), gvk, tag: t, parameters: writeParams, requestBody: schema ? bodyOf(schema) : undefined, responses: responses(schema, [OK, CREATED], options) });
    } else if (verb === 'patch') {
      item.patch = op({ action: 'patch', operationId: id('patch'), gvk, tag: t, parameters: patchParams, requestBody: patchBody(r.builtin === true, options), responses: responses(schema, [OK, CREATED], options) });
    }
  }
  out[path] = item;
}

/**
 * The paths of one group-version (keys relative to the group-version root, e.g. "namespaces/{namespace}/pods").
 * Keys are completed with the root by the caller.
 */
export function resourcePaths(resources: ResourceInfo[], options: PathOptions = {}): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const r of resources) {
    const base = `${friendlyGroup(r.group)}${r.version[0]!.toUpperCase()}${r.version.slice(1)}`;
    const t = openAPITag(r.group, r.version);
    const gvk = { group: r.group, version: r.version, kind: r.kind };
    const ns = r.namespaced ? 'Namespaced' : '';
    const prefix = r.namespaced ? 'namespaces/{namespace}/' : '';
    const scopeParams = r.namespaced ? [pathNamespace] : [];
    const verbs = new Set(r.verbs);
    const schema = r.schema ?? '';
    const list = r.listSchema;

    const collection: Json = { parameters: [...scopeParams, pretty] };
    if (verbs.has('list') && list) collection.get = op({ action: 'list', operationId: `list${base}${ns}${r.kind}`, gvk, tag: t, parameters: listParams, responses: responses(list, [OK], options, true) });
    if (verbs.has('create')) {
      collection.post = op({ action: 'post', operationId: `create${base}${ns}${r.kind}`, gvk, tag: t, parameters: writeParams, requestBody: bodyOf(schema), responses: responses(schema, [OK, CREATED, ACCEPTED], options) });
    }
    if (verbs.has('deletecollection')) {
      collection.delete = op({ action: 'deletecollection', operationId: `delete${base}Collection${ns}${r.kind}`, gvk, tag: t, parameters: deleteCollectionParams, requestBody: deleteBody(), responses: responses(`${META}Status`, [OK], options) });
    }
    if (Object.keys(collection).length > 1) out[`${prefix}${r.resource}`] = collection;

    const item: Json = { parameters: [pathName, ...scopeParams, pretty] };
    if (verbs.has('get')) item.get = op({ action: 'get', operationId: `read${base}${ns}${r.kind}`, gvk, tag: t, responses: responses(schema, [OK], options) });
    if (verbs.has('update')) item.put = op({ action: 'put', operationId: `replace${base}${ns}${r.kind}`, gvk, tag: t, parameters: writeParams, requestBody: bodyOf(schema), responses: responses(schema, [OK, CREATED], options) });
    if (verbs.has('patch')) {
      item.patch = op({ action: 'patch', operationId: `patch${base}${ns}${r.kind}`, gvk, tag: t, parameters: patchParams, requestBody: patchBody(r.builtin === true, options), responses: responses(schema, [OK, CREATED], options) });
    }
    if (verbs.has('delete')) {
      const deleted = r.deleteReturnsObject ? schema : `${META}Status`;
      item.delete = op({ action: 'delete', operationId: `delete${base}${ns}${r.kind}`, gvk, tag: t, parameters: deleteParams, requestBody: deleteBody(), responses: responses(deleted, [OK, ACCEPTED], options) });
    }
    if (Object.keys(item).length > 1) out[`${prefix}${r.resource}/{name}`] = item;

    if (r.namespaced && verbs.has('list') && list) {
      out[r.resource] = { get: op({ action: 'list', operationId: `list${base}${r.kind}ForAllNamespaces`, gvk, tag: t, responses: responses(list, [OK], options, true) }), parameters: [...listParams, pretty] };
    }
    if (verbs.has('watch')) {
      const watchEvent = `${META}WatchEvent`;
      const watchList = (operationId: string, params: Json[]) => ({ get: op({ action: 'watchlist', operationId, gvk, tag: t, responses: responses(watchEvent, [OK], options, true) }), parameters: [...listParams, ...params, pretty] });
      out[`watch/${prefix}${r.resource}`] = watchList(`watch${base}${ns}${r.kind}List`, scopeParams);
      out[`watch/${prefix}${r.resource}/{name}`] = {
        get: op({ action: 'watch', operationId: `watch${base}${ns}${r.kind}`, gvk, tag: t, responses: responses(watchEvent, [OK], options, true) }),
        parameters: [...listParams, pathName, ...scopeParams, pretty],
      };
      if (r.namespaced) out[`watch/${r.resource}`] = watchList(`watch${base}${r.kind}ListForAllNamespaces`, []);
    }
    for (const s of r.subresources) subresourceOps(r, s, base, ns, options, t, out);
    // sub-resource keys above are relative to the item path
    for (const s of r.subresources) {
      for (const k of [`${r.resource}/{name}/${s.name}`, `${r.resource}/{name}/${s.name}/{path}`]) {
        if (out[k] && prefix) {
          out[prefix + k] = out[k]!;
          delete out[k];
        }
      }
    }
  }
  for (const k of Object.keys(out)) out[k] = hoistParameters(out[k]!);
  return out;
}
