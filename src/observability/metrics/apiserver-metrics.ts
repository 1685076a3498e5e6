// The metrics of one kubelite server (kube-apiserver's names, labels, help texts and stability classes, auth.md
// §10.2): one prom-client registry per server instance, since tests run many servers in one process.
import { collectDefaultMetrics, Registry } from 'prom-client';
import { exponentialBuckets, KubeMetricFactory } from './kube-metric.js';

const LATENCY_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
const SLI_BUCKETS = [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
const ADMISSION_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];
const REQUEST_LABELS = ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component'] as const;
const REQUEST_LABELS_NO_DRY_RUN = ['verb', 'group', 'version', 'resource', 'subresource', 'scope', 'component'] as const;

/** The labels of one request in kube's request metrics. */
export interface RequestLabels {
  verb: string;
  dry_run: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  scope: string;
  component: string;
}

export interface MetricsOptions {
  /** --show-hidden-metrics-for-version was given (validated). */
  showHidden?: boolean;
  /** Collect process_* and nodejs_* metrics (default true). */
  processMetrics?: boolean;
  /** Told about each deprecated metric that is registered (kube logs a warning). */
  onDeprecated?: (name: string, version: string) => void;
}

export class ApiserverMetrics {
  readonly registry = new Registry();
  private readonly f: KubeMetricFactory;
  private readonly timers: NodeJS.Timeout[] = [];

  readonly requestTotal;
  readonly requestDuration;
  readonly requestSliDuration;
  readonly requestSloDuration;
  readonly responseSizes;
  readonly longRunning;
  readonly currentInflight;
  readonly requestedDeprecatedApis;
  readonly watchEvents;
  readonly watchEventsSizes;
  readonly storageObjects;
  readonly etcdRequestDuration;
  readonly etcdRequests;
  readonly admissionStep;
  readonly admissionController;
  readonly auditEvents;
  readonly auditErrors;
  readonly auditLevels;
  readonly authenticatedUserRequests;
  readonly authenticationAttempts;
  readonly authenticationDuration;
  readonly authorizationAttempts;
  readonly authorizationDuration;
  readonly authorizationDecisions;
  readonly celCompilationDuration;

