// CEL in the authentication configuration (auth.md §4.2–4.3): claim expressions see `claims` (the token's payload
// as a map of string to dyn), user validation rules see `user` (kubernetes.UserInfo). Compiled at load with kube's
// messages (cached per expression text), evaluated per token.
import { CelCompileError, CelError, KubeEnv, T, formatType, jsonValue, kubeTypeProvider, schemaValue, userInfoType, type Program } from '../../cel/index.js';
import type { UserInfo } from '../../http/request-context.js';

let claimsEnv: KubeEnv | undefined;
let userEnv: KubeEnv | undefined;

function envFor(kind: 'claims' | 'user'): KubeEnv {
  if (kind === 'claims') return (claimsEnv ??= new KubeEnv({ mode: 'NewExpressions', variables: { claims: T.map(T.string, T.dyn) } }));
  return (userEnv ??= new KubeEnv({ mode: 'NewExpressions', variables: { user: userInfoType().celType }, provider: kubeTypeProvider() }));
}

export interface Compiled {
  program?: Program;
  /** The field error's detail when the expression does not compile or has the wrong type. */
  error?: string;
}

export function compileExpression(expr: string, kind: 'claims' | 'user', wantBool: boolean): Compiled {
  try {
    const program = envFor(kind).compile(expr);
    const out = formatType(program.outputType);
    if (wantBool && out !== 'bool' && out !== 'dyn') return { error: 'must evaluate to bool' };
    return { program };
  } catch (e) {
    if (e instanceof CelCompileError) return { error: `compilation failed: ${e.message}` };
    throw e;
  }
}

/** The compiled program of an expression validation has accepted. */
export function programOf(expr: string, kind: 'claims' | 'user'): Program {
  return envFor(kind).compile(expr);
}

export function claimsValue(claims: Record<string, unknown>): unknown {
  return jsonValue(claims);
}

export function userValue(u: UserInfo): unknown {
  return schemaValue({ username: u.name, uid: u.uid ?? '', groups: u.groups, extra: u.extra ?? {} }, userInfoType());
}

/** Evaluates; a CEL evaluation error becomes an Error with its text. */
export function evaluate(program: Program, vars: Record<string, unknown>): unknown {
  try {
    return program.eval(vars);
  } catch (e) {
    if (e instanceof CelError) throw new Error(e.message);
    throw e;
  }
}

/** Whether an expression selects claims.<field> (or claims.?<field>), as kube's syntactic check looks for it. */
export function selectsClaim(expr: string, field: string): boolean {
  return new RegExp(`\\bclaims\\s*\\.\\s*\\??\\s*${field}\\b`).test(expr);
}
