// Service strategy: a ClusterIP service gets an address from --service-cluster-ip-range (kube's allocator);
// "None" is headless; ExternalName gets none. Addresses return to the pool when the service goes.
import { fieldErr } from '../../errors/field-error.js';
import type { KObject } from '../../api/object.js';
import type { Strategy } from '../strategy.js';
import { ClusterIPAllocator } from './cluster-ip-allocator.js';

export function serviceStrategy(base: Strategy, allocator: ClusterIPAllocator): Strategy {
  return {
    ...base,
    prepareForCreate(obj: KObject) {
      const spec = (obj.spec ??= {});
      spec.type ??= 'ClusterIP';
      spec.sessionAffinity ??= 'None';
      if (spec.type === 'ExternalName') return;
      spec.internalTrafficPolicy ??= 'Cluster';
      spec.ipFamilies ??= ['IPv4'];
      spec.ipFamilyPolicy ??= 'SingleStack';
      for (const p of spec.ports ?? []) {
        p.protocol ??= 'TCP';
        p.targetPort ??= p.port;
      }
      if (spec.clusterIP === 'None') {
        spec.clusterIPs = ['None'];
        return;
      }
      spec.clusterIP = spec.clusterIP ? allocator.allocateSpecific(spec.clusterIP) : allocator.allocateNext();
      spec.clusterIPs = [spec.clusterIP];
    },
    prepareForUpdate(obj: KObject, old: KObject) {
      const spec = (obj.spec ??= {});
      if (old.spec?.clusterIP && (spec.clusterIP === undefined || spec.clusterIP === '')) {
        spec.clusterIP = old.spec.clusterIP;
        spec.clusterIPs = old.spec.clusterIPs;
      }
    },
    validateUpdate(obj: KObject, old: KObject) {
      if (old.spec?.clusterIP && obj.spec?.clusterIP !== old.spec.clusterIP && obj.spec?.type !== 'ExternalName') {
        return [fieldErr.invalid('spec.clusterIPs[0]', obj.spec?.clusterIP ?? '', 'may not change once set')];
      }
      return [];
    },
    release(obj: KObject) {
      const ip = obj.spec?.clusterIP;
      if (ip && ip !== 'None') allocator.release(ip);
    },
  };
}