  constructor(opts: MetricsOptions = {}) {
    const f = (this.f = new KubeMetricFactory(this.registry, opts.showHidden ?? false, opts.onDeprecated));
    this.requestTotal = f.counter({
      name: 'apiserver_request_total',
      help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
      stability: 'STABLE',
      labels: [...REQUEST_LABELS, 'code'],
    });
    this.requestDuration = f.histogram({
      name: 'apiserver_request_duration_seconds',
      help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
      stability: 'STABLE',
      labels: REQUEST_LABELS,
      buckets: LATENCY_BUCKETS,
    });
    const sliHelp = 'Response latency distribution (not counting webhook duration and priority & fairness queue wait times) in seconds for each verb, group, version, resource, subresource, scope and component.';
    this.requestSloDuration = f.histogram({ name: 'apiserver_request_slo_duration_seconds', help: sliHelp, stability: 'ALPHA', deprecatedVersion: '1.27.0', labels: REQUEST_LABELS_NO_DRY_RUN, buckets: SLI_BUCKETS });
    this.requestSliDuration = f.histogram({ name: 'apiserver_request_sli_duration_seconds', help: sliHelp, stability: 'ALPHA', labels: REQUEST_LABELS_NO_DRY_RUN, buckets: SLI_BUCKETS });
    this.responseSizes = f.histogram({
      name: 'apiserver_response_sizes',
      help: 'Response size distribution in bytes for each group, version, verb, resource, subresource, scope and component.',
      stability: 'STABLE',
      labels: REQUEST_LABELS_NO_DRY_RUN,
      buckets: exponentialBuckets(1000, 10, 7),
    });
    this.longRunning = f.gauge({
      name: 'apiserver_longrunning_requests',
      help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
      stability: 'STABLE',
      labels: REQUEST_LABELS_NO_DRY_RUN,
    });
    this.currentInflight = f.gauge({
      name: 'apiserver_current_inflight_requests',
      help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
      stability: 'STABLE',
      labels: ['request_kind'],
    });
    this.requestedDeprecatedApis = f.gauge({
      name: 'apiserver_requested_deprecated_apis',
      help: 'Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
      stability: 'STABLE',
      labels: ['group', 'version', 'resource', 'subresource', 'removed_release'],
    });
    this.watchEvents = f.counter({ name: 'apiserver_watch_events_total', help: 'Number of events sent in watch clients', stability: 'ALPHA', labels: ['group', 'version', 'kind'] });
    this.watchEventsSizes = f.histogram({
      name: 'apiserver_watch_events_sizes',
      help: 'Watch event size distribution in bytes',
      stability: 'ALPHA',
      labels: ['group', 'version', 'kind'],
      buckets: exponentialBuckets(1024, 2, 8),
    });
    this.storageObjects = f.gauge({
      name: 'apiserver_storage_objects',
      help: 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
      stability: 'STABLE',
      labels: ['resource'],
    });
    this.etcdRequestDuration = f.histogram({
      name: 'etcd_request_duration_seconds',
      help: 'Etcd request latency in seconds for each operation and object type.',
      stability: 'ALPHA',
      labels: ['operation', 'type'],
      buckets: LATENCY_BUCKETS,
    });
    this.etcdRequests = f.counter({ name: 'etcd_requests_total', help: 'Etcd request counts for each operation and object type.', stability: 'ALPHA', labels: ['operation', 'type'] });
    this.admissionStep = f.histogram({
      name: 'apiserver_admission_step_admission_duration_seconds',
      help: 'Admission sub-step latency histogram in seconds, broken out for each operation and API resource and step type (validate or admit).',
      stability: 'STABLE',
      labels: ['type', 'operation', 'rejected'],
      buckets: ADMISSION_BUCKETS,
    });
    this.admissionController = f.histogram({
      name: 'apiserver_admission_controller_admission_duration_seconds',
      help: 'Admission controller latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      stability: 'STABLE',
      labels: ['name', 'type', 'operation', 'rejected'],
      buckets: ADMISSION_BUCKETS,
    });
    this.auditEvents = f.counter({ name: 'apiserver_audit_event_total', help: 'Counter of audit events generated and sent to the audit backend.', stability: 'ALPHA' });
    this.auditErrors = f.counter({
      name: 'apiserver_audit_error_total',
      help: 'Counter of audit events that failed to be audited properly. Plugin identifies the plugin affected by the error.',
      stability: 'ALPHA',
      labels: ['plugin'],
    });
    this.auditLevels = f.counter({ name: 'apiserver_audit_level_total', help: 'Counter of policy levels for audit events (1 per request).', stability: 'ALPHA', labels: ['level'] });
    this.authenticatedUserRequests = f.counter({ name: 'authenticated_user_requests', help: 'Counter of authenticated requests broken out by username.', stability: 'ALPHA', labels: ['username'] });
    this.authenticationAttempts = f.counter({ name: 'authentication_attempts', help: 'Counter of authenticated attempts.', stability: 'ALPHA', labels: ['result'] });
    this.authenticationDuration = f.histogram({
      name: 'authentication_duration_seconds',
      help: 'Authentication duration in seconds broken out by result.',
      stability: 'ALPHA',
      labels: ['result'],
      buckets: exponentialBuckets(0.001, 2, 15),
    });
    this.authorizationAttempts = f.counter({
      name: 'authorization_attempts_total',
      help: "Counter of authorization attempts broken down by result. It can be either 'allowed', 'denied', 'no-opinion' or 'error'.",
      stability: 'ALPHA',
      labels: ['result'],
    });
    this.authorizationDuration = f.histogram({
      name: 'authorization_duration_seconds',
      help: 'Authorization duration in seconds broken out by result.',
      stability: 'ALPHA',
      labels: ['result'],
      buckets: exponentialBuckets(0.001, 2, 15),
    });
    this.authorizationDecisions = f.counter({
      name: 'apiserver_authorization_decisions_total',
      help: 'Total number of terminal decisions made by an authorizer split by authorizer type, name, and decision.',
      stability: 'ALPHA',
      labels: ['type', 'name', 'decision'],
    });
    this.celCompilationDuration = f.histogram({ name: 'apiserver_cel_compilation_duration_seconds', help: 'CEL compilation time in seconds.', stability: 'BETA' });
    if (opts.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  /** Runs `fn` every `ms` until stop() (timers never keep the process alive). */
  every(ms: number, fn: () => void): void {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  /** The Prometheus text exposition of every registered metric. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
  }
}

/** kube's compression of user names for authenticated_user_requests. */
export function compressUsername(name: string): string {
  switch (name) {
    case 'admin':
    case 'client':
    case 'kube_proxy':
    case 'kubelet':
    case 'system:serviceaccount:kube-system:default':
      return name;
  }
  return name.includes('@') ? 'email_id' : 'other';
}
