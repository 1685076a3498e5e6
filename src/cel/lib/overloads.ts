// Shape of the per-library tables of declarations the engine binds (one entry per cel-go overload).

/** A CEL type named as cel-go prints it ('string', 'int', 'list(string)', 'kubernetes.Quantity', …). */
export type CelTypeName = string;

export interface OverloadDecl {
  /** Function name as written in expressions ('quantity', 'isGreaterThan', 'format.named', '_==_'). */
  readonly function: string;
  /** cel-go overload id, as Kubernetes' cost estimator and the checker's reference map name it. */
  readonly overloadId: string;
  /** True for receiver-style calls (`x.f(y)`): the receiver is the first parameter. */
  readonly member: boolean;
  readonly params: readonly CelTypeName[];
  readonly result: CelTypeName;
}

export const decl = (
  fn: string,
  overloadId: string,
  member: boolean,
  params: readonly CelTypeName[],
  result: CelTypeName,
): OverloadDecl => ({ function: fn, overloadId, member, params, result });

/** Ceiling of size × factor as Kubernetes' runtime cost does it (float64 arithmetic, then ceil). */
export const costOf = (size: number, factor: number): number => Math.ceil(size * factor);

/** cel-go common/cost.go constants. */
export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;
