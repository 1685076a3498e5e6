// The 409 an apply answers when other managers own fields it changes (ssa.md §4.3).
import { StatusError, type StatusCause } from '../errors/status.js';
import { goQuote } from '../golang/strconv.js';
import type { FieldSet } from './field-set.js';
import type { Managed, ManagerInfo } from './managed-fields.js';
import { compareStrings, pathText } from './path-element.js';

/** `"name"`, then ` with subresource "s"` and, for Update entries, ` using <apiVersion>`. */
export function managerText(e: ManagerInfo): string {
  let s = goQuote(e.manager);
  if (e.subresource) s += ` with subresource ${goQuote(e.subresource)}`;
  if (e.operation === 'Update') s += ` using ${e.apiVersion}`;
  return s;
}

/** conflicts: paths by manager identity; managed: the entries before the apply (for rendering managers). */
export function applyConflictError(conflicts: Map<string, FieldSet>, managed: Managed): StatusError {
  const ids = [...conflicts.keys()].sort(compareStrings);
  const causes: StatusCause[] = [];
  const lines: string[] = [];
  for (const id of ids) {
    const e = managed.get(id);
    const who = e ? managerText(e) : goQuote(id);
    lines.push(`conflicts with ${who}:`);
    for (const p of conflicts.get(id)!.paths()) {
      const field = pathText(p);
      lines.push(`- ${field}`);
      causes.push({ reason: 'FieldManagerConflict', message: `conflict with ${who}`, field });
    }
  }
  const message =
    causes.length === 1
      ? `Apply failed with 1 conflict: ${causes[0]!.message}: ${causes[0]!.field}`
      : `Apply failed with ${causes.length} conflicts: ${lines.join('\n')}`;
  return new StatusError({ code: 409, reason: 'Conflict', message, details: { causes } });
}
