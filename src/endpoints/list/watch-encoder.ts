// Encodes the objects of watch events in the negotiated representation: the object itself (JSON) or
// PartialObjectMetadata, whose bytes are computed once per object version and shared by every watcher through the
// cache entry, or a one-row Table per event (column definitions only in the first encoded event, as kube's
// watchEmbeddedEncoder switches to noHeaders after its first object).
import type { KObject } from '../../api/object.js';
import type { CacheEvent } from '../../storage/cacher/cache-entry.js';
import type { Representation } from '../negotiation/negotiate.js';
import type { ResourceScope } from '../resource-scope.js';
import { apiVersionOf } from '../../registry/resource-def.js';
import { customColumnsOf, presentationKey, presentObject } from './present.js';
import { cborItemEncoder, jsonItemEncoder, type ItemEncoder } from './encode-items.js';
import { CBOR_SEQUENCE_MEDIA_TYPE, encodeItem, watchEvent } from '../negotiation/cbor-wire.js';
import { objectOf, serializedOf } from './entry-object.js';
import { loadProtobufWire } from '../serializers/protobuf.js';
import { leftObject, type WatchEventType, type WatchItem } from './watch-events.js';

export interface WatchEncoder {
  /** The stream's Content-Type. */
  contentType: string;
  /** The whole framed event of a translated cache event (shared bytes where the representation allows). */
  event(it: WatchItem): Buffer;
  /** A framed event around an object built for this watcher (a bookmark, already in its wire form). */
  objectEvent(type: WatchEventType, obj: KObject): Buffer;
  /** An ERROR event around a Status, when not newline-delimited JSON. */
  errorEvent?(status: object): Buffer;
  /**
   * Set when event() gives every watcher of the same key the same bytes for an event (no per-watcher state, unlike
   * Table's headers): watchers without a selector then share one encoded chunk per batch.
   */
  shareKey?: string;
}

const leftFrames = new WeakMap<CacheEvent, Map<string, Buffer>>();

// Frames are cached next to the object bytes: every watcher of one group-version and representation writes the very
// same buffer for one event.
interface FrameFormat {
  contentType: string;
  /** A frame around an item's shared bytes. */
  frameOf(type: WatchEventType, item: Buffer): Buffer;
  /** A frame around an object built for one watcher (bookmark, ERROR Status). */
  objectFrame(type: WatchEventType, obj: KObject): Buffer;
}

const JSON_FRAMES = (bookmark: (obj: KObject) => Buffer): FrameFormat => ({
  contentType: 'application/json',
  frameOf: frame,
  objectFrame: (type, obj) => frame(type, bookmark(obj)),
});

function sharedEncoder(items: ItemEncoder, { contentType, frameOf, objectFrame }: FrameFormat, errorEvent?: (status: object) => Buffer): WatchEncoder {
  // The frame's cache key per event type, built once (not once per event and watcher).
  const keys: Record<string, string> = { ADDED: `${items.key}|ADDED`, MODIFIED: `${items.key}|MODIFIED`, DELETED: `${items.key}|DELETED` };
  return {
    contentType,
    errorEvent,
    shareKey: items.key,
    event(it) {
      if ('entry' in it) {
        const cache = it.entry.cache;
        const key = keys[it.type]!;
        let buf = cache.get(key);
        if (!buf) cache.set(key, (buf = frameOf(it.type, items.of(it.entry))));
        return buf;
      }
      let m = leftFrames.get(it.left);
      if (!m) leftFrames.set(it.left, (m = new Map()));
      let buf = m.get(items.key);
      if (!buf) m.set(items.key, (buf = frameOf('DELETED', items.encode(leftObject(it.left)))));
      return buf;
    },
    objectEvent: objectFrame,
  };
}

type TableModule = typeof import('../table/table.js');
type PomModule = typeof import('../table/partial-object-metadata.js');

/** Builds the encoder for a watch; throws (before the stream starts) on bad Table options such as includeObject. */
export async function watchEncoderFor(scope: ResourceScope, rep: Representation): Promise<WatchEncoder> {
  if (rep.format === 'protobuf') return protobufEncoder(scope, rep as Exclude<Representation, { as: 'Table' }>);
  if (rep.format === 'cbor') return cborEncoder(scope, rep as Exclude<Representation, { as: 'Table' }>);
  if (rep.as === 'object') return sharedEncoder(jsonItemEncoder(scope), JSON_FRAMES((obj) => Buffer.from(JSON.stringify(obj))));
  const metaApiVersion = `meta.k8s.io/${rep.version}` as const;
  if (rep.as === 'Table') {
    const table: TableModule = await import('../table/table.js');
    const includeObject = table.parseIncludeObject(scope.ctx.query.get('includeObject'));
    let first = true;
    const encode = (obj: KObject, bookmark = false): Buffer => {
      const presented = bookmark ? obj : presentObject(scope, obj);
      const t = table.buildTable({
        group: scope.def.group,
        resource: scope.def.resource,
        objects: [presented],
        tableApiVersion: metaApiVersion,
        includeObject,
        listMeta: { resourceVersion: presented.metadata?.resourceVersion },
        noHeaders: !first,
        customColumns: customColumnsOf(scope),
        apiVersion: apiVersionOf(scope.def),
        kind: scope.def.kind,
      });
      first = false;
      return Buffer.from(JSON.stringify(t));
    };
    return {
      contentType: 'application/json',
      event: (it) => frame(it.type, encode('entry' in it ? objectOf(it.entry) : leftObject(it.left))),
      objectEvent: (type, obj) => frame(type, encode(obj, true)),
    };
  }
  const pom: PomModule = await import('../table/partial-object-metadata.js');
  const key = presentationKey(scope, `pom-${rep.version}`);
  const encode = (obj: KObject) => Buffer.from(JSON.stringify(pom.toPartialObjectMetadata(obj, metaApiVersion)));
  return sharedEncoder({ key, encode, of: (entry) => serializedOf(entry, key, encode) }, JSON_FRAMES(encode));
}

