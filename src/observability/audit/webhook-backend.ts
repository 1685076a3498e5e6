// The audit webhook backend (--audit-webhook-*, auth.md §11.4): events POSTed as an audit.k8s.io/v1 EventList to the
// server of a kubeconfig, in batches (or one call per request in blocking mode); every failed call is retried with
// exponential backoff (initial --audit-webhook-initial-backoff, factor 1.5, jitter 0.2, 5 attempts).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookConnection } from '../../authz/webhook/kubeconfig.js';
import { BatchQueue, type AuditBackend, type BatchSettings } from './backend.js';
import { eventJSON, type AuditEvent } from './event.js';

export interface WebhookBackendOptions {
  connection: WebhookConnection;
  mode: 'batch' | 'blocking' | 'blocking-strict';
  batch: BatchSettings;
  initialBackoffMs: number;
  /** Per call; kube's webhook client times out after 30 s. */
  timeoutMs?: number;
  onDrop: (n: number) => void;
  onError: (err: Error, events: number) => void;
}

const ATTEMPTS = 5;

export class WebhookBackend implements AuditBackend {
  readonly name = 'webhook';
  private readonly queue?: BatchQueue;

  constructor(private readonly o: WebhookBackendOptions) {
    if (o.mode === 'batch') this.queue = new BatchQueue(o.batch, (batch) => this.sendWithRetries(batch), o.onDrop);
  }

  processEvents(events: AuditEvent[]): boolean {
    if (this.queue) return this.queue.add(events);
    // Blocking: the request does not wait for the webhook's answer here (the filter awaits `pending`).
    this.pending = this.sendWithRetries(events);
    return true;
  }

  /** The call of the last blocking send (awaited by the audit filter). */
  pending?: Promise<void>;

  private async sendWithRetries(events: AuditEvent[]): Promise<void> {
    const body = `{"kind":"EventList","apiVersion":"audit.k8s.io/v1","metadata":{},"items":[${events.map(eventJSON).join(',')}]}`;
    let delay = this.o.initialBackoffMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.post(body);
        return;
      } catch (e) {
        if (attempt >= ATTEMPTS) {
          this.o.onError(e as Error, events.length);
          return;
        }
        await new Promise((r) => setTimeout(r, delay * (1 + Math.random() * 0.2)));
        delay *= 1.5;
      }
    }
  }

  private post(body: string): Promise<void> {
    const c = this.o.connection;
    const url = new URL(c.server);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', accept: 'application/json, */*', 'content-length': Buffer.byteLength(body) };
    if (c.token) headers.authorization = `Bearer ${c.token}`;
    const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { method: 'POST', headers, ca: c.ca, cert: c.cert, key: c.key, rejectUnauthorized: !c.insecureSkipTLSVerify, timeout: this.o.timeoutMs ?? 30_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          if (code < 200 || code > 299) reject(new Error(`the server responded with the status code ${code} but did not return more information`));
          else resolve();
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`Post "${c.server}": context deadline exceeded`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  async shutdown(): Promise<void> {
    await this.queue?.drain();
    await this.pending;
  }
}
