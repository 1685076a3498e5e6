// batch/cronjobs (CronJob): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { cronJobPrinter } from '../../../printers/kinds/batch.js';
import { validateCronJobName } from '../../validation/kind-misc.js';
import { validateCronJobSpec } from '../../validation/kind-workloads.js';

// SetDefaults_CronJob (batch/v1); a CronJob's jobTemplate gets no Job defaults, only its nested types'.
const cronJobDefaults: TypeDefaults = {
  'io.k8s.api.batch.v1.CronJob': (c) => {
    const spec = struct(c, 'spec');
    defaultStrings(spec, { concurrencyPolicy: 'Allow' });
    defaultPointers(spec, { suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  },
};

export const batchCronjobs: BuiltinResource = {
  group: 'batch',
  resource: 'cronjobs',
  kind: 'CronJob',
  defaults: cronJobDefaults,
  tracksGeneration: true,
  validateCreate: (obj) => [...validateCronJobSpec(obj), ...validateCronJobName(obj)],
  validateUpdate: (obj, _old, m) => m.subresource ? m.update() : [...m.update(), ...validateCronJobSpec(obj)],
  printer: cronJobPrinter,
};
