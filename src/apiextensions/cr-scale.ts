// The scale sub-resource of a custom resource: an autoscaling/v1 Scale read from and written to the CRD's
// specReplicasPath, statusReplicasPath and labelSelectorPath (kube's CR scale REST), through the common handler.
import { handleScale, type ScaleMapping } from '../endpoints/handlers/scale.js';
import type { ResourceScope } from '../endpoints/resource-scope.js';
import type { KObject } from '../api/object.js';
import { jsonPathSegments } from '../selection/custom-resource-fields.js';
import type { ScaleSubresource } from './crd-types.js';

function read(obj: KObject, path: string | undefined): unknown {
  if (!path) return undefined;
  let cur: unknown = obj;
  for (const s of jsonPathSegments(path)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as KObject)[s];
  }
  return cur;
}

function write(obj: KObject, path: string, value: unknown): void {
  const segs = jsonPathSegments(path);
  let cur = obj;
  for (const s of segs.slice(0, -1)) {
    if (!cur[s] || typeof cur[s] !== 'object') cur[s] = {};
    cur = cur[s];
  }
  cur[segs.at(-1)!] = value;
}

function mappingOf(scale: ScaleSubresource): ScaleMapping {
  return {
    specReplicas: (o) => read(o, scale.specReplicasPath),
    statusReplicas: (o) => read(o, scale.statusReplicasPath),
    selector(o) {
      const v = read(o, scale.labelSelectorPath);
      return typeof v === 'string' ? v : '';
    },
    setSpecReplicas: (o, n) => write(o, scale.specReplicasPath!, n),
  };
}

export function handleCustomResourceScale(scope: ResourceScope, scale: ScaleSubresource): Promise<void> {
  return handleScale(scope, mappingOf(scale));
}
