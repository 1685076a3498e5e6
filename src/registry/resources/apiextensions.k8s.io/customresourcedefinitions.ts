// apiextensions.k8s.io/customresourcedefinitions (CustomResourceDefinition): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';

export const apiextensionsCustomresourcedefinitions: BuiltinResource = {
  group: 'apiextensions.k8s.io',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  tracksGeneration: true,
  returnDeletedObject: true,
};
