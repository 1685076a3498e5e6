// What an in-process controller is given: the resource registry (stores by group-resource) and the storage engine
// whose events drive it. Controllers never see the router or the server.
import type { ServerOptions } from '../config/options.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import type { Storage } from '../storage/interface.js';

export interface ControllerContext {
  registry: ResourceRegistry;
  storage: Storage;
  options: ServerOptions;
}
