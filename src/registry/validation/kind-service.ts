// Service spec checks of kube-apiserver 1.33 (ValidateService), for an object that has already been
// defaulted as kube defaults v1 Services (type ClusterIP, sessionAffinity None, protocol TCP, targetPort =
// port, internalTrafficPolicy Cluster, externalTrafficPolicy Cluster when externally accessible,
// allocateLoadBalancerNodePorts true for LoadBalancers). The cluster-IP/IP-family consistency rules and
// CIDR syntax of loadBalancerSourceRanges are not covered here.
import { fieldErr, GoValue, type FieldError } from '../../errors/field-error.js';
import { FIELD_IMMUTABLE, validateLabels } from './meta-fields.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidPortName, isValidPortNum } from '../../validation/names.js';
import { list, type Obj, record, str } from './untyped.js';

const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const AFFINITIES = ['ClientIP', 'None'];
const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const TRAFFIC_POLICIES = ['Cluster', 'Local'];
const MAX_CLIENT_IP_AFFINITY_SECONDS = 86400;
const TOPOLOGY_MODE = 'service.kubernetes.io/topology-mode';
const TOPOLOGY_HINTS = 'service.kubernetes.io/topology-aware-hints';
const LB_SOURCE_RANGES = 'service.beta.kubernetes.io/load-balancer-source-ranges';

function validatePortNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((m) => fieldErr.invalid(path, port, m));
  return isValidPortNum(int(port)).map((m) => fieldErr.invalid(path, int(port), m));
}

const clusterIPs = (spec: Obj): string[] => {
  const ips = list(spec.clusterIPs).map(str);
  return ips.length ? ips : str(spec.clusterIP) ? [str(spec.clusterIP)] : [];
};
const isHeadless = (spec: Obj): boolean => clusterIPs(spec)[0] === 'None';
const externallyAccessible = (spec: Obj): boolean =>
  ['LoadBalancer', 'NodePort'].includes(str(spec.type)) || (str(spec.type) === 'ClusterIP' && list(spec.externalIPs).length > 0);
const needsHealthCheck = (spec: Obj): boolean => str(spec.type) === 'LoadBalancer' && str(spec.externalTrafficPolicy) === 'Local';

function validateServicePort(port: unknown, requireName: boolean, names: Set<string>, p: string): FieldError[] {
  const sp = record(port);
  const errs: FieldError[] = [];
  const name = str(sp.name);
  if (requireName && !name) errs.push(fieldErr.required(`${p}.name`));
  else if (name) {
    errs.push(...isDNS1123Label(name).map((m) => fieldErr.invalid(`${p}.name`, name, m)));
    if (names.has(name)) errs.push(fieldErr.duplicate(`${p}.name`, name));
    else names.add(name);
  }
  errs.push(...isValidPortNum(int(sp.port)).map((m) => fieldErr.invalid(`${p}.port`, int(sp.port), m)));
  const protocol = str(sp.protocol);
  if (!protocol) errs.push(fieldErr.required(`${p}.protocol`));
  else if (!PROTOCOLS.includes(protocol)) errs.push(fieldErr.notSupported(`${p}.protocol`, protocol, PROTOCOLS));
  errs.push(...validatePortNumOrName(sp.targetPort, `${p}.targetPort`));
  if (typeof sp.appProtocol === 'string') {
    const app = sp.appProtocol;
    errs.push(...isQualifiedName(app).map((m) => fieldErr.invalid(`${p}.appProtocol`, app, m)));
  }
  return errs;
}

function validateClientIPAffinity(config: unknown, p: string): FieldError[] {
  const detail = 'when session affinity type is ClientIP';
  if (config === undefined || config === null) return [fieldErr.required(p, detail)];
  const clientIP = record(config).clientIP;
  if (clientIP === undefined || clientIP === null) return [fieldErr.required(`${p}.clientIP`, detail)];
  const timeout = record(clientIP).timeoutSeconds;
  if (typeof timeout !== 'number') return [fieldErr.required(`${p}.clientIP.timeoutSeconds`, detail)];
  return timeout <= 0 || timeout > MAX_CLIENT_IP_AFFINITY_SECONDS
    ? [fieldErr.invalid(`${p}.clientIP.timeoutSeconds`, timeout, `must be greater than 0 and less than ${MAX_CLIENT_IP_AFFINITY_SECONDS}`)]
    : [];
}

