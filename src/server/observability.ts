// Builds a server's metrics and audit pipeline from its options, with kube's validation messages (a bad value stops
// the start as kube-apiserver's option validation does).
import type { Logger } from 'pino';
import type { ServerOptions } from '../config/options.js';
import type { AuditBatchOptions } from '../config/observability-options.js';
import { loadWebhookKubeconfig } from '../authz/webhook/kubeconfig.js';
import { Auditor } from '../observability/audit/auditor.js';
import { UnionBackend, type AuditBackend, type BatchSettings } from '../observability/audit/backend.js';
import { LogBackend } from '../observability/audit/log-backend.js';
import { loadPolicyFile, PolicyError, PolicyEvaluator } from '../observability/audit/policy.js';
import { WebhookBackend } from '../observability/audit/webhook-backend.js';
import { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import { validateShowHiddenMetricsVersion } from '../observability/metrics/kube-metric.js';
import { UsageError } from './usage-error.js';

const MODES = ['batch', 'blocking', 'blocking-strict'];

export function buildMetrics(opts: ServerOptions, log: Logger): ApiserverMetrics {
  const err = validateShowHiddenMetricsVersion(opts.showHiddenMetricsForVersion);
  if (err) throw new UsageError(err);
  return new ApiserverMetrics({
    showHidden: opts.showHiddenMetricsForVersion !== '',
    onDeprecated: (name, version) => log.warn(`${name} is deprecated since ${version}`),
  });
}

function batchSettings(plugin: string, mode: string, b: AuditBatchOptions, errors: string[]): BatchSettings {
  if (!MODES.includes(mode)) errors.push(`invalid audit ${plugin} mode ${mode}, allowed modes are "${MODES.join(',')}"`);
  else if (mode === 'batch') {
    if (b.bufferSize <= 0) errors.push(`invalid audit batch ${plugin} buffer size ${b.bufferSize}, must be a positive number`);
    else if (b.maxBatchSize <= 0) errors.push(`invalid audit batch ${plugin} max batch size ${b.maxBatchSize}, must be a positive number`);
    else if (b.throttleEnable && b.throttleQPS <= 0) errors.push(`invalid audit batch ${plugin} throttle QPS ${b.throttleQPS}, must be a positive number`);
    else if (b.throttleEnable && b.throttleBurst <= 0) errors.push(`invalid audit batch ${plugin} throttle burst ${b.throttleBurst}, must be a positive number`);
  }
  return { bufferSize: b.bufferSize, maxBatchSize: b.maxBatchSize, maxWaitMs: b.maxWaitMs, throttleQPS: b.throttleEnable ? b.throttleQPS : 0, throttleBurst: b.throttleBurst };
}

/** The audit pipeline, or undefined when no backend or no policy is configured (nothing is audited). */
export function buildAuditor(opts: ServerOptions, metrics: ApiserverMetrics, log: Logger): Auditor | undefined {
  const errors: string[] = [];
  const logEnabled = !!opts.auditLogPath;
  const webhookEnabled = !!opts.auditWebhookConfigFile;
  let logBatch: BatchSettings | undefined;
  let webhookBatch: BatchSettings | undefined;
  if (logEnabled) {
    logBatch = batchSettings('log', opts.auditLogMode, opts.auditLogBatch, errors);
    if (opts.auditLogFormat !== 'json' && opts.auditLogFormat !== 'legacy') errors.push(`invalid audit log format ${opts.auditLogFormat}, allowed formats are "legacy,json"`);
    if (opts.auditLogMaxAge < 0) errors.push(`--audit-log-maxage ${opts.auditLogMaxAge} can't be a negative number`);
    if (opts.auditLogMaxBackup < 0) errors.push(`--audit-log-maxbackup ${opts.auditLogMaxBackup} can't be a negative number`);
    if (opts.auditLogMaxSize < 0) errors.push(`--audit-log-maxsize ${opts.auditLogMaxSize} can't be a negative number`);
  }
  if (webhookEnabled) webhookBatch = batchSettings('webhook', opts.auditWebhookMode, opts.auditWebhookBatch, errors);
  if (errors.length) throw new UsageError(errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`);
  if (!opts.auditPolicyFile) return undefined;
  let policy;
  try {
    policy = loadPolicyFile(opts.auditPolicyFile);
  } catch (e) {
    if (e instanceof PolicyError) throw new UsageError(`loading audit policy file: ${e.message}`);
    throw e;
  }
  if (!logEnabled && !webhookEnabled) return undefined;
  const backends: AuditBackend[] = [];
  let strict = false;
  if (logEnabled) {
    strict ||= opts.auditLogMode === 'blocking-strict';
    backends.push(
      new LogBackend({
        path: opts.auditLogPath!,
        format: opts.auditLogFormat as 'json' | 'legacy',
        maxSizeMB: opts.auditLogMaxSize,
        maxBackups: opts.auditLogMaxBackup,
        maxAgeDays: opts.auditLogMaxAge,
        mode: opts.auditLogMode as 'batch',
        batch: logBatch!,
        onDrop: (n) => {
          metrics.auditErrors.inc({ plugin: 'log' }, n);
          log.error('audit log buffer is full: event dropped');
        },
        onError: (err) => {
          metrics.auditErrors.inc({ plugin: 'log' });
          log.error({ err: err.message }, 'unable to write audit event');
        },
      }),
    );
  }
  if (webhookEnabled) {
    let connection;
    try {
      connection = loadWebhookKubeconfig(opts.auditWebhookConfigFile!);
    } catch (e) {
      throw new UsageError(`initializing audit webhook: ${(e as Error).message}`);
    }
    strict ||= opts.auditWebhookMode === 'blocking-strict';
    backends.push(
      new WebhookBackend({
        connection,
        mode: opts.auditWebhookMode as 'batch',
        batch: webhookBatch!,
        initialBackoffMs: opts.auditWebhookInitialBackoffMs,
        onDrop: (n) => {
          metrics.auditErrors.inc({ plugin: 'webhook' }, n);
          log.error('audit webhook buffer is full: event dropped');
        },
        onError: (err, n) => {
          metrics.auditErrors.inc({ plugin: 'webhook' }, n);
          log.error({ err: err.message }, 'unable to send audit events to the webhook');
        },
      }),
    );
  }
  const backend = backends.length === 1 ? backends[0]! : new UnionBackend(backends);
  return new Auditor(new PolicyEvaluator(policy), backend, metrics, strict);
}
