// batch/jobs (Job): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { jobPrinter } from '../../../printers/kinds/batch.js';
import { validateJobSpec } from '../../validation/kind-workloads.js';
import { int, same } from '../../../selection/field-sets.js';

export const batchJobs: BuiltinResource = {
  group: 'batch',
  resource: 'jobs',
  kind: 'Job',
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
