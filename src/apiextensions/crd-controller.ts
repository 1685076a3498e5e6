// The in-process CRD controller (kube's naming, establishing and finalizer controllers in one): accepts names,
// serves every served version of an accepted CRD and then marks it Established, and on deletion removes every
// custom resource before letting the CRD go.
import type { Logger } from 'pino';
import { ResyncLoop } from '../controllers/resync-loop.js';
import type { ControllerContext } from '../controllers/controller-context.js';
import { deleteObject } from '../registry/delete.js';
import type { StoreDeps } from '../registry/generic-store.js';
import { jsonEqual, nowRFC3339, type KObject, meta, nameOf, namespaceOf } from '../api/object.js';
import { crResourceInfo } from './cr-resource-info.js';
import { CustomResourceStore } from './cr-store.js';
import { setCustomResourceDetails } from './custom-resource-details.js';
import { customResourceView } from './cr-view.js';
import { customResourceVersion } from './cr-strategy.js';
import { decideNames } from './crd-names.js';
import { INSTANCE_DELETION_COMPLETED, type CustomResourceDefinitionStore } from './crd-store.js';
import { CLEANUP_FINALIZER, type CRD, type CRDCondition } from './crd-types.js';

interface Registration {
  fingerprint: string;
  group: string;
  resource: string;
  versions: string[];
  stores: CustomResourceStore[];
  crd: CRD;
}

function setCondition(conds: CRDCondition[], c: Omit<CRDCondition, 'lastTransitionTime'>): CRDCondition[] {
  const out = conds.map((x) => ({ ...x }));
  const i = out.findIndex((x) => x.type === c.type);
  const prev = i >= 0 ? out[i] : undefined;
  const lastTransitionTime = prev && prev.status === c.status ? prev.lastTransitionTime : nowRFC3339();
  const next: CRDCondition = { type: c.type, status: c.status, lastTransitionTime, reason: c.reason, message: c.message };
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}

