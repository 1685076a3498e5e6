// Served versions whose objects are stored in another representation: the store keeps the storage form and the
// endpoint sees its own (kube's conversion between a served version and the storage version).
import { coreEventToEventsV1, eventsV1ToCoreEvent } from '../api/conversion/events.js';
import type { KObject } from './object.js';
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
};

export function converterFor(def: Pick<ResourceDef, 'group' | 'version' | 'resource'>): VersionConverter | undefined {
  return CONVERTERS[`${def.group}/${def.version}/${def.resource}`];
}