/** %#v of the internal core.ServicePort key kube uses to find duplicate (protocol, port) pairs. */
const goServicePortKey = (protocol: string, port: number): GoValue =>
  new GoValue(
    `core.ServicePort{Name:"", Protocol:${JSON.stringify(protocol)}, AppProtocol:(*string)(nil), Port:${port}, ` +
      'TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
  );

function validateLoadBalancerClass(spec: Obj, oldSpec: Obj | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const p = 'spec.loadBalancerClass';
  const cls = typeof spec.loadBalancerClass === 'string' ? spec.loadBalancerClass : undefined;
  if (oldSpec && str(oldSpec.type) === 'LoadBalancer' && str(spec.type) === 'LoadBalancer') {
    const oldCls = typeof oldSpec.loadBalancerClass === 'string' ? oldSpec.loadBalancerClass : undefined;
    if (oldCls !== cls) errs.push(fieldErr.invalid(p, cls ?? null, 'may not change once set'));
  }
  if (cls !== undefined) errs.push(...isQualifiedName(cls).map((m) => fieldErr.invalid(p, cls, m)));
  if (cls !== undefined && str(spec.type) !== 'LoadBalancer') errs.push(fieldErr.forbidden(p, "may only be used when `type` is 'LoadBalancer'"));
  return errs;
}

