// Picks the kind-specific strategy of a built-in resource.
import type { ResourceDef } from '../resource-def.js';
import type { Strategy } from '../strategy.js';
import type { ServerOptions } from '../../config/options.js';
import { namespaceStrategy } from './namespaces.js';
import { secretStrategy } from './secrets.js';
import { serviceStrategy } from './services.js';
import { podStrategy } from './pods.js';
import { ClusterIPAllocator } from './cluster-ip-allocator.js';

const allocators = new WeakMap<ServerOptions, ClusterIPAllocator>();

export function clusterIPAllocator(options: ServerOptions): ClusterIPAllocator {
  let a = allocators.get(options);
  if (!a) allocators.set(options, (a = new ClusterIPAllocator(options.serviceClusterIPRange)));
  return a;
}

export function strategyFor(def: ResourceDef, base: Strategy, options: ServerOptions): Strategy {
  if (def.group !== '') return base;
  switch (def.resource) {
    case 'namespaces':
      return namespaceStrategy(base);
    case 'secrets':
      return secretStrategy(base);
    case 'services':
      return serviceStrategy(base, clusterIPAllocator(options));
    case 'pods':
      return podStrategy(base);
    default:
      return base;
  }
}
