// Compiles a ValidatingAdmissionPolicy's CEL (kube's admission plugin cel compiler with variable composition):
// `object`, `oldObject`, `request`, `namespaceObject`, `params` (only with a paramKind), `authorizer` and
// `authorizer.requestResource` (not in messageExpressions), and `variables`, a `kubernetes.variables` object whose
// fields are the variables compiled before, typed by their expressions. Expressions that fail to compile keep
// kube's error text and fail at evaluation, as in kube.
import {
  CelCompileError, KubeEnv, kubeTypeProvider, admissionRequestType, namespaceType, T, type CelType, type DeclType, type EnvMode, type Program,
} from './index.js';
import type { DeclField } from './schema-types.js';
import type { TypeProvider } from './decls.js';
import type { CelLibrary } from './env.js';
import { typeName } from './types.js';

export const VARIABLES_TYPE = 'kubernetes.variables';

/** One compiled expression: its program, or kube's compilation error text. */
export interface CompiledExpression {
  expression: string;
  program?: Program;
  error?: string;
  outputType?: CelType;
}

export interface VariableSpec { name: string; expression: string }
export interface MatchConditionSpec { name: string; expression: string }
export interface ValidationSpec { expression: string; message?: string; messageExpression?: string; reason?: string }
export interface AuditAnnotationSpec { key: string; valueExpression: string }

export interface PolicySpec {
  paramKind?: { apiVersion?: string; kind?: string } | null;
  matchConstraints?: unknown;
  validations?: ValidationSpec[];
  failurePolicy?: string;
  auditAnnotations?: AuditAnnotationSpec[];
  matchConditions?: MatchConditionSpec[];
  variables?: VariableSpec[];
}

export interface CompiledPolicy {
  hasParams: boolean;
  /** Whether any expression reads `namespaceObject` (the namespace is only looked up then). */
  usesNamespace: boolean;
  failurePolicy: string;
  /** In declaration order; each sees the ones before it. */
  variables: Map<string, CompiledExpression>;
  matchConditions: { name: string; compiled: CompiledExpression }[];
  validations: { spec: ValidationSpec; compiled: CompiledExpression; message?: CompiledExpression }[];
  auditAnnotations: { spec: AuditAnnotationSpec; compiled: CompiledExpression }[];
}

/** cel-go's Type.String(). */
export function celTypeString(t: CelType): string {
  switch (t.kind) {
    case 'list': return `list(${celTypeString(t.elem)})`;
    case 'map': return `map(${celTypeString(t.key)}, ${celTypeString(t.value)})`;
    case 'opaque': return t.params.length ? `${t.name}(${t.params.map(celTypeString).join(', ')})` : t.name;
    case 'type': return t.param ? `type(${celTypeString(t.param)})` : 'type';
    default: return typeName(t);
  }
}

const simpleDecl = (celType: CelType): DeclType => ({ celType, schema: {}, maxElements: 0, minSerializedSize: 1 });

export interface EnvChoice { params: boolean; authorizer: boolean; extension?: EnvExtension }

/** Types of `object`/`oldObject` and `params` (the type checker's); dyn when absent. */
export interface TypedInputs {
  object?: DeclType;
  params?: DeclType;
  /** The type checker declares `authorizer` alone, without `authorizer.requestResource` (as kube's does). */
  authorizerOnly?: boolean;
}

/** Extra declarations of some of a policy's environments (MutatingAdmissionPolicy's patch types). */
export interface EnvExtension {
  provider: (base: TypeProvider) => TypeProvider;
  libraries: CelLibrary[];
}

/** The environments of one policy, rebuilt as variables are added (their type changes). */
export class PolicyEnvs {
  private readonly fields = new Map<string, DeclField>();
  private envs = new Map<string, KubeEnv>();

  constructor(private readonly mode: EnvMode, private readonly typed: TypedInputs = {}) {}

  addVariable(name: string, type: CelType): void {
    this.fields.set(name, { name, type: simpleDecl(type), required: true });
    this.envs = new Map();
  }

