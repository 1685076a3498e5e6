// batch/cronjobs (CronJob): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { cronJobPrinter } from '../../../printers/kinds/batch.js';
import { validateCronJobName } from '../../validation/kind-misc.js';
import { validateCronJobSpec } from '../../validation/kind-workloads.js';

export const batchCronjobs: BuiltinResource = {
  group: 'batch',
  resource: 'cronjobs',
  kind: 'CronJob',
  tracksGeneration: true,
  validateCreate: (obj) => [...validateCronJobSpec(obj), ...validateCronJobName(obj)],
  validateUpdate: (obj, _old, m) => m.subresource ? m.update() : [...m.update(), ...validateCronJobSpec(obj)],
  printer: cronJobPrinter,
};