export class CRDController {
  private readonly registrations = new Map<string, Registration>();
  private readonly loop: ResyncLoop;
  private chain: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly cc: ControllerContext,
    private readonly store: CustomResourceDefinitionStore,
    private readonly storeDeps: StoreDeps,
    private readonly log: Logger,
  ) {
    this.loop = new ResyncLoop('crd', cc.informers.for(store), () => this.run(), log, 250);
    store.afterWrite = async () => {
      await this.run();
    };
  }

  start(): void {
    void this.loop.start();
  }

  stop(): void {
    this.loop.stop();
  }

  /** The registration (CRD and stores) serving a group/resource, if any. */
  registrationFor(group: string, resource: string): { crd: CRD; stores: CustomResourceStore[] } | undefined {
    for (const r of this.registrations.values()) if (r.group === group && r.resource === resource) return r;
    return undefined;
  }

  /** One reconcile pass at a time; resolves when the pass that includes the latest state is done. */
  run(): Promise<boolean> {
    this.chain = this.chain.then(
      () => this.reconcileAll(),
      () => this.reconcileAll(),
    );
    return this.chain;
  }

  private async reconcileAll(): Promise<boolean> {
    const crds = (await this.store.list('')).items as CRD[];
    for (const name of [...this.registrations.keys()]) if (!crds.some((c) => nameOf(c) === name)) this.unregister(name);
    let pending = false;
    for (const crd of crds) {
      try {
        if (await this.reconcile(crd, crds)) pending = true;
      } catch (err) {
        this.log.warn({ err, crd: nameOf(crd) }, 'CRD reconcile failed');
        pending = true;
      }
    }
    return pending;
  }

  private async reconcile(crd: CRD, all: CRD[]): Promise<boolean> {
    if (meta(crd).deletionTimestamp) return this.finalize(crd);
    const { accepted, condition } = decideNames(crd, all);
    let conditions = setCondition(crd.status?.conditions ?? [], condition);
    const namesOK = condition.status === 'True';
    const established = conditions.find((c) => c.type === 'Established');
    if (namesOK) {
      const next: CRD = { ...crd, status: { ...crd.status, acceptedNames: accepted } };
      this.register(next);
      if (established?.status !== 'True') {
        conditions = setCondition(conditions, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' });
      }
    } else if (!established) {
      conditions = setCondition(conditions, { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' });
    }
    const status = { ...(crd.status ?? {}), conditions, acceptedNames: accepted, storedVersions: crd.status?.storedVersions ?? [] };
    if (!jsonEqual(status, crd.status)) {
      await this.store.mutate('', nameOf(crd)!, (cur) => {
        if (meta(cur).uid !== meta(crd).uid) return undefined;
        cur.status = { ...cur.status, conditions: status.conditions, acceptedNames: status.acceptedNames };
        return cur;
      });
    }
    return false;
  }

  /** Serves the CRD's served versions (again when its spec or accepted names changed). */
  private register(crd: CRD): void {
    const name = nameOf(crd)!;
    const fingerprint = JSON.stringify([meta(crd).uid, crd.spec, crd.status?.acceptedNames]);
    const prev = this.registrations.get(name);
    if (prev?.fingerprint === fingerprint) return;
    const served = crd.spec.versions.filter((v) => v.served);
    const defs = served.map((v) => crResourceInfo(crd, v));
    if (prev) {
      for (const v of prev.versions) {
        const still = defs.some((d) => d.version === v && d.group === prev.group && d.resource === prev.resource);
        if (!still) this.cc.registry.unregister({ group: prev.group, version: v, resource: prev.resource });
      }
    }
    const stores: CustomResourceStore[] = [];
    served.forEach((v, i) => {
      const def = defs[i]!;
      const store = new CustomResourceStore(def, customResourceVersion(crd, v), this.storeDeps);
      stores.push(store);
      setCustomResourceDetails(def, crd, v);
      this.cc.registry.register({ def, store, view: customResourceView(def, store) }, { primary: !!v.storage });
    });
    const first = defs[0];
    this.registrations.set(name, {
      fingerprint,
      group: crd.spec.group,
      resource: first?.resource ?? crd.status?.acceptedNames?.plural ?? '',
      versions: defs.map((d) => d.version),
      stores,
      crd,
    });
  }

  private unregister(name: string): void {
    const r = this.registrations.get(name);
    if (!r) return;
    for (const v of r.versions) this.cc.registry.unregister({ group: r.group, version: v, resource: r.resource });
    this.registrations.delete(name);
  }

  /** Deletion: Terminating, every custom resource deleted, then the cleanup finalizer dropped. */
  private async finalize(crd: CRD): Promise<boolean> {
    const name = nameOf(crd)!;
    const finalizers = meta(crd).finalizers ?? [];
    const hasFinalizer = finalizers.includes(CLEANUP_FINALIZER);
    const terminating = crd.status?.conditions?.find((c) => c.type === 'Terminating');
    if (terminating?.reason === INSTANCE_DELETION_COMPLETED) {
      if (!hasFinalizer) return false;
    } else {
      if (!hasFinalizer || terminating?.status !== 'True') {
        await this.store.mutate('', name, (cur) => {
          const md = cur.metadata as KObject;
          if (!(md.finalizers ?? []).includes(CLEANUP_FINALIZER)) md.finalizers = [...(md.finalizers ?? []), CLEANUP_FINALIZER];
          cur.status = { ...cur.status, conditions: setCondition(cur.status?.conditions ?? [], { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' }) };
          return cur;
        });
      }
      const remaining = await this.deleteInstances(crd);
      if (remaining) return true;
      this.unregister(name);
      await this.store.mutate('', name, (cur) => {
        cur.status = { ...cur.status, conditions: setCondition(cur.status?.conditions ?? [], { type: 'Terminating', status: 'True', reason: INSTANCE_DELETION_COMPLETED, message: 'removed all instances' }) };
        return cur;
      });
    }
    // Dropping the finalizer deletes the CRD once no other finalizer is left.
    await this.store.updateSilently(
      '',
      name,
      (cur) => {
        if (!cur) return cur as unknown as KObject;
        const md = meta(cur);
        const finalizers = (md.finalizers ?? []).filter((f: string) => f !== CLEANUP_FINALIZER);
        if (finalizers.length) md.finalizers = finalizers;
        else delete md.finalizers;
        return cur;
      },
      { dryRun: false, warnings: [], subresource: '' },
    );
    return false;
  }

  /** Deletes every custom resource of the CRD; returns how many are still there (pending finalizers). */
  private async deleteInstances(crd: CRD): Promise<number> {
    const reg = this.registrations.get(nameOf(crd)!);
    let store = reg?.stores[0];
    if (!store) {
      const v = crd.spec.versions.find((x) => x.storage) ?? crd.spec.versions[0];
      if (!v || !crd.status?.acceptedNames?.plural) return 0;
      store = new CustomResourceStore(crResourceInfo(crd, v), customResourceVersion(crd, v), this.storeDeps);
    }
    const items = (await store.list('')).items;
    let remaining = 0;
    for (const item of items) {
      try {
        const r = await deleteObject(store, namespaceOf(item), nameOf(item), { dryRun: false });
        if (!r.deleted) remaining++;
      } catch (e) {
        if ((e as { reason?: string }).reason !== 'NotFound') throw e;
      }
    }
    return remaining;
  }
}
