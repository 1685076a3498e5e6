// rbac.authorization.k8s.io: role bindings and cluster role bindings (roles use the default convertor).
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, str } from './fields.js';

function subjects(binding: KObject): [string, string, string] {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const s of arr(binding.subjects)) {
    const kind = str(s.kind);
    if (kind === 'ServiceAccount') serviceAccounts.push(`${str(s.namespace)}/${str(s.name)}`);
    else if (kind === 'User') users.push(str(s.name));
    else if (kind === 'Group') groups.push(str(s.name));
  }
  return [users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
}

const bindingPrinter = (what: string): Printer => ({
  columns: [
    nameColumn(),
    column('Role', 'string', `Role the ${what} grants`),
    ageColumn(),
    column('Users', 'string', `Users bound by the ${what}`, { priority: 1 }),
    column('Groups', 'string', `Groups bound by the ${what}`, { priority: 1 }),
    column('ServiceAccounts', 'string', `Service accounts bound by the ${what}`, { priority: 1 }),
  ],
  row: (b, now) => {
    const [users, groups, sas] = subjects(b);
    return { cells: [str(b.metadata?.name), `${str(b.roleRef?.kind)}/${str(b.roleRef?.name)}`, since(b.metadata?.creationTimestamp, now), users, groups, sas] };
  },
});

export const roleBindingPrinter = bindingPrinter('role binding');
export const clusterRoleBindingPrinter = bindingPrinter('cluster role binding');
