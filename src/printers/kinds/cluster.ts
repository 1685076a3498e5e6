// Printers of the smaller groups: coordination, certificates, flowcontrol, scheduling, node, policy,
// autoscaling and apiregistration.
import type { KObject } from '../../api/object.js';
import { humanDuration, since } from '../human-duration.js';
import { ageColumn, column, nameColumn, type Cell, type Printer } from '../printer.js';
import { arr, int, intOrString, isSet, obj, quantityPtr, str } from './fields.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);

export const leasePrinter: Printer = {
  columns: [nameColumn(), column('Holder', 'string', 'Identity of the current holder of the lease'), ageColumn()],
  row: (o, now) => ({ cells: [name(o), str(o.spec?.holderIdentity), age(o, now)] }),
};

export const leaseCandidatePrinter: Printer = {
  columns: [
    nameColumn(),
    column('LeaseName', 'string', 'Lease the candidate competes for'),
    column('BinaryVersion', 'string', 'Binary version of the candidate'),
    column('EmulationVersion', 'string', 'Emulation version of the candidate'),
    ageColumn(),
  ],
  row: (o, now) => ({ cells: [name(o), str(o.spec?.leaseName), str(o.spec?.binaryVersion), str(o.spec?.emulationVersion), age(o, now)] }),
};

/** Denied beats Approved beats Pending; Failed and Issued are appended. */
function csrCondition(csr: KObject): string {
  let approved = false;
  let denied = false;
  let failed = false;
  for (const c of arr(csr.status?.conditions)) {
    const type = str(c.type);
    if (type === 'Approved') approved = true;
    else if (type === 'Denied') denied = true;
    else if (type === 'Failed') failed = true;
  }
  let status = denied ? 'Denied' : approved ? 'Approved' : 'Pending';
  if (failed) status += ',Failed';
  if (str(csr.status?.certificate).length > 0) status += ',Issued';
  return status;
}

export const certificateSigningRequestPrinter: Printer = {
  columns: [
    nameColumn(),
    ageColumn(),
    column('SignerName', 'string', 'Signer asked to sign the request'),
    column('Requestor', 'string', 'User who created the request'),
    column('RequestedDuration', 'string', 'Validity duration requested for the certificate'),
    column('Condition', 'string', 'Approval and issuance state of the request'),
  ],
  row: (csr, now) => ({
    cells: [
      name(csr),
      age(csr, now),
      str(csr.spec?.signerName) || '<none>',
      str(csr.spec?.username),
      isSet(csr.spec?.expirationSeconds) ? humanDuration(int(csr.spec.expirationSeconds) * 1000) : '<none>',
      csrCondition(csr),
    ],
  }),
};

export const clusterTrustBundlePrinter: Printer = {
  columns: [nameColumn(), column('SignerName', 'string', 'Signer the bundle is associated with')],
  row: (o) => ({ cells: [name(o), str(o.spec?.signerName) || '<none>'] }),
};

/** matchingPrecedence defaults to 1000. */
const precedence = (fs: KObject): number => int(fs.spec?.matchingPrecedence) || 1000;

export const flowSchemaPrinter: Printer = {
  columns: [
    nameColumn(),
    column('PriorityLevel', 'string', 'Priority level the matched requests are assigned to'),
    column('MatchingPrecedence', 'string', 'Order of the flow schema in matching (lower first)'),
    column('DistinguisherMethod', 'string', 'How flows are told apart'),
    ageColumn(),
    column('MissingPL', 'string', 'Whether the referenced priority level is missing'),
  ],
  row: (fs, now) => {
    const dangling = arr(fs.status?.conditions).find((c) => str(c.type) === 'Dangling');
    return {
      cells: [
        name(fs),
        str(fs.spec?.priorityLevelConfiguration?.name),
        precedence(fs),
        isSet(fs.spec?.distinguisherMethod) ? str(fs.spec.distinguisherMethod.type) : '<none>',
        age(fs, now),
        dangling ? str(dangling.status) : '?',
      ],
    };
  },
  // The list printer orders flow schemas by matching precedence, then name.
  sortList: (objs) =>
    [...objs].sort((a, b) => {
      const pa = precedence(a);
      const pb = precedence(b);
      if (pa !== pb) return pa - pb;
      const na = name(a);
      const nb = name(b);
      return na < nb ? -1 : na > nb ? 1 : 0;
    }),
};

