// JSONSchemaProps as a CustomResourceDefinition carries it (apiextensions.k8s.io/v1), plus the CRD shapes the
// registry, controller and handlers read. Values are plain JSON, as decoded from the request body.

export interface JSONSchemaProps {
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  default?: unknown;
  nullable?: boolean;
  enum?: unknown[];
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps | JSONSchemaProps[];
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: boolean | JSONSchemaProps;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  id?: string;
  $ref?: string;
  $schema?: string;
  additionalItems?: unknown;
  patternProperties?: Record<string, JSONSchemaProps>;
  definitions?: Record<string, JSONSchemaProps>;
  dependencies?: unknown;
  example?: unknown;
  externalDocs?: unknown;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-validations'?: unknown[];
}

/** The single item schema (CRDs forbid the array form; validation reports it). */
export function itemSchema(s: JSONSchemaProps): JSONSchemaProps | undefined {
  return s.items && !Array.isArray(s.items) ? s.items : undefined;
}

/** The schema of map values, when additionalProperties is a schema. */
export function additionalSchema(s: JSONSchemaProps): JSONSchemaProps | undefined {
  return s.additionalProperties && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
}

export const preservesUnknown = (s: JSONSchemaProps | undefined): boolean => s?.['x-kubernetes-preserve-unknown-fields'] === true;
