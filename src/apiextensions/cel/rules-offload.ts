// Evaluates a custom resource's validation rules in a worker thread (rules-worker.ts), started on first use and shared
// by the servers of the process; it holds the process open only while it has work.
import { Worker } from 'node:worker_threads';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import type { RuleResult } from './evaluate-rules.js';
import type { RulesReply, RulesRequest } from './rules-worker.js';

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (r: RuleResult) => void; reject: (e: Error) => void }>();
const schemaTexts = new WeakMap<JSONSchemaProps, string>();

function failAll(err: Error): void {
  worker = undefined;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./rules-worker.js', import.meta.url));
  w.on('message', (reply: RulesReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if ('error' in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.result);
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', () => failAll(new Error('the CEL rules worker exited')));
  w.unref();
  return (worker = w);
}

/** evaluateRules(compileSchemaRules(schema), obj, old), computed in the worker. */
export function evaluateRulesInWorker(schema: JSONSchemaProps, obj: unknown, old: unknown): Promise<RuleResult> {
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = JSON.stringify(schema)));
  const w = started();
  const id = ++nextId;
  const req: RulesRequest = { id, schema: text, obj, old };
  return new Promise<RuleResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage(req);
  });
}
