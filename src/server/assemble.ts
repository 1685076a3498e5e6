// The composition root of the resource API, and the only module that imports every layer: the served catalog
// (filtered by --runtime-config) registered in the resource registry with one generic store per resource and its
// strategy, the admission chain, the router, discovery, the system namespaces, the controllers and the
// CustomResourceDefinition extension.
//
// Adding a built-in resource needs no change here: see docs/architecture.md, "Adding a built-in resource".
import type { Logger } from 'pino';
import { applyRuntimeConfig, builtinResources } from '../api/catalog.js';
import type { ResourceInfo } from '../api/resource-info.js';
import type { KubeObject } from '../api/object.js';
import { AdmissionChain } from '../admission/chain.js';
import { NamespaceLifecycle } from '../admission/namespace-lifecycle.js';
import { Priority } from '../admission/priority.js';
import { DefaultTolerationSeconds } from '../admission/default-toleration-seconds.js';
import { defaultAdmissionPlugins, admissionPluginSelection } from '../admission/default-plugins.js';
import { serviceResolver, webhookAdmission } from '../admission/webhooks/install.js';
import { builtinScaleMapping, toScale } from '../endpoints/handlers/scale.js';
import { installApiExtensions } from '../apiextensions/install.js';
import type { Authorizer } from '../authz/authorizer.js';
import { NodeAuthorizer } from '../authz/node/node-authorizer.js';
import { PolicyIndex } from '../authz/rbac/policy-index.js';
import { RBACAuthorizer } from '../authz/rbac/rbac-authorizer.js';
import { RuleResolver } from '../authz/rbac/rule-resolver.js';
import { SyncGate } from '../authz/rbac/sync-gate.js';
import type { AuthorizerUnion } from '../authz/union.js';
import { RbacEscalationCheck } from '../admission/rbac-escalation.js';
import { NodeRestriction } from '../admission/node-restriction.js';
import { ValidatingAdmissionPolicyPlugin } from '../admission/policy/validating-admission-policy.js';
import { compileMutatingPolicySpec, MUTATING_POLICY_RESOURCES, mutatingPolicyAdmission, withMutatingPolicyGate } from '../admission/policy/mutating-policy-install.js';
import { PolicySource } from '../controllers/admission-policy-source.js';
import { ClusterRoleAggregationController } from '../controllers/clusterrole-aggregation.js';
import { RegistryNodeGraph } from '../controllers/node-graph.js';
import { reconcileDefaultPolicy } from '../controllers/rbac-bootstrap.js';
import { RbacPolicyFeed } from '../controllers/rbac-policy-feed.js';
import type { ServerOptions } from '../config/options.js';
import { cborEnabled } from '../endpoints/serializers/cbor.js';
import type { ControllerContext } from '../controllers/controller-context.js';
import { BootstrapSigner, TokenCleaner, controllerEnabled } from '../controllers/bootstrap-tokens.js';
import { EventTTLController } from '../controllers/event-ttl.js';
import { ResourceQuotaController } from '../controllers/resource-quota.js';
import { ValidatingAdmissionPolicyStatusController } from '../controllers/validating-admission-policy-status.js';
import { GarbageCollector } from '../controllers/garbage-collector.js';
import { InformerFactory } from '../controllers/informer.js';
import { NamespaceController } from '../controllers/namespace-controller.js';
import { NamespaceDefaultsController } from '../controllers/namespace-defaults.js';
import { bootstrapNamespaces } from '../controllers/system-namespaces.js';
import { DiscoveryService } from '../endpoints/discovery-routes.js';
import { ResourceRouter } from '../endpoints/resource-router.js';
import type { RequestContext } from '../http/request-context.js';
import type { Route } from '../http/route.js';
import type { HealthChecks } from '../observability/health.js';
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import { GenericStore, type StoreDeps } from '../registry/generic-store.js';
import { objectValidator } from '../registry/object-validator.js';
import { ResourceRegistry, type ServedResource } from '../registry/resource-registry.js';
import { builtinStrategy } from '../registry/resources/index.js';
import { StorageObjectCounter } from '../registry/storage-object-counts.js';
import { clusterIPAllocator } from '../registry/strategies/cluster-ips.js';
import { WatchCacheSet } from '../storage/cacher/watch-cache-set.js';
import type { Storage } from '../storage/interface.js';
import { UsageError } from './usage-error.js';
import { AuthorizationConfigReloader, authorizerEntries, buildAuthorizerChain } from './authorization.js';
import { startupPhase } from './startup-trace.js';

