// batch/jobs (Job): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, empty, mapAt, struct, unsetPointer, type TypeDefaults } from '../defaulting.js';
import { meta, type KObject } from '../../../api/object.js';
import { jobPrinter } from '../../../printers/kinds/batch.js';
import { validateJobSpec } from '../../validation/kind-workloads.js';
import { int, same } from '../../../selection/field-sets.js';

// SetDefaults_Job (batch/v1, 1.33 gates: JobPodReplacementPolicy on, backoffLimitPerIndex GA). It runs on every
// read too, so the labels generateSelector puts on the template show on the Job right after create.
const jobDefaults: TypeDefaults = {
  'io.k8s.api.batch.v1.Job': (job) => {
    const spec = struct(job, 'spec');
    if (unsetPointer(spec.completions) && unsetPointer(spec.parallelism)) {
      spec.completions = 1;
      spec.parallelism = 1;
    }
    defaultPointers(spec, { parallelism: 1 });
    defaultPointers(spec, { backoffLimit: unsetPointer(spec.backoffLimitPerIndex) ? 6 : 2147483647 });
    const labels = mapAt(spec, 'template', 'metadata', 'labels');
    const md = struct(job, 'metadata');
    if (labels && empty(md.labels)) md.labels = { ...labels };
    defaultPointers(spec, { completionMode: 'NonIndexed', suspend: false });
    defaultPointers(spec, { podReplacementPolicy: unsetPointer(spec.podFailurePolicy) ? 'TerminatingOrFailed' : 'Failed' });
    defaultPointers(spec, { manualSelector: false });
  },
  'io.k8s.api.batch.v1.PodFailurePolicyOnPodConditionsPattern': (p) => {
    if (p.status === undefined || p.status === null || p.status === '') p.status = 'True';
  },
};

const CONTROLLER_UID = 'batch.kubernetes.io/controller-uid';
const JOB_NAME = 'batch.kubernetes.io/job-name';

/** kube's generateSelector: unless the selector is manual, the template is labelled with the Job's uid and name. */
function generateSelector(job: KObject): void {
  const spec = (job.spec ??= {});
  if (spec.manualSelector === true) return;
  const { uid = '', name = '' } = meta(job);
  const template = (spec.template ??= {});
  const tmd = (template.metadata ??= {});
  const labels: Record<string, string> = (tmd.labels ??= {});
  for (const [k, v] of [['controller-uid', uid], [CONTROLLER_UID, uid], ['job-name', name], [JOB_NAME, name]]) if (!(k! in labels)) labels[k!] = v!;
  const selector = (spec.selector ??= {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}), [CONTROLLER_UID]: uid };
}

export const batchJobs: BuiltinResource = {
  group: 'batch',
  resource: 'jobs',
  kind: 'Job',
  defaults: jobDefaults,
  strategy: (base) => ({
    ...base,
    async prepareForCreate(obj, ctx) {
      await base.prepareForCreate(obj, ctx);
      generateSelector(obj);
    },
  }),
  tracksGeneration: true,
  validateCreate: (obj) => validateJobSpec(obj),
  printer: jobPrinter,
  fieldSelectors: {
    accepted: same('metadata.name', 'metadata.namespace', 'status.successful'),
    reject: (label) => `field label "${label}" not supported for Job`,
    // The label says "successful", the field is status.succeeded.
    fields: { 'status.successful': (o) => int(o, 'status', 'succeeded') },
    namespaced: true,
  },
};
