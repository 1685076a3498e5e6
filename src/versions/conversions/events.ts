// events.k8s.io/v1 Event ⇄ core/v1 Event. kube-apiserver stores both APIs' Events in one place (as core Events)
// and converts between the field names (apiserver.md §11): regarding ↔ involvedObject, note ↔ message,
// reportingController ↔ reportingComponent, deprecatedSource ↔ source, deprecatedFirstTimestamp ↔ firstTimestamp,
// deprecatedLastTimestamp ↔ lastTimestamp, deprecatedCount ↔ count. Everything else keeps its name.
import type { KObject } from '../../api/object.js';

const EVENTS_V1_TO_CORE: Record<string, string> = {
  regarding: 'involvedObject',
  note: 'message',
  reportingController: 'reportingComponent',
  deprecatedSource: 'source',
  deprecatedFirstTimestamp: 'firstTimestamp',
  deprecatedLastTimestamp: 'lastTimestamp',
  deprecatedCount: 'count',
};
const CORE_TO_EVENTS_V1: Record<string, string> = Object.fromEntries(Object.entries(EVENTS_V1_TO_CORE).map(([a, b]) => [b, a]));

function rename(obj: KObject, names: Record<string, string>, apiVersion: string): KObject {
  const out: KObject = { kind: 'Event', apiVersion };
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'kind' || k === 'apiVersion') continue;
    out[names[k] ?? k] = v;
  }
  return out;
}

/** A core/v1 Event as events.k8s.io/v1 presents it. */
export function coreEventToEventsV1(obj: KObject): KObject {
  return rename(obj, CORE_TO_EVENTS_V1, 'events.k8s.io/v1');
}

/** An events.k8s.io/v1 Event in the core/v1 form it is stored in. */
export function eventsV1ToCoreEvent(obj: KObject): KObject {
  return rename(obj, EVENTS_V1_TO_CORE, 'v1');
}
