// Served versions whose objects are stored in another representation: the store keeps the storage form and the
// endpoint sees its own (kube's conversion between a served version and the storage version).
import { coreEventToEventsV1, eventsV1ToCoreEvent } from './conversion/events.js';
import { hpaV1ToV2, hpaV2ToV1 } from './conversion/hpa.js';
import type { KObject } from '../api/object.js';
import type { ResourceDef } from './resource-def.js';

export interface VersionConverter {
  /** The group and resource whose storage this served version shares. */
  storage: { group: string; resource: string };
  /** Storage form → the served version's form. */
  fromStored(obj: KObject): KObject;
  /** The served version's form → storage form. */
  toStored(obj: KObject): KObject;
}

const CONVERTERS: Record<string, VersionConverter> = {
  'events.k8s.io/v1/events': { storage: { group: '', resource: 'events' }, fromStored: coreEventToEventsV1, toStored: eventsV1ToCoreEvent },
  'autoscaling/v1/horizontalpodautoscalers': {
    storage: { group: 'autoscaling', resource: 'horizontalpodautoscalers' },
    fromStored: (o) => (o.apiVersion === 'autoscaling/v1' ? o : hpaV2ToV1(o)),
    toStored: hpaV1ToV2,
  },
};

export function converterFor(def: Pick<ResourceDef, 'group' | 'version' | 'resource'>): VersionConverter | undefined {
  return CONVERTERS[`${def.group}/${def.version}/${def.resource}`];
}
