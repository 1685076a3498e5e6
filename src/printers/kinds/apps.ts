// apps/v1: deployments, replica sets, stateful sets, daemon sets and controller revisions.
import type { KObject } from '../../api/object.js';
import { since } from '../human-duration.js';
import { formatLabelSelector, formatLabels, labelSelectorString } from '../label-format.js';
import { ageColumn, column, containersColumn, imagesColumn, nameColumn, selectorColumn, type Printer } from '../printer.js';
import { arr, containerCells, int, isSet, str } from './fields.js';

const name = (o: KObject): string => str(o.metadata?.name);
const age = (o: KObject, now: number): string => since(o.metadata?.creationTimestamp, now);
/** spec.replicas defaults to 1 for deployments, replica sets and stateful sets. */
const replicas = (o: KObject): number => (isSet(o.spec?.replicas) ? int(o.spec.replicas) : 1);

export const deploymentPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Ready', 'string', 'Ready replicas out of desired replicas'),
    column('Up-to-date', 'string', 'Replicas running the latest pod template'),
    column('Available', 'string', 'Replicas available to serve'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn(),
  ],
  row: (d, now) => {
    const [containers, images] = containerCells(d.spec?.template?.spec?.containers);
    const selector = labelSelectorString(d.spec?.selector);
    return {
      cells: [
        name(d),
        `${int(d.status?.readyReplicas)}/${replicas(d)}`,
        int(d.status?.updatedReplicas),
        int(d.status?.availableReplicas),
        age(d, now),
        containers,
        images,
        selector === null ? '<invalid>' : selector,
      ],
    };
  },
};

export const replicaSetPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Desired', 'integer', 'Number of replicas requested'),
    column('Current', 'integer', 'Number of replicas observed'),
    column('Ready', 'integer', 'Number of ready replicas'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn(),
  ],
  row: (rs, now) => {
    const [containers, images] = containerCells(rs.spec?.template?.spec?.containers);
    return {
      cells: [name(rs), replicas(rs), int(rs.status?.replicas), int(rs.status?.readyReplicas), age(rs, now), containers, images, formatLabelSelector(rs.spec?.selector)],
    };
  },
};

export const statefulSetPrinter: Printer = {
  columns: [nameColumn(), column('Ready', 'string', 'Ready replicas out of desired replicas'), ageColumn(), containersColumn(), imagesColumn()],
  row: (s, now) => {
    const [containers, images] = containerCells(s.spec?.template?.spec?.containers);
    return { cells: [name(s), `${int(s.status?.readyReplicas)}/${replicas(s)}`, age(s, now), containers, images] };
  },
};

export const daemonSetPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Desired', 'integer', 'Number of nodes that should run the daemon pod'),
    column('Current', 'integer', 'Number of nodes running the daemon pod'),
    column('Ready', 'integer', 'Number of nodes with a ready daemon pod'),
    column('Up-to-date', 'integer', 'Number of nodes running the latest pod template'),
    column('Available', 'integer', 'Number of nodes with an available daemon pod'),
    column('Node Selector', 'string', 'Node selector of the pod template'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn(),
  ],
  row: (ds, now) => {
    const st = ds.status ?? {};
    const [containers, images] = containerCells(ds.spec?.template?.spec?.containers);
    return {
      cells: [
        name(ds),
        int(st.desiredNumberScheduled),
        int(st.currentNumberScheduled),
        int(st.numberReady),
        int(st.updatedNumberScheduled),
        int(st.numberAvailable),
        formatLabels(ds.spec?.template?.spec?.nodeSelector),
        age(ds, now),
        containers,
        images,
        formatLabelSelector(ds.spec?.selector),
      ],
    };
  },
};

/** `group/version` → group (the core group is ""). */
const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

export const controllerRevisionPrinter: Printer = {
  columns: [nameColumn(), column('Controller', 'string', 'Controller that owns the revision'), column('Revision', 'string', 'Revision number'), ageColumn()],
  row: (cr, now) => {
    const owner = arr(cr.metadata?.ownerReferences).find((r) => r.controller === true);
    let controller = '<none>';
    if (owner) {
      const kind = str(owner.kind);
      const group = groupOf(str(owner.apiVersion));
      controller = kind || group ? `${(group ? `${kind}.${group}` : kind).toLowerCase()}/${str(owner.name)}` : str(owner.name);
    }
    return { cells: [name(cr), controller, int(cr.revision), age(cr, now)] };
  },
};
