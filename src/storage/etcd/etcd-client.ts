// The etcd3 client as the engine uses it: every endpoint of --etcd-servers, TLS from --etcd-cafile/certfile/keyfile,
// a deadline on every unary call (so a write never hangs past it), and no automatic retries: a transaction that
// failed in transit may have been applied, and repeating a compare-and-swap would then report a false conflict.
import { readFileSync } from 'node:fs';
import type { Etcd3, IOptions } from 'etcd3';

export interface EtcdConnectionOptions {
  /** http(s)://host:port, one per member. */
  endpoints: string[];
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  /** Deadline of every unary call in ms (default 10 000). */
  callTimeoutMs?: number;
}

type Policy = NonNullable<NonNullable<IOptions['faultHandling']>['global']>;

/** The policies' context signal: calls are never cancelled through it, so one signal serves every call. */
const NEVER_ABORTED = new AbortController().signal;

/** Thrown instead of calling a member that failed several times in a row; the pool then tries another member. */
export class MemberSkipped extends Error {
  override name = 'MemberSkipped';
}

/**
 * Per member: after 3 connection failures in a row, skip it for 1 s (so calls go to the other members), then try
 * it again. Short, so that a single etcd that comes back is used again at once.
 */
function memberBreaker(isRecoverableError: (err: Error) => boolean): Policy {
  let failures = 0;
  let skipUntil = 0;
  return {
    async execute(fn: (ctx: { signal: AbortSignal; attempt: number }) => unknown) {
      if (Date.now() < skipUntil) throw new MemberSkipped('etcd member skipped after repeated connection failures');
      try {
        const r = await fn({ signal: NEVER_ABORTED, attempt: 0 });
        failures = 0;
        return r;
      } catch (err) {
        if (err instanceof Error && isRecoverableError(err) && ++failures >= 3) skipUntil = Date.now() + 1000;
        throw err;
      }
    },
  } as unknown as Policy;
}

// The client calls only execute() on its global policy; this one runs the call once.
const NO_RETRY = { execute: (fn: (ctx: { signal: AbortSignal; attempt: number }) => unknown) => fn({ signal: NEVER_ABORTED, attempt: 0 }) } as unknown as Policy;

/** Large lists are paged, but one object may be large too (kube's limit is 1.5 MiB per value, 2 MiB per request). */
const MAX_MESSAGE = 64 * 1024 * 1024;

export async function createEtcdClient(opts: EtcdConnectionOptions): Promise<Etcd3> {
  if (opts.endpoints.length === 0) throw new Error('no etcd endpoints');
  // Loaded on first use: importing the client (gRPC and its protocol files) costs more than the rest of a SQLite
  // server's start-up.
  const { Etcd3, isRecoverableError } = await import('etcd3');
  const timeout = opts.callTimeoutMs ?? 10_000;
  const options: IOptions = {
    hosts: opts.endpoints,
    grpcOptions: {
      'grpc.max_receive_message_length': MAX_MESSAGE,
      'grpc.max_send_message_length': MAX_MESSAGE,
      // Notice a dead connection (etcd gone without a FIN) within seconds, not at the OS timeout.
      'grpc.keepalive_time_ms': 10_000,
      'grpc.keepalive_timeout_ms': 5_000,
      'grpc.keepalive_permit_without_calls': 1,
      // Reconnect promptly once etcd is back.
      'grpc.initial_reconnect_backoff_ms': 200,
      'grpc.max_reconnect_backoff_ms': 2_000,
    },
    defaultCallOptions: (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + timeout }),
    faultHandling: { global: NO_RETRY, host: () => memberBreaker(isRecoverableError) },
  };
  if (opts.caFile || opts.certFile || opts.keyFile) {
    if (!opts.caFile) throw new Error('--etcd-certfile and --etcd-keyfile need --etcd-cafile');
    options.credentials = {
      rootCertificate: readFileSync(opts.caFile),
      privateKey: opts.keyFile ? readFileSync(opts.keyFile) : undefined,
      certChain: opts.certFile ? readFileSync(opts.certFile) : undefined,
    };
  }
  return new Etcd3(options);
}
