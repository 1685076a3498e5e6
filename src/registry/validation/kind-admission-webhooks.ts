// Validation of Mutating- and ValidatingWebhookConfiguration (kube-apiserver 1.33's admissionregistration
// validation): webhook names, rules, policies, sideEffects, timeouts, selectors, client configs, review versions
// and matchConditions (compiled as kube compiles them). An update keeps accepting what the stored object already
// had (side effects, unknown review versions, duplicate names, match conditions unchanged).
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { KubeEnv, CelCompileError, T, admissionRequestType, kubeTypeProvider, formatType } from '../../cel/index.js';
import { isDNS1035Label, isDNS1123Subdomain, isValidPortNum } from '../../validation/names.js';
import { validateLabelSelector } from './label-selector.js';
import { validateMatchConditions, validateRuleWithOperations, type RuleValuePrinter } from './admission-rules.js';
import { isSet, list, type Obj, record, str } from './untyped.js';

const strings = (v: unknown): string[] => list(v).map(str);

const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];
const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const ALL_SIDE_EFFECTS = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];

interface Options {
  requireNoSideEffects: boolean;
  requireRecognizedReviewVersion: boolean;
  requireUniqueNames: boolean;
  ignoreMatchConditions: boolean;
  storedExpressions: Set<string>;
}

function isFullyQualifiedName(path: string, name: string): FieldError[] {
  if (!name) return [fieldErr.required(path, '')];
  const errs = isDNS1123Subdomain(name);
  if (errs.length) return [fieldErr.invalid(path, name, errs.join(','))];
  if (name.split('.').length < 3) return [fieldErr.invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

/** Webhook configurations print a list value as the list itself. */
const WEBHOOK_VALUES: RuleValuePrinter = { list: (_type, values) => values, scope: (v) => v };

const FORM = '; desired format: https://host[/path]';

/** webhook.ValidateWebhookURL over Go's url.Parse split of the URL. */
function validateURL(p: string, url: string): FieldError[] {
  const errs: FieldError[] = [];
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(url);
  const scheme = m ? m[1]!.toLowerCase() : '';
  let rest = m ? m[2]! : url;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let host = '';
  let user: string | undefined;
  if (rest.startsWith('//')) {
    const authority = rest.slice(2).split('/')[0]!;
    const at = authority.lastIndexOf('@');
    if (at >= 0) user = authority.slice(0, at);
    host = at >= 0 ? authority.slice(at + 1) : authority;
  }
  if (scheme !== 'https') errs.push(fieldErr.invalid(p, scheme, `'https' is the only allowed URL scheme${FORM}`));
  if (!host) errs.push(fieldErr.invalid(p, host, `host must be specified${FORM}`));
  if (user !== undefined) errs.push(fieldErr.invalid(p, user, 'user information is not permitted in the URL'));
  if (fragment) errs.push(fieldErr.invalid(p, fragment, 'fragments are not permitted in the URL'));
  if (query) errs.push(fieldErr.invalid(p, query, 'query parameters are not permitted in the URL'));
  return errs;
}

function validateService(p: string, svc: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (!str(svc.name)) errs.push(fieldErr.required(`${p}.name`, ''));
  if (!str(svc.namespace)) errs.push(fieldErr.required(`${p}.namespace`, ''));
  const port = typeof svc.port === 'number' ? svc.port : 443;
  const portErrs = isValidPortNum(port);
  if (portErrs.length) errs.push(fieldErr.invalid(`${p}.port`, port, `port is not valid: ${portErrs.join(', ')}`));
  if (!isSet(svc.path)) return errs;
  const path = str(svc.path);
  if (path === '/' || path === '') return errs;
  if (path === '//') return [...errs, fieldErr.invalid(`${p}.path`, path, 'segment[0] may not be empty')];
  if (!path.startsWith('/')) errs.push(fieldErr.invalid(`${p}.path`, path, "must start with a '/'"));
  let check = path.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (!step) {
      errs.push(fieldErr.invalid(`${p}.path`, path, `segment[${i}] may not be empty`));
      return;
    }
    for (const f of isDNS1123Subdomain(step)) errs.push(fieldErr.invalid(`${p}.path`, path, `segment[${i}]: ${f}`));
  });
  return errs;
}

const envs = new Map<string, KubeEnv>();
function conditionEnv(mode: 'NewExpressions' | 'StoredExpressions'): KubeEnv {
  let env = envs.get(mode);
  if (!env) {
    env = new KubeEnv({
      mode,
      variables: {
        object: T.dyn,
        oldObject: T.dyn,
        request: admissionRequestType().celType,
        authorizer: T.opaque('kubernetes.authorization.Authorizer'),
        'authorizer.requestResource': T.opaque('kubernetes.authorization.ResourceCheck'),
      },
      provider: kubeTypeProvider(),
    });
    envs.set(mode, env);
  }
  return env;
}

function validateWebhookMatchConditions(conditions: unknown[], opts: Options, p: string): FieldError[] {
  return validateMatchConditions(conditions, p, (expression, i) => {
    const env = conditionEnv(opts.storedExpressions.has(expression) ? 'StoredExpressions' : 'NewExpressions');
    try {
      const program = env.compile(expression);
      const out = formatType(program.outputType);
      return out === 'bool' ? [] : [fieldErr.invalid(`${p}[${i}].expression`, expression, 'must evaluate to bool')];
    } catch (e) {
      if (!(e instanceof CelCompileError)) throw e;
      return [fieldErr.invalid(`${p}[${i}].expression`, expression, `compilation failed: ${e.message}`)];
    }
  });
}

