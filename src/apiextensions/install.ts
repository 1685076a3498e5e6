// Wires CustomResourceDefinitions into an ApiServer: the CRD store with its strategy, the CRD controller, the
// custom-resource request handling in front of the router and the OpenAPI schemas of served custom resources.
//
//   // in ApiServer.create, before the controllers start; the CRDs already stored are served when it resolves:
//   await installApiExtensions(api, deps.log);
import type { Logger } from 'pino';
import type { ApiServer } from '../endpoints/api-server.js';
import type { RequestContext } from '../server/request-context.js';
import { serveCustomResourceRequest } from './cr-requests.js';
import { customResourceSchemasFor } from './cr-openapi.js';
import { customResourceWriteHooks } from './cr-field-validation.js';
import { CRDController } from './crd-controller.js';
import { CustomResourceDefinitionStore } from './crd-store.js';
import { crdStrategy } from './crd-strategy.js';
import { CRD_GROUP } from './crd-types.js';
import { replaceServedStore } from './served-resources.js';

export interface ApiExtensions {
  store: CustomResourceDefinitionStore;
  controller: CRDController;
}

// ApiServer keeps its controllers and the OpenAPI options private; reached here until it exposes hooks.
interface ApiServerPrivates {
  controllers: { start(): void; stop(): void }[];
}
interface OpenAPIPrivates {
  options: { schemasFor?: (group: string, version: string) => Record<string, Record<string, unknown>> | undefined };
}

/** Undefined when apiextensions.k8s.io/v1 is not served (--runtime-config turned it off). */
export async function installApiExtensions(api: ApiServer, log: Logger): Promise<ApiExtensions | undefined> {
  const served = api.served.get(`${CRD_GROUP}/v1/customresourcedefinitions`);
  if (!served) return undefined;
  const store = new CustomResourceDefinitionStore(served.def, crdStrategy(served.store.strategy), served.store.deps);
  replaceServedStore(api, CRD_GROUP, 'v1', 'customresourcedefinitions', store);
  const controller = new CRDController(api, store, served.store.deps, log);
  (api as unknown as ApiServerPrivates).controllers.push(controller);

  const serveResource = api.serveResource.bind(api);
  api.serveResource = async (ctx: RequestContext) => (await serveCustomResourceRequest(api, ctx)) || serveResource(ctx);

  // Custom resources get their own fieldValidation; whatever hooks the server sets (before or after) serve the rest.
  let inner = api.writeHooks;
  const hooks = customResourceWriteHooks(() => inner);
  Object.defineProperty(api, 'writeHooks', {
    configurable: true,
    enumerable: true,
    get: () => hooks,
    set: (h) => {
      inner = h;
    },
  });

  const openapi = (api.discovery as unknown as { openapiV3?: OpenAPIPrivates }).openapiV3;
  if (openapi?.options) openapi.options.schemasFor = (group, version) => customResourceSchemasFor(api.resources, group, version);
  // Serve the custom resources of CRDs stored earlier before the first request arrives.
  await controller.run();
  return { store, controller };
}
