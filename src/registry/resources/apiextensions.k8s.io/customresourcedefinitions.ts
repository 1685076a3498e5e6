// apiextensions.k8s.io/customresourcedefinitions (CustomResourceDefinition): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { crdName } from '../../validation/name-rules.js';

export const apiextensionsCustomresourcedefinitions: BuiltinResource = {
  group: 'apiextensions.k8s.io',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  nameRule: crdName,
  tracksGeneration: true,
  returnDeletedObject: true,
};
