// resource.k8s.io (dynamic resource allocation), storage versions and storage version migrations.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, isSet, listWithMore, str } from './fields.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

export const deviceClassPrinter: Printer = {
  columns: [nameColumn(), ageColumn()],
  row: (o, now) => ({ cells: [name(o), age(o, now)] }),
};

/** deleted / pending / allocated(,reserved) */
function claimState(claim: KObject): string {
  const states: string[] = [];
  const deleting = isSet(claim.metadata?.deletionTimestamp);
  if (deleting) states.push('deleted');
  if (!isSet(claim.status?.allocation)) {
    if (!deleting) states.push('pending');
  } else {
    states.push('allocated');
    if (arr(claim.status?.reservedFor).length > 0) states.push('reserved');
  }
  return states.join(',');
}

export const resourceClaimPrinter: Printer = {
  columns: [nameColumn(), column('State', 'string', 'Allocation state of the claim'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), claimState(o), age(o, now)] }),
};

export const resourceClaimTemplatePrinter: Printer = {
  columns: [nameColumn(), ageColumn()],
  row: (o, now) => ({ cells: [name(o), age(o, now)] }),
};

export const resourceSlicePrinter: Printer = {
  columns: [
    nameColumn(),
    column('Node', 'string', 'Node the slice belongs to'),
    column('Driver', 'string', 'Driver that publishes the slice'),
    column('Pool', 'string', 'Pool of the slice'),
    ageColumn(),
  ],
  row: (o, now) => ({ cells: [name(o), str(o.spec?.nodeName), str(o.spec?.driver), str(o.spec?.pool?.name), age(o, now)] }),
};

export const storageVersionPrinter: Printer = {
  columns: [
    nameColumn(),
    column('CommonEncodingVersion', 'string', 'Encoding version all API servers agree on'),
    column('StorageVersions', 'string', 'Encoding version of each API server'),
    ageColumn(),
  ],
  row: (o, now) => {
    const max = 3;
    const list: string[] = [];
    let more = false;
    const versions = arr(o.status?.storageVersions);
    for (const sv of versions) {
      if (list.length < max) list.push(`${str(sv.apiServerID)}=${str(sv.encodingVersion)}`);
      else if (list.length === max) more = true;
    }
    const common = isSet(o.status?.commonEncodingVersion) ? str(o.status.commonEncodingVersion) : '<unset>';
    return { cells: [name(o), common, listWithMore(list, more, versions.length, max), age(o, now)] };
  },
};

export const storageVersionMigrationPrinter: Printer = {
  // Upstream's Name column here has no "name" format.
  columns: [column('Name', 'string', 'Name of the object, unique within its namespace'), column('Resource', 'string', 'Resource to migrate, as resource.version.group')],
  row: (o) => {
    const r = o.spec?.resource ?? {};
    return { cells: [name(o), `${str(r.resource)}.${str(r.version)}.${str(r.group)}`] };
  },
};
