// Evaluates a custom resource's validation rules in a worker thread (rules-worker.ts), started on first use and shared
// by the servers of the process; it holds the process open only while it has work.
import { OnDemandWorker } from '../../threads/on-demand-worker.js';
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import type { RuleResult } from './evaluate-rules.js';
import type { RulesRequest } from './rules-worker.js';

const worker = new OnDemandWorker<Omit<RulesRequest, 'id'>, RuleResult>(new URL('./rules-worker.js', import.meta.url), 'the CEL rules worker');
const schemaTexts = new WeakMap<JSONSchemaProps, string>();

/** evaluateRules(compileSchemaRules(schema), obj, old), computed in the worker. */
export function evaluateRulesInWorker(schema: JSONSchemaProps, obj: unknown, old: unknown): Promise<RuleResult> {
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = JSON.stringify(schema)));
  return worker.call({ schema: text, obj, old });
}
