// The policies and bindings admission sees (kube's policy source): two collections followed through the shared
// informers, so a write takes effect as soon as the watch cache has it, and each policy compiled once per
// generation (kept while its uid and generation stay the same).
import type { KubeObject } from '../api/object.js';
import type { BindingSpec, PolicyHook, PolicyHookSource } from '../admission/policy/validating-admission-policy.js';
import { compilePolicy, type CompiledPolicy, type PolicySpec } from '../cel/admission-policy.js';
import type { GenericStore } from '../registry/generic-store.js';
import type { ResourceRegistry } from '../registry/resource-registry.js';
import { decodeStored } from '../registry/stored-codec.js';
import type { CacheEvent } from '../storage/cacher/cache-entry.js';
import type { InformerFactory, SharedInformer } from './informer.js';

/** A collection of cluster-scoped objects by name, kept in step with the resource's informer. */
export class FollowedCollection {
  readonly objects = new Map<string, KubeObject>();
  /** Bumped on every change (consumers rebuild what they derive from the collection). */
  version = 0;
  private unsubscribe?: () => void;
  private ready?: Promise<void>;

  constructor(private readonly store: GenericStore, private readonly informer: SharedInformer) {}

  start(): Promise<void> {
    this.ready ??= this.follow();
    return this.ready;
  }

  stop(): void {
    this.unsubscribe?.();
  }

  private async follow(): Promise<void> {
    let held: CacheEvent[] | undefined = [];
    let listedAt = 0;
    const apply = (batch: CacheEvent[]) => {
      for (const e of batch) {
        if (e.rev <= listedAt) continue;
        const obj = (e.entry.decoded ??= decodeStored(e.entry.toKV())) as KubeObject;
        const name = obj.metadata?.name ?? '';
        if (e.type === 'put') this.objects.set(name, obj);
        else this.objects.delete(name);
      }
      this.version++;
    };
    const reload = async () => {
      const page = await this.store.list('');
      listedAt = page.rev;
      this.objects.clear();
      for (const o of page.items) this.objects.set(o.metadata?.name ?? '', o);
      this.version++;
    };
    await this.informer.start();
    this.unsubscribe = this.informer.subscribe({
      events: (batch) => (held ? held.push(...batch) : apply(batch)),
      resync: () => void reload().catch(() => undefined),
    });
    await reload();
    const pending = held;
    held = undefined;
    apply(pending);
  }
}

const GROUP = 'admissionregistration.k8s.io';

/** Policies with their bindings, in policy-name order; recomputed only when either collection changed. */
export class PolicySource<C = CompiledPolicy> implements PolicyHookSource<C> {
  private policies?: FollowedCollection;
  private bindings?: FollowedCollection;
  private readonly compiled = new Map<string, { key: string; compiled: C }>();
  private hooksCache: PolicyHook<C>[] = [];
  private seen = '';
  private started?: Promise<void>;

  constructor(
    private readonly registry: ResourceRegistry,
    private readonly informers: InformerFactory,
    private readonly resources: { policies: string; bindings: string } = { policies: 'validatingadmissionpolicies', bindings: 'validatingadmissionpolicybindings' },
    private readonly compileSpec: (spec: unknown) => C = (spec) => compilePolicy(spec as PolicySpec) as C,
  ) {}

  /** Starts following (once the stores are registered); resolves when both collections are listed. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const ps = this.registry.storeFor({ group: GROUP, resource: this.resources.policies });
      const bs = this.registry.storeFor({ group: GROUP, resource: this.resources.bindings });
      if (!ps || !bs) return; // the API is not served: nothing to enforce
      this.policies = new FollowedCollection(ps, this.informers.for(ps));
      this.bindings = new FollowedCollection(bs, this.informers.for(bs));
      await Promise.all([this.policies.start(), this.bindings.start()]);
    })();
    return this.started;
  }

  stop(): void {
    this.policies?.stop();
    this.bindings?.stop();
  }

  /** The current hooks: every policy that has bindings. */
  hooks(): PolicyHook<C>[] {
    if (!this.policies || !this.bindings) return [];
    const stamp = `${this.policies.version}/${this.bindings.version}`;
    if (stamp === this.seen) return this.hooksCache;
    const byPolicy = new Map<string, PolicyHook['bindings']>();
    for (const b of [...this.bindings.objects.values()].sort(byName)) {
      const name = (b.spec as BindingSpec | undefined)?.policyName ?? '';
      byPolicy.set(name, [...(byPolicy.get(name) ?? []), b]);
    }
    const hooks: PolicyHook<C>[] = [];
    const live = new Set<string>();
    for (const [name, bindings] of [...byPolicy].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const policy = this.policies.objects.get(name);
      if (!policy) continue; // bindings of a policy that does not exist (yet) are skipped
      live.add(name);
      hooks.push({ policy, bindings, compiled: this.compile(policy) });
    }
    for (const name of this.compiled.keys()) if (!live.has(name)) this.compiled.delete(name);
    this.hooksCache = hooks;
    this.seen = stamp;
    return hooks;
  }

  /** Every policy object, for the type-checking controller. */
  allPolicies(): KubeObject[] {
    return this.policies ? [...this.policies.objects.values()] : [];
  }

  /** A policy's compiled form, reused while its uid and generation are unchanged. */
  compile(policy: KubeObject): C {
    const name = policy.metadata?.name ?? '';
    const key = `${policy.metadata?.uid ?? ''}/${policy.metadata?.generation ?? ''}`;
    const hit = this.compiled.get(name);
    if (hit && hit.key === key) return hit.compiled;
    const compiled = this.compileSpec(policy.spec ?? {});
    this.compiled.set(name, { key, compiled });
    return compiled;
  }
}

const byName = (a: KubeObject, b: KubeObject) => {
  const x = a.metadata?.name ?? '';
  const y = b.metadata?.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};
