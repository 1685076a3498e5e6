// The resource API: the served catalog, one generic store per resource, and the routing of resource
// requests to the verb handlers (kube's APIInstaller + go-restful routes, apiserver.md §2).
import type { Logger } from 'pino';
import { applyRuntimeConfig, builtinResources } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import { NamespaceLifecycle } from '../admission/namespace-lifecycle.js';
import { methodNotSupported, routeMethodNotAllowed, routeNotFound } from '../errors/status.js';
import type { HealthChecks } from '../observability/health.js';
import { GenericStore, type StoreDeps } from '../registry/generic-store.js';
import { objectValidator } from '../registry/object-validator.js';
import { defaultStrategy, type Strategy } from '../registry/strategy.js';
import { strategyFor } from '../registry/strategies/index.js';
import type { Route } from '../server/director.js';
import type { ServerOptions } from '../server/options.js';
import { UsageError } from '../server/usage-error.js';
import type { RequestContext } from '../server/request-context.js';
import { writeError } from '../server/respond.js';
import { StorageError, type Storage } from '../storage/interface.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import { handleCreate } from './handlers/create.js';
import { handleDelete, handleDeleteCollection } from './handlers/delete.js';
import { handleGet } from './handlers/get.js';
import { handleList } from './handlers/list.js';
import { handlePatch } from './handlers/patch.js';
import { handleUpdate } from './handlers/update.js';
import { handleWatch } from './handlers/watch.js';
import { handleSubresource } from './handlers/subresource.js';
import { handleVirtualCreate, isVirtualResource } from './handlers/virtual.js';
import { routerAcceptCheck } from './negotiation/negotiate.js';
import type { ResourceScope } from './resource-scope.js';
import type { WriteHooks } from './write-hooks.js';
import { builtinWriteHooks } from './field-validation/builtin-write-hooks.js';
import { DiscoveryService } from './discovery-routes.js';
import { bootstrapNamespaces } from '../controllers/system-namespaces.js';
import { NamespaceController } from '../controllers/namespace-controller.js';
import { GarbageCollector } from '../controllers/garbage-collector.js';
import { installApiExtensions } from '../apiextensions/install.js';
import { NamespaceDefaultsController } from '../controllers/namespace-defaults.js';
import { EventTTLController } from '../controllers/event-ttl.js';
import type { Authorizer } from '../authz/authorizer.js';

export interface ApiServerDeps {
  storage: Storage;
  /** PEM of the cluster CA (published in every namespace's kube-root-ca.crt). */
  caPem: string;
  options: ServerOptions;
  log: Logger;
  health: HealthChecks;
  authorizer: Authorizer;
}

export interface ServedResource {
  def: ResourceInfo;
  store: GenericStore;
}

const key = (g: string, v: string, r: string) => `${g}/${v}/${r}`;

export class ApiServer {
  readonly served = new Map<string, ServedResource>();
  private readonly storesByGroupResource = new Map<string, GenericStore>();
  resources: ResourceInfo[] = [];
  readonly discovery: DiscoveryService;
  writeHooks: WriteHooks = builtinWriteHooks;
  private readonly controllers: { start(): void; stop(): void }[] = [];
  /** kube-controller-manager's controllers: run on every server, or only on the elected one (leader election). */
  private electedFactory: () => { start(): void; stop(): void }[] = () => [];
  private elected: { start(): void; stop(): void }[] = [];
  private readonly resourceRoutes: Route[] = [];
  readonly caches: WatchCacheSet;

  private constructor(readonly deps: ApiServerDeps) {
    this.discovery = new DiscoveryService(() => this.resources);
    this.caches = new WatchCacheSet(deps.storage);
  }

