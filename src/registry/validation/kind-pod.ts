// PodSpec checks of kube-apiserver 1.33 (ValidatePodSpec and ValidatePodTemplateSpec), the subset covered
// exactly: volumes, containers (name, image, ports, env names, volume mounts, pull policy, cpu and memory
// requests against limits), restart and DNS policies. Fields kube defaults before validating (imagePullPolicy, terminationMessagePolicy, port
// protocol, restartPolicy, dnsPolicy) are checked only when present, since this server may leave them unset.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { validateAnnotations, validateLabels } from './meta-fields.js';
import { isDNS1123Label, isValidPortName, isValidPortNum } from '../../validation/names.js';
import { compareQuantities, parseQuantity, quantityString, type Quantity } from './quantity.js';
import { isSet, list, type Obj, record, str } from './untyped.js';

const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const RELAXED_ENV_NAME_ERR = "a valid environment variable name must consist only of printable ASCII characters other than '='";

// Every volume source a core.Volume may hold; a volume must name one of them.
const VOLUME_SOURCES = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile',
  'configMap', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume',
  'scaleIO', 'storageos', 'csi', 'ephemeral', 'image',
];

const dnsLabel = (value: string, path: string): FieldError[] => isDNS1123Label(value).map((m) => fieldErr.invalid(path, value, m));

/** A field kube fills in before validating: unset means "defaulted", so only a present value is checked. */
function validateEnumIfSet(value: unknown, path: string, supported: string[]): FieldError[] {
  if (value === undefined || value === null) return [];
  const v = str(value);
  if (v === '') return [fieldErr.required(path)];
  return supported.includes(v) ? [] : [fieldErr.notSupported(path, v, supported)];
}

/** The names of the volumes that passed validation (kube only lets mounts refer to those). */
function validateVolumes(volumes: unknown[], path: string, valid: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  volumes.forEach((v, i) => {
    const vol = record(v);
    const name = str(vol.name);
    const el: FieldError[] = [];
    const sources = VOLUME_SOURCES.filter((s) => vol[s] !== undefined && vol[s] !== null);
    if (sources.length === 0) el.push(fieldErr.required(`${path}[${i}]`, 'must specify a volume type'));
    if (!name) el.push(fieldErr.required(`${path}[${i}].name`));
    else el.push(...dnsLabel(name, `${path}[${i}].name`));
    if (seen.has(name)) el.push(fieldErr.duplicate(`${path}[${i}].name`, name));
    if (el.length === 0) {
      seen.add(name);
      valid.add(name);
    }
    errs.push(...el);
  });
  return errs;
}

const portNumErrors = isValidPortNum;

