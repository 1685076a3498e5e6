// Compilation of a CRD version's `x-kubernetes-validations` rules (kube's apiextensions cel.Compile and the
// CEL part of its CRD validation): one KubeEnv per schema node carrying rules, `self`/`oldSelf` typed by the
// node's schema, programs for rules and messageExpressions, estimated costs times the node's cardinality.
import type { JSONSchemaProps } from '../../api/json-schema-props.js';
import {
  assignTypeNames, CelCompileError, KubeEnv, SchemaTypeProvider, schemaDeclType, T, estimateCost,
  type DeclType, type EnvMode, type Program,
} from '../../cel/index.js';
import { MAX_REQUEST_SIZE_BYTES } from '../../cel/schema-types.js';

export interface ValidationRuleSpec {
  rule?: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface CompiledRule {
  spec: ValidationRuleSpec;
  /** The node the rule is declared on. */
  node: RuleNode;
  program?: Program;
  messageProgram?: Program;
  usesOldSelf: boolean;
  /** Compile error detail of the rule ("compilation failed: …" or the type error). */
  error?: string;
  messageError?: string;
  /** Estimated max cost × cardinality (messageCost: without cardinality). */
  cost: number;
  messageCost: number;
}

/** One schema node's rules and where its children's rules are. */
export interface RuleNode {
  schema: JSONSchemaProps;
  decl?: DeclType;
  rules: CompiledRule[];
  properties?: Map<string, RuleNode>;
  items?: RuleNode;
  additionalProperties?: RuleNode;
  /** The first list/map above (or at) this node that cannot correlate old and new values, if any. */
  uncorrelatable?: string;
}

let typeCounter = 0;

function nodeEnv(decl: DeclType, optionalOld: boolean, mode: EnvMode): KubeEnv {
  return new KubeEnv({
    mode,
    variables: { self: decl.celType, oldSelf: optionalOld ? T.optional(decl.celType) : decl.celType },
    provider: new SchemaTypeProvider(decl),
    selfType: decl,
  });
}

function compileExpression(env: KubeEnv, text: string): { program?: Program; error?: string } {
  try {
    return { program: env.compile(text) };
  } catch (err) {
    if (err instanceof CelCompileError) return { error: `compilation failed: ${err.message}` };
    throw err;
  }
}

function cappedProduct(a: number, b: number): number {
  const p = a * b;
  return Number.isFinite(p) ? p : Number.MAX_SAFE_INTEGER;
}

interface WalkState {
  /** Product of enclosing maxItems/maxProperties, or undefined when an enclosing list/map is unbounded. */
  cardinality: number | undefined;
  uncorrelatable?: string;
  mode: (rule: string) => EnvMode;
  /** Told how long each schema node's rules took to compile (apiserver_cel_compilation_duration_seconds). */
  observeCompilation?: (seconds: number) => void;
}

function compileNode(schema: JSONSchemaProps, isRoot: boolean, path: string, st: WalkState): RuleNode | undefined {
  const node: RuleNode = { schema, rules: [] };
  let any = false;
  const specs = (schema['x-kubernetes-validations'] ?? []) as ValidationRuleSpec[];
  if (specs.length > 0) {
    const started = performance.now();
    const base = schemaDeclType(schema, isRoot || schema['x-kubernetes-embedded-resource'] === true);
    if (base) {
      node.decl = assignTypeNames(base, `selfType${typeCounter++}`);
      const envs = new Map<string, KubeEnv>();
      const envFor = (optional: boolean, mode: EnvMode) => {
        const key = `${optional}:${mode}`;
        let e = envs.get(key);
        if (!e) envs.set(key, (e = nodeEnv(node.decl!, optional, mode)));
        return e;
      };
      const cardinality = st.cardinality ?? Math.floor(MAX_REQUEST_SIZE_BYTES / (node.decl.minSerializedSize + 1));
      for (const spec of specs) {
        const env = envFor(spec.optionalOldSelf === true, st.mode(spec.rule ?? ''));
        const c: CompiledRule = { spec, node, usesOldSelf: false, cost: 0, messageCost: 0 };
        const rule = (spec.rule ?? '').trim();
        if (rule) {
          const r = compileExpression(env, spec.rule!);
          if (r.program && r.program.outputType.kind !== 'bool') c.error = 'cel expression must evaluate to a bool';
          else if (r.program) c.program = r.program;
          else c.error = r.error;
          if (r.program) {
            c.usesOldSelf = r.program.usesVariable('oldSelf');
            c.cost = cappedProduct(Number(estimateCost(r.program, env).max), cardinality);
          }
        }
        if ((spec.messageExpression ?? '').trim()) {
          const m = compileExpression(env, spec.messageExpression!);
          if (m.program && m.program.outputType.kind !== 'string') c.messageError = 'messageExpression must evaluate to a string';
          else if (m.program) c.messageProgram = m.program;
          else c.messageError = m.error?.replace(/^compilation failed: /, 'messageExpression compilation failed: ');
          // kube checks a messageExpression's estimate without the node's cardinality.
          if (m.program) c.messageCost = Number(estimateCost(m.program, env).max);
        }
        node.rules.push(c);
      }
      node.uncorrelatable = st.uncorrelatable;
      any = true;
    }
    st.observeCompilation?.((performance.now() - started) / 1000);
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const child = compileNode(prop, false, `${path}.properties[${name}]`, st);
    if (child) { (node.properties ??= new Map()).set(name, child); any = true; }
  }
  const items = schema.items && !Array.isArray(schema.items) ? schema.items : undefined;
  if (items) {
    const listType = schema['x-kubernetes-list-type'] ?? 'atomic';
    const child = compileNode(items, false, `${path}.items`, {
      ...st,
      cardinality: schema.maxItems !== undefined && st.cardinality !== undefined ? cappedProduct(st.cardinality, schema.maxItems) : undefined,
      uncorrelatable: st.uncorrelatable ?? (listType === 'map' ? undefined : path),
    });
    if (child) { node.items = child; any = true; }
  }
  const extra = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  if (extra) {
    const child = compileNode(extra, false, `${path}.additionalProperties`, {
      ...st,
      cardinality: schema.maxProperties !== undefined && st.cardinality !== undefined ? cappedProduct(st.cardinality, schema.maxProperties) : undefined,
    });
    if (child) { node.additionalProperties = child; any = true; }
  }
  return any ? node : undefined;
}

/**
 * Compiles every rule of a version's schema. `existing` holds rules already stored (compiled in the
 * StoredExpressions environment, as kube does for unchanged expressions); new rules use NewExpressions.
 */
export function compileSchemaRules(
  schema: JSONSchemaProps | undefined,
  path = 'openAPIV3Schema',
  existing?: ReadonlySet<string>,
  observeCompilation?: (seconds: number) => void,
): RuleNode | undefined {
  if (!schema) return undefined;
  return compileNode(schema, true, path, {
    cardinality: 1,
    observeCompilation,
    mode: (rule) => (existing === undefined || existing.has(rule) ? 'StoredExpressions' : 'NewExpressions'),
  });
}

/** Every rule text of a schema (to tell stored rules from new ones on update). */
export function ruleTexts(schema: JSONSchemaProps | undefined, out = new Set<string>()): Set<string> {
  if (!schema) return out;
  for (const r of (schema['x-kubernetes-validations'] ?? []) as ValidationRuleSpec[]) if (r.rule) out.add(r.rule);
  for (const p of Object.values(schema.properties ?? {})) ruleTexts(p, out);
  if (schema.items && !Array.isArray(schema.items)) ruleTexts(schema.items, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') ruleTexts(schema.additionalProperties, out);
  return out;
}
