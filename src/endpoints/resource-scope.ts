// Everything a verb handler needs about the request it serves.
import type { ResourceInfo } from '../api/resource-info.js';
import { converterFor } from '../versions/converter.js';
import type { GenericStore } from '../registry/generic-store.js';
import { apiVersionOf } from '../registry/resource-def.js';
import type { KObject } from '../api/object.js';
import type { ResourceView } from '../registry/resource-view.js';
import type { RequestContext } from '../http/request-context.js';
import type { ServerOptions } from '../config/options.js';
import type { Authorizer } from '../authz/authorizer.js';

export interface ResourceScope {
  ctx: RequestContext;
  def: ResourceInfo;
  store: GenericStore;
  namespace: string;
  name: string;
  subresource: string;
  options: ServerOptions;
  /** The server's authorizer chain (admission and CEL ask it through the operation context). */
  authorizer?: Authorizer;
  /** What a resource defined at run time adds (custom resources); undefined for built-ins. */
  view?: ResourceView;
}

/** The object as the endpoint's group-version presents it. */
export function forEndpoint(scope: { def: ResourceInfo; view?: ResourceView }, obj: KObject): KObject {
  if (scope.view) return scope.view.present(obj);
  const conv = converterFor(scope.def);
  if (conv) return conv.fromStored(obj);
  const apiVersion = apiVersionOf(scope.def);
  if (obj.apiVersion === apiVersion && obj.kind === scope.def.kind) return obj;
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return { kind: scope.def.kind, apiVersion, ...rest };
}

/** Whether responses may be Protobuf: built-in kinds have a Protobuf form, custom resources do not (kube's 406). */
export function protobufServed(scope: { view?: ResourceView }): boolean {
  return scope.view === undefined;
}
