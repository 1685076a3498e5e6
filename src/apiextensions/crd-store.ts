// The customresourcedefinitions store: the generic store with the apiextensions strategy, deletion held until
// every custom resource is gone (kube's customresourcecleanup finalizer), and a hook that lets the CRD controller
// act on each write before the client gets its answer, so a created CRD is served as soon as it is Established.
import { GenericStore, type StoreDeps, type UpdateOptions, type WriteOptions } from '../registry/generic-store.js';
import { type KObject, nameOf } from '../api/object.js';
import type { ResourceDef } from '../registry/resource-def.js';
import type { Strategy } from '../registry/strategy.js';
import type { CRD } from './crd-types.js';

export const INSTANCE_DELETION_COMPLETED = 'InstanceDeletionCompleted';

/** Whether the controller already removed every custom resource of a CRD being deleted. */
export function instancesRemoved(crd: CRD): boolean {
  return !!crd.status?.conditions?.some((c) => c.type === 'Terminating' && c.reason === INSTANCE_DELETION_COMPLETED);
}

export class CustomResourceDefinitionStore extends GenericStore {
  /** Called after every successful write (not dry-run); the controller reconciles there. */
  afterWrite: (name: string) => Promise<void> = async () => undefined;

  constructor(def: ResourceDef, strategy: Strategy, deps: StoreDeps) {
    super(def, strategy, deps);
  }

  override async create(namespace: string, input: KObject, opts: WriteOptions): Promise<KObject> {
    const obj = await super.create(namespace, input, opts);
    if (!opts.dryRun) await this.afterWrite(nameOf(obj));
    return obj;
  }

  override async update(
    namespace: string,
    name: string,
    tryUpdate: (current: KObject | undefined) => KObject | Promise<KObject>,
    opts: UpdateOptions & { allowCreate?: boolean },
  ): Promise<{ obj: KObject; created: boolean }> {
    const r = await super.update(namespace, name, tryUpdate, opts);
    if (!opts.dryRun) await this.afterWrite(name);
    return r;
  }

  /** An update that does not call afterWrite (the controller's own writes). */
  updateSilently(namespace: string, name: string, tryUpdate: (current: KObject | undefined) => KObject, opts: UpdateOptions): Promise<{ obj: KObject; created: boolean }> {
    return super.update(namespace, name, tryUpdate, opts);
  }

  /** A CRD being deleted stays until its custom resources are gone. */
  override finalizersDone(obj: KObject): boolean {
    return instancesRemoved(obj as CRD);
  }
}
