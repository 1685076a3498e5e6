// Nodes: readiness status, roles from labels, kubelet version and (wide) addresses and system info.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, obj, sortedUnique, str } from './fields.js';

const ROLE_PREFIX = 'node-role.kubernetes.io/';
const LEGACY_ROLE_LABEL = 'kubernetes.io/role';

/** Roles from `node-role.kubernetes.io/<role>` keys and the legacy `kubernetes.io/role=<role>` label. */
function roles(node: KObject): string {
  const found: string[] = [];
  for (const [k, v] of Object.entries(obj(node.metadata?.labels))) {
    if (k.startsWith(ROLE_PREFIX)) {
      const role = k.slice(ROLE_PREFIX.length);
      if (role) found.push(role);
    } else if (k === LEGACY_ROLE_LABEL && str(v) !== '') {
      found.push(str(v));
    }
  }
  return sortedUnique(found).join(',') || '<none>';
}

function nodeStatus(node: KObject): string {
  const status: string[] = [];
  // Only the Ready condition is summarised; the last entry of a type wins.
  let ready: KObject | undefined;
  for (const c of arr(node.status?.conditions)) if (str(c.type) === 'Ready') ready = c;
  if (ready) status.push(str(ready.status) === 'True' ? 'Ready' : 'NotReady');
  else status.push('Unknown');
  if (node.spec?.unschedulable === true) status.push('SchedulingDisabled');
  return status.join(',');
}

const address = (node: KObject, type: string): string => str(arr(node.status?.addresses).find((a) => str(a.type) === type)?.address) || '<none>';

export const nodePrinter: Printer = {
  columns: [
    nameColumn(),
    column('Status', 'string', 'Readiness of the node'),
    column('Roles', 'string', 'Roles of the node, from its labels'),
    ageColumn(),
    column('Version', 'string', 'Version of the kubelet'),
    column('Internal-IP', 'string', 'First internal IP address of the node', { priority: 1 }),
    column('External-IP', 'string', 'First external IP address of the node', { priority: 1 }),
    column('OS-Image', 'string', 'Operating system image of the node', { priority: 1 }),
    column('Kernel-Version', 'string', 'Kernel version of the node', { priority: 1 }),
    column('Container-Runtime', 'string', 'Container runtime name and version', { priority: 1 }),
  ],
  row: (node, now) => {
    const info = obj(node.status?.nodeInfo);
    return {
      cells: [
        str(node.metadata?.name),
        nodeStatus(node),
        roles(node),
        since(node.metadata?.creationTimestamp, now),
        str(info.kubeletVersion),
        address(node, 'InternalIP'),
        address(node, 'ExternalIP'),
        str(info.osImage) || '<unknown>',
        str(info.kernelVersion) || '<unknown>',
        str(info.containerRuntimeVersion) || '<unknown>',
      ],
    };
  },
};
