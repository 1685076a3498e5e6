// kube's matchconditions.Matcher loop, which webhooks and admission policies share: the conditions in order, the
// first false one skips the hook; errors, when none is false, fail it (aggregated as utilerrors.NewAggregate prints
// them: one alone, several as a bracketed list) or, under failurePolicy Ignore, skip it.

/** One condition's outcome: its value, or the error text kube reports for it. */
export interface ConditionResult {
  value?: unknown;
  error?: string;
}

export type MatchConditionsOutcome = { matches: boolean; error?: string };

export function matchConditionsOutcome<C>(conditions: readonly C[], evaluate: (c: C) => ConditionResult, failurePolicy: string): MatchConditionsOutcome {
  const errors: string[] = [];
  for (const c of conditions) {
    const r = evaluate(c);
    if (r.error !== undefined) errors.push(r.error);
    else if (r.value === false) return { matches: false };
  }
  if (errors.length === 0) return { matches: true };
  if (failurePolicy === 'Ignore') return { matches: false };
  return { matches: false, error: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` };
}
