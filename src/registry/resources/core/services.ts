// core/services (Service): everything kubelite knows about it beyond the catalog, in one place.
import { serviceUnavailable } from '../../../errors/status.js';
import type { BuiltinResource } from '../builtin-resource.js';
import { nameIsDNS1035Label } from '../../../validation/names.js';
import { defaultPointers, defaultStrings, empty, isMap, itemsAt, struct, type TypeDefaults } from '../defaulting.js';
import { servicePrinter } from '../../../printers/kinds/service.js';
import { serviceStrategy } from '../../strategies/services.js';
import { validateServiceSpec, validateServiceUpdate } from '../../validation/kind-service.js';
import { same, strAt } from '../../../selection/field-sets.js';

// SetDefaults_Service (core/v1); cluster IPs and IP families come later, from the strategy (kube's BeginCreate).
const serviceDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.Service': (svc) => {
    const spec = struct(svc, 'spec');
    defaultStrings(spec, { sessionAffinity: 'None', type: 'ClusterIP' });
    if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
    else if (spec.sessionAffinity === 'ClientIP') {
      const clientIP = struct(struct(spec, 'sessionAffinityConfig'), 'clientIP');
      defaultPointers(clientIP, { timeoutSeconds: 10800 });
    }
    for (const p of itemsAt(spec, 'ports')) {
      defaultStrings(p, { protocol: 'TCP' });
      if (p.targetPort === undefined || p.targetPort === null || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
    }
    const external = spec.type === 'NodePort' || spec.type === 'LoadBalancer' || (spec.type === 'ClusterIP' && !empty(spec.externalIPs));
    if (external) defaultStrings(spec, { externalTrafficPolicy: 'Cluster' });
    if (spec.type === 'ClusterIP' || spec.type === 'NodePort' || spec.type === 'LoadBalancer') defaultPointers(spec, { internalTrafficPolicy: 'Cluster' });
    if (spec.type === 'LoadBalancer') {
      defaultPointers(spec, { allocateLoadBalancerNodePorts: true });
      const lb = isMap(svc.status) && isMap(svc.status.loadBalancer) ? svc.status.loadBalancer : undefined;
      if (lb) for (const ing of itemsAt(lb, 'ingress')) if (ing.ip) defaultPointers(ing, { ipMode: 'VIP' });
    }
  },
};

export const services: BuiltinResource = {
  group: '',
  resource: 'services',
  kind: 'Service',
  nameRule: () => nameIsDNS1035Label,
  defaults: serviceDefaults,
  returnDeletedObject: true,
  allowCreateOnUpdate: true,
  strategy: (base, env) => serviceStrategy(base, env.clusterIPs),
  validateCreate: (obj) => validateServiceSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateServiceUpdate(obj, old), ...m.create(), ...validateServiceSpec(obj)],
  connectError: (name) => serviceUnavailable(`no endpoints available for service "${name}"`),
  printer: servicePrinter,
  fieldSelectors: {
    accepted: same('metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'),
    fields: { 'spec.clusterIP': strAt('spec', 'clusterIP'), 'spec.type': strAt('spec', 'type') },
    namespaced: true,
  },
};