const PRIORITY_CLASSES = { group: 'scheduling.k8s.io', resource: 'priorityclasses' };

export interface ApiDeps {
  storage: Storage;
  /** PEM of the cluster CA (published in every namespace's kube-root-ca.crt). */
  caPem: string;
  options: ServerOptions;
  log: Logger;
  health: HealthChecks;
  /** The server's metrics (admission, storage objects, watch events, CEL compilation). */
  metrics?: ApiserverMetrics;
}

interface Controller {
  start(): void;
  stop(): void;
}

const NAMESPACES = { group: '', resource: 'namespaces' };

/** The assembled resource API the listener serves. */
export class KubeliteApi {
  readonly registry = new ResourceRegistry();
  readonly caches: WatchCacheSet;
  readonly informers = new InformerFactory();
  readonly router: ResourceRouter;
  readonly discovery: DiscoveryService;
  /** The RBAC objects as the authorizer reads them, fed by the shared informers once the stores exist. */
  readonly rbacPolicy = new PolicyIndex();
  readonly rbacResolver = new RuleResolver(this.rbacPolicy);
  private readonly rbacSynced = new SyncGate();
  /** The authorizer chain of --authorization-mode. */
  readonly authorizer: AuthorizerUnion;
  private readonly controllers: Controller[] = [];
  /** kube-controller-manager's controllers: run on every server, or only on the elected one (leader election). */
  private electedFactory: () => Controller[] = () => [];
  private elected: Controller[] = [];

  private constructor(readonly deps: ApiDeps) {
    this.caches = new WatchCacheSet(deps.storage, { historyEvents: deps.options.watchCacheHistoryEvents });
    const entries = authorizerEntries(deps.options);
    const factories = {
      RBAC: () => new RBACAuthorizer(this.rbacResolver, this.rbacSynced),
      Node: () => new NodeAuthorizer(new RegistryNodeGraph(this.registry)),
    };
    this.authorizer = buildAuthorizerChain(entries, factories, deps.options);
    const configFile = deps.options.authorizationConfigFile;
    if (configFile) {
      const reloader = new AuthorizationConfigReloader(configFile, this.authorizer, entries, factories, deps.options, deps.log);
      this.controllers.push({ start: () => reloader.start(deps.options.authorizationConfigReloadMs ?? 60_000), stop: () => reloader.stop() });
    }
    this.router = new ResourceRouter({ registry: this.registry, options: deps.options, authorizer: this.authorizer });
    this.discovery = new DiscoveryService(() => this.registry.discoveryResources(), { cbor: cborEnabled(deps.options) });
  }

