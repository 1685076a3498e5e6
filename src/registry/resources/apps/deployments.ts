// apps/deployments (Deployment): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { deploymentPrinter } from '../../../printers/kinds/apps.js';
import { validateDeploymentSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

export const appsDeployments: BuiltinResource = {
  group: 'apps',
  resource: 'deployments',
  kind: 'Deployment',
  tracksGeneration: true,
  validateCreate: (obj) => validateDeploymentSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateDeploymentSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: deploymentPrinter,
};
