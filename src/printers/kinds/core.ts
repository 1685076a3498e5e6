// The simple core/v1 printers: configmaps, secrets, namespaces, service accounts, replication
// controllers, resource quotas and pod templates.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { formatLabels } from '../label-format.js';
import { ageColumn, column, containersColumn, imagesColumn, nameColumn, selectorColumn, type Printer } from '../printer.js';
import { containerCells, int, isSet, mapLen, obj, quantity, str } from './fields.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

export const configMapPrinter: Printer = {
  columns: [nameColumn(), column('Data', 'string', 'Number of entries in data and binaryData'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), mapLen(o.data) + mapLen(o.binaryData), age(o, now)] }),
};

export const secretPrinter: Printer = {
  columns: [nameColumn(), column('Type', 'string', 'Type of the secret'), column('Data', 'string', 'Number of entries in data'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), str(o.type), mapLen(o.data), age(o, now)] }),
};

export const namespacePrinter: Printer = {
  columns: [nameColumn(), column('Status', 'string', 'Lifecycle phase of the namespace'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), str(o.status?.phase), age(o, now)] }),
};

export const serviceAccountPrinter: Printer = {
  columns: [nameColumn(), column('Secrets', 'string', 'Number of secrets listed by the service account'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), Array.isArray(o.secrets) ? o.secrets.length : 0, age(o, now)] }),
};

export const replicationControllerPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Desired', 'integer', 'Number of replicas requested'),
    column('Current', 'integer', 'Number of replicas observed'),
    column('Ready', 'integer', 'Number of ready replicas'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn('Label selector of the pods the controller manages'),
  ],
  row: (o, now) => {
    const [containers, images] = containerCells(o.spec?.template?.spec?.containers);
    // spec.replicas defaults to 1.
    const desired = isSet(o.spec?.replicas) ? int(o.spec.replicas) : 1;
    return { cells: [name(o), desired, int(o.status?.replicas), int(o.status?.readyReplicas), age(o, now), containers, images, formatLabels(o.spec?.selector)] };
  },
};

/** Request / limit usage of a quota: `resource: used/hard` sorted by resource, limits.* in the second column. */
function quotaColumns(o: KObject): [string, string] {
  const hard = obj(o.status?.hard);
  const used = obj(o.status?.used);
  const requests: string[] = [];
  const limits: string[] = [];
  for (const resource of Object.keys(hard).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const pieces = resource.split('.');
    const target = pieces.length > 1 && pieces[0] === 'limits' ? limits : requests;
    target.push(`${resource}: ${quantity(used[resource])}/${quantity(hard[resource])}`);
  }
  return [requests.join(', '), limits.join(', ')];
}

export const resourceQuotaPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Request', 'string', 'Used and hard amounts of the non-limit resources'),
    column('Limit', 'string', 'Used and hard amounts of the limits.* resources'),
    ageColumn(),
  ],
  row: (o, now) => {
    const [request, limit] = quotaColumns(o);
    return { cells: [name(o), request, limit, age(o, now)] };
  },
};

export const podTemplatePrinter: Printer = {
  columns: [
    nameColumn(),
    containersColumn(0),
    imagesColumn(0),
    column('Pod Labels', 'string', 'Labels of the pod template'),
  ],
  row: (o) => {
    const [containers, images] = containerCells(o.template?.spec?.containers);
    return { cells: [name(o), containers, images, formatLabels(o.template?.metadata?.labels)] };
  },
};