  env(c: EnvChoice, mode: EnvMode = this.mode): KubeEnv {
    const key = `${c.params}/${c.authorizer}/${mode}/${c.extension ? 'x' : ''}`;
    let e = this.envs.get(key);
    if (e) return e;
    const variablesDecl: DeclType = { celType: T.object(VARIABLES_TYPE), schema: { type: 'object' }, fields: new Map(this.fields), maxElements: 0, minSerializedSize: 2 };
    const objectType = this.typed.object?.celType ?? T.dyn;
    const variables: Record<string, CelType> = {
      object: objectType,
      oldObject: objectType,
      request: admissionRequestType().celType,
      namespaceObject: namespaceType().celType,
      variables: variablesDecl.celType,
    };
    if (c.params) variables.params = this.typed.params?.celType ?? T.dyn;
    if (c.authorizer) {
      variables.authorizer = T.opaque('kubernetes.authorization.Authorizer');
      if (!this.typed.authorizerOnly) variables['authorizer.requestResource'] = T.opaque('kubernetes.authorization.ResourceCheck');
    }
    const declared = [variablesDecl, ...(this.typed.object ? [this.typed.object] : []), ...(this.typed.params ? [this.typed.params] : [])];
    const provider = kubeTypeProvider(...declared);
    e = c.extension
      ? new KubeEnv({ mode, variables, provider: c.extension.provider(provider), libraries: c.extension.libraries })
      : new KubeEnv({ mode, variables, provider });
    this.envs.set(key, e);
    return e;
  }
}

/** Compiles one expression; `returnTypes` undefined accepts any type (variables). */
export function compileExpression(env: KubeEnv, expression: string, returnTypes?: CelType[]): CompiledExpression {
  let program: Program;
  try {
    program = env.compile(expression);
  } catch (err) {
    if (err instanceof CelCompileError) return { expression, error: `compilation failed: ${err.message}` };
    throw err;
  }
  const out = program.outputType;
  if (returnTypes && !returnTypes.some((t) => t.kind === out.kind && celTypeString(t) === celTypeString(out))) {
    const got = celTypeString(out);
    const error = returnTypes.length === 1
      ? `must evaluate to ${celTypeString(returnTypes[0])} but got ${got}`
      : `must evaluate to one of [${returnTypes.map(celTypeString).join(' ')}] but got ${got}`;
    return { expression, error };
  }
  return { expression, program, outputType: out };
}

/**
 * Compiles a policy's spec: StoredExpressions at run time; when a policy is written, NewExpressions for every
 * expression the stored policy did not already have (`modeFor`).
 */
export function compilePolicy(spec: PolicySpec, modeFor: (expression: string) => EnvMode = () => 'StoredExpressions'): CompiledPolicy {
  const hasParams = !!spec.paramKind;
  const envs = new PolicyEnvs('StoredExpressions');
  const withAuthz = { params: hasParams, authorizer: true };
  const compile = (choice: EnvChoice, expression: string, returnTypes?: CelType[]) => compileExpression(envs.env(choice, modeFor(expression)), expression, returnTypes);
  const variables = new Map<string, CompiledExpression>();
  for (const v of spec.variables ?? []) {
    const c = compile(withAuthz, v.expression ?? '');
    variables.set(v.name, c);
    envs.addVariable(v.name, c.outputType ?? T.dyn);
  }
  const compiled: Omit<CompiledPolicy, 'usesNamespace'> = {
    hasParams,
    failurePolicy: spec.failurePolicy ?? 'Fail',
    variables,
    matchConditions: (spec.matchConditions ?? []).map((m) => ({ name: m.name, compiled: compile(withAuthz, m.expression ?? '', [T.bool]) })),
    validations: (spec.validations ?? []).map((v) => ({
      spec: v,
      compiled: compile(withAuthz, v.expression ?? '', [T.bool]),
      message: v.messageExpression ? compile({ params: hasParams, authorizer: false }, v.messageExpression, [T.string]) : undefined,
    })),
    auditAnnotations: (spec.auditAnnotations ?? []).map((a) => ({ spec: a, compiled: compile(withAuthz, a.valueExpression ?? '', [T.string, T.null]) })),
  };
  const all = [
    ...compiled.variables.values(), ...compiled.matchConditions.map((m) => m.compiled), ...compiled.auditAnnotations.map((a) => a.compiled),
    ...compiled.validations.flatMap((v) => (v.message ? [v.compiled, v.message] : [v.compiled])),
  ];
  return { ...compiled, usesNamespace: all.some((c) => c.program?.usesVariable('namespaceObject')) };
}