  static async create(deps: ApiServerDeps): Promise<ApiServer> {
    const api = new ApiServer(deps);
    let resources: ResourceInfo[];
    try {
      resources = applyRuntimeConfig(builtinResources(), deps.options.runtimeConfig);
    } catch (e) {
      throw new UsageError(`--runtime-config: ${(e as Error).message}`);
    }
    const storeDeps: StoreDeps = {
      storage: deps.storage,
      caches: api.caches,
      metaValidator: objectValidator,
      // As kube's plugin: the namespace from the cache (its informer) as it is, a live read only when it is missing
      // there (just created elsewhere). On etcd a consistent read costs an etcd round trip per request.
      admission: [new NamespaceLifecycle(async (name) => (await api.getObject('', 'namespaces', '', name, { consistent: false })) ?? api.getObject('', 'namespaces', '', name))],
    };
    for (const def of resources) api.addResource(def, strategyFor(def, defaultStrategy(def), deps.options), storeDeps);
    api.resources = resources;
    const done = deps.health.addPostStartHook('start-system-namespaces-controller');
    await bootstrapNamespaces(api);
    done();
    api.electedFactory = () => [new NamespaceController(api, deps.log), new GarbageCollector(api, deps.log), new NamespaceDefaultsController(api, deps.caPem, deps.log), new EventTTLController(api, deps.options.eventTTLMs, deps.log)];
    await installApiExtensions(api, deps.log);
    return api;
  }

  addResource(def: ResourceInfo, strategy: Strategy, storeDeps: StoreDeps): void {
    const gr = `${def.group}/${def.resource}`;
    // All versions of one group-resource share one store (and one storage prefix).
    let store = this.storesByGroupResource.get(gr);
    if (!store || store.def.version !== def.version) store = new GenericStore(def, strategy, storeDeps);
    if (!this.storesByGroupResource.has(gr)) this.storesByGroupResource.set(gr, store);
    this.served.set(key(def.group, def.version, def.resource), { def, store });
  }

  /**
   * Serves (or re-serves) one version of a resource with its store (custom resources). `primary` marks the store
   * the group-resource index points at (the storage version).
   */
  addServedResource(def: ResourceInfo, store: GenericStore, primary: boolean): void {
    this.served.set(key(def.group, def.version, def.resource), { def, store });
    const same = (r: ResourceInfo) => r.group === def.group && r.version === def.version && r.resource === def.resource;
    this.resources = [...this.resources.filter((r) => !same(r)), def];
    const gr = `${def.group}/${def.resource}`;
    if (primary || !this.storesByGroupResource.has(gr)) this.storesByGroupResource.set(gr, store);
  }

  /** Stops serving one version; the group-resource index forgets the resource when no version is left. */
  removeServedResource(group: string, version: string, resource: string): void {
    this.served.delete(key(group, version, resource));
    this.resources = this.resources.filter((r) => !(r.group === group && r.version === version && r.resource === resource));
    const gr = `${group}/${resource}`;
    const remaining = this.resources.find((r) => r.group === group && r.resource === resource);
    if (!remaining) this.storesByGroupResource.delete(gr);
    else this.storesByGroupResource.set(gr, this.served.get(key(group, remaining.version, resource))!.store);
  }

  /** Replaces the store of a served resource (the CRD store gets the apiextensions strategy). */
  replaceStore(group: string, version: string, resource: string, store: GenericStore): void {
    const cur = this.served.get(key(group, version, resource));
    if (!cur) return;
    this.served.set(key(group, version, resource), { def: cur.def, store });
    this.storesByGroupResource.set(`${group}/${resource}`, store);
  }

  /** Registers an in-process controller, started with the others once the server listens. */
  addController(c: { start(): void; stop(): void }): void {
    this.controllers.push(c);
  }

  /** Routes tried before the built-in resource router (custom resources). */
  addResourceRoute(route: Route): void {
    this.resourceRoutes.push(route);
  }

  /** The store of a group-resource (its preferred version). */
  storeFor(group: string, resource: string): GenericStore | undefined {
    return this.storesByGroupResource.get(`${group}/${resource}`);
  }

  allStores(): GenericStore[] {
    return [...this.storesByGroupResource.values()];
  }

  async getObject(group: string, resource: string, namespace: string, name: string, opts: { consistent?: boolean } = {}) {
    const store = this.storeFor(group, resource);
    if (!store) return undefined;
    try {
      return await store.getCached(namespace, name, opts);
    } catch (e) {
      if (e instanceof StorageError && e.code === 'Unavailable') throw e; // the store is down: not "not found"
      return undefined;
    }
  }

  /** Starts this server's controllers, and kube-controller-manager's too unless a leader election decides. */
  startControllers(opts: { elected?: boolean } = {}): void {
    for (const c of this.controllers) c.start();
    if (!opts.elected) this.startElectedControllers();
    // Build the OpenAPI index once the listener is up, off the start-up path.
    setImmediate(() => this.discovery.warm());
  }