function validateReviewVersions(versions: string[], required: boolean, p: string): FieldError[] {
  if (!versions.length) return [fieldErr.required(p, `must specify one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldErr.invalid(`${p}[${i}]`, v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const m of isDNS1035Label(v)) errs.push(fieldErr.invalid(`${p}[${i}]`, v, m));
  });
  if (required && !versions.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v))) {
    errs.push(fieldErr.invalid(p, versions, `must include at least one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}`));
  }
  return errs;
}

function validateWebhook(hook: Obj, mutating: boolean, opts: Options, p: string): FieldError[] {
  const errs: FieldError[] = [...isFullyQualifiedName(`${p}.name`, str(hook.name))];
  list(hook.rules).forEach((r, i) => errs.push(...validateRuleWithOperations(record(r), `${p}.rules[${i}]`, WEBHOOK_VALUES)));
  if (isSet(hook.failurePolicy) && !['Fail', 'Ignore'].includes(str(hook.failurePolicy))) errs.push(fieldErr.notSupported(`${p}.failurePolicy`, hook.failurePolicy, ['Fail', 'Ignore']));
  if (isSet(hook.matchPolicy) && !['Equivalent', 'Exact'].includes(str(hook.matchPolicy))) errs.push(fieldErr.notSupported(`${p}.matchPolicy`, hook.matchPolicy, ['Equivalent', 'Exact']));
  const allowed = opts.requireNoSideEffects ? NO_SIDE_EFFECTS : ALL_SIDE_EFFECTS;
  if (!isSet(hook.sideEffects)) errs.push(fieldErr.required(`${p}.sideEffects`, `must specify one of ${allowed.join(', ')}`));
  else if (!allowed.includes(str(hook.sideEffects))) errs.push(fieldErr.notSupported(`${p}.sideEffects`, hook.sideEffects, allowed));
  if (typeof hook.timeoutSeconds === 'number' && (hook.timeoutSeconds > 30 || hook.timeoutSeconds < 1)) {
    errs.push(fieldErr.invalid(`${p}.timeoutSeconds`, hook.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  }
  errs.push(...validateLabelSelector(hook.namespaceSelector, `${p}.namespaceSelector`));
  errs.push(...validateLabelSelector(hook.objectSelector, `${p}.objectSelector`));
  if (mutating && isSet(hook.reinvocationPolicy) && !['IfNeeded', 'Never'].includes(str(hook.reinvocationPolicy))) {
    errs.push(fieldErr.notSupported(`${p}.reinvocationPolicy`, hook.reinvocationPolicy, ['IfNeeded', 'Never']));
  }
  const cc = record(hook.clientConfig);
  const hasURL = isSet(cc.url);
  const hasService = isSet(cc.service);
  if (hasURL === hasService) errs.push(fieldErr.required(`${p}.clientConfig`, 'exactly one of url or service is required'));
  else if (hasURL) errs.push(...validateURL(`${p}.clientConfig.url`, str(cc.url)));
  else errs.push(...validateService(`${p}.clientConfig.service`, record(cc.service)));
  if (!opts.ignoreMatchConditions) errs.push(...validateWebhookMatchConditions(list(hook.matchConditions), opts, `${p}.matchConditions`));
  return errs;
}

function validateConfiguration(obj: unknown, mutating: boolean, opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list(record(obj).webhooks).forEach((h, i) => {
    const hook = record(h);
    const p = `webhooks[${i}]`;
    errs.push(...validateWebhook(hook, mutating, opts, p));
    errs.push(...validateReviewVersions(strings(hook.admissionReviewVersions), opts.requireRecognizedReviewVersion, `${p}.admissionReviewVersions`));
    const name = str(hook.name);
    if (opts.requireUniqueNames && name) {
      if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
      else names.add(name);
    }
  });
  return errs;
}

const CREATE_OPTIONS: Options = { requireNoSideEffects: true, requireRecognizedReviewVersion: true, requireUniqueNames: true, ignoreMatchConditions: false, storedExpressions: new Set() };

export const validateWebhookConfigurationCreate = (mutating: boolean) => (obj: unknown): FieldError[] => validateConfiguration(obj, mutating, CREATE_OPTIONS);

/** Update: what the stored configuration already had stays acceptable. */
export const validateWebhookConfigurationUpdate = (mutating: boolean) => (obj: unknown, old: unknown): FieldError[] => {
  const oldHooks = list(record(old).webhooks).map(record);
  const newHooks = list(record(obj).webhooks).map(record);
  const oldNames = oldHooks.map((h) => str(h.name));
  const opts: Options = {
    requireNoSideEffects: oldHooks.every((h) => NO_SIDE_EFFECTS.includes(str(h.sideEffects))),
    requireRecognizedReviewVersion: oldHooks.every((h) => {
      const v = strings(h.admissionReviewVersions);
      return !v.length || v.some((x) => ACCEPTED_REVIEW_VERSIONS.includes(x));
    }),
    requireUniqueNames: new Set(oldNames).size === oldNames.length,
    ignoreMatchConditions: newHooks.length === oldHooks.length && newHooks.every((h, i) => JSON.stringify(h.matchConditions ?? null) === JSON.stringify(oldHooks[i]!.matchConditions ?? null)),
    storedExpressions: new Set(oldHooks.flatMap((h) => list(h.matchConditions).map((c) => str(record(c).expression)))),
  };
  return validateConfiguration(obj, mutating, opts);
};