function validateContainerPorts(ports: unknown[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((p, i) => {
    const port = record(p);
    const at = `${path}[${i}]`;
    const name = str(port.name);
    if (name) {
      const msgs = isValidPortName(name);
      if (msgs.length) errs.push(...msgs.map((m) => fieldErr.invalid(`${at}.name`, name, m)));
      else if (names.has(name)) errs.push(fieldErr.duplicate(`${at}.name`, name));
      else names.add(name);
    }
    const containerPort = int(port.containerPort);
    if (containerPort === 0) errs.push(fieldErr.required(`${at}.containerPort`));
    else errs.push(...portNumErrors(containerPort).map((m) => fieldErr.invalid(`${at}.containerPort`, containerPort, m)));
    const hostPort = int(port.hostPort);
    if (hostPort !== 0) errs.push(...portNumErrors(hostPort).map((m) => fieldErr.invalid(`${at}.hostPort`, hostPort, m)));
    errs.push(...validateEnumIfSet(port.protocol, `${at}.protocol`, PORT_PROTOCOLS));
  });
  return errs;
}

/** Env var names under 1.33's default RelaxedEnvironmentVariableValidation: printable ASCII except '='. */
function validateEnv(env: unknown[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  env.forEach((e, i) => {
    const name = str(record(e).name);
    const at = `${path}[${i}].name`;
    if (!name) errs.push(fieldErr.required(at), fieldErr.invalid(at, name, 'environment variable name must be non-empty'));
    else if (!/^[\x20-\x3c\x3e-\x7e]*$/.test(name)) errs.push(fieldErr.invalid(at, name, RELAXED_ENV_NAME_ERR));
  });
  return errs;
}

function validateVolumeMounts(mounts: unknown[], volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  mounts.forEach((m, i) => {
    const mount = record(m);
    const at = `${path}[${i}]`;
    const name = str(mount.name);
    const mountPath = str(mount.mountPath);
    if (!name) errs.push(fieldErr.required(`${at}.name`));
    if (!volumes.has(name)) errs.push(fieldErr.notFound(`${at}.name`, name));
    if (!mountPath) errs.push(fieldErr.required(`${at}.mountPath`));
    if (mountPoints.has(mountPath)) errs.push(fieldErr.invalid(`${at}.mountPath`, mountPath, 'must be unique'));
    mountPoints.add(mountPath);
  });
  return errs;
}

// Only cpu and memory are covered: both may be overcommitted, so a request may not exceed its limit.
const COMPUTE_RESOURCES = ['cpu', 'memory'];
const quantityOf = (v: unknown): Quantity | undefined =>
  typeof v === 'string' ? parseQuantity(v.trim()) : typeof v === 'number' && Number.isFinite(v) ? parseQuantity(String(v)) : undefined;

/** ValidateResourceRequirements for cpu and memory: no negative amounts, requests no more than limits. */
function validateResources(resources: unknown, path: string): FieldError[] {
  const r = record(resources);
  const limits = record(r.limits);
  const requests = record(r.requests);
  const errs: FieldError[] = [];
  const negative = (q: Quantity, at: string): void => {
    const text = quantityString(q);
    if (q.sign() < 0n) errs.push(fieldErr.invalid(at, text, 'must be greater than or equal to 0'));
  };
  for (const [name, v] of Object.entries(limits)) {
    const q = COMPUTE_RESOURCES.includes(name) ? quantityOf(v) : undefined;
    if (q) negative(q, `${path}.limits[${name}]`);
  }
  for (const [name, v] of Object.entries(requests)) {
    const q = COMPUTE_RESOURCES.includes(name) ? quantityOf(v) : undefined;
    if (!q) continue;
    negative(q, `${path}.requests[${name}]`);
    const limit = name in limits ? quantityOf(limits[name]) : undefined;
    const [reqText, limText] = [quantityString(q), limit && quantityString(limit)];
    if (limit && reqText !== undefined && limText !== undefined && compareQuantities(q, limit) > 0) {
      errs.push(fieldErr.invalid(`${path}.requests`, reqText, `must be less than or equal to ${name} limit of ${limText}`));
    }
  }
  return errs;
}

function validateContainer(c: unknown, volumes: Set<string>, at: string): FieldError[] {
  const ctr = record(c);
  const errs: FieldError[] = [];
  const name = str(ctr.name);
  if (!name) errs.push(fieldErr.required(`${at}.name`));
  else errs.push(...dnsLabel(name, `${at}.name`));
  if (!str(ctr.image)) errs.push(fieldErr.required(`${at}.image`));
  errs.push(...validateEnumIfSet(ctr.terminationMessagePolicy, `${at}.terminationMessagePolicy`, TERMINATION_MESSAGE_POLICIES));
  errs.push(...validateContainerPorts(list(ctr.ports), `${at}.ports`));
  errs.push(...validateEnv(list(ctr.env), `${at}.env`));
  errs.push(...validateVolumeMounts(list(ctr.volumeMounts), volumes, `${at}.volumeMounts`));
  errs.push(...validateEnumIfSet(ctr.imagePullPolicy, `${at}.imagePullPolicy`, PULL_POLICIES));
  errs.push(...validateResources(ctr.resources, `${at}.resources`));
  return errs;
}

function validateContainers(containers: unknown[], volumes: Set<string>, path: string): FieldError[] {
  if (containers.length === 0) return [fieldErr.required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    errs.push(...validateContainer(c, volumes, `${path}[${i}]`));
    const name = str(record(c).name);
    if (names.has(name)) errs.push(fieldErr.duplicate(`${path}[${i}].name`, name));
    else names.add(name);
    if (isSet(record(c).restartPolicy)) errs.push(fieldErr.forbidden(`${path}[${i}].restartPolicy`, 'may not be set for non-init containers'));
  });
  return errs;
}


/** Checks kube runs on Pods but not on templates (kept apart for compatibility). */
function validateContainersOnlyForPod(containers: unknown[], path: string): FieldError[] {
  return containers.flatMap((c, i) => {
    const image = str(record(c).image);
    return image.length !== image.trim().length ? [fieldErr.invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace')] : [];
  });
}

/** ValidatePodSpec (the covered part) of `spec` found at `path` (`spec`, `spec.template.spec`, …). */
export function validatePodSpec(spec: unknown, path: string): FieldError[] {
  const s = record(spec);
  const volumes = new Set<string>();
  return [
    ...validateVolumes(list(s.volumes), `${path}.volumes`, volumes),
    ...validateContainers(list(s.containers), volumes, `${path}.containers`),
    ...validateEnumIfSet(s.restartPolicy, `${path}.restartPolicy`, RESTART_POLICIES),
    ...validateEnumIfSet(s.dnsPolicy, `${path}.dnsPolicy`, DNS_POLICIES),
  ];
}

/** ValidatePodTemplateSpec: note kube reports template label errors at `<path>.labels`, without `metadata`. */
export function validatePodTemplateSpec(template: unknown, path: string): FieldError[] {
  const t = record(template);
  const meta = record(t.metadata);
  return [...validateLabels(meta.labels, `${path}.labels`), ...validateAnnotations(meta.annotations, `${path}.annotations`), ...validatePodSpec(t.spec, `${path}.spec`)];
}

/** The restart policy kube validates a template with: unset is defaulted to Always. */
export const templateRestartPolicy = (template: unknown): string => str(record(record(template).spec).restartPolicy) || 'Always';

/** Pod create: ValidatePodSpec at `spec`, plus ephemeral containers, which only the subresource may add. */
export function validatePodCreate(pod: unknown): FieldError[] {
  const spec = record(record(pod).spec);
  const errs = [
    ...validatePodSpec(spec, 'spec'),
    ...validateContainersOnlyForPod(list(spec.containers), 'spec.containers'),
    ...validateContainersOnlyForPod(list(spec.initContainers), 'spec.initContainers'),
  ];
  if (list(spec.ephemeralContainers).length) errs.push(fieldErr.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  return errs;
}
