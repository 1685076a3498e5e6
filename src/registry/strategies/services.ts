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
      // The type-level defaults (type, sessionAffinity, ports, traffic policies) ran at decode.
      const spec = (obj.spec ??= {});
      if (spec.type === 'ExternalName') return;
      // kube's initIPFamilyFields on a single-stack IPv4 cluster: a headless service without selector asks for
      // both families (RequireDualStack), anything else is single-stack.
      const headlessSelectorless = spec.clusterIP === 'None' && !(spec.selector && Object.keys(spec.selector).length);
      spec.ipFamilyPolicy ??= headlessSelectorless ? 'RequireDualStack' : 'SingleStack';
      if (!spec.ipFamilies?.length) spec.ipFamilies = ['IPv4'];
      if (headlessSelectorless && spec.ipFamilyPolicy !== 'SingleStack' && spec.ipFamilies.length === 1) {
        spec.ipFamilies = [...spec.ipFamilies, spec.ipFamilies[0] === 'IPv4' ? 'IPv6' : 'IPv4'];
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
