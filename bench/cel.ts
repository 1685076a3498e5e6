// CEL engine micro-benchmark, in-process: compile and evaluate typical CRD rules with kubelite's engine
// (src/cel) and with @bufbuild/cel on the same expressions and data, in the same run. Prints one JSON object.
// Usage: node dist/bench/cel.js [--rounds=3] [--ms=400]
import { parse as bufParse, plan as bufPlan, celEnv, isCelError } from '@bufbuild/cel';
import { KubeEnv } from '../src/cel/kube-env.js';
import { assignTypeNames, schemaDeclType, SchemaTypeProvider } from '../src/cel/schema-types.js';
import { schemaValue } from '../src/cel/schema-values.js';

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

function newEnvCompile(expr: string) {
  // A fresh expression each time, so the environment's program cache never hits.
  const { ast } = env.env.check(expr);
  return ast && env.env.program(ast);
}

console.log(JSON.stringify(rows));
