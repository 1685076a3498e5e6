// The name rule of a kind: what its home declares (registry/resources/), DNS-1123 subdomains otherwise, as for
// custom resources.
import { nameIsDNSSubdomain, type NameValidator } from '../../validation/names.js';
import { builtinResourceByKind } from '../resources/index.js';

/**
 * The name rule kube applies to `kind` in `group`. CRDs, APIServices and ClusterTrustBundles derive their rule from
 * the object itself, so pass it for those.
 */
export function nameValidatorFor(group: string, kind: string, obj?: unknown): NameValidator {
  return builtinResourceByKind(group, kind)?.nameRule?.(obj) ?? nameIsDNSSubdomain;
}
