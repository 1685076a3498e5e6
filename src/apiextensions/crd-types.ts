// The CustomResourceDefinition (apiextensions.k8s.io/v1) shapes the registry, controller and handlers read.
import type { JSONSchemaProps } from '../api/json-schema-props.js';

export const CRD_GROUP = 'apiextensions.k8s.io';
export const CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

export interface CRDNames {
  plural?: string;
  singular?: string;
  kind?: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
}

export interface PrinterColumn {
  name?: string;
  type?: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath?: string;
}

export interface ScaleSubresource {
  specReplicasPath?: string;
  statusReplicasPath?: string;
  labelSelectorPath?: string;
}

export interface CRDSubresources {
  status?: Record<string, never>;
  scale?: ScaleSubresource;
}

export interface CRDVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: CRDSubresources;
  additionalPrinterColumns?: PrinterColumn[];
  selectableFields?: { jsonPath?: string }[];
}

export interface CRDSpec {
  group: string;
  names: CRDNames;
  scope: string;
  versions: CRDVersion[];
  conversion?: { strategy?: string; webhook?: unknown };
  preserveUnknownFields?: boolean;
}

export interface CRDCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface CRDStatus {
  conditions?: CRDCondition[];
  acceptedNames?: CRDNames;
  storedVersions?: string[];
}

export interface CRD {
  apiVersion?: string;
  kind?: string;
  metadata: { name?: string; uid?: string; deletionTimestamp?: string | null; finalizers?: string[]; generation?: number; resourceVersion?: string };
  spec: CRDSpec;
  status?: CRDStatus;
}

export const storageVersionOf = (spec: CRDSpec): string | undefined => spec.versions?.find((v) => v.storage)?.name;
