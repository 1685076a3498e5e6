// Services and Endpoints.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { formatLabels } from '../label-format.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, int, obj, sortedUnique, str, strs } from './fields.js';

/** Load-balancer ingress points (IP, else hostname), de-duplicated and sorted; never clipped on the server. */
export function loadBalancerIngress(status: unknown): string {
  const points: string[] = [];
  for (const ing of arr(obj(status).ingress)) {
    if (str(ing.ip)) points.push(str(ing.ip));
    else if (str(ing.hostname)) points.push(str(ing.hostname));
  }
  return sortedUnique(points).join(',');
}

function externalIP(svc: KObject, type: string): string {
  const externalIPs = strs(svc.spec?.externalIPs);
  switch (type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIngress(svc.status?.loadBalancer);
      if (externalIPs.length > 0) return [...(lb ? lb.split(',') : []), ...externalIPs].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return str(svc.spec?.externalName);
    default:
      return '<unknown>';
  }
}

function ports(svc: KObject): string {
  const pieces = arr(svc.spec?.ports).map((p) => {
    const protocol = str(p.protocol) || 'TCP';
    return int(p.nodePort) > 0 ? `${int(p.port)}:${int(p.nodePort)}/${protocol}` : `${int(p.port)}/${protocol}`;
  });
  return pieces.join(',') || '<none>';
}

export const servicePrinter: Printer = {
  columns: [
    nameColumn(),
    column('Type', 'string', 'How the service is exposed'),
    column('Cluster-IP', 'string', 'Cluster-internal IP address of the service'),
    column('External-IP', 'string', 'Externally reachable addresses of the service'),
    column('Port(s)', 'string', 'Ports the service exposes'),
    ageColumn(),
    column('Selector', 'string', 'Label selector of the pods backing the service', { priority: 1 }),
  ],
  row: (svc, now) => {
    // spec.type defaults to ClusterIP; clusterIPs mirrors clusterIP.
    const type = svc.spec?.type === undefined ? 'ClusterIP' : str(svc.spec.type);
    const clusterIPs = strs(svc.spec?.clusterIPs);
    const clusterIP = clusterIPs.length > 0 ? clusterIPs[0]! : str(svc.spec?.clusterIP) || '<none>';
    return {
      cells: [str(svc.metadata?.name), type, clusterIP, externalIP(svc, type), ports(svc), since(svc.metadata?.creationTimestamp, now), formatLabels(svc.spec?.selector)],
    };
  },
};

/** net.JoinHostPort: IPv6 hosts in brackets. */
const joinHostPort = (host: string, port: number): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** Up to three endpoints (`ip:port` per port of each subset), then `+ N more...`; `<none>` without subsets. */
function formatEndpoints(ep: KObject): string {
  const subsets = arr(ep.subsets);
  if (subsets.length === 0) return '<none>';
  const max = 3;
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = arr(ss.addresses);
    const ssPorts = arr(ss.ports);
    if (ssPorts.length === 0) {
      // Headless services may have no ports.
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(str(a.ip));
      }
      continue;
    }
    for (const port of ssPorts) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(joinHostPort(str(a.ip), int(port.port)));
      }
    }
  }
  const joined = list.join(',');
  return more ? `${joined} + ${count - max} more...` : joined;
}

export const endpointsPrinter: Printer = {
  columns: [nameColumn(), column('Endpoints', 'string', 'Addresses and ports of the endpoints'), ageColumn()],
  row: (ep, now) => ({ cells: [str(ep.metadata?.name), formatEndpoints(ep), since(ep.metadata?.creationTimestamp, now)] }),
};
