// kube's admission.NewForbidden: a 403 on the attributes' resource, named by the request's name, else the object's
// name or generateName (names are generated after admission), else "Unknown".
import { forbidden, StatusError } from '../errors/status.js';
import type { AdmissionAttributes } from '../registry/admission.js';

export function admissionForbidden(a: AdmissionAttributes, message: string): StatusError {
  const md = a.object?.metadata;
  const name = a.name || md?.name || md?.generateName || 'Unknown';
  return forbidden({ group: a.resource.group, resource: a.resource.resource }, name, message);
}

/** Whether the request is about the main resource `group/resource` (not a sub-resource) and carries an object. */
export function isMain(a: AdmissionAttributes, group: string, resource: string): boolean {
  return a.resource.group === group && a.resource.resource === resource && !a.subresource && !!a.object;
}
