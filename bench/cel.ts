// CEL engine micro-benchmark, in-process: compile and evaluate typical CRD rules with kubelite's engine
// (src/cel) and with @bufbuild/cel on the same expressions and data, in the same run. Prints one JSON object.
// Usage: node dist/bench/cel.js [--rounds=3] [--ms=400]
import { parse as bufParse, plan as bufPlan, celEnv, isCelError } from '@bufbuild/cel';
import { KubeEnv } from '../src/cel/kube-env.js';
import { assignTypeNames, schemaDeclType, SchemaTypeProvider } from '../src/cel/schema-types.js';
import { schemaValue } from '../src/cel/schema-values.js';
import { compileSchemaRules } from '../src/apiextensions/cel/compile-rules.js';
import { evaluateRules } from '../src/apiextensions/cel/evaluate-rules.js';
import { validateCustomResourceValue } from '../src/apiextensions/structural/validate-value.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const ROUNDS = Number(args.rounds ?? 3);
const MS = Number(args.ms ?? 400);

const schema = {
  type: 'object',
  properties: {
    replicas: { type: 'integer' },
    maxReplicas: { type: 'integer' },
    items: { type: 'array', items: { type: 'string' } },
  },
};
const decl = assignTypeNames(schemaDeclType(schema, true)!, 'selfType');
const newEnv = () => new KubeEnv({ mode: 'StoredExpressions', variables: { self: decl.celType }, provider: new SchemaTypeProvider(decl), selfType: decl });
const env = newEnv();

const SIMPLE = "self.replicas <= self.maxReplicas && self.metadata.name.startsWith('web')";
const LIST = 'self.items.all(i, i.size() < 100)';
const items = Array.from({ length: 1000 }, (_, i) => `item-${'x'.repeat(i % 50)}-${i}`);
const data = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'web-1' }, replicas: 3, maxReplicas: 5, items };
const self = schemaValue(data, decl);
// @bufbuild/cel takes plain objects; integers as bigint.
const bufSelf = { ...data, replicas: 3n, maxReplicas: 5n };

/** ns per operation: the best of ROUNDS rounds of about MS milliseconds each. */
function measure(fn: (i: number) => unknown): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS + 1; r++) {
    let n = 0;
    const start = process.hrtime.bigint();
    const deadline = start + BigInt(MS) * 1_000_000n;
    let now = start;
    while (now < deadline) {
      for (let k = 0; k < 64; k++) fn(n++);
      now = process.hrtime.bigint();
    }
    if (r > 0) best = Math.min(best, Number(now - start) / n);
  }
  return best;
}

const simple = env.compile(SIMPLE);
const list = env.compile(LIST);
if (simple.eval({ self }) !== true || list.eval({ self }) !== true) throw new Error('unexpected rule result');
const bufEnv = celEnv();
const bufSimple = bufPlan(bufEnv, bufParse(SIMPLE));
const bufList = bufPlan(bufEnv, bufParse(LIST));
if (bufSimple({ self: bufSelf }) !== true || bufList({ self: bufSelf }) !== true) throw new Error('unexpected @bufbuild/cel result');

const rows = [
  { metric: 'eval simple rule', unit: 'ns', kubelite: measure(() => simple.eval({ self })), baseline: measure(() => bufSimple({ self: bufSelf })) },
  { metric: 'eval simple rule, object adapted per eval', unit: 'ns', kubelite: measure(() => simple.eval({ self: schemaValue(data, decl) })), baseline: measure(() => bufSimple({ self: bufSelf })) },
  { metric: 'eval list rule (1,000 strings)', unit: 'ns', kubelite: measure(() => list.eval({ self })), baseline: measure(() => bufList({ self: bufSelf })) },
  {
    metric: 'compile unique rule (kubelite parse+check+plan; baseline parse+plan)', unit: 'ns',
    kubelite: measure((i) => newEnvCompile(`${SIMPLE} && self.replicas != ${i}`)),
    baseline: measure((i) => { const p = bufPlan(bufEnv, bufParse(`${SIMPLE} && self.replicas != ${i}`)); return isCelError(p) ? 0 : p; }),
  },
];

