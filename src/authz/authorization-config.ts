// AuthorizationConfiguration (apiserver.config.k8s.io v1, v1beta1, v1alpha1; auth.md §8.3): the ordered
// authorizers of --authorization-config, validated with kube's field errors. Match conditions are CEL, which
// kubelite cannot evaluate for authorizers yet: a configuration that uses them is refused at start.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { parse } from 'yaml';
import { aggregateFieldErrors, fieldErr, type FieldError } from '../errors/field-error.js';
import { parseGoDuration } from '../golang/time.js';
import { isDNS1123Subdomain } from '../validation/names.js';
import { matchConditionError } from './webhook/match-conditions.js';

export const AUTHORIZER_TYPES = ['ABAC', 'AlwaysAllow', 'AlwaysDeny', 'Node', 'RBAC', 'Webhook'];

export interface WebhookEntry {
  timeoutMs: number;
  authorizedTTLMs: number;
  unauthorizedTTLMs: number;
  subjectAccessReviewVersion: 'v1' | 'v1beta1';
  failurePolicy: 'NoOpinion' | 'Deny';
  kubeConfigFile: string;
  matchConditions: { expression: string }[];
}

export interface AuthorizerEntry {
  type: string;
  name: string;
  webhook?: WebhookEntry;
}

const VERSIONS = ['apiserver.config.k8s.io/v1', 'apiserver.config.k8s.io/v1beta1', 'apiserver.config.k8s.io/v1alpha1'];

function durationMs(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new Error(`json: cannot unmarshal ${typeof v} into Go value of type string`);
  return parseGoDuration(v);
}

const goDuration = (ms: number) => `${ms / 1000}s`;