  /** This server became the leader (or runs alone): kube-controller-manager's controllers start, fresh. */
  startElectedControllers(): void {
    if (this.elected.length) return;
    this.elected = this.electedFactory();
    for (const c of this.elected) c.start();
  }

  stopElectedControllers(): void {
    for (const c of this.elected) c.stop();
    this.elected = [];
  }

  async stop(): Promise<void> {
    for (const c of this.controllers) c.stop();
    this.stopElectedControllers();
    await this.caches.stopAll();
  }

  nonResourceRoutes(): Route[] {
    return [(ctx) => this.discovery.serveNonResource(ctx)];
  }

  serveDiscovery(ctx: RequestContext): Promise<boolean> {
    return this.discovery.serveDiscovery(ctx);
  }

  listedPaths(health: HealthChecks): string[] {
    const paths = new Set<string>(['/api', '/api/v1', '/apis', '/healthz', '/livez', '/readyz', '/version', '/openapi/v2', '/openapi/v3', '/openapi/v3/']);
    for (const r of this.resources) {
      if (r.group) {
        paths.add(`/apis/${r.group}`);
        paths.add(`/apis/${r.group}/${r.version}`);
      }
    }
    for (const ep of ['healthz', 'livez', 'readyz'] as const) for (const n of health.namesFor(ep)) paths.add(`/${ep}/${n}`);
    return [...paths].sort();
  }

  async serveResource(ctx: RequestContext): Promise<boolean> {
    for (const route of this.resourceRoutes) if (await route(ctx)) return true;
    const ri = ctx.requestInfo;
    const served = this.served.get(key(ri.apiGroup, ri.apiVersion, ri.resource));
    if (!served) return false;
    const { def, store } = served;
    try {
      await this.dispatch(ctx, def, store);
    } catch (e) {
      writeError(ctx, e);
    }
    return true;
  }

  private async dispatch(ctx: RequestContext, def: ResourceInfo, store: GenericStore): Promise<void> {
    const ri = ctx.requestInfo;
    const isNamespaceKind = def.group === '' && def.resource === 'namespaces';
    if (!isNamespaceKind) {
      if (!def.namespaced && ri.namespace) throw routeNotFound();
      // A name in the path needs a namespace; a name taken from a field selector (list/watch) does not.
      if (def.namespaced && !ri.namespace && ri.parts.length >= 2) throw routeNotFound();
    }
    const scope: ResourceScope = { ctx, def, store, namespace: def.namespaced ? ri.namespace : '', name: ri.name, subresource: ri.subresource, options: this.deps.options };
    const method = ctx.method;
    // kube installs no route for CONNECT (connect sub-resources are served on GET/POST and the like).
    if (method === 'CONNECT') throw routeMethodNotAllowed();
    const isCollectionGet = !ri.name && (method === 'GET' || method === 'HEAD');
    routerAcceptCheck(ctx, isCollectionGet);

    if (ri.subresource) return handleSubresource(this, scope);
    if (isVirtualResource(def)) {
      if (method === 'POST' && !ri.name) return handleVirtualCreate(this, scope);
      if (ri.verb === 'watch') throw methodNotSupported(store.gr, 'watch');
      throw routeMethodNotAllowed();
    }
    const has = (v: string) => def.verbs.includes(v);
    switch (ri.verb) {
      case 'get':
        if (!has('get')) throw routeMethodNotAllowed();
        return handleGet(scope);
      case 'list':
        if (!has('list')) throw routeMethodNotAllowed();
        return handleList(scope);
      case 'watch':
        if (!has('watch')) throw methodNotSupported(store.gr, 'watch');
        return handleWatch(scope);
      case 'create':
        if (!has('create') || (def.namespaced && !ri.namespace)) throw routeMethodNotAllowed();
        return handleCreate(scope, this.writeHooks);
      case 'update':
        if (!has('update')) throw routeMethodNotAllowed();
        return handleUpdate(scope, this.writeHooks);
      case 'patch':
        if (!has('patch')) throw routeMethodNotAllowed();
        return handlePatch(scope, this.writeHooks);
      case 'delete':
        if (!has('delete')) throw routeMethodNotAllowed();
        return handleDelete(scope, this.deps.authorizer);
      case 'deletecollection':
        if (!has('deletecollection') || (def.namespaced && !ri.namespace)) throw routeMethodNotAllowed();
        return handleDeleteCollection(scope);
      default:
        throw routeMethodNotAllowed();
    }
  }
}

