// The Protobuf messages of etcd's v3 API that the engine sends on its hot paths (Range, Txn, Watch), encoded and
// decoded directly. The etcd3 library decodes through protobufjs with 64-bit integers as strings (every revision
// of every header, key and event became a Long, then a decimal string, then our Number again) and defaults filled
// in for every absent field; a create's Txn and its watch event spent more CPU there than in the rest of the client.
// Field numbers are those of etcd's rpc.proto and kv.proto (etcd 3.4 and 3.5 alike). Integers are read as JS
// numbers: revisions, counts and versions stay far below 2^53; the ids of clusters and members are skipped.

export interface KeyValue {
  key: Buffer;
  value: Buffer;
  createRevision: number;
  modRevision: number;
  version: number;
}

export interface RangeRequest {
  key: Buffer;
  rangeEnd?: Buffer;
  limit?: number;
  revision?: number;
  keysOnly?: boolean;
  countOnly?: boolean;
}

export interface RangeResponse {
  /** The store's revision when the request was served (header.revision). */
  revision: number;
  kvs: KeyValue[];
  more: boolean;
  count: number;
}

/** A comparison of a key's modification revision (the only target the engine uses). */
export interface ModCompare {
  key: Buffer;
  result: 'Equal' | 'Greater';
  modRevision: number;
}

export type RequestOp =
  | { range: RangeRequest }
  | { put: { key: Buffer; value: Uint8Array } }
  | { deleteRange: { key: Buffer; prevKv?: boolean } };

export interface TxnRequest {
  compare: ModCompare[];
  success: RequestOp[];
  failure: RequestOp[];
}

export interface ResponseOp {
  range?: RangeResponse;
  /** Present (and empty) for a put. */
  put?: object;
  deleteRange?: { deleted: number; prevKvs: KeyValue[] };
}

export interface TxnResponse {
  revision: number;
  succeeded: boolean;
  responses: ResponseOp[];
}

export interface WatchCreateRequest {
  key: Buffer;
  rangeEnd: Buffer;
  startRevision: number;
  progressNotify?: boolean;
  prevKv?: boolean;
}

export interface WatchEvent {
  type: 'Put' | 'Delete';
  kv: KeyValue;
  prevKv?: KeyValue;
}

export interface WatchResponse {
  revision: number;
  created: boolean;
  canceled: boolean;
  compactRevision: number;
  cancelReason: string;
  events: WatchEvent[];
}

// ---- encoding: sizes first, then one buffer written front to back ----

const VARINT = 0;
const LEN = 2;

