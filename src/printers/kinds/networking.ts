// networking.k8s.io and discovery.k8s.io: ingresses, ingress classes, network policies, service CIDRs,
// IP addresses and endpoint slices.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { formatLabelSelector } from '../label-format.js';
import { ageColumn, column, nameColumn, type Printer } from '../printer.js';
import { arr, int, isSet, listWithMore, obj, str, strs } from './fields.js';
import { loadBalancerIngress } from './service.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

/** Up to three rule hosts, `*` when none names a host. */
function ingressHosts(rules: KObject[]): string {
  const max = 3;
  const list: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (list.length === max) more = true;
    if (!more && str(rule.host)) list.push(str(rule.host));
  }
  if (list.length === 0) return '*';
  const joined = list.join(',');
  return more ? `${joined} + ${rules.length - max} more...` : joined;
}

export const ingressPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Class', 'string', 'Ingress class of the ingress'),
    column('Hosts', 'string', 'Hosts the rules match'),
    column('Address', 'string', 'Load-balancer addresses of the ingress'),
    column('Ports', 'string', 'Ports the ingress serves'),
    ageColumn(),
  ],
  row: (ing, now) => ({
    cells: [
      name(ing),
      isSet(ing.spec?.ingressClassName) ? str(ing.spec.ingressClassName) : '<none>',
      ingressHosts(arr(ing.spec?.rules)),
      loadBalancerIngress(ing.status?.loadBalancer),
      arr(ing.spec?.tls).length > 0 ? '80, 443' : '80',
      age(ing, now),
    ],
  }),
};

export const ingressClassPrinter: Printer = {
  columns: [nameColumn(), column('Controller', 'string', 'Controller that implements the class'), column('Parameters', 'string', 'Resource holding parameters of the class'), ageColumn()],
  row: (ic, now) => {
    let parameters = '<none>';
    const p = ic.spec?.parameters;
    if (isSet(p)) {
      parameters = str(p.kind);
      if (isSet(p.apiGroup)) parameters += `.${str(p.apiGroup)}`;
      parameters += `/${str(p.name)}`;
    }
    return { cells: [name(ic), str(ic.spec?.controller), parameters, age(ic, now)] };
  },
};

export const networkPolicyPrinter: Printer = {
  columns: [nameColumn(), column('Pod-Selector', 'string', 'Pods the policy applies to'), ageColumn()],
  // podSelector is a struct, never nil: an absent one is the empty selector.
  row: (np, now) => ({ cells: [name(np), formatLabelSelector(obj(np.spec?.podSelector)), age(np, now)] }),
};

export const serviceCIDRPrinter: Printer = {
  columns: [nameColumn(), column('CIDRs', 'string', 'IP ranges of the service CIDR'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), strs(o.spec?.cidrs).join(','), age(o, now)] }),
};

export const ipAddressPrinter: Printer = {
  columns: [nameColumn(), column('ParentRef', 'string', 'Object the IP address is allocated to')],
  // Upstream prints an Age cell as well although it declares no Age column.
  row: (o, now) => {
    let parent = '<none>';
    const ref = o.spec?.parentRef;
    if (isSet(ref)) {
      const gr = str(ref.group) ? `${str(ref.resource)}.${str(ref.group)}` : str(ref.resource);
      parent = gr.toLowerCase();
      if (str(ref.namespace)) parent += `/${str(ref.namespace)}`;
      parent += `/${str(ref.name)}`;
    }
    return { cells: [name(o), parent, age(o, now)] };
  },
};

function slicePorts(ports: KObject[]): string {
  const max = 3;
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const port of ports) {
    if (list.length < max) {
      if (isSet(port.port)) list.push(String(int(port.port)));
      else if (isSet(port.name)) list.push(str(port.name));
      else list.push('*');
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMore(list, more, count, max);
}

function sliceEndpoints(endpoints: KObject[]): string {
  const max = 3;
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ep of endpoints) {
    for (const address of strs(ep.addresses)) {
      if (list.length < max) list.push(address);
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMore(list, more, count, max);
}

export const endpointSlicePrinter: Printer = {
  columns: [
    nameColumn(),
    column('AddressType', 'string', 'Type of the addresses in the slice'),
    column('Ports', 'string', 'Ports of the slice'),
    column('Endpoints', 'string', 'Addresses of the endpoints'),
    ageColumn(),
  ],
  row: (es, now) => ({ cells: [name(es), str(es.addressType), slicePorts(arr(es.ports)), sliceEndpoints(arr(es.endpoints)), age(es, now)] }),
};