// A CRD with 20 x-kubernetes-validations rules validating one object on update (the path custom resource writes
// take: old values correlated, shared budget, messages), timed one validation at a time; the median is reported.
const RULES_20 = [
  'self.spec.replicas <= self.spec.maxReplicas', 'self.spec.replicas >= 0', 'self.spec.maxReplicas <= 100',
  "self.metadata.name.startsWith('web')", "self.spec.mode in ['fast', 'slow']", 'self.spec.mode.size() <= 10',
  'self.spec.ports.all(p, p.port > 0 && p.port < 65536)', "self.spec.ports.exists(p, p.name == 'http')",
  'self.spec.ports.size() <= 8', 'self.spec.tags.all(t, t.size() < 20)', 'self.spec.tags.size() <= 10',
  "!self.spec.tags.exists(t, t == 'forbidden')", "self.spec.owner.matches('^[a-z]+$')", 'self.spec.owner.size() >= 3',
  "self.spec.labels.all(k, k.size() < 30)", "'app' in self.spec.labels", "self.spec.labels['app'] == 'web'",
  'self.spec.ratio >= 0.0 && self.spec.ratio <= 1.0', 'self.spec.replicas * 2 <= self.spec.maxReplicas * 2',
  "self.kind == 'Widget'",
];
const crdSchema = {
  type: 'object',
  'x-kubernetes-validations': RULES_20.map((rule) => ({ rule })),
  properties: {
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' }, maxReplicas: { type: 'integer' }, mode: { type: 'string', maxLength: 10 },
        owner: { type: 'string', maxLength: 20 }, ratio: { type: 'number' },
        ports: { type: 'array', maxItems: 8, items: { type: 'object', properties: { name: { type: 'string', maxLength: 10 }, port: { type: 'integer' } } } },
        tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
        labels: { type: 'object', maxProperties: 10, additionalProperties: { type: 'string', maxLength: 30 } },
      },
    },
  },
};
const crObject = {
  apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'web-1' },
  spec: {
    replicas: 3, maxReplicas: 5, mode: 'fast', owner: 'team', ratio: 0.5, ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }],
    tags: ['a', 'b', 'c'], labels: { app: 'web', tier: 'front' },
  },
};
const crOld = structuredClone(crObject);
crOld.spec.replicas = 2;
const ruleTree = compileSchemaRules(crdSchema as never)!;
if (evaluateRules(ruleTree, crObject, crOld).errors.length) throw new Error('unexpected rule failure');
const bufRules = RULES_20.map((r) => bufPlan(bufEnv, bufParse(r)));
const bufObject = { ...crObject, spec: { ...crObject.spec, replicas: 3n, maxReplicas: 5n, ports: crObject.spec.ports.map((p) => ({ ...p, port: BigInt(p.port) })) } };
for (const r of bufRules) if (r({ self: bufObject }) !== true) throw new Error('unexpected @bufbuild/cel result');

/** Median ns of one call, over about MS milliseconds of single timed calls per round (best round). */
function medianOf(fn: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < ROUNDS + 1; r++) {
    const times: number[] = [];
    const end = Date.now() + MS;
    while (Date.now() < end) {
      const t = process.hrtime.bigint();
      fn();
      times.push(Number(process.hrtime.bigint() - t));
    }
    times.sort((a, b) => a - b);
    if (r > 0) best = Math.min(best, times[Math.floor(times.length / 2)]!);
  }
  return best;
}

rows.push({
  metric: 'validate a custom resource against 20 CRD rules on update (median)', unit: 'ns',
  kubelite: medianOf(() => evaluateRules(ruleTree, crObject, crOld)),
  baseline: medianOf(() => { for (const r of bufRules) r({ self: bufObject }); }),
});

// The same object as the custom resource strategy validates it: the structural schema first, then the rules.
rows.push({
  metric: 'validate a custom resource: schema and 20 CRD rules on update (median)', unit: 'ns',
  kubelite: medianOf(() => { validateCustomResourceValue(crdSchema as never, crObject); evaluateRules(ruleTree, crObject, crOld); }),
  baseline: medianOf(() => { for (const r of bufRules) r({ self: bufObject }); }),
});
// Once per CRD write (the strategy keeps the compiled tree per schema object): parse, check, cost-estimate 20 rules.
rows.push({
  metric: 'compile a CRD schema with 20 rules (median)', unit: 'ns',
  kubelite: medianOf(() => compileSchemaRules(structuredClone(crdSchema) as never)),
  baseline: medianOf(() => RULES_20.map((r) => bufPlan(bufEnv, bufParse(r)))),
});

function newEnvCompile(expr: string) {
  // A fresh expression each time, so the environment's program cache never hits.
  const { ast } = env.env.check(expr);
  return ast && env.env.program(ast);
}

console.log(JSON.stringify(rows));
