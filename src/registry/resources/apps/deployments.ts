// apps/deployments (Deployment): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { deploymentPrinter } from '../../../printers/kinds/apps.js';
import { validateDeploymentSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

// SetDefaults_Deployment (apps/v1): one replica, a rolling update of 25%/25%, ten old ReplicaSets, ten minutes.
const deploymentDefaults: TypeDefaults = {
  'io.k8s.api.apps.v1.Deployment': (d) => {
    const spec = struct(d, 'spec');
    defaultPointers(spec, { replicas: 1 });
    const strategy = struct(spec, 'strategy');
    defaultStrings(strategy, { type: 'RollingUpdate' });
    if (strategy.type === 'RollingUpdate') defaultPointers(struct(strategy, 'rollingUpdate'), { maxUnavailable: '25%', maxSurge: '25%' });
    defaultPointers(spec, { revisionHistoryLimit: 10, progressDeadlineSeconds: 600 });
  },
};

export const appsDeployments: BuiltinResource = {
  group: 'apps',
  resource: 'deployments',
  kind: 'Deployment',
  defaults: deploymentDefaults,
  tracksGeneration: true,
  validateCreate: (obj) => validateDeploymentSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateDeploymentSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: deploymentPrinter,
};