/** ValidateService without its ObjectMeta part. */
export function validateServiceSpec(service: unknown): FieldError[] {
  const svc = record(service);
  const spec = record(svc.spec);
  const annotations = record(record(svc.metadata).annotations);
  const type = str(spec.type);
  const ports = list(spec.ports);
  const errs: FieldError[] = [];

  if (TOPOLOGY_MODE in annotations && TOPOLOGY_HINTS in annotations && str(annotations[TOPOLOGY_MODE]) !== str(annotations[TOPOLOGY_HINTS])) {
    errs.push(
      fieldErr.invalid(`metadata.annotations[${TOPOLOGY_MODE}]`, str(annotations[TOPOLOGY_MODE]), `must match annotations[${TOPOLOGY_HINTS}] when both are specified`),
    );
  }
  if (!ports.length && !isHeadless(spec) && type !== 'ExternalName') errs.push(fieldErr.required('spec.ports'));
  if ((type === 'LoadBalancer' || type === 'NodePort') && isHeadless(spec)) {
    errs.push(fieldErr.invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
  }
  if (type === 'ExternalName') {
    if (clusterIPs(spec).length) errs.push(fieldErr.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
    if (list(spec.ipFamilies).length) errs.push(fieldErr.forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
    if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) errs.push(fieldErr.forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
    const cname = str(spec.externalName).replace(/\.$/, '');
    if (cname) errs.push(...isDNS1123Subdomain(cname).map((m) => fieldErr.invalid('spec.externalName', cname, m)));
    else errs.push(fieldErr.required('spec.externalName'));
  }

  const names = new Set<string>();
  ports.forEach((port, i) => errs.push(...validateServicePort(port, ports.length > 1, names, `spec.ports[${i}]`)));
  if (spec.selector !== undefined && spec.selector !== null) errs.push(...validateLabels(spec.selector, 'spec.selector'));

  const affinity = str(spec.sessionAffinity);
  if (!affinity) errs.push(fieldErr.required('spec.sessionAffinity'));
  else if (!AFFINITIES.includes(affinity)) errs.push(fieldErr.notSupported('spec.sessionAffinity', affinity, AFFINITIES));
  if (affinity === 'ClientIP') errs.push(...validateClientIPAffinity(spec.sessionAffinityConfig, 'spec.sessionAffinityConfig'));
  else if (affinity === 'None' && spec.sessionAffinityConfig !== undefined && spec.sessionAffinityConfig !== null) {
    errs.push(fieldErr.forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }

  if (!type) errs.push(fieldErr.required('spec.type'));
  else if (!TYPES.includes(type)) errs.push(fieldErr.notSupported('spec.type', type, TYPES));
  if (type === 'ClusterIP') {
    ports.forEach((port, i) => {
      if (int(record(port).nodePort) !== 0) errs.push(fieldErr.forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((port, i) => {
    const sp = record(port);
    const nodePort = int(sp.nodePort);
    if (!nodePort) return;
    const key = `${str(sp.protocol)}/${nodePort}`;
    if (nodePorts.has(key)) errs.push(fieldErr.duplicate(`spec.ports[${i}].nodePort`, nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((port, i) => {
    const sp = record(port);
    const key = `${str(sp.protocol)}/${int(sp.port)}`;
    if (seen.has(key)) errs.push(fieldErr.duplicate(`spec.ports[${i}]`, goServicePortKey(str(sp.protocol), int(sp.port))));
    seen.add(key);
  });

  // kube's own field paths: a capital L here, and no `spec.` for allocateLoadBalancerNodePorts.
  if (list(spec.loadBalancerSourceRanges).length && type !== 'LoadBalancer') {
    errs.push(fieldErr.forbidden('spec.LoadBalancerSourceRanges', "may only be used when `type` is 'LoadBalancer'"));
  } else if (!list(spec.loadBalancerSourceRanges).length && LB_SOURCE_RANGES in annotations && type !== 'LoadBalancer') {
    errs.push(fieldErr.forbidden(`metadata.annotations[${LB_SOURCE_RANGES}]`, "may only be used when `type` is 'LoadBalancer'"));
  }
  const allocate = spec.allocateLoadBalancerNodePorts;
  if (allocate !== undefined && allocate !== null && type !== 'LoadBalancer') {
    errs.push(fieldErr.forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  }
  if (type === 'LoadBalancer' && (allocate === undefined || allocate === null)) errs.push(fieldErr.required('allocateLoadBalancerNodePorts'));
  errs.push(...validateLoadBalancerClass(spec, undefined));

  const etp = str(spec.externalTrafficPolicy);
  if (!externallyAccessible(spec)) {
    if (etp) errs.push(fieldErr.invalid('spec.externalTrafficPolicy', etp, 'may only be set for externally-accessible services'));
  } else if (!etp) errs.push(fieldErr.required('spec.externalTrafficPolicy'));
  else if (!TRAFFIC_POLICIES.includes(etp)) errs.push(fieldErr.notSupported('spec.externalTrafficPolicy', etp, TRAFFIC_POLICIES));
  const hc = int(spec.healthCheckNodePort);
  if (!needsHealthCheck(spec)) {
    if (hc) errs.push(fieldErr.invalid('spec.healthCheckNodePort', hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  } else if (!hc) errs.push(fieldErr.required('spec.healthCheckNodePort'));
  else errs.push(...isValidPortNum(hc).map((m) => fieldErr.invalid('spec.healthCheckNodePort', hc, m)));

  const itp = spec.internalTrafficPolicy;
  if ((itp === undefined || itp === null) && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(type)) errs.push(fieldErr.required('spec.internalTrafficPolicy'));
  if (typeof itp === 'string' && !TRAFFIC_POLICIES.includes(itp)) errs.push(fieldErr.notSupported('spec.internalTrafficPolicy', itp, TRAFFIC_POLICIES));
  if (typeof spec.trafficDistribution === 'string' && spec.trafficDistribution !== 'PreferClose') {
    errs.push(fieldErr.notSupported('spec.trafficDistribution', spec.trafficDistribution, ['PreferClose']));
  }
  return errs;
}

/** The update-only Service checks that precede ValidateService on update. */
export function validateServiceUpdate(service: unknown, old: unknown): FieldError[] {
  const spec = record(record(service).spec);
  const oldSpec = record(record(old).spec);
  const errs = validateLoadBalancerClass(spec, oldSpec).filter((e) => e.detail === 'may not change once set');
  if (needsHealthCheck(oldSpec) && needsHealthCheck(spec) && int(spec.healthCheckNodePort) !== int(oldSpec.healthCheckNodePort)) {
    errs.push(fieldErr.forbidden('spec.healthCheckNodePort', FIELD_IMMUTABLE));
  }
  return errs;
}
