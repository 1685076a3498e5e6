// Everything a verb handler needs about the request it serves.
import { isStoredObject } from '../registry/stored-object.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { converterFor } from '../versions/converter.js';
import type { GenericStore, StoreDeps } from '../registry/generic-store.js';
import type { RestStorage } from '../registry/rest.js';
import { apiVersionOf } from '../registry/resource-def.js';
import type { KObject } from '../api/object.js';
import type { ResourceView } from '../registry/resource-view.js';
import type { RequestContext } from '../http/request-context.js';
import type { ServerOptions } from '../config/options.js';
import type { Authorizer } from '../authz/authorizer.js';
import { routeMethodNotAllowed } from '../errors/status.js';

/**
 * What a handler may know of the resource's store besides its REST capabilities: its identity, schema and strategy
 * facts and admission, but no reads or writes (those go through `rest`, so an absent capability is never reached).
 */
export type StoreFacts = Pick<GenericStore, 'gr' | 'customSchema' | 'strategy' | 'admissionAttributes'> & { readonly deps: Pick<StoreDeps, 'admission'> };

export interface ResourceScope {
  ctx: RequestContext;
  def: ResourceInfo;
  store: StoreFacts;
  /** What the resource can do (kube's rest.Storage interfaces); the router checked the one the verb needs. */
  rest: RestStorage;
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
  // A large write's object as stored is of this endpoint's version and kind (registry/prepared-update.ts checked).
  if (isStoredObject(obj)) return obj;
  const conv = converterFor(scope.def);
  if (conv) return conv.fromStored(obj);
  const apiVersion = apiVersionOf(scope.def);
  if (obj.apiVersion === apiVersion && obj.kind === scope.def.kind) return obj;
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return { kind: scope.def.kind, apiVersion, ...rest };
}

/**
 * The capability a sub-resource request needs of its resource (the status, scale and the other sub-resources read
 * and write through the resource's own getter and updater); kube's 405 when the resource lacks it.
 */
export function capability<K extends keyof RestStorage>(scope: ResourceScope, k: K): NonNullable<RestStorage[K]> {
  const c = scope.rest[k];
  if (!c) throw routeMethodNotAllowed();
  return c as NonNullable<RestStorage[K]>;
}

/** Whether responses may be Protobuf: built-in kinds have a Protobuf form, custom resources do not (kube's 406). */
export function protobufServed(scope: { view?: ResourceView }): boolean {
  return scope.view === undefined;
}
