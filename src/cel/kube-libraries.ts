// Binding points of the Kubernetes and cel-go extension libraries in the Kubernetes environment. Each entry
// builds a CelLibrary (declarations, runtime, cost) from the value-level modules under ./lib/, or is
// undefined while that module is not available; kube-env.ts adds whatever is bound, by version.
import type { CelLibrary } from './env.js';

export type KubeLibraryName =
  | 'lists' | 'regex' | 'urls' | 'authz' | 'authzSelectors' | 'quantity' | 'ip' | 'cidr' | 'format' | 'semver'
  | 'strings' | 'stringsV0' | 'sets';

export const KUBE_LIBRARIES: Record<KubeLibraryName, (() => CelLibrary) | undefined> = {
  lists: undefined,
  regex: undefined,
  urls: undefined,
  authz: undefined,
  authzSelectors: undefined,
  quantity: undefined,
  ip: undefined,
  cidr: undefined,
  format: undefined,
  semver: undefined,
  strings: undefined,
  stringsV0: undefined,
  sets: undefined,
};
