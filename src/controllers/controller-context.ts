// What an in-process controller is given: the resource registry (stores by group-resource, which read through
// the watch cache) and the shared informers whose events drive it. Controllers never see the router or the server.
import type { ServerOptions } from '../config/options.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import type { InformerFactory } from './informer.js';

export interface ControllerContext {
  registry: ResourceRegistry;
  /** One shared informer per resource over its watch cache. */
  informers: InformerFactory;
  options: ServerOptions;
}
