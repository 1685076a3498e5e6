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

/** Undefined when apiextensions.k8s.io/v1 is not served (--runtime-config turned it off). */
export async function installApiExtensions(api: ApiServer, log: Logger): Promise<ApiExtensions | undefined> {
  const served = api.served.get(`${CRD_GROUP}/v1/customresourcedefinitions`);
  if (!served) return undefined;
  const store = new CustomResourceDefinitionStore(served.def, crdStrategy(served.store.strategy), served.store.deps);
  replaceServedStore(api, CRD_GROUP, 'v1', 'customresourcedefinitions', store);
  const controller = new CRDController(api, store, served.store.deps, log);
  api.addController(controller);
  api.addResourceRoute((ctx: RequestContext) => serveCustomResourceRequest(api, ctx));

  // Custom resources get their own fieldValidation; the server's hooks serve the rest.
  const inner = api.writeHooks;
  api.writeHooks = customResourceWriteHooks(() => inner);

  api.discovery.openapiV3.setSchemasFor((group, version) => customResourceSchemasFor(api.resources, group, version));
  // Serve the custom resources of CRDs stored earlier before the first request arrives.
  await controller.run();
  return { store, controller };
}
