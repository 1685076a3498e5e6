// The one place the server's feature gates are read from. `--feature-gates` is parsed and checked as kube's
// component-base feature gate does (its error and warning texts); a gate's value is what the flag set, else what
// AllAlpha/AllBeta set for its stage, else its 1.33 default.
import { ALL_ALPHA, ALL_BETA, GATES_1_33, type GateSpec } from './gates-1.33.js';

export class FeatureGateError extends Error {}

const TRUE = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const FALSE = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

/** `k1=v1,k2=v2` as kube's featureGate.Set parses it (syntax only; see validateFeatureGates). */
export function parseFeatureGates(value: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  let prefixes = '';
  for (let s of value.split(',')) {
    if (s.length === 0) continue;
    // kube's flag takes `component:key=value`; kubelite is the one component, "kube"
    const colon = s.indexOf(':');
    if (colon >= 0) {
      const component = s.slice(0, colon).trim();
      if (component !== 'kube') throw new FeatureGateError(`component not registered: ${component}`);
      prefixes += 'k';
      s = s.slice(colon + 1);
    } else prefixes += 'e';
    if (prefixes.includes('k') && prefixes.includes('e')) {
      throw new FeatureGateError('set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use');
    }
    const eq = s.indexOf('=');
    const k = (eq < 0 ? s : s.slice(0, eq)).trim();
    if (eq < 0) throw new FeatureGateError(`missing bool value for ${k}`);
    const v = s.slice(eq + 1).trim();
    if (TRUE.includes(v)) out[k] = true;
    else if (FALSE.includes(v)) out[k] = false;
    else throw new FeatureGateError(`invalid value of ${k}=${v}, err: strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
  }
  return out;
}

/**
 * Checks explicit gate values against 1.33's gates: an unknown gate or a locked gate set away from its default is
 * kube's start-up error (thrown); setting a deprecated or GA gate gives kube's warning (returned, to log).
 */
export function validateFeatureGates(gates: Record<string, boolean>): string[] {
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const [k, v] of Object.entries(gates)) {
    const spec = GATES_1_33.get(k);
    if (!spec) throw new FeatureGateError(`unrecognized feature gate: ${k}`);
    if (spec.locked && spec.default !== v) {
      errors.push(`cannot set feature gate ${k} to ${v}, feature is locked to ${spec.default}`);
      continue;
    }
    if (spec.stage === 'DEPRECATED') warnings.push(`Setting deprecated feature gate ${k}=${v}. It will be removed in a future release.`);
    else if (spec.stage === 'GA') warnings.push(`Setting GA feature gate ${k}=${v}. It will be removed in a future release.`);
  }
  // several errors read as Go's aggregate error does
  if (errors.length === 1) throw new FeatureGateError(errors[0]);
  if (errors.length > 1) throw new FeatureGateError(`[${errors.join(', ')}]`);
  return warnings;
}

/** The spec of a 1.33 gate; throws for a name that is no gate (a programming error, not user input). */
export function gateSpec(name: string): GateSpec {
  const spec = GATES_1_33.get(name);
  if (!spec) throw new Error(`no feature gate ${name} in 1.33`);
  return spec;
}

/** Whether gate `name` is on for a server started with these options. */
export function featureEnabled(options: { featureGates?: Record<string, boolean> }, name: string): boolean {
  const spec = gateSpec(name);
  const set = options.featureGates ?? {};
  const explicit = set[name];
  if (explicit !== undefined) return explicit;
  if (spec.stage === 'ALPHA' && set[ALL_ALPHA] !== undefined) return set[ALL_ALPHA];
  if (spec.stage === 'BETA' && set[ALL_BETA] !== undefined) return set[ALL_BETA];
  return spec.default;
}

/** kube's `--feature-gates` help: the gates that are neither GA nor deprecated, as `kube:<Name>=true|false (<STAGE> - default=<bool>)`. */
export function knownFeatures(): string[] {
  const out: string[] = [];
  for (const [name, spec] of GATES_1_33) {
    if (spec.stage === 'GA' || spec.stage === 'DEPRECATED') continue;
    out.push(`kube:${name}=true|false (${spec.stage} - default=${spec.default})`);
  }
  return out.sort();
}

export function featureGatesHelp(): string {
  return (
    'Comma-separated list of component:key=value pairs that describe feature gates for alpha/experimental features of different components.\n' +
    'If the component is not specified, defaults to "kube". This flag can be repeatedly invoked. For example: --feature-gates \'wardle:featureA=true,wardle:featureB=false\' --feature-gates \'kube:featureC=true\'' +
    'Options are:\n' +
    knownFeatures().join('\n')
  );
}

/**
 * Whether declarative validation's result is authoritative (seed: the takeover gate, which has no effect while
 * DeclarativeValidation is off).
 */
export function declarativeValidationTakeover(options: { featureGates?: Record<string, boolean> }): boolean {
  return featureEnabled(options, 'DeclarativeValidation') && featureEnabled(options, 'DeclarativeValidationTakeover');
}