/** Reads and validates the file; throws an Error with kube's text. */
export function loadAuthorizationConfig(path: string): AuthorizerEntry[] {
  let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    doc = parse(readFileSync(path, 'utf8')) ?? {};
    if (!VERSIONS.includes(doc.apiVersion) || doc.kind !== 'AuthorizationConfiguration') {
      throw new Error(`no kind "${doc.kind ?? ''}" is registered for version "${doc.apiVersion ?? ''}"`);
    }
  } catch (e) {
    throw new Error(`failed to load AuthorizationConfiguration from file: ${(e as Error).message}`);
  }
  const errs: FieldError[] = [];
  const out: AuthorizerEntry[] = [];
  const list: any[] = Array.isArray(doc.authorizers) ? doc.authorizers : []; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (list.length === 0) errs.push(fieldErr.required('authorizers', 'at least one authorization mode must be defined'));
  const seenTypes = new Set<string>();
  const seenNames = new Set<string>();
  list.forEach((a, i) => {
    const p = `authorizers[${i}]`;
    const type: string = a?.type ?? '';
    const name: string = a?.name ?? '';
    if (!type) errs.push(fieldErr.required(`${p}.type`));
    else if (!AUTHORIZER_TYPES.includes(type)) errs.push(fieldErr.notSupported(`${p}.type`, type, AUTHORIZER_TYPES));
    else if (type !== 'Webhook' && seenTypes.has(type)) errs.push(fieldErr.duplicate(`${p}.type`, type));
    seenTypes.add(type);
    if (!name) errs.push(fieldErr.required(`${p}.name`));
    else if (seenNames.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    else {
      const bad = isDNS1123Subdomain(name);
      if (bad.length) errs.push(fieldErr.invalid(`${p}.name`, name, `authorizer name is invalid: ${bad.join(', ')}`));
    }
    seenNames.add(name);
    const w = a?.webhook;
    if (type === 'Webhook' && !w) errs.push(fieldErr.required(`${p}.webhook`, 'required when type=Webhook'));
    if (type !== 'Webhook' && w) errs.push(fieldErr.invalid(`${p}.webhook`, 'non-null', 'may only be specified when type=Webhook'));
    const entry: AuthorizerEntry = { type, name };
    if (type === 'Webhook' && w) {
      let timeoutMs = 0;
      let authorizedTTLMs = 5 * 60_000;
      let unauthorizedTTLMs = 30_000;
      try {
        timeoutMs = durationMs(w.timeout) ?? 0;
        authorizedTTLMs = durationMs(w.authorizedTTL) || authorizedTTLMs;
        unauthorizedTTLMs = durationMs(w.unauthorizedTTL) || unauthorizedTTLMs;
      } catch (e) {
        throw new Error(`failed to load AuthorizationConfiguration from file: ${(e as Error).message}`);
      }
      if (timeoutMs === 0) errs.push(fieldErr.required(`${p}.timeout`));
      else if (timeoutMs < 0 || timeoutMs > 30_000) errs.push(fieldErr.invalid(`${p}.timeout`, goDuration(timeoutMs), 'must be > 0s and <= 30s'));
      if (authorizedTTLMs < 0) errs.push(fieldErr.invalid(`${p}.authorizedTTL`, goDuration(authorizedTTLMs), 'must be > 0s'));
      if (unauthorizedTTLMs < 0) errs.push(fieldErr.invalid(`${p}.unauthorizedTTL`, goDuration(unauthorizedTTLMs), 'must be > 0s'));
      const sar = w.subjectAccessReviewVersion ?? '';
      if (!sar) errs.push(fieldErr.required(`${p}.subjectAccessReviewVersion`));
      else if (sar !== 'v1' && sar !== 'v1beta1') errs.push(fieldErr.notSupported(`${p}.subjectAccessReviewVersion`, sar, ['v1', 'v1beta1']));
      const conditions: { expression: string }[] = Array.isArray(w.matchConditions) ? w.matchConditions : [];
      const mcv = w.matchConditionSubjectAccessReviewVersion ?? '';
      if (conditions.length && !mcv) errs.push(fieldErr.required(`${p}.matchConditionSubjectAccessReviewVersion`, 'required if match conditions are specified'));
      else if (mcv && mcv !== 'v1') errs.push(fieldErr.notSupported(`${p}.matchConditionSubjectAccessReviewVersion`, mcv, ['v1']));
      const fp = w.failurePolicy ?? '';
      if (!fp) errs.push(fieldErr.required(`${p}.failurePolicy`));
      else if (fp !== 'NoOpinion' && fp !== 'Deny') errs.push(fieldErr.notSupported(`${p}.failurePolicy`, fp, ['NoOpinion', 'Deny']));
      const ci = w.connectionInfo ?? {};
      const kc: string = ci.kubeConfigFile ?? '';
      if (!ci.type) errs.push(fieldErr.required(`${p}.connectionInfo.type`));
      else if (ci.type === 'InClusterConfig') {
        if (kc) errs.push(fieldErr.invalid(`${p}.connectionInfo.kubeConfigFile`, kc, 'can only be set when type=KubeConfigFile'));
        else errs.push(fieldErr.invalid(`${p}.connectionInfo.type`, 'InClusterConfig', 'InClusterConfig is not allowed for kube-apiserver'));
      } else if (ci.type !== 'KubeConfigFile') errs.push(fieldErr.notSupported(`${p}.connectionInfo.type`, ci.type, ['InClusterConfig', 'KubeConfigFile']));
      else if (!kc) errs.push(fieldErr.required(`${p}.connectionInfo.kubeConfigFile`));
      else if (!isAbsolute(kc)) errs.push(fieldErr.invalid(`${p}.connectionInfo.kubeConfigFile`, kc, 'must be an absolute path'));
      else if (!existsSync(kc)) errs.push(fieldErr.invalid(`${p}.connectionInfo.kubeConfigFile`, kc, `error loading file: stat ${kc}: no such file or directory`));
      else if (!statSync(kc).isFile()) errs.push(fieldErr.invalid(`${p}.connectionInfo.kubeConfigFile`, kc, 'must be a regular file'));
      if (conditions.length > 64) errs.push(fieldErr.tooMany(`${p}.matchConditions`, conditions.length, 64));
      const seenExpr = new Set<string>();
      conditions.forEach((c, k) => {
        const e = c?.expression ?? '';
        if (!e.trim()) errs.push(fieldErr.required(`${p}.matchConditions[${k}].expression`));
        else if (seenExpr.has(e)) errs.push(fieldErr.duplicate(`${p}.matchConditions[${k}].expression`, e));
        else {
          const detail = matchConditionError(c.expression);
          if (detail) errs.push(fieldErr.invalid(`${p}.matchConditions[${k}].expression`, c.expression, detail));
        }
        seenExpr.add(e);
      });
      entry.webhook = { timeoutMs, authorizedTTLMs, unauthorizedTTLMs, subjectAccessReviewVersion: sar, failurePolicy: fp, kubeConfigFile: kc, matchConditions: conditions };
    }
    out.push(entry);
  });
  if (errs.length) throw new Error(aggregateFieldErrors(errs));
  // kube-apiserver's own rule: a non-webhook authorizer is named after its type.
  for (const e of out) if (e.type !== 'Webhook' && e.name !== e.type.toLowerCase()) throw new Error(`expected name ${e.type.toLowerCase()} for authorizer ${e.type} instead of ${e.name}`);
  return out;
}
