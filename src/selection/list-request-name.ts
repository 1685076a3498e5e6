// RequestInfo's name for a list or watch: a `fieldSelector` requiring `metadata.name=<n>` names the
// object, so authorization can check RBAC resourceNames (kube-apiserver RequestInfoFactory).
import { parseFieldTerms, FieldSelector } from './field-selector.js';
import { parseLabelRequirements } from './label-parser.js';
import { SelectorError } from './label-requirement.js';

/** path.IsValidPathSegmentName: the name must not be "." or ".." nor contain "/" or "%". */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  if (name.includes('/')) errs.push("may not contain '/'");
  if (name.includes('%')) errs.push("may not contain '%'");
  return errs;
}

/**
 * The name a list/watch request is about, or undefined. As upstream, a query whose selectors do not
 * parse names nothing (upstream also drops the name when other list options fail to decode, e.g. a
 * non-numeric `limit`; the caller checks those).
 */
export function listRequestName(query: { fieldSelector?: string | null; labelSelector?: string | null }): string | undefined {
  let fields: FieldSelector;
  try {
    parseLabelRequirements(query.labelSelector ?? '');
    fields = FieldSelector.of(parseFieldTerms(query.fieldSelector ?? ''));
  } catch (e) {
    if (e instanceof SelectorError) return undefined;
    throw e;
  }
  const name = fields.requiresExactMatch('metadata.name');
  if (name === undefined || name === '' || isValidPathSegmentName(name).length > 0) return undefined;
  return name;
}
