// core/events (Event): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { coreEventPrinter } from '../../../printers/kinds/event.js';
import { EVENT_FIELDS, same } from '../../../selection/field-sets.js';

export const events: BuiltinResource = {
  group: '',
  resource: 'events',
  kind: 'Event',
  allowCreateOnUpdate: true,
  printer: coreEventPrinter,
  fieldSelectors: {
    accepted: same(...Object.keys(EVENT_FIELDS), 'metadata.namespace', 'metadata.name'),
    fields: EVENT_FIELDS,
    namespaced: true,
  },
};
