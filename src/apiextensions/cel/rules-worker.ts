// The worker thread that evaluates a custom resource's validation rules when one evaluation is too long for the event
// loop (evaluate-rules.ts evaluateRulesSliced). It compiles the schema's rules as the server does (cached per schema
// text) and answers evaluateRules' result; the main thread keeps serving meanwhile.
import { parentPort } from 'node:worker_threads';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import { compileSchemaRules } from './compile-rules.js';
import { evaluateRules, type RuleResult } from './evaluate-rules.js';
import type { RuleNode } from './compile-rules.js';
import type { WorkerReply } from '../../threads/on-demand-worker.js';

export interface RulesRequest {
  id: number;
  /** JSON of the version's schema (the cache key, and what the rules are compiled from). */
  schema: string;
  obj: unknown;
  old: unknown;
}

export type RulesReply = WorkerReply<RuleResult>;

const compiled = new Map<string, RuleNode | null>();

function rulesFor(schemaText: string): RuleNode | undefined {
  let r = compiled.get(schemaText);
  if (r === undefined) {
    r = compileSchemaRules(JSON.parse(schemaText) as JSONSchemaProps) ?? null;
    if (compiled.size >= 32) compiled.delete(compiled.keys().next().value!);
    compiled.set(schemaText, r);
  }
  return r ?? undefined;
}

parentPort?.on('message', (req: RulesRequest) => {
  let reply: RulesReply;
  try {
    const rules = rulesFor(req.schema);
    reply = { id: req.id, result: rules ? evaluateRules(rules, req.obj, req.old) : { errors: [], warnings: [] } };
  } catch (e) {
    reply = { id: req.id, error: (e as Error).message };
  }
  parentPort!.postMessage(reply);
});
