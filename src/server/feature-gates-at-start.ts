// Start-up check of --feature-gates: kube's errors stop the server (UsageError), its warnings are logged.
import type { Logger } from 'pino';
import { UsageError } from './usage-error.js';
import { FeatureGateError, validateFeatureGates } from '../features/feature-gates.js';

export function checkFeatureGatesAtStart(gates: Record<string, boolean>, log: Logger): void {
  let warnings: string[];
  try {
    warnings = validateFeatureGates(gates);
  } catch (e) {
    if (e instanceof FeatureGateError) throw new UsageError(e.message);
    throw e;
  }
  for (const w of warnings) log.warn(w);
}
