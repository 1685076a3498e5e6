// events.k8s.io/events (Event): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { eventsV1EventPrinter } from '../../../printers/kinds/event.js';
import { EVENT_FIELDS } from '../../../selection/field-sets.js';

export const eventsV1Events: BuiltinResource = {
  group: 'events.k8s.io',
  resource: 'events',
  kind: 'Event',
  allowCreateOnUpdate: true,
  printer: eventsV1EventPrinter,
  // events.k8s.io/v1 shares the core Event storage: its own spellings map onto the core labels, and
  // the core spellings (involvedObject.*) are rejected here.
  fieldSelectors: {
    accepted: {
      reason: 'reason',
      'regarding.kind': 'involvedObject.kind',
      'regarding.namespace': 'involvedObject.namespace',
      'regarding.name': 'involvedObject.name',
      'regarding.uid': 'involvedObject.uid',
      'regarding.apiVersion': 'involvedObject.apiVersion',
      'regarding.resourceVersion': 'involvedObject.resourceVersion',
      'regarding.fieldPath': 'involvedObject.fieldPath',
      reportingController: 'reportingComponent',
      source: 'source',
      type: 'type',
      'metadata.namespace': 'metadata.namespace',
      'metadata.name': 'metadata.name',
    },
    fields: EVENT_FIELDS,
    namespaced: true,
  },
};
