// The service cluster IP allocator of a server's options (one per server: its Services share the range).
import type { ServerOptions } from '../../config/options.js';
import { ClusterIPAllocator } from './cluster-ip-allocator.js';

const allocators = new WeakMap<ServerOptions, ClusterIPAllocator>();

export function clusterIPAllocator(options: ServerOptions): ClusterIPAllocator {
  let a = allocators.get(options);
  if (!a) allocators.set(options, (a = new ClusterIPAllocator(options.serviceClusterIPRange)));
  return a;
}