export const priorityLevelConfigurationPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Type', 'string', 'Whether the level is Exempt or Limited'),
    column('NominalConcurrencyShares', 'string', 'Share of the server concurrency limit'),
    column('Queues', 'string', 'Number of queues'),
    column('HandSize', 'string', 'Queues considered for each request (shuffle sharding)'),
    column('QueueLengthLimit', 'string', 'Requests each queue can hold'),
    ageColumn(),
  ],
  row: (pl, now) => {
    let shares: Cell = '<none>';
    let queues: Cell = '<none>';
    let handSize: Cell = '<none>';
    let queueLengthLimit: Cell = '<none>';
    const limited = pl.spec?.limited;
    if (isSet(limited)) {
      // v1 defaults: 30 shares; 64 queues, hand size 8, queue length 50.
      shares = isSet(limited.nominalConcurrencyShares) ? int(limited.nominalConcurrencyShares) : 30;
      const queuing = limited.limitResponse?.queuing;
      if (isSet(queuing)) {
        queues = int(queuing.queues) || 64;
        handSize = int(queuing.handSize) || 8;
        queueLengthLimit = int(queuing.queueLengthLimit) || 50;
      }
    }
    return { cells: [name(pl), str(pl.spec?.type), shares, queues, handSize, queueLengthLimit, age(pl, now)] };
  },
};

export const priorityClassPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Value', 'integer', 'Priority value of the class'),
    column('Global-Default', 'boolean', 'Whether the class is the default for pods without one'),
    ageColumn(),
    column('PreemptionPolicy', 'string', 'Whether pods of the class may preempt others'),
  ],
  // preemptionPolicy defaults to PreemptLowerPriority.
  row: (pc, now) => ({ cells: [name(pc), int(pc.value), pc.globalDefault === true, age(pc, now), isSet(pc.preemptionPolicy) ? str(pc.preemptionPolicy) : 'PreemptLowerPriority'] }),
};

export const runtimeClassPrinter: Printer = {
  columns: [nameColumn(), column('Handler', 'string', 'Container runtime handler of the class'), ageColumn()],
  row: (rc, now) => ({ cells: [name(rc), str(rc.handler), age(rc, now)] }),
};

export const podDisruptionBudgetPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Min Available', 'string', 'Pods that must stay available'),
    column('Max Unavailable', 'string', 'Pods that may be unavailable'),
    column('Allowed Disruptions', 'integer', 'Pod disruptions currently allowed'),
    ageColumn(),
  ],
  row: (pdb, now) => ({
    cells: [
      name(pdb),
      isSet(pdb.spec?.minAvailable) ? intOrString(pdb.spec.minAvailable) : 'N/A',
      isSet(pdb.spec?.maxUnavailable) ? intOrString(pdb.spec.maxUnavailable) : 'N/A',
      int(pdb.status?.disruptionsAllowed),
      age(pdb, now),
    ],
  }),
};

/** autoscaling/v1 carries only the CPU utilisation target; read it as the v2 metric it converts to. */
function hpaMetrics(hpa: KObject): [KObject[], KObject[]] {
  if (str(hpa.apiVersion) !== 'autoscaling/v1') return [arr(hpa.spec?.metrics), arr(hpa.status?.currentMetrics)];
  const specs: KObject[] = [];
  const statuses: KObject[] = [];
  if (isSet(hpa.spec?.targetCPUUtilizationPercentage)) {
    specs.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: hpa.spec.targetCPUUtilizationPercentage } } });
    if (isSet(hpa.status?.currentCPUUtilizationPercentage)) {
      statuses.push({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: hpa.status.currentCPUUtilizationPercentage } } });
    }
  }
  return [specs, statuses];
}

