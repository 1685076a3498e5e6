import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import {
  decodeRangeResponse,
  decodeTxnResponse,
  decodeWatchResponse,
  encodeRangeRequest,
  encodeTxnRequest,
  encodeWatchRequest,
} from './etcd-wire.js';

// etcd's own message definitions, as the etcd3 library ships them: the reference for every byte here.
const require = createRequire(import.meta.url);
const root = protobuf.loadSync(require.resolve('etcd3/proto/rpc.proto'));
const type = (name: string) => root.lookupType(name);
const plain = (name: string, buf: Buffer) => type(name).toObject(type(name).decode(buf), { longs: Number, enums: String, bytes: String, oneofs: true });
const encode = (name: string, obj: object) => Buffer.from(type(name).encode(type(name).fromObject(obj)).finish());
const b64 = (s: string) => Buffer.from(s).toString('base64');

test('a create Txn reads in etcd’s schema as a conditional put with a range on failure', () => {
  const key = Buffer.from('/registry/configmaps/ns/a');
  const value = Buffer.alloc(300, 'v');
  const msg = plain('etcdserverpb.TxnRequest', encodeTxnRequest({ compare: [{ key, result: 'Equal', modRevision: 0 }], success: [{ put: { key, value } }], failure: [{ range: { key } }] }));
  assert.deepEqual(msg, {
    compare: [{ target: 'Mod', key: b64('/registry/configmaps/ns/a'), modRevision: 0, targetUnion: 'modRevision' }],
    success: [{ requestPut: { key: b64('/registry/configmaps/ns/a'), value: value.toString('base64') }, request: 'requestPut' }],
    failure: [{ requestRange: { key: b64('/registry/configmaps/ns/a') }, request: 'requestRange' }],
  });
});

test('an update Txn and a delete Txn carry their revisions, keys-only range and prev_kv flag', () => {
  const key = Buffer.from('k');
  const update = plain('etcdserverpb.TxnRequest', encodeTxnRequest({ compare: [{ key, result: 'Equal', modRevision: 300_000_000_123 }], success: [{ put: { key, value: Buffer.from('v') } }, { range: { key, keysOnly: true } }], failure: [] }));
  assert.equal(update.compare[0].modRevision, 300_000_000_123);
  assert.deepEqual(update.success[1].requestRange, { key: b64('k'), keysOnly: true });
  const del = plain('etcdserverpb.TxnRequest', encodeTxnRequest({ compare: [{ key, result: 'Greater', modRevision: 0 }], success: [{ deleteRange: { key, prevKv: true } }], failure: [{ range: { key } }] }));
  assert.deepEqual(del.compare[0], { result: 'Greater', target: 'Mod', key: b64('k'), modRevision: 0, targetUnion: 'modRevision' });
  assert.deepEqual(del.success[0].requestDeleteRange, { key: b64('k'), prevKv: true });
});

test('range and watch requests read in etcd’s schema as built', () => {
  assert.deepEqual(plain('etcdserverpb.RangeRequest', encodeRangeRequest({ key: Buffer.from('/a'), rangeEnd: Buffer.from('/b'), limit: 500, revision: 77 })), {
    key: b64('/a'),
    rangeEnd: b64('/b'),
    limit: 500,
    revision: 77,
  });
  assert.deepEqual(plain('etcdserverpb.RangeRequest', encodeRangeRequest({ key: Buffer.from('/'), countOnly: true })), { key: b64('/'), countOnly: true });
  const all = Buffer.from([0]);
  assert.deepEqual(plain('etcdserverpb.WatchRequest', encodeWatchRequest({ create: { key: all, rangeEnd: all, startRevision: 1234, prevKv: true, progressNotify: true } })), {
    createRequest: { key: 'AA==', rangeEnd: 'AA==', startRevision: 1234, progressNotify: true, prevKv: true },
    requestUnion: 'createRequest',
  });
  assert.deepEqual(plain('etcdserverpb.WatchRequest', encodeWatchRequest({ progress: true })), { progressRequest: {}, requestUnion: 'progressRequest' });
});

const header = { clusterId: '14841639068965178418', memberId: '10276657743932975437', revision: 4242, raftTerm: 3 };
const kv = (key: string, value: string, c: number, m: number) => ({ key: Buffer.from(key), value: Buffer.from(value), createRevision: c, modRevision: m, version: 2, lease: '7587873574857287168' });

test('responses decode with their revisions, values and flags', () => {
  const range = decodeRangeResponse(encode('etcdserverpb.RangeResponse', { header, kvs: [kv('/a', 'x', 10, 20), kv('/b', '', 11, 11)], more: true, count: 9 }));
  assert.equal(range.revision, 4242);
  assert.equal(range.more, true);
  assert.equal(range.count, 9);
  assert.deepEqual(
    range.kvs.map((k) => [k.key.toString(), k.value.toString(), k.createRevision, k.modRevision, k.version]),
    [['/a', 'x', 10, 20, 2], ['/b', '', 11, 11, 2]],
  );
  const txn = decodeTxnResponse(
    encode('etcdserverpb.TxnResponse', {
      header,
      succeeded: true,
      responses: [{ responsePut: { header } }, { responseRange: { header, kvs: [kv('/a', '', 5, 4242)], count: 1 } }, { responseDeleteRange: { header, deleted: 1, prevKvs: [kv('/c', 'old', 1, 2)] } }],
    }),
  );
  assert.equal(txn.revision, 4242);
  assert.equal(txn.succeeded, true);
  assert.deepEqual(txn.responses[0], { put: {} });
  assert.equal(txn.responses[1]!.range!.kvs[0]!.createRevision, 5);
  assert.equal(txn.responses[2]!.deleteRange!.deleted, 1);
  assert.equal(txn.responses[2]!.deleteRange!.prevKvs[0]!.value.toString(), 'old');
  assert.equal(decodeTxnResponse(encode('etcdserverpb.TxnResponse', { header, responses: [{ responseRange: { header } }] })).succeeded, false);
});

test('watch responses decode events, previous values and cancellation', () => {
  const w = decodeWatchResponse(
    encode('etcdserverpb.WatchResponse', {
      header,
      watchId: 1,
      events: [{ type: 'Put', kv: kv('/a', 'new', 3, 9) }, { type: 'Delete', kv: { key: Buffer.from('/b'), modRevision: 10 }, prevKv: kv('/b', 'gone', 4, 8) }],
    }),
  );
  assert.equal(w.revision, 4242);
  assert.deepEqual(
    w.events.map((e) => [e.type, e.kv.key.toString(), e.kv.value.toString(), e.kv.modRevision, e.prevKv?.value.toString()]),
    [['Put', '/a', 'new', 9, undefined], ['Delete', '/b', '', 10, 'gone']],
  );
  assert.equal(decodeWatchResponse(encode('etcdserverpb.WatchResponse', { header, created: true })).created, true);
  const c = decodeWatchResponse(encode('etcdserverpb.WatchResponse', { header, canceled: true, compactRevision: 77, cancelReason: 'mvcc: required revision has been compacted' }));
  assert.deepEqual([c.canceled, c.compactRevision, c.cancelReason, c.events.length], [true, 77, 'mvcc: required revision has been compacted', 0]);
});

test('a truncated message is refused', () => {
  const buf = encode('etcdserverpb.RangeResponse', { header, kvs: [kv('/a', 'x', 1, 1)] });
  assert.throws(() => decodeRangeResponse(buf.subarray(0, buf.length - 2)), /truncated/);
});
