// core/pods (Pod): everything kubelite knows about it beyond the catalog, in one place.
import { badRequest } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { podPrinter } from '../../../printers/kinds/pod.js';
import { podStrategy } from '../../strategies/pods.js';
import { podSpecDefaults } from './pod-spec-defaults.js';
import { podSubresources } from './pod-subresources.js';
import { validatePodCreate } from '../../validation/kind-pod.js';
import { POD_FIELDS, same } from '../../../selection/field-sets.js';

export const pods: BuiltinResource = {
  group: '',
  resource: 'pods',
  kind: 'Pod',
  returnDeletedObject: true,
  // 1.33 sets metadata.generation on pods and bumps it with every spec change (kubernetes/kubernetes#130181).
  tracksGeneration: true,
  strategy: (base) => podStrategy(base),
  defaults: podSpecDefaults,
  validateCreate: (obj) => validatePodCreate(obj),
  subresources: podSubresources,
  connectError: (name) => badRequest(`pod ${name} does not have a host assigned`),
  printer: podPrinter,
  fieldSelectors: {
    accepted: {
      ...same(
        'metadata.name',
        'metadata.namespace',
        'spec.nodeName',
        'spec.restartPolicy',
        'spec.schedulerName',
        'spec.serviceAccountName',
        'spec.hostNetwork',
        'status.phase',
        'status.podIP',
        'status.podIPs',
        'status.nominatedNodeName',
      ),
      'spec.host': 'spec.nodeName', // old v1 clients
    },
    fields: POD_FIELDS,
    namespaced: true,
  },
};