  static async create(deps: ApiDeps): Promise<KubeliteApi> {
    const api = new KubeliteApi(deps);
    const { registry } = api;
    let resources: ResourceInfo[];
    try {
      resources = withMutatingPolicyGate(applyRuntimeConfig(builtinResources(), deps.options.runtimeConfig), deps.options);
    } catch (e) {
      throw new UsageError(`--runtime-config: ${(e as Error).message}`);
    }
    let admission: ReturnType<typeof admissionPluginSelection>;
    try {
      admission = admissionPluginSelection(deps.options);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // How admission sees the scale sub-resource of a built-in kind (its Scale), for webhooks and mutating policies.
    const builtinScale = { toScale: (o: KubeObject) => toScale(o, builtinScaleMapping), setSpecReplicas: (o: KubeObject, n: number) => builtinScaleMapping.setSpecReplicas(o, n) };
    const webhooks = webhookAdmission(registry, (store, changed) => api.informers.for(store).subscribe({ events: changed, resync: changed }), builtinScale);
    api.controllers.push({ start: () => undefined, stop: () => webhooks.stop() });
    const getNamespace = (name: string) => registry.getObjectCachedFirst(NAMESPACES, '', name);
    // ValidatingAdmissionPolicy follows its policies and bindings through the informers once the stores exist.
    const policies = new ValidatingAdmissionPolicyPlugin({ registry, getNamespace, source: new PolicySource(registry, api.informers) });
    const mutatingPolicySource = new PolicySource(registry, api.informers, MUTATING_POLICY_RESOURCES, compileMutatingPolicySpec);
    const mutatingPolicies = mutatingPolicyAdmission(registry, mutatingPolicySource, getNamespace, builtinScale);
    const storeDeps: StoreDeps = {
      storage: deps.storage,
      caches: api.caches,
      metaValidator: objectValidator,
      // kube's default-on plug-ins in kube's order (defaults.md §7.1), those kubelite has so far. NamespaceLifecycle,
      // as kube's plugin: the namespace from the cache (its informer) as it is, a live read only when it is missing
      // there (just created elsewhere). On etcd a consistent read costs an etcd round trip per request.
      admission: new AdmissionChain(admission.select([
        new RbacEscalationCheck({
          authorizer: api.authorizer,
          resolver: api.rbacResolver,
          getRole: (resource, ns, name) => registry.getObject({ group: 'rbac.authorization.k8s.io', resource }, ns, name),
        }),
        new NamespaceLifecycle(getNamespace),
        new NodeRestriction((ns, name) => registry.getObject({ group: '', resource: 'pods' }, ns, name)),
        new Priority({
          get: (name) => registry.getObject(PRIORITY_CLASSES, '', name),
          list: async () => (await registry.storeFor(PRIORITY_CLASSES)?.list(''))?.items ?? [],
        }),
        new DefaultTolerationSeconds(),
        ...defaultAdmissionPlugins(registry, admission),
        mutatingPolicies,
        webhooks.mutating,
        policies,
        webhooks.validating,
      ]), deps.metrics),
    };
    startupPhase('catalog, admission');
    registry.registerAll(builtinStores(resources, storeDeps, deps.options));
    startupPhase('stores');
    void policies.start().catch((e) => deps.log.error({ err: e }, 'admission policies could not be followed'));
    api.controllers.push({ start: () => undefined, stop: () => policies.stop() });
    void mutatingPolicies.start().catch((e) => deps.log.error({ err: e }, 'mutating admission policies could not be followed'));
    api.controllers.push({ start: () => undefined, stop: () => mutatingPolicies.stop() });
    if (deps.metrics) api.controllers.push(new StorageObjectCounter(registry, deps.storage, deps.metrics, deps.options.etcdCountMetricPollPeriodMs));

    const controllers: ControllerContext = { registry, options: deps.options, informers: api.informers };
    const emptyStore = (await deps.storage.currentRevision()) === 0;
    const done = deps.health.addPostStartHook('start-system-namespaces-controller');
    await bootstrapNamespaces(controllers, { emptyStore });
    done();
    startupPhase('system namespaces');
    const feed = new RbacPolicyFeed(controllers, api.rbacPolicy);
    api.controllers.push({ start: () => undefined, stop: () => feed.stop() });
    const rbacDone = deps.health.addPostStartHook('rbac/bootstrap-roles');
    await reconcileDefaultPolicy(controllers, deps.log, { emptyStore });
    rbacDone();
    startupPhase('RBAC bootstrap policy');
    await feed.wait();
    api.rbacSynced.open();
    // admin, edit and view carry their rules from the first request on; the controller then follows changes.
    await new ClusterRoleAggregationController(controllers, deps.log).reconcile();
    startupPhase('RBAC informers, aggregation');
    api.electedFactory = () => [
      new ClusterRoleAggregationController(controllers, deps.log),
      new NamespaceController(controllers, deps.log),
      new GarbageCollector(controllers, deps.log),
      new NamespaceDefaultsController(controllers, deps.caPem, deps.log),
      new EventTTLController(controllers, deps.options.eventTTLMs, deps.log),
      new ResourceQuotaController(controllers, deps.log),
      new ValidatingAdmissionPolicyStatusController(controllers, deps.log),
      // Off by default in kube-controller-manager; --controllers=*,bootstrapsigner,tokencleaner turns them on.
      ...(controllerEnabled(deps.options.controllers, 'bootstrapsigner', false) ? [new BootstrapSigner(controllers, deps.log)] : []),
      ...(controllerEnabled(deps.options.controllers, 'tokencleaner', false) ? [new TokenCleaner(controllers, deps.log)] : []),
    ];
    await installApiExtensions({
      registry,
      router: api.router,
      openapiV3: api.discovery.openapiV3,
      controllers,
      addController: (c) => api.controllers.push(c),
      log: deps.log,
      resolveService: serviceResolver(registry),
      metrics: deps.metrics,
    });
    startupPhase('API extensions');
    return api;
  }

  serveResource(ctx: RequestContext): Promise<boolean> {
    return this.router.serve(ctx);
  }

  serveDiscovery(ctx: RequestContext): Promise<boolean> {
    return this.discovery.serveDiscovery(ctx);
  }

  nonResourceRoutes(): Route[] {
    return [(ctx) => this.discovery.serveNonResource(ctx)];
  }

  listedPaths(health: HealthChecks): string[] {
    const paths = new Set<string>(['/api', '/api/v1', '/apis', '/healthz', '/livez', '/readyz', '/version', '/openapi/v2', '/openapi/v3', '/openapi/v3/']);
    for (const r of this.registry.all()) {
      if (r.group) {
        paths.add(`/apis/${r.group}`);
        paths.add(`/apis/${r.group}/${r.version}`);
      }
    }
    for (const ep of ['healthz', 'livez', 'readyz'] as const) for (const n of health.namesFor(ep)) paths.add(`/${ep}/${n}`);
    return [...paths].sort();
  }

  /** A controller assembled outside the resource API (authentication's): one of kube-apiserver's, on every server. */
  addController(c: Controller): void {
    this.controllers.push(c);
  }

  /** One of kube-controller-manager's controllers assembled outside the resource API: it runs where they run. */
  addElectedController(make: () => Controller): void {
    const previous = this.electedFactory;
    this.electedFactory = () => [...previous(), make()];
  }

  /** What controllers are given. */
  controllerContext(): ControllerContext {
    return { registry: this.registry, options: this.deps.options, informers: this.informers };
  }

  /** Starts this server's controllers, and kube-controller-manager's too unless a leader election decides. */
  startControllers(opts: { elected?: boolean } = {}): void {
    for (const c of this.controllers) c.start();
    if (!opts.elected) this.startElectedControllers();
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
    this.informers.stopAll();
    await this.caches.stopAll();
  }
}

/**
 * One generic store per served built-in version with the resource's strategy. Versions of one group-resource share
 * the store when they share its version (the registry indexes the first by group-resource).
 */
function builtinStores(resources: ResourceInfo[], storeDeps: StoreDeps, options: ServerOptions): ServedResource[] {
  const byGroupResource = new Map<string, GenericStore>();
  return resources.map((def) => {
    const gr = `${def.group}/${def.resource}`;
    let store = byGroupResource.get(gr);
    if (!store || store.def.version !== def.version) store = new GenericStore(def, builtinStrategy(def, { clusterIPs: clusterIPAllocator(options) }), storeDeps);
    if (!byGroupResource.has(gr)) byGroupResource.set(gr, store);
    return { def, store };
  });
}
