// The selectors of a list, watch or deletecollection as authorizer attributes (kube 1.33's AuthorizeWithSelectors):
// field terms become In/NotIn with one value, label requirements In/NotIn/Exists/DoesNotExist; other label
// operators are dropped. A selector that does not parse gives no requirements.
import type { SelectorRequirement } from './authorizer.js';
import { parseFieldTerms } from '../selection/field-selector.js';
import { parseLabelRequirements } from '../selection/label-parser.js';

export function fieldRequirements(selector: string): SelectorRequirement[] | undefined {
  try {
    const terms = parseFieldTerms(selector);
    return terms.length ? terms.map((t) => ({ key: t.field, operator: t.operator === '=' ? 'In' : 'NotIn', values: [t.value] })) : undefined;
  } catch {
    return undefined;
  }
}

export function labelRequirements(selector: string): SelectorRequirement[] | undefined {
  try {
    const out: SelectorRequirement[] = [];
    for (const r of parseLabelRequirements(selector)) {
      switch (r.operator) {
        case '=':
        case '==':
        case 'in':
          out.push({ key: r.key, operator: 'In', values: [...r.values] });
          break;
        case '!=':
        case 'notin':
          out.push({ key: r.key, operator: 'NotIn', values: [...r.values] });
          break;
        case 'exists':
          out.push({ key: r.key, operator: 'Exists' });
          break;
        case '!':
          out.push({ key: r.key, operator: 'DoesNotExist' });
          break;
      }
    }
    return out.length ? out : undefined;
  } catch {
    return undefined;
  }
}
