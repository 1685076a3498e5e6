// The flags of /metrics and audit (kube-apiserver's names and help). Their values are checked when the server
// starts (server/observability.ts), with kube's messages.
import type { ServerOptions } from '../config/options.js';
import type { AuditBatchOptions } from '../config/observability-options.js';
import { parseGoDuration } from '../golang/time.js';

export interface ObservabilityFlag {
  name: string;
  kind: 'string' | 'int' | 'bool' | 'duration' | 'float32';
  help: string;
  apply(o: ServerOptions, v: string): void;
}

export function observabilityFlags(fail: (message: string) => Error): ObservabilityFlag[] {
  const int = (name: string, v: string) => {
    if (!/^[-+]?\d+$/.test(v)) throw fail(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
    return Number(v);
  };
  const float = (name: string, v: string) => {
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n)) throw fail(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: strconv.ParseFloat: parsing ${JSON.stringify(v)}: invalid syntax`);
    return n;
  };
  const bool = (name: string, v: string) => {
    if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(v)) return true;
    if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(v)) return false;
    throw fail(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
  };
  const duration = (name: string, v: string) => {
    try {
      return parseGoDuration(v);
    } catch (e) {
      throw fail(`invalid argument ${JSON.stringify(v)} for "--${name}" flag: ${(e as Error).message}`);
    }
  };
  const version = (name: string, v: string) => {
    // kube's options validation (the flag itself takes any string).
    if (v !== 'audit.k8s.io/v1') throw fail(`invalid group version, allowed versions are ["audit.k8s.io/v1"]`);
    void name;
  };
  const batchFlags = (plugin: 'log' | 'webhook', pick: (o: ServerOptions) => AuditBatchOptions, defaults: string[]): ObservabilityFlag[] => [
    { name: `audit-${plugin}-batch-buffer-size`, kind: 'int', help: `The size of the buffer to store events before batching and writing. Only used in batch mode. (default ${defaults[0]})`, apply: (o, v) => (pick(o).bufferSize = int(`audit-${plugin}-batch-buffer-size`, v)) },
    { name: `audit-${plugin}-batch-max-size`, kind: 'int', help: `The maximum size of a batch. Only used in batch mode. (default ${defaults[1]})`, apply: (o, v) => (pick(o).maxBatchSize = int(`audit-${plugin}-batch-max-size`, v)) },
    { name: `audit-${plugin}-batch-max-wait`, kind: 'duration', help: `The amount of time to wait before force writing the batch that hadn't reached the max size. Only used in batch mode.${defaults[2] ? ` (default ${defaults[2]})` : ''}`, apply: (o, v) => (pick(o).maxWaitMs = duration(`audit-${plugin}-batch-max-wait`, v)) },
    { name: `audit-${plugin}-batch-throttle-enable`, kind: 'bool', help: `Whether batching throttling is enabled. Only used in batch mode.${defaults[3] ? ` (default ${defaults[3]})` : ''}`, apply: (o, v) => (pick(o).throttleEnable = bool(`audit-${plugin}-batch-throttle-enable`, v)) },
    { name: `audit-${plugin}-batch-throttle-qps`, kind: 'float32', help: `Maximum average number of batches per second. Only used in batch mode.${defaults[4] ? ` (default ${defaults[4]})` : ''}`, apply: (o, v) => (pick(o).throttleQPS = float(`audit-${plugin}-batch-throttle-qps`, v)) },
    { name: `audit-${plugin}-batch-throttle-burst`, kind: 'int', help: `Maximum number of requests sent at the same moment if ThrottleQPS was not utilized before. Only used in batch mode.${defaults[5] ? ` (default ${defaults[5]})` : ''}`, apply: (o, v) => (pick(o).throttleBurst = int(`audit-${plugin}-batch-throttle-burst`, v)) },
  ];
  return [
    { name: 'show-hidden-metrics-for-version', kind: 'string', help: "The previous version for which you want to show hidden metrics. Only the previous minor version is meaningful, other values will not be allowed. The format is <major>.<minor>, e.g.: '1.16'.", apply: (o, v) => (o.showHiddenMetricsForVersion = v) },
    { name: 'audit-policy-file', kind: 'string', help: 'Path to the file that defines the audit policy configuration.', apply: (o, v) => (o.auditPolicyFile = v) },
    { name: 'audit-log-path', kind: 'string', help: "If set, all requests coming to the apiserver will be logged to this file.  '-' means standard out.", apply: (o, v) => (o.auditLogPath = v) },
    { name: 'audit-log-format', kind: 'string', help: 'Format of saved audits. "legacy" indicates 1-line text format for each event. "json" indicates structured json format. Known formats are legacy,json. (default "json")', apply: (o, v) => (o.auditLogFormat = v) },
    { name: 'audit-log-maxage', kind: 'int', help: 'The maximum number of days to retain old audit log files based on the timestamp encoded in their filename.', apply: (o, v) => (o.auditLogMaxAge = int('audit-log-maxage', v)) },
    { name: 'audit-log-maxbackup', kind: 'int', help: 'The maximum number of old audit log files to retain. Setting a value of 0 will mean there\'s no restriction on the number of files.', apply: (o, v) => (o.auditLogMaxBackup = int('audit-log-maxbackup', v)) },
    { name: 'audit-log-maxsize', kind: 'int', help: 'The maximum size in megabytes of the audit log file before it gets rotated.', apply: (o, v) => (o.auditLogMaxSize = int('audit-log-maxsize', v)) },
    { name: 'audit-log-mode', kind: 'string', help: 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict. (default "blocking")', apply: (o, v) => (o.auditLogMode = v) },
    ...batchFlags('log', (o) => o.auditLogBatch, ['10000', '1', '', '', '', '']),
    { name: 'audit-log-version', kind: 'string', help: 'API group and version used for serializing audit events written to log. (default "audit.k8s.io/v1")', apply: (_o, v) => version('audit-log-version', v) },
    { name: 'audit-webhook-config-file', kind: 'string', help: 'Path to a kubeconfig formatted file that defines the audit webhook configuration.', apply: (o, v) => (o.auditWebhookConfigFile = v) },
    { name: 'audit-webhook-initial-backoff', kind: 'duration', help: 'The amount of time to wait before retrying the first failed request. (default 10s)', apply: (o, v) => (o.auditWebhookInitialBackoffMs = duration('audit-webhook-initial-backoff', v)) },
    { name: 'audit-webhook-mode', kind: 'string', help: 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict. (default "batch")', apply: (o, v) => (o.auditWebhookMode = v) },
    ...batchFlags('webhook', (o) => o.auditWebhookBatch, ['10000', '400', '30s', 'true', '10', '15']),
    { name: 'audit-webhook-version', kind: 'string', help: 'API group and version used for serializing audit events written to webhook. (default "audit.k8s.io/v1")', apply: (_o, v) => version('audit-webhook-version', v) },
  ];
}