/**
 * Protobuf watches (`;stream=watch`): each event a length-prefixed WatchEvent whose RawExtension holds the object's
 * envelope; the object's message bytes are the ones lists share, the frame is cached per event as for JSON.
 */
async function protobufEncoder(scope: ResourceScope, rep: Exclude<Representation, { as: 'Table' }>): Promise<WatchEncoder> {
  const wire = await loadProtobufWire();
  const metaApiVersion = rep.as === 'object' ? '' : `meta.k8s.io/${rep.version}`;
  const present = async (): Promise<(obj: KObject) => KObject> => {
    if (rep.as === 'object') return (obj) => presentObject(scope, obj);
    const pom: PomModule = await import('../table/partial-object-metadata.js');
    return (obj) => pom.toPartialObjectMetadata(presentObject(scope, obj), metaApiVersion);
  };
  const toWire = await present();
  const [apiVersion, kind] = rep.as === 'object' ? [apiVersionOf(scope.def), scope.def.kind] : [metaApiVersion, 'PartialObjectMetadata'];
  const key = presentationKey(scope, rep.as === 'object' ? 'protobuf' : `protobuf-pom-${rep.version}`);
  const encode = (obj: KObject) => wire.encodeMessage(toWire(obj) as never);
  return sharedEncoder(
    { key, encode, of: (entry) => serializedOf(entry, key, encode) },
    {
      contentType: wire.PROTOBUF_WATCH_MEDIA_TYPE,
      frameOf: (type, item) => wire.watchFrame(type, wire.envelope(apiVersion, kind, item)),
      // Bookmarks carry the watched kind (or PartialObjectMetadata) themselves.
      objectFrame: (type, obj) => wire.watchFrame(type, wire.encodeObject((rep.as === 'object' ? obj : toWire(obj)) as never)),
    },
    (status) => wire.watchFrame('ERROR', wire.encodeObject(status as never)),
  );
}

/**
 * CBOR watches: an application/cbor-seq stream (kube answers a watch that accepts application/cbor with it), each
 * event a self-described WatchEvent embedding the object's self-described data item; items shared with lists.
 */
async function cborEncoder(scope: ResourceScope, rep: Exclude<Representation, { as: 'Table' }>): Promise<WatchEncoder> {
  let items: ItemEncoder;
  if (rep.as === 'object') {
    items = cborItemEncoder(scope);
  } else {
    const pom: PomModule = await import('../table/partial-object-metadata.js');
    const metaApiVersion = `meta.k8s.io/${rep.version}`;
    const key = presentationKey(scope, `cbor-pom-${rep.version}`);
    const encode = (obj: KObject) => encodeItem(pom.toPartialObjectMetadata(presentObject(scope, obj), metaApiVersion));
    items = { key, encode, of: (entry) => serializedOf(entry, key, encode) };
  }
  return sharedEncoder(
    items,
    {
      contentType: CBOR_SEQUENCE_MEDIA_TYPE,
      frameOf: (type, item) => watchEvent(type, item),
      objectFrame: (type, obj) => watchEvent(type, encodeItem(obj)),
    },
    (status) => watchEvent('ERROR', encodeItem(status)),
  );
}

const FRAME_HEAD: Record<WatchEventType, Buffer> = {
  ADDED: Buffer.from('{"type":"ADDED","object":'),
  MODIFIED: Buffer.from('{"type":"MODIFIED","object":'),
  DELETED: Buffer.from('{"type":"DELETED","object":'),
  BOOKMARK: Buffer.from('{"type":"BOOKMARK","object":'),
  ERROR: Buffer.from('{"type":"ERROR","object":'),
};
const FRAME_TAIL = Buffer.from('}\n');

/** One newline-delimited JSON watch event. */
export function frame(type: WatchEventType, object: Buffer): Buffer {
  return Buffer.concat([FRAME_HEAD[type], object, FRAME_TAIL]);
}