function varintSize(n: number): number {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

/** Tag and length prefix plus the bytes of a length-delimited field (fields 1–15: one tag byte). */
function lenField(len: number): number {
  return 1 + varintSize(len) + len;
}

function varintField(n: number): number {
  return 1 + varintSize(n);
}

class Writer {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  varint(n: number): void {
    while (n >= 128) {
      this.buf[this.pos++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.buf[this.pos++] = n;
  }

  tag(field: number, wire: number): void {
    this.buf[this.pos++] = (field << 3) | wire;
  }

  uint(field: number, n: number): void {
    this.tag(field, VARINT);
    this.varint(n);
  }

  bool(field: number): void {
    this.tag(field, VARINT);
    this.buf[this.pos++] = 1;
  }

  bytes(field: number, b: Uint8Array): void {
    this.tag(field, LEN);
    this.varint(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  open(field: number, len: number): void {
    this.tag(field, LEN);
    this.varint(len);
  }
}

function rangeSize(r: RangeRequest): number {
  let n = lenField(r.key.length);
  if (r.rangeEnd) n += lenField(r.rangeEnd.length);
  if (r.limit) n += varintField(r.limit);
  if (r.revision) n += varintField(r.revision);
  if (r.keysOnly) n += 2;
  if (r.countOnly) n += 2;
  return n;
}

function writeRange(w: Writer, r: RangeRequest): void {
  w.bytes(1, r.key);
  if (r.rangeEnd) w.bytes(2, r.rangeEnd);
  if (r.limit) w.uint(3, r.limit);
  if (r.revision) w.uint(4, r.revision);
  if (r.keysOnly) w.bool(8);
  if (r.countOnly) w.bool(9);
}

export function encodeRangeRequest(r: RangeRequest): Buffer {
  const w = new Writer(Buffer.allocUnsafe(rangeSize(r)));
  writeRange(w, r);
  return w.buf;
}

// Compare: result (1; EQUAL 0, GREATER 1), target (2; MOD 2), key (3), mod_revision (6, a oneof member: written
// even when 0, as the library did).
function compareSize(c: ModCompare): number {
  return (c.result === 'Equal' ? 0 : 2) + 2 + lenField(c.key.length) + varintField(c.modRevision);
}

function opBodySize(op: RequestOp): number {
  if ('range' in op) return rangeSize(op.range);
  if ('put' in op) return lenField(op.put.key.length) + lenField(op.put.value.length);
  return lenField(op.deleteRange.key.length) + (op.deleteRange.prevKv ? 2 : 0);
}

export function encodeTxnRequest(t: TxnRequest): Buffer {
  let size = 0;
  const compares = t.compare.map(compareSize);
  for (const s of compares) size += lenField(s);
  const ops = (list: RequestOp[]) =>
    list.map((op) => {
      const body = opBodySize(op);
      size += lenField(lenField(body));
      return body;
    });
  const success = ops(t.success);
  const failure = ops(t.failure);
  const w = new Writer(Buffer.allocUnsafe(size));
  t.compare.forEach((c, i) => {
    w.open(1, compares[i]!);
    if (c.result !== 'Equal') w.uint(1, 1);
    w.uint(2, 2);
    w.bytes(3, c.key);
    w.uint(6, c.modRevision);
  });
  const writeOps = (field: number, list: RequestOp[], sizes: number[]) =>
    list.forEach((op, i) => {
      const body = sizes[i]!;
      w.open(field, lenField(body));
      if ('range' in op) {
        w.open(1, body);
        writeRange(w, op.range);
      } else if ('put' in op) {
        w.open(2, body);
        w.bytes(1, op.put.key);
        w.bytes(2, op.put.value);
      } else {
        w.open(3, body);
        w.bytes(1, op.deleteRange.key);
        if (op.deleteRange.prevKv) w.bool(3);
      }
    });
  writeOps(2, t.success, success);
  writeOps(3, t.failure, failure);
  return w.buf;
}

/** A WatchRequest: create a watch, or ask for a progress notification (progress_request, field 3, empty). */
export function encodeWatchRequest(r: { create: WatchCreateRequest } | { progress: true }): Buffer {
  if ('progress' in r) return Buffer.from([(3 << 3) | LEN, 0]);
  const c = r.create;
  const body =
    lenField(c.key.length) + lenField(c.rangeEnd.length) + (c.startRevision ? varintField(c.startRevision) : 0) + (c.progressNotify ? 2 : 0) + (c.prevKv ? 2 : 0);
  const w = new Writer(Buffer.allocUnsafe(lenField(body)));
  w.open(1, body);
  w.bytes(1, c.key);
  w.bytes(2, c.rangeEnd);
  if (c.startRevision) w.uint(3, c.startRevision);
  if (c.progressNotify) w.bool(4);
  if (c.prevKv) w.bool(6);
  return w.buf;
}

// ---- decoding ----

class Reader {
  pos: number;
  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get more(): boolean {
    return this.pos < this.end;
  }

  varint(): number {
    let n = 0;
    let mul = 1;
    for (;;) {
      if (this.pos >= this.end) throw new Error('etcd message truncated');
      const b = this.buf[this.pos++]!;
      n += (b & 127) * mul;
      if (b < 128) return n;
      mul *= 128;
    }
  }

  /** The bounds of a length-delimited field's bytes (the reader moves past them). */
  len(): [number, number] {
    const n = this.varint();
    const start = this.pos;
    this.pos += n;
    if (this.pos > this.end) throw new Error('etcd message truncated');
    return [start, this.pos];
  }

  bytes(): Buffer {
    const [s, e] = this.len();
    return this.buf.subarray(s, e);
  }

  skip(wire: number): void {
    if (wire === VARINT) this.varint();
    else if (wire === LEN) this.len();
    else if (wire === 1) this.pos += 8;
    else if (wire === 5) this.pos += 4;
    else throw new Error(`etcd message: wire type ${wire}`);
  }
}

const EMPTY = Buffer.alloc(0);

/** ResponseHeader: only the revision (3) is read. */
function headerRevision(r: Reader): number {
  const [s, e] = r.len();
  const h = new Reader(r.buf, s, e);
  let rev = 0;
  while (h.more) {
    const tag = h.varint();
    if (tag === ((3 << 3) | VARINT)) rev = h.varint();
    else h.skip(tag & 7);
  }
  return rev;
}

function keyValue(r: Reader): KeyValue {
  const [s, e] = r.len();
  const m = new Reader(r.buf, s, e);
  const kv: KeyValue = { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0, version: 0 };
  while (m.more) {
    const tag = m.varint();
    switch (tag) {
      case (1 << 3) | LEN:
        kv.key = m.bytes();
        break;
      case (2 << 3) | VARINT:
        kv.createRevision = m.varint();
        break;
      case (3 << 3) | VARINT:
        kv.modRevision = m.varint();
        break;
      case (4 << 3) | VARINT:
        kv.version = m.varint();
        break;
      case (5 << 3) | LEN:
        kv.value = m.bytes();
        break;
      default:
        m.skip(tag & 7);
    }
  }
  return kv;
}

function rangeResponse(r: Reader, end: number): RangeResponse {
  const out: RangeResponse = { revision: 0, kvs: [], more: false, count: 0 };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) out.revision = headerRevision(r);
    else if (tag === ((2 << 3) | LEN)) out.kvs.push(keyValue(r));
    else if (tag === ((3 << 3) | VARINT)) out.more = r.varint() !== 0;
    else if (tag === ((4 << 3) | VARINT)) out.count = r.varint();
    else r.skip(tag & 7);
  }
  return out;
}

export function decodeRangeResponse(buf: Buffer): RangeResponse {
  return rangeResponse(new Reader(buf), buf.length);
}

function deleteRangeResponse(r: Reader, end: number): { deleted: number; prevKvs: KeyValue[] } {
  const out = { deleted: 0, prevKvs: [] as KeyValue[] };
  while (r.pos < end) {
    const tag = r.varint();
    if (tag === ((2 << 3) | VARINT)) out.deleted = r.varint();
    else if (tag === ((3 << 3) | LEN)) out.prevKvs.push(keyValue(r));
    else r.skip(tag & 7);
  }
  return out;
}

function responseOp(r: Reader): ResponseOp {
  const [s, e] = r.len();
  const m = new Reader(r.buf, s, e);
  const op: ResponseOp = {};
  while (m.more) {
    const tag = m.varint();
    if ((tag & 7) !== LEN || tag >> 3 > 3) {
      m.skip(tag & 7);
      continue;
    }
    const [bs, be] = m.len();
    const body = new Reader(m.buf, bs, be);
    if (tag >> 3 === 1) op.range = rangeResponse(body, be);
    else if (tag >> 3 === 2) op.put = {};
    else op.deleteRange = deleteRangeResponse(body, be);
  }
  return op;
}

export function decodeTxnResponse(buf: Buffer): TxnResponse {
  const r = new Reader(buf);
  const out: TxnResponse = { revision: 0, succeeded: false, responses: [] };
  while (r.more) {
    const tag = r.varint();
    if (tag === ((1 << 3) | LEN)) out.revision = headerRevision(r);
    else if (tag === ((2 << 3) | VARINT)) out.succeeded = r.varint() !== 0;
    else if (tag === ((3 << 3) | LEN)) out.responses.push(responseOp(r));
    else r.skip(tag & 7);
  }
  return out;
}

function event(r: Reader): WatchEvent {
  const [s, e] = r.len();
  const m = new Reader(r.buf, s, e);
  let type: WatchEvent['type'] = 'Put';
  let kv: KeyValue | undefined;
  let prevKv: KeyValue | undefined;
  while (m.more) {
    const tag = m.varint();
    if (tag === ((1 << 3) | VARINT)) type = m.varint() === 1 ? 'Delete' : 'Put';
    else if (tag === ((2 << 3) | LEN)) kv = keyValue(m);
    else if (tag === ((3 << 3) | LEN)) prevKv = keyValue(m);
    else m.skip(tag & 7);
  }
  return { type, kv: kv ?? { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0, version: 0 }, prevKv };
}

export function decodeWatchResponse(buf: Buffer): WatchResponse {
  const r = new Reader(buf);
  const out: WatchResponse = { revision: 0, created: false, canceled: false, compactRevision: 0, cancelReason: '', events: [] };
  while (r.more) {
    const tag = r.varint();
    switch (tag) {
      case (1 << 3) | LEN:
        out.revision = headerRevision(r);
        break;
      case (3 << 3) | VARINT:
        out.created = r.varint() !== 0;
        break;
      case (4 << 3) | VARINT:
        out.canceled = r.varint() !== 0;
        break;
      case (5 << 3) | VARINT:
        out.compactRevision = r.varint();
        break;
      case (6 << 3) | LEN:
        out.cancelReason = r.bytes().toString('utf8');
        break;
      case (11 << 3) | LEN:
        out.events.push(event(r));
        break;
      default:
        r.skip(tag & 7);
    }
  }
  return out;
}
