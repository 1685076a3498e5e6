// The engine's hot etcd calls (Range, Txn and the Watch stream) sent through the etcd3 client's connection pool, so
// member choice, the per-member breaker, reconnection and the typed errors stay the library's, but with the engine's
// own message codec (etcd-wire.ts) handed to gRPC instead of the library's protobufjs codec and promise layers.
import type { Etcd3 } from 'etcd3';
import {
  decodeRangeResponse,
  decodeTxnResponse,
  decodeWatchResponse,
  encodeRangeRequest,
  encodeTxnRequest,
  encodeWatchRequest,
  type RangeRequest,
  type RangeResponse,
  type TxnRequest,
  type TxnResponse,
  type WatchCreateRequest,
  type WatchResponse,
} from './etcd-wire.js';

export type WatchRequest = { create: WatchCreateRequest } | { progress: true };

/** The bidirectional Watch stream as gRPC hands it over (a Node duplex in object mode). */
export interface WatchStream {
  write(req: WatchRequest): boolean;
  on(event: 'data', fn: (res: WatchResponse) => void): this;
  on(event: 'error', fn: (err: Error) => void): this;
  on(event: 'end', fn: () => void): this;
  cancel(): void;
  readonly writable: boolean;
}

type Serialize<T> = (v: T) => Buffer;
type Deserialize<T> = (b: Buffer) => T;

/** The parts of a gRPC service client (grpc-js `Client`) used here. */
interface ServiceClient {
  makeUnaryRequest<Q, R>(method: string, ser: Serialize<Q>, de: Deserialize<R>, arg: Q, metadata: unknown, options: { deadline?: number }, cb: (err: Error | null, res?: R) => void): unknown;
  makeBidiStreamRequest<Q, R>(method: string, ser: Serialize<Q>, de: Deserialize<R>, metadata: unknown, options: object): WatchStream;
}

/** The etcd3 connection pool's public calling surface (its ICallable). */
interface Pool {
  withConnection<T>(service: 'KV' | 'Watch', fn: (c: { resource: unknown; client: ServiceClient; metadata: unknown }) => Promise<T> | T): Promise<T>;
  markFailed(resource: unknown, err: Error): void;
}

export class EtcdRpc {
  private readonly pool: Pool;

  private constructor(
    client: Etcd3,
    private readonly timeoutMs: number,
    /** The library's mapping of gRPC failures to its typed errors (what its own calls reject with). */
    private readonly castError: (err: Error) => Error,
  ) {
    this.pool = (client as unknown as { pool: Pool }).pool;
  }

  static async create(client: Etcd3, timeoutMs: number): Promise<EtcdRpc> {
    const { castGrpcError } = await import('etcd3');
    return new EtcdRpc(client, timeoutMs, castGrpcError);
  }

  range(req: RangeRequest, deadline?: number): Promise<RangeResponse> {
    return this.unary('/etcdserverpb.KV/Range', encodeRangeRequest, decodeRangeResponse, req, deadline);
  }

  txn(req: TxnRequest): Promise<TxnResponse> {
    return this.unary('/etcdserverpb.KV/Txn', encodeTxnRequest, decodeTxnResponse, req);
  }

  /** A new Watch stream on some member. */
  watch(): Promise<WatchStream> {
    return this.pool.withConnection('Watch', ({ resource, client, metadata }) => {
      const stream = client.makeBidiStreamRequest('/etcdserverpb.Watch/Watch', encodeWatchRequest, decodeWatchResponse, metadata, {});
      stream.on('error', (err) => {
        if (stream.writable) this.pool.markFailed(resource, err);
      });
      return stream;
    });
  }

  private unary<Q, R>(method: string, ser: Serialize<Q>, de: Deserialize<R>, req: Q, deadline?: number): Promise<R> {
    return this.pool.withConnection('KV', ({ client, metadata }) => {
      return new Promise<R>((resolve, reject) => {
        client.makeUnaryRequest(method, ser, de, req, metadata, { deadline: deadline ?? Date.now() + this.timeoutMs }, (err, res) => {
          if (err) reject(this.castError(err));
          else resolve(res!);
        });
      });
    });
  }
}
