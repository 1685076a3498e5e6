// The admission seam of the registry (kube's admission.Attributes and the two admission phases). The store calls
// `admit` (mutating admission) before the strategy prepares and validates an object, and `validate` (validating
// admission) after, for every write including sub-resources; the plug-ins live in admission/.
import type { UserInfo } from '../http/request-context.js';
import type { KubeObject } from '../api/object.js';
import type { OperationContext } from './operation-context.js';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionAttributes {
  operation: AdmissionOperation;
  kind: { group: string; version: string; kind: string };
  resource: { group: string; version: string; resource: string };
  /** '' for the main resource. */
  subresource: string;
  name: string;
  namespace: string;
  user?: UserInfo;
  /** The new object (CREATE, UPDATE); mutating admission may change it. */
  object?: KubeObject;
  /** The current object (UPDATE, DELETE). */
  oldObject?: KubeObject;
  /** CreateOptions, UpdateOptions or DeleteOptions of the request, when known. */
  options?: KubeObject;
  dryRun: boolean;
  /** The operation being admitted (warnings and audit annotations go there). */
  context: OperationContext;
}

export interface Admission {
  /** Mutating admission: may change `object`; runs before the strategy's defaults, preparation and validation. */
  admit(a: AdmissionAttributes): Promise<void>;
  /** Validating admission: runs after validation, just before storage; may only refuse. */
  validate(a: AdmissionAttributes): Promise<void>;
}

/** No admission (unit tests of stores, and servers that turn every plug-in off). */
export const noAdmission: Admission = { admit: async () => undefined, validate: async () => undefined };

/**
 * Whether the attributes carry an object, without looking at it: a large write's object is decoded only for a
 * plug-in that reads it (registry/prepared-update.ts).
 */
export function hasObject(a: AdmissionAttributes): boolean {
  const d = Object.getOwnPropertyDescriptor(a, 'object');
  if (!d) return false;
  return d.get !== undefined || (d.value !== undefined && d.value !== null);
}
