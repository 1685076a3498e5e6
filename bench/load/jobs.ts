// What the runner asks the load generator to do, and what it reports back.
import type { Endpoint } from './h2-client.js';
import type { LatencySummary } from '../stats.js';

export type RequestSpec =
  /** POST a new ConfigMap named `${prefix}${index}` (index counts up from `start`). */
  | { op: 'create'; ns: string; prefix: string; start: number }
  /** GET one path (an object, /version, a list), optionally with an Accept header or as a bearer-token user. */
  | { op: 'get'; path: string; accept?: string; bearer?: string }
  /** PUT each of `names` with the resourceVersion of its last response; one in-flight slot owns one name. */
  | { op: 'update'; ns: string; names: string[] }
  /**
   * PATCH each of `names` (one per in-flight slot) with a body that changes on every request: `smp-configmap`, a
   * ~1 KB strategic merge patch of a ConfigMap; `apply-deployment`, a server-side apply of a 3-container Deployment.
   */
  | { op: 'patch'; ns: string; names: string[]; body: 'smp-configmap' | 'apply-deployment' };

export interface RequestJob {
  kind: 'requests';
  target: Endpoint;
  spec: RequestSpec;
  /** Requests in flight at once (closed loop), multiplexed on `sessions` HTTP/2 connections. */
  inFlight: number;
  sessions: number;
  warmupMs: number;
  durationMs: number;
  /** Stop after this many requests even if time remains (e.g. seeding N objects). */
  maxRequests?: number;
  /**
   * Load generator processes sharing `inFlight` (each with its own `sessions` connections), for floors that one
   * single-threaded generator cannot saturate; default 1.
   */
  generators?: number;
  /** Return the latency samples themselves (the runner merges several generators' results from them). */
  keepLatencies?: boolean;
}

export interface RequestResult {
  /** Requests that completed inside the measurement window. */
  requests: number;
  /** Successful requests in all, warm-up and stragglers after the window included (objects made, when creating). */
  succeeded: number;
  errors: number;
  firstError?: string;
  seconds: number;
  perSecond: number;
  latency: LatencySummary;
  /** Mean response body size, bytes. */
  bodyBytes: number;
  /** The load generator's CPU time over the job's wall time, percent of one core (summed over generators). */
  loadCpuPct: number;
  latencies?: number[];
}

export interface WatchJob {
  kind: 'watch';
  target: Endpoint;
  ns: string;
  watchers: number;
  /** Watch streams per HTTP/2 connection (kube-apiserver allows 250 streams per connection). */
  streamsPerSession: number;
  /** Objects the writer updates in turn. */
  objects: number;
  /** Changes written but not yet seen by every watcher, at most. */
  window: number;
  /** Accept of the watch streams; Protobuf streams are length-prefixed frames instead of lines. */
  accept?: string;
  warmupMs: number;
  durationMs: number;
}

export interface WatchResult {
  changes: number;
  deliveries: number;
  /** Changes not delivered to every watcher within 10 s. */
  lost: number;
  errors: number;
  firstError?: string;
  seconds: number;
  deliveriesPerSecond: number;
  latency: LatencySummary;
  loadCpuPct: number;
}

export type Job = RequestJob | WatchJob;
