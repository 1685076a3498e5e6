// Name acceptance for CRDs (kube's naming controller): a requested name already accepted by another CRD of the
// same group is a conflict; conflicting names keep their previously accepted value.
import type { CRD, CRDCondition, CRDNames } from './crd-types.js';

export interface NamesDecision {
  accepted: CRDNames;
  condition: Omit<CRDCondition, 'lastTransitionTime'>;
}

export function decideNames(crd: CRD, all: CRD[]): NamesDecision {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const other of all) {
    if (other.metadata.name === crd.metadata.name || other.spec?.group !== crd.spec.group) continue;
    const a = other.status?.acceptedNames;
    if (!a) continue;
    for (const n of [a.plural, a.singular, ...(a.shortNames ?? [])]) if (n) resources.add(n);
    for (const n of [a.kind, a.listKind]) if (n) kinds.add(n);
  }
  const req = crd.spec.names;
  const old = crd.status?.acceptedNames ?? {};
  const accepted: CRDNames = {};
  let condition: NamesDecision['condition'] | undefined;
  const conflict = (reason: string, name: string) => {
    condition ??= { type: 'NamesAccepted', status: 'False', reason, message: `${JSON.stringify(name)} is already in use` };
  };
  if (req.plural && resources.has(req.plural)) {
    conflict('PluralConflict', req.plural);
    accepted.plural = old.plural;
  } else accepted.plural = req.plural;
  if (req.singular && resources.has(req.singular)) {
    conflict('SingularConflict', req.singular);
    accepted.singular = old.singular;
  } else accepted.singular = req.singular;
  const shortConflict = (req.shortNames ?? []).find((s) => resources.has(s));
  if (shortConflict) {
    conflict('ShortNamesConflict', shortConflict);
    accepted.shortNames = old.shortNames;
  } else accepted.shortNames = req.shortNames;
  if (req.kind && kinds.has(req.kind)) {
    conflict('KindConflict', req.kind);
    accepted.kind = old.kind;
  } else accepted.kind = req.kind;
  if (req.listKind && kinds.has(req.listKind)) {
    conflict('ListKindConflict', req.listKind);
    accepted.listKind = old.listKind;
  } else accepted.listKind = req.listKind;
  accepted.categories = req.categories;
  for (const k of Object.keys(accepted) as (keyof CRDNames)[]) if (accepted[k] === undefined) delete accepted[k];
  accepted.plural ??= '';
  accepted.kind ??= '';
  return { accepted, condition: condition ?? { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' } };
}
