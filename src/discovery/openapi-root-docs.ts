// The small OpenAPI v3 documents kube serves next to the group-version ones: "api", "apis", "apis/<group>" and
// "version" (the discovery endpoints themselves). Their schemas are written here from the Go types' fields,
// structure only.
type Json = Record<string, unknown>;

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const strDefault = { type: 'string', default: '' };
const arrayOf = (name: string) => ({ type: 'array', items: { allOf: [ref(name)], default: {} }, 'x-kubernetes-list-type': 'atomic' });
const gvk = (kind: string) => [{ group: '', kind, version: 'v1' }];

export const rootSchemas: Record<string, Json> = {
  [`${META}APIGroup`]: {
    type: 'object',
    required: ['name', 'versions'],
    properties: {
      apiVersion: str,
      kind: str,
      name: strDefault,
      preferredVersion: { allOf: [ref(`${META}GroupVersionForDiscovery`)], default: {} },
      serverAddressByClientCIDRs: arrayOf(`${META}ServerAddressByClientCIDR`),
      versions: arrayOf(`${META}GroupVersionForDiscovery`),
    },
    'x-kubernetes-group-version-kind': gvk('APIGroup'),
  },
  [`${META}APIGroupList`]: {
    type: 'object',
    required: ['groups'],
    properties: { apiVersion: str, groups: arrayOf(`${META}APIGroup`), kind: str },
    'x-kubernetes-group-version-kind': gvk('APIGroupList'),
  },
  [`${META}APIVersions`]: {
    type: 'object',
    required: ['versions', 'serverAddressByClientCIDRs'],
    properties: {
      apiVersion: str,
      kind: str,
      serverAddressByClientCIDRs: arrayOf(`${META}ServerAddressByClientCIDR`),
      versions: { type: 'array', items: strDefault, 'x-kubernetes-list-type': 'atomic' },
    },
    'x-kubernetes-group-version-kind': gvk('APIVersions'),
  },
  [`${META}GroupVersionForDiscovery`]: {
    type: 'object',
    required: ['groupVersion', 'version'],
    properties: { groupVersion: strDefault, version: strDefault },
  },
  [`${META}ServerAddressByClientCIDR`]: {
    type: 'object',
    required: ['clientCIDR', 'serverAddress'],
    properties: { clientCIDR: strDefault, serverAddress: strDefault },
  },
  'io.k8s.apimachinery.pkg.version.Info': {
    type: 'object',
    required: ['major', 'minor', 'gitVersion', 'gitCommit', 'gitTreeState', 'buildDate', 'goVersion', 'compiler', 'platform'],
    properties: Object.fromEntries(
      ['buildDate', 'compiler', 'emulationMajor', 'emulationMinor', 'gitCommit', 'gitTreeState', 'gitVersion', 'goVersion', 'major', 'minCompatibilityMajor', 'minCompatibilityMinor', 'minor', 'platform'].map((k) => [
        k,
        k.startsWith('emulation') || k.startsWith('minCompat') ? str : strDefault,
      ]),
    ),
  },
};

function getOp(operationId: string, tag: string, schemaName: string, types: string[]): Json {
  const content: Json = {};
  for (const t of types) content[t] = { schema: ref(schemaName) };
  return { operationId, responses: { '200': { content, description: 'OK' }, '401': { description: 'Unauthorized' } }, tags: [tag] };
}

const discoveryTypes = ['application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml'];

export function rootDocument(key: string, friendlyGroupName: (g: string) => string): { paths: Record<string, Json>; schemas: string[] } | undefined {
  if (key === 'api') return { paths: { '/api/': { get: getOp('getCoreAPIVersions', 'core', `${META}APIVersions`, discoveryTypes) } }, schemas: [`${META}APIVersions`] };
  if (key === 'apis') return { paths: { '/apis/': { get: getOp('getAPIVersions', 'apis', `${META}APIGroupList`, discoveryTypes) } }, schemas: [`${META}APIGroupList`] };
  if (key === 'version') return { paths: { '/version/': { get: getOp('getCodeVersion', 'version', 'io.k8s.apimachinery.pkg.version.Info', ['application/json']) } }, schemas: ['io.k8s.apimachinery.pkg.version.Info'] };
  const m = /^apis\/([^/]+)$/.exec(key);
  if (m) {
    const f = friendlyGroupName(m[1]!);
    const tag = f[0]!.toLowerCase() + f.slice(1);
    return { paths: { [`/apis/${m[1]}/`]: { get: getOp(`get${f}APIGroup`, tag, `${META}APIGroup`, discoveryTypes) } }, schemas: [`${META}APIGroup`] };
  }
  return undefined;
}
