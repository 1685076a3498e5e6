// admissionregistration.k8s.io: webhook configurations and admission policies with their bindings.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { labelSelectorGoString } from '../label-format.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, isSet, str } from './fields.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

const webhookPrinter = (): Printer => ({
  columns: [nameColumn(), column('Webhooks', 'integer', 'Number of webhooks in the configuration'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), arr(o.webhooks).length, age(o, now)] }),
});

export const mutatingWebhookConfigurationPrinter = webhookPrinter();
export const validatingWebhookConfigurationPrinter = webhookPrinter();

function paramKind(o: KObject): string {
  const pk = o.spec?.paramKind;
  return isSet(pk) ? `${str(pk.apiVersion)}/${str(pk.kind)}` : '<unset>';
}

/** The param reference of a binding: `ns/name`, `*\/name` without a namespace, or the selector. */
function paramRef(o: KObject): string {
  const ref = o.spec?.paramRef;
  if (!isSet(ref)) return '<unset>';
  if (str(ref.name)) return str(ref.namespace) ? `${str(ref.namespace)}/${str(ref.name)}` : `*/${str(ref.name)}`;
  if (isSet(ref.selector)) return labelSelectorGoString(ref.selector);
  return '<unset>';
}

const policyPrinter = (countColumn: string, countField: 'validations' | 'mutations', description: string): Printer => ({
  columns: [
    nameColumn(),
    column(countColumn, 'integer', description),
    column('ParamKind', 'string', 'Kind of the parameter resources of the policy'),
    ageColumn(),
  ],
  row: (o, now) => ({ cells: [name(o), arr(o.spec?.[countField]).length, paramKind(o), age(o, now)] }),
});

export const validatingAdmissionPolicyPrinter = policyPrinter('Validations', 'validations', 'Number of validation rules in the policy');
export const mutatingAdmissionPolicyPrinter = policyPrinter('Mutations', 'mutations', 'Number of mutations in the policy');

const bindingPrinter = (): Printer => ({
  columns: [
    nameColumn(),
    column('PolicyName', 'string', 'Policy the binding applies'),
    column('ParamRef', 'string', 'Parameter resource of the binding'),
    ageColumn(),
  ],
  row: (o, now) => ({ cells: [name(o), str(o.spec?.policyName), paramRef(o), age(o, now)] }),
});

export const validatingAdmissionPolicyBindingPrinter = bindingPrinter();
export const mutatingAdmissionPolicyBindingPrinter = bindingPrinter();