function hpaTarget(spec: KObject, status: KObject | undefined): string {
  switch (str(spec.type)) {
    case 'External':
    case 'Object': {
      const key = str(spec.type) === 'External' ? 'external' : 'object';
      const target = obj(spec[key]?.target);
      const current = status ? status[key] : undefined;
      if (isSet(target.averageValue)) {
        const cur = isSet(current) && isSet(current.current?.averageValue) ? quantityPtr(current.current.averageValue) : '<unknown>';
        return `${cur}/${quantityPtr(target.averageValue)} (avg)`;
      }
      const cur = isSet(current) ? quantityPtr(current.current?.value) : '<unknown>';
      return `${cur}/${quantityPtr(target.value)}`;
    }
    case 'Pods': {
      const cur = isSet(status?.pods) ? quantityPtr(status!.pods.current?.averageValue) : '<unknown>';
      return `${cur}/${quantityPtr(spec.pods?.target?.averageValue)}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const key = str(spec.type) === 'Resource' ? 'resource' : 'containerResource';
      const source = obj(spec[key]);
      const target = obj(source.target);
      const current = status ? status[key] : undefined;
      if (isSet(target.averageValue)) {
        const cur = isSet(current) ? quantityPtr(current.current?.averageValue) : '<unknown>';
        return `${str(source.name)}: ${cur}/${quantityPtr(target.averageValue)}`;
      }
      const cur = isSet(current) && isSet(current.current?.averageUtilization) ? `${int(current.current.averageUtilization)}%` : '<unknown>';
      const tgt = isSet(target.averageUtilization) ? `${int(target.averageUtilization)}%` : '<auto>';
      return `${str(source.name)}: ${cur}/${tgt}`;
    }
    default:
      return '<unknown type>';
  }
}

/** The first two metric targets with their current values, then `+ N more...`; `<none>` without metrics. */
function hpaTargets(hpa: KObject): string {
  const [specs, statuses] = hpaMetrics(hpa);
  if (specs.length === 0) return '<none>';
  const max = 2;
  const list = specs.map((s, i) => hpaTarget(s, statuses[i]));
  if (list.length > max) return `${list.slice(0, max).join(', ')} + ${list.length - max} more...`;
  return list.join(', ');
}

export const horizontalPodAutoscalerPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Reference', 'string', 'Object the autoscaler scales'),
    column('Targets', 'string', 'Current and target metric values'),
    column('MinPods', 'string', 'Lower replica limit'),
    column('MaxPods', 'string', 'Upper replica limit'),
    column('Replicas', 'string', 'Current number of replicas'),
    ageColumn(),
  ],
  row: (hpa, now) => ({
    cells: [
      name(hpa),
      `${str(hpa.spec?.scaleTargetRef?.kind)}/${str(hpa.spec?.scaleTargetRef?.name)}`,
      hpaTargets(hpa),
      isSet(hpa.spec?.minReplicas) ? String(int(hpa.spec.minReplicas)) : '<unset>',
      int(hpa.spec?.maxReplicas),
      int(hpa.status?.currentReplicas),
      age(hpa, now),
    ],
  }),
};

export const apiServicePrinter: Printer = {
  columns: [
    nameColumn(),
    column('Service', 'string', 'Service that serves the API, or Local'),
    column('Available', 'string', 'Whether the API is available'),
    ageColumn(),
  ],
  row: (svc, now) => {
    const ref = svc.spec?.service;
    const service = isSet(ref) ? `${str(ref.namespace)}/${str(ref.name)}` : 'Local';
    let available = 'Unknown';
    const cond = arr(svc.status?.conditions).find((c) => str(c.type) === 'Available');
    if (cond) {
      const status = str(cond.status);
      available = status !== 'True' && str(cond.reason) ? `${status} (${str(cond.reason)})` : status;
    }
    return { cells: [name(svc), service, available, age(svc, now)] };
  },
  // kube-aggregator's own convertor ignores the table options.
  ignoresNoHeaders: true,
};
