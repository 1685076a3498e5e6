// The ResourceInfo of one served version of a CRD: what discovery, OpenAPI and the router see. Names come from
// status.acceptedNames, as kube's discovery controller takes them.
import { createHash } from 'node:crypto';
import type { ResourceInfo, SubresourceInfo } from '../api/resource-info.js';
import type { CRD, CRDNames, CRDVersion } from './crd-types.js';
import { liftedFields } from './crd-validation.js';

const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const SUB_VERBS = ['get', 'patch', 'update'];

function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

/** OpenAPI component name of a CRD kind: the group reversed, then version and kind (com.example.stable.v1.CronTab). */
export function crdSchemaName(group: string, version: string, kind: string): string {
  return `${group.split('.').reverse().join('.')}.${version}.${kind}`;
}

/** The subresources of a version (per-version or shared by every version, which is the same for v1). */
export function subresourcesOf(crd: CRD, version: CRDVersion): CRDVersion['subresources'] {
  return version.subresources ?? (liftedFields(crd.spec.versions).subresources ? crd.spec.versions[0]?.subresources : undefined);
}

export function crResourceInfo(crd: CRD, version: CRDVersion): ResourceInfo {
  const group = crd.spec.group;
  const names: CRDNames = crd.status?.acceptedNames ?? crd.spec.names;
  const kind = names.kind!;
  const storage = crd.spec.versions.find((v) => v.storage)?.name ?? version.name;
  const subs: SubresourceInfo[] = [];
  const sr = subresourcesOf(crd, version);
  if (sr?.scale) subs.push({ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: SUB_VERBS });
  if (sr?.status) subs.push({ name: 'status', kind, group, version: version.name, verbs: SUB_VERBS });
  return {
    group,
    version: version.name,
    resource: names.plural!,
    kind,
    listKind: names.listKind ?? `${kind}List`,
    singular: names.singular ?? kind.toLowerCase(),
    namespaced: crd.spec.scope === 'Namespaced',
    verbs: VERBS,
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
    subresources: subs,
    storageVersionHash: storageVersionHash(group, storage, kind),
    groupPriority: 1000,
    versionPriority: 100,
    schema: crdSchemaName(group, version.name, kind),
    listSchema: crdSchemaName(group, version.name, `${kind}List`),
    builtin: false,
  };
}
