// Pods: READY "ready/total", STATUS as kubectl shows it (init progress, waiting/terminated reasons,
// Terminating), RESTARTS with the time of the last restart, and the Completed row conditions.
import type { KObject } from '../../api/object.js';
import { humanDuration, since } from '../human-duration.js';
import { timeField } from '../../golang/time.js';
import { ageColumn, column, nameColumn, type Printer, type TableRowCondition } from '../printer.js';
import { arr, int, obj, str } from './fields.js';

const SUCCEEDED: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
const FAILED: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

/** A sidecar: an init container with restartPolicy Always. */
const isRestartable = (c: KObject | undefined): boolean => str(c?.restartPolicy) === 'Always';

const hasReadyCondition = (conditions: KObject[]): boolean => conditions.some((c) => str(c.type) === 'Ready' && str(c.status) === 'True');
/** The first Initialized condition decides. */
const isInitialized = (conditions: KObject[]): boolean => str(conditions.find((c) => str(c.type) === 'Initialized')?.status) === 'True';

/** Latest of two zero-able times (null = Go's zero time). */
function later(current: number | null, candidate: unknown): number | null {
  const t = timeField(candidate);
  if (t === null) return current;
  return current === null || current < t ? t : current;
}

/** `Init:` / plain reason of a terminated container without a reason: the signal, else the exit code. */
function terminatedText(prefix: string, terminated: KObject): string {
  const signal = int(terminated.signal);
  return signal !== 0 ? `${prefix}Signal:${signal}` : `${prefix}ExitCode:${int(terminated.exitCode)}`;
}

function podRow(pod: KObject, now: number) {
  const spec = obj(pod.spec);
  const status = obj(pod.status);
  const conditions = arr(status.conditions);
  const initContainers = arr(spec.initContainers);
  const byName = new Map<string, KObject>();
  for (const c of initContainers) byName.set(str(c.name), c);

  const phase = str(status.phase);
  let reason = str(status.reason) || phase;
  if (conditions.some((c) => str(c.type) === 'PodScheduled' && str(c.reason) === 'SchedulingGated')) reason = 'SchedulingGated';

  const total = arr(spec.containers).length + initContainers.filter(isRestartable).length;
  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestart: number | null = null;
  let lastSidecarRestart: number | null = null;

  let initializing = false;
  const initStatuses = arr(status.initContainerStatuses);
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i]!;
    const state = obj(cs.state);
    const lastTerminated = obj(cs.lastState).terminated;
    const sidecar = isRestartable(byName.get(str(cs.name)));
    restarts += int(cs.restartCount);
    if (lastTerminated) lastRestart = later(lastRestart, lastTerminated.finishedAt);
    if (sidecar) {
      sidecarRestarts += int(cs.restartCount);
      if (lastTerminated) lastSidecarRestart = later(lastSidecarRestart, lastTerminated.finishedAt);
    }
    if (state.terminated && int(state.terminated.exitCode) === 0) continue;
    if (sidecar && cs.started === true) {
      if (cs.ready === true) ready++;
      continue;
    }
    if (state.terminated) {
      const t = obj(state.terminated);
      reason = str(t.reason) ? `Init:${str(t.reason)}` : terminatedText('Init:', t);
    } else if (state.waiting && str(state.waiting.reason) && str(state.waiting.reason) !== 'PodInitializing') {
      reason = `Init:${str(state.waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || isInitialized(conditions)) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses = arr(status.containerStatuses);
    // Walked from the last container to the first, so the first container's state wins.
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i]!;
      const state = obj(cs.state);
      restarts += int(cs.restartCount);
      const lastTerminated = obj(cs.lastState).terminated;
      if (lastTerminated) lastRestart = later(lastRestart, lastTerminated.finishedAt);
      if (state.waiting && str(state.waiting.reason)) reason = str(state.waiting.reason);
      else if (state.terminated && str(state.terminated.reason)) reason = str(state.terminated.reason);
      else if (state.terminated) reason = terminatedText('', obj(state.terminated));
      else if (cs.ready === true && state.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasReadyCondition(conditions) ? 'Running' : 'NotReady';
  }

  const deleting = pod.metadata?.deletionTimestamp !== undefined && pod.metadata?.deletionTimestamp !== null;
  if (deleting && str(status.reason) === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Failed' && phase !== 'Succeeded') reason = 'Terminating';

  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestart !== null) restartsText = `${restarts} (${humanDuration(now - lastRestart)} ago)`;

  const podIPs = arr(status.podIPs);
  const podIP = (podIPs.length > 0 ? str(podIPs[0]!.ip) : str(status.podIP)) || '<none>';
  let readinessGates = '<none>';
  const gates = arr(spec.readinessGates);
  if (gates.length > 0) {
    let trueCount = 0;
    for (const gate of gates) {
      const match = conditions.find((c) => str(c.type) === str(gate.conditionType));
      if (match && str(match.status) === 'True') trueCount++;
    }
    readinessGates = `${trueCount}/${gates.length}`;
  }

  return {
    cells: [
      str(pod.metadata?.name),
      `${ready}/${total}`,
      reason,
      restartsText,
      since(pod.metadata?.creationTimestamp, now),
      podIP,
      str(spec.nodeName) || '<none>',
      str(status.nominatedNodeName) || '<none>',
      readinessGates,
    ],
    conditions: phase === 'Succeeded' ? SUCCEEDED : phase === 'Failed' ? FAILED : undefined,
  };
}

export const podPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Ready', 'string', 'Ready containers out of all containers of the pod'),
    column('Status', 'string', 'Summary of the pod and container states'),
    column('Restarts', 'string', 'Container restarts, with the time of the latest one'),
    ageColumn(),
    column('IP', 'string', 'First IP address assigned to the pod', { priority: 1 }),
    column('Node', 'string', 'Node the pod is bound to', { priority: 1 }),
    column('Nominated Node', 'string', 'Node nominated by preemption', { priority: 1 }),
    column('Readiness Gates', 'string', 'Readiness gates that are true out of all gates', { priority: 1 }),
  ],
  row: podRow,
};
