// Routes resource requests to the verb handlers (kube's APIInstaller + go-restful routes, apiserver.md §2): finds
// the served resource in the registry, answers 404/405 as go-restful would for scopes and verbs a resource does
// not have, and runs the handler. Extensions put routes in front of it and wrap the write hooks.
import { deprecationOf, markDeprecatedRequest } from '../versions/deprecation.js';
import { methodNotSupported, routeMethodNotAllowed, routeNotFound } from '../errors/status.js';
import type { Authorizer } from '../authz/authorizer.js';
import type { ServerOptions } from '../config/options.js';
import type { RequestContext } from '../http/request-context.js';
import { writeError } from '../http/respond.js';
import type { Route } from '../http/route.js';
import type { ResourceRegistry, ServedResource } from '../registry/resource-registry.js';
import { restStorage, type RestStorage } from '../registry/rest.js';
import { builtinWriteHooks } from './field-validation/builtin-write-hooks.js';
import type { HandlerDeps } from './handler-deps.js';
import { handleCreate } from './handlers/create.js';
import { handleDelete, handleDeleteCollection } from './handlers/delete.js';
import { handleGet } from './handlers/get.js';
import { handleList } from './handlers/list.js';
import { handlePatch } from './handlers/patch.js';
import { handleSubresource } from './handlers/subresource.js';
import { handleUpdate } from './handlers/update.js';
import { handleVirtualCreate, isVirtualResource } from './handlers/virtual.js';
import { handleWatch } from './handlers/watch.js';
import { negotiateErrors, routerAcceptCheck, serveCbor } from './negotiation/negotiate.js';
import { cborEnabled } from './serializers/cbor.js';
import { protobufServed, type ResourceScope } from './resource-scope.js';
import type { WriteHooks } from './write-hooks.js';
import type { AuthnServices } from '../authn/services.js';

export interface ResourceRouterDeps {
  registry: ResourceRegistry;
  options: ServerOptions;
  authorizer: Authorizer;
}

export class ResourceRouter implements HandlerDeps {
  writeHooks: WriteHooks = builtinWriteHooks;
  authn?: AuthnServices;
  private readonly routes: Route[] = [];

  constructor(private readonly deps: ResourceRouterDeps) {}

  get authorizer(): Authorizer {
    return this.deps.authorizer;
  }

  /** Routes tried before the generic one (custom resources). */
  addRoute(route: Route): void {
    this.routes.push(route);
  }

  /** Wraps the write hooks every handler runs (custom resources bring their own field validation). */
  wrapWriteHooks(wrap: (inner: WriteHooks) => WriteHooks): void {
    this.writeHooks = wrap(this.writeHooks);
  }

  /** The scope a handler serves the request in. */
  scopeFor(ctx: RequestContext, served: ServedResource): ResourceScope {
    const ri = ctx.requestInfo;
    const { def, store, view } = served;
    return { ctx, def, store, rest: served.rest ?? restStorage(store, def.verbs), view, namespace: def.namespaced ? ri.namespace : '', name: ri.name, subresource: ri.subresource, options: this.deps.options, authorizer: this.deps.authorizer };
  }

  async serve(ctx: RequestContext): Promise<boolean> {
    for (const route of this.routes) if (await route(ctx)) return true;
    const ri = ctx.requestInfo;
    const served = this.deps.registry.lookup({ group: ri.apiGroup, version: ri.apiVersion, resource: ri.resource });
    if (!served) return false;
    try {
      await this.dispatch(ctx, served);
    } catch (e) {
      await writeError(ctx, e);
    }
    return true;
  }

  private async dispatch(ctx: RequestContext, served: ServedResource & { rest: RestStorage }): Promise<void> {
    const { def, store } = served;
    const ri = ctx.requestInfo;
    if (!store.strategy.addressedAsNamespace) {
      if (!def.namespaced && ri.namespace) throw routeNotFound();
      // A name in the path needs a namespace; a name taken from a field selector (list/watch) does not.
      if (def.namespaced && !ri.namespace && ri.parts.length >= 2) throw routeNotFound();
    }
    const scope = this.scopeFor(ctx, served);
    const method = ctx.method;
    // kube installs no route for CONNECT (connect sub-resources are served on GET/POST and the like).
    if (method === 'CONNECT') throw routeMethodNotAllowed();
    const isCollectionGet = !ri.name && (method === 'GET' || method === 'HEAD');
    if (cborEnabled(scope.options)) serveCbor(ctx);
    // Custom resources are served by kube's CRD handler, not go-restful: their refusals are its negotiation's own.
    if (def.builtin !== false) routerAcceptCheck(ctx, isCollectionGet);
    await negotiateErrors(ctx, protobufServed(scope));
    const deprecation = deprecationOf(def);
    if (deprecation) markDeprecatedRequest(ctx, deprecation);

    if (ri.subresource) return handleSubresource(this, scope);
    if (isVirtualResource(def)) {
      if (method === 'POST' && !ri.name) return handleVirtualCreate(this, scope);
      if (ri.verb === 'watch') throw methodNotSupported(store.gr, 'watch');
      throw routeMethodNotAllowed();
    }
    const { rest } = served;
    switch (ri.verb) {
      case 'get':
        if (!rest.getter) throw routeMethodNotAllowed();
        return handleGet(scope, rest.getter);
      case 'list':
        if (!rest.lister) throw routeMethodNotAllowed();
        return handleList(scope, rest.lister);
      case 'watch':
        if (!rest.watcher) throw methodNotSupported(store.gr, 'watch');
        return handleWatch(scope, rest.watcher);
      case 'create':
        if (!rest.creater || (def.namespaced && !ri.namespace)) throw routeMethodNotAllowed();
        return handleCreate(scope, this.writeHooks, rest.creater);
      case 'update':
        if (!rest.updater) throw routeMethodNotAllowed();
        return handleUpdate(scope, this.writeHooks, rest.updater);
      case 'patch':
        if (!rest.patcher) throw routeMethodNotAllowed();
        return handlePatch(scope, this.writeHooks, rest.patcher);
      case 'delete':
        if (!rest.deleter) throw routeMethodNotAllowed();
        return handleDelete(scope, this.deps.authorizer, rest.deleter);
      case 'deletecollection':
        if (!rest.collectionDeleter || (def.namespaced && !ri.namespace)) throw routeMethodNotAllowed();
        return handleDeleteCollection(scope, rest.collectionDeleter);
      default:
        throw routeMethodNotAllowed();
    }
  }
}
