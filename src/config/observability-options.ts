// The options of /metrics and audit (kube-apiserver's --show-hidden-metrics-for-version and --audit-* flags).

export interface AuditBatchOptions {
  bufferSize: number;
  maxBatchSize: number;
  /** ms */
  maxWaitMs: number;
  throttleEnable: boolean;
  throttleQPS: number;
  throttleBurst: number;
}

export interface ObservabilityOptions {
  /**
   * kubelite (library only): false leaves requests, authentication, authorization, admission and storage
   * uninstrumented (/metrics then shows process metrics and empty families); benchmarks measure the cost this way.
   */
  instrumentation?: boolean;
  /** --show-hidden-metrics-for-version ('' = hidden metrics stay hidden). */
  showHiddenMetricsForVersion: string;
  /** --audit-policy-file: without it nothing is audited. */
  auditPolicyFile?: string;
  /** --audit-log-path ('-' = stdout). */
  auditLogPath?: string;
  /** --audit-log-format: json or legacy. */
  auditLogFormat: string;
  auditLogMaxAge: number;
  auditLogMaxBackup: number;
  /** MB */
  auditLogMaxSize: number;
  /** --audit-log-mode: blocking, blocking-strict or batch. */
  auditLogMode: string;
  auditLogBatch: AuditBatchOptions;
  /** --audit-webhook-config-file (a kubeconfig). */
  auditWebhookConfigFile?: string;
  /** --audit-webhook-initial-backoff in ms. */
  auditWebhookInitialBackoffMs: number;
  /** --audit-webhook-mode: batch, blocking or blocking-strict. */
  auditWebhookMode: string;
  auditWebhookBatch: AuditBatchOptions;
}

export function defaultObservabilityOptions(): ObservabilityOptions {
  return {
    showHiddenMetricsForVersion: '',
    auditLogFormat: 'json',
    auditLogMaxAge: 0,
    auditLogMaxBackup: 0,
    auditLogMaxSize: 0,
    auditLogMode: 'blocking',
    auditLogBatch: { bufferSize: 10000, maxBatchSize: 1, maxWaitMs: 0, throttleEnable: false, throttleQPS: 0, throttleBurst: 0 },
    auditWebhookInitialBackoffMs: 10_000,
    auditWebhookMode: 'batch',
    auditWebhookBatch: { bufferSize: 10000, maxBatchSize: 400, maxWaitMs: 30_000, throttleEnable: true, throttleQPS: 10, throttleBurst: 15 },
  };
}
