// CEL match conditions of a Webhook authorizer (AuthorizationConfiguration, auth.md §8.3): each expression sees
// `request` (kubernetes.SubjectAccessReviewSpec) and must be bool. Any condition evaluating to false skips the webhook
// (no opinion); otherwise any evaluation error is the authorizer's failure-policy decision; all true calls it.
import { CelCompileError, CelError, KubeEnv, formatType, kubeTypeProvider, schemaValue, subjectAccessReviewSpecType, type Program } from '../../cel/index.js';

let env: KubeEnv | undefined;
const requestType = subjectAccessReviewSpecType();

function matchEnv(): KubeEnv {
  return (env ??= new KubeEnv({ mode: 'StoredExpressions', variables: { request: requestType.celType }, provider: kubeTypeProvider() }));
}

/** The compile error's detail for a condition, as kube's validation reports it; undefined when it compiles to bool. */
export function matchConditionError(expression: string): string | undefined {
  try {
    const program = matchEnv().compile(expression);
    const out = formatType(program.outputType);
    return out === 'bool' ? undefined : `must evaluate to bool but got ${out}`;
  } catch (e) {
    if (e instanceof CelCompileError) return `compilation failed: ${e.message}`;
    throw e;
  }
}

export class MatchConditions {
  private readonly programs: { expression: string; program: Program; selectors: boolean }[];

  /** Expressions that validation has accepted (matchConditionError answered undefined for each). */
  constructor(expressions: string[]) {
    this.programs = expressions.map((expression) => ({
      expression,
      program: matchEnv().compile(expression),
      // kube fills the selector fields of the request only when some expression selects them.
      selectors: /\b(fieldSelector|labelSelector)\b/.test(expression),
    }));
  }

  get empty(): boolean {
    return this.programs.length === 0;
  }

  /**
   * Whether the webhook is to be called for this SubjectAccessReview spec (the v1 form). Throws an Error with kube's
   * aggregated text when no condition is false but some failed to evaluate.
   */
  matches(spec: Record<string, unknown>): boolean {
    const errors: string[] = [];
    const withSelectors = this.programs.some((p) => p.selectors);
    const request = schemaValue(requestView(spec, withSelectors), requestType);
    for (const { expression, program } of this.programs) {
      let result: unknown;
      try {
        result = program.eval({ request });
      } catch (e) {
        if (!(e instanceof CelError) && !(e instanceof Error)) throw e;
        errors.push(`cel evaluation error: expression '${expression}' resulted in error: ${(e as Error).message}`);
        continue;
      }
      if (typeof result !== 'boolean') {
        errors.push(`cel evaluation error: expression '${expression}' eval result type should be bool but got ${typeName(result)}`);
        continue;
      }
      if (!result) return false;
    }
    if (errors.length === 1) throw new Error(errors[0]);
    if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
    return true;
  }
}

function typeName(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'bigint' || typeof v === 'number') return typeof v === 'bigint' ? 'int' : 'double';
  if (v === null) return 'null_type';
  return Array.isArray(v) ? 'list' : 'map';
}

// Every string field present (even when empty), as kube converts the spec before evaluation.
function requestView(spec: Record<string, unknown>, withSelectors: boolean): Record<string, unknown> {
  const groups = (spec.groups ?? spec.group ?? []) as string[];
  const out: Record<string, unknown> = { user: spec.user ?? '', groups, uid: spec.uid ?? '', extra: spec.extra ?? {} };
  const ra = spec.resourceAttributes as Record<string, unknown> | undefined;
  if (ra) {
    const r: Record<string, unknown> = {};
    for (const k of ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name']) r[k] = ra[k] ?? '';
    if (withSelectors) {
      for (const k of ['fieldSelector', 'labelSelector']) {
        const sel = ra[k] as { requirements?: unknown[]; rawSelector?: string } | undefined;
        if (sel?.rawSelector) r[k] = { rawSelector: sel.rawSelector };
        else if (sel?.requirements?.length) r[k] = { requirements: sel.requirements };
      }
    }
    out.resourceAttributes = r;
  }
  const nra = spec.nonResourceAttributes as Record<string, unknown> | undefined;
  if (nra) out.nonResourceAttributes = { path: nra.path ?? '', verb: nra.verb ?? '' };
  return out;
}
