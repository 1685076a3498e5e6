// The conversions of the built-in kinds whose versions differ in more than their apiVersion, keyed by the storage
// group-resource. Each names its hub apiVersion (the version whose shape stands for kube's internal type) and, per
// other apiVersion, the functions into and out of the hub. A version without an entry has the hub's shape.
import type { KObject } from '../api/object.js';
import { coreEventToEventsV1, eventsV1ToCoreEvent } from './conversions/events.js';
import { hpaV1ToV2, hpaV2ToV1 } from './conversions/hpa.js';
import * as dra from './conversions/dra.js';

export type Convert = (obj: KObject) => KObject;

export interface KindConversion {
  hub: string;
  versions: Record<string, { toHub: Convert; fromHub: Convert }>;
}

export const KIND_CONVERSIONS: Record<string, KindConversion> = {
  // events.k8s.io/v1 Events are core Events renamed (kube stores both in the core resource)
  '/events': { hub: 'v1', versions: { 'events.k8s.io/v1': { toHub: eventsV1ToCoreEvent, fromHub: coreEventToEventsV1 } } },
  'autoscaling/horizontalpodautoscalers': {
    hub: 'autoscaling/v2',
    versions: { 'autoscaling/v1': { toHub: hpaV1ToV2, fromHub: (o) => hpaV2ToV1(o) } },
  },
  'resource.k8s.io/resourceclaims': {
    hub: 'resource.k8s.io/v1beta2',
    versions: {
      'resource.k8s.io/v1beta1': { toHub: dra.claimToHub, fromHub: dra.claimFromHub },
      'resource.k8s.io/v1alpha3': { toHub: dra.claimToHub, fromHub: dra.claimFromHub },
    },
  },
  'resource.k8s.io/resourceclaimtemplates': {
    hub: 'resource.k8s.io/v1beta2',
    versions: {
      'resource.k8s.io/v1beta1': { toHub: dra.claimTemplateToHub, fromHub: dra.claimTemplateFromHub },
      'resource.k8s.io/v1alpha3': { toHub: dra.claimTemplateToHub, fromHub: dra.claimTemplateFromHub },
    },
  },
  'resource.k8s.io/resourceslices': {
    hub: 'resource.k8s.io/v1beta2',
    versions: {
      'resource.k8s.io/v1beta1': { toHub: dra.sliceToHub, fromHub: dra.sliceFromHub },
      'resource.k8s.io/v1alpha3': { toHub: dra.sliceV1alpha3ToHub, fromHub: dra.sliceV1alpha3FromHub },
    },
  },
};
