// Wires CustomResourceDefinitions into the server: the CRD store with its strategy, the CRD controller (which
// registers custom resources in the resource registry), the custom-resource request handling in front of the
// router, their field validation around the write hooks, and the OpenAPI schemas of served custom resources.
//
//   // in the server's assembly, before the controllers start; the CRDs already stored are served when it resolves:
//   await installApiExtensions({ registry, router, openapiV3, controllers, addController, log });
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import type { Logger } from 'pino';
import type { ControllerContext } from '../controllers/controller-context.js';
import type { OpenAPIV3Service } from '../discovery/openapi-v3.js';
import type { ResourceRouter } from '../endpoints/resource-router.js';
import type { RequestContext } from '../http/request-context.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { serveCustomResourceRequest } from './cr-requests.js';
import { customResourceSchemasFor } from './cr-openapi.js';
import { customResourceWriteHooks } from './cr-field-validation.js';
import { CRDController } from './crd-controller.js';
import { CustomResourceDefinitionStore } from './crd-store.js';
import { crdStrategy } from './crd-strategy.js';
import { CRD_GROUP } from './crd-types.js';
import { setConversionServiceResolver } from './conversion-webhook.js';
import type { ServiceResolver } from '../admission/webhooks/webhook-client.js';

export interface ApiExtensionsHost {
  /** How conversion webhooks' service references resolve. */
  resolveService?: ServiceResolver;
  registry: ResourceRegistry;
  router: ResourceRouter;
  openapiV3: OpenAPIV3Service;
  controllers: ControllerContext;
  addController(c: { start(): void; stop(): void }): void;
  log: Logger;
  /** The server's metrics (CEL compilation time of CRD validation rules). */
  metrics?: ApiserverMetrics;
}

export interface ApiExtensions {
  store: CustomResourceDefinitionStore;
  controller: CRDController;
}

/** Undefined when apiextensions.k8s.io/v1 is not served (--runtime-config turned it off). */
export async function installApiExtensions(host: ApiExtensionsHost): Promise<ApiExtensions | undefined> {
  const { registry, router } = host;
  const gvr = { group: CRD_GROUP, version: 'v1', resource: 'customresourcedefinitions' };
  const served = registry.lookup(gvr);
  if (!served) return undefined;
  const store = new CustomResourceDefinitionStore(served.def, crdStrategy(served.store.strategy, host.metrics && ((s) => host.metrics!.celCompilationDuration.observe(s))), served.store.deps);
  registry.replaceStore(gvr, store);
  const controller = new CRDController(host.controllers, store, served.store.deps, host.log);
  host.addController(controller);
  if (host.resolveService) setConversionServiceResolver(served.store.deps, host.resolveService);
  router.addRoute((ctx: RequestContext) => serveCustomResourceRequest(registry, router, ctx));

  // Custom resources get their own fieldValidation; the server's hooks serve the rest.
  router.wrapWriteHooks((inner) => customResourceWriteHooks(() => inner));

  host.openapiV3.setSchemasFor((group, version) => customResourceSchemasFor(registry.all(), group, version));
  // Serve the custom resources of CRDs stored earlier before the first request arrives.
  await controller.run();
  return { store, controller };
}
