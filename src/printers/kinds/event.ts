// Events, for core/v1 and events.k8s.io/v1 alike: kube prints both from the same internal Event, so
// the events.k8s.io field names (regarding, note, deprecated*) are read as their core counterparts.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { timeField } from '../../golang/time.js';
import { column, nameColumn, type Printer } from '../printer.js';
import { int, isSet, obj, str } from './fields.js';

/** The fields the printer reads, under their core/v1 names. */
interface EventView {
  involvedObject: KObject;
  source: KObject;
  reportingController: string;
  reportingInstance: string;
  firstTimestamp: unknown;
  lastTimestamp: unknown;
  eventTime: unknown;
  series: KObject | null;
  count: number;
  type: string;
  reason: string;
  message: string;
}

function coreView(e: KObject): EventView {
  return {
    involvedObject: obj(e.involvedObject),
    source: obj(e.source),
    reportingController: str(e.reportingComponent),
    reportingInstance: str(e.reportingInstance),
    firstTimestamp: e.firstTimestamp,
    lastTimestamp: e.lastTimestamp,
    eventTime: e.eventTime,
    series: isSet(e.series) ? obj(e.series) : null,
    count: int(e.count),
    type: str(e.type),
    reason: str(e.reason),
    message: str(e.message),
  };
}

function eventsV1View(e: KObject): EventView {
  return {
    involvedObject: obj(e.regarding),
    source: obj(e.deprecatedSource),
    reportingController: str(e.reportingController),
    reportingInstance: str(e.reportingInstance),
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    eventTime: e.eventTime,
    series: isSet(e.series) ? obj(e.series) : null,
    count: int(e.deprecatedCount),
    type: str(e.type),
    reason: str(e.reason),
    message: str(e.note),
  };
}

function eventRow(e: KObject, view: EventView, now: number) {
  const first = timeField(view.firstTimestamp) === null ? since(view.eventTime, now) : since(view.firstTimestamp, now);
  let last = timeField(view.lastTimestamp) === null ? first : since(view.lastTimestamp, now);
  let count = view.count;
  if (view.series) {
    last = since(view.series.lastObservedTime, now);
    count = int(view.series.count);
  } else if (count === 0) {
    // Singleton events of the new API carry no count.
    count = 1;
  }
  const kind = str(view.involvedObject.kind).toLowerCase();
  const name = str(view.involvedObject.name);
  const component = str(view.source.component) || view.reportingController;
  const instance = str(view.source.host) || view.reportingInstance;
  return {
    cells: [
      last,
      view.type,
      view.reason,
      name ? `${kind}/${name}` : kind,
      str(view.involvedObject.fieldPath),
      instance ? `${component}, ${instance}` : component,
      view.message.trim(),
      first,
      count,
      str(e.metadata?.name),
    ],
  };
}

const columns = [
  column('Last Seen', 'string', 'Time since the event was last observed'),
  column('Type', 'string', 'Type of the event (Normal, Warning)'),
  column('Reason', 'string', 'Short machine-readable reason of the event'),
  column('Object', 'string', 'Object the event is about'),
  column('Subobject', 'string', 'Part of the object the event is about', { priority: 1 }),
  column('Source', 'string', 'Component and host that reported the event', { priority: 1 }),
  column('Message', 'string', 'Human-readable description of the event'),
  column('First Seen', 'string', 'Time since the event was first observed', { priority: 1 }),
  column('Count', 'string', 'Number of times the event occurred', { priority: 1 }),
  { ...nameColumn(), priority: 1 },
];

export const coreEventPrinter: Printer = { columns, row: (e, now) => eventRow(e, coreView(e), now) };
export const eventsV1EventPrinter: Printer = { columns, row: (e, now) => eventRow(e, eventsV1View(e), now) };
