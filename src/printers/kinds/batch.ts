// batch/v1: jobs and cron jobs.
import type { KObject } from '../../api/object.js';
import { humanDuration, since } from '../human-duration.js';
import { timeField } from '../../golang/time.js';
import { formatLabelSelector } from '../label-format.js';
import { ageColumn, column, containersColumn, imagesColumn, nameColumn, selectorColumn, type Printer } from '../printer.js';
import { arr, boolPtrText, containerCells, int, isSet, str } from './fields.js';

/** Whether the first condition of a type is True. */
function jobCondition(job: KObject, type: string): boolean {
  const c = arr(job.status?.conditions).find((x) => str(x.type) === type);
  return c !== undefined && str(c.status) === 'True';
}

function jobStatus(job: KObject): string {
  if (jobCondition(job, 'Complete')) return 'Complete';
  if (jobCondition(job, 'Failed')) return 'Failed';
  if (isSet(job.metadata?.deletionTimestamp)) return 'Terminating';
  if (jobCondition(job, 'Suspended')) return 'Suspended';
  if (jobCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

function completions(job: KObject): string {
  const succeeded = int(job.status?.succeeded);
  if (isSet(job.spec?.completions)) return `${succeeded}/${int(job.spec.completions)}`;
  const parallelism = int(job.spec?.parallelism);
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(job: KObject, now: number): string {
  const start = timeField(job.status?.startTime);
  if (!isSet(job.status?.startTime)) return '';
  const startMs = start ?? 0;
  if (!isSet(job.status?.completionTime)) return humanDuration(now - startMs);
  return humanDuration((timeField(job.status.completionTime) ?? 0) - startMs);
}

export const jobPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Status', 'string', 'Summary of the job conditions'),
    column('Completions', 'string', 'Succeeded pods out of required completions'),
    column('Duration', 'string', 'Time the job took or has been running'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn(),
  ],
  row: (job, now) => {
    const [containers, images] = containerCells(job.spec?.template?.spec?.containers);
    return {
      cells: [str(job.metadata?.name), jobStatus(job), completions(job), jobDuration(job, now), since(job.metadata?.creationTimestamp, now), containers, images, formatLabelSelector(job.spec?.selector)],
    };
  },
};

export const cronJobPrinter: Printer = {
  columns: [
    nameColumn(),
    column('Schedule', 'string', 'Cron schedule of the job'),
    column('Timezone', 'string', 'Time zone of the schedule'),
    column('Suspend', 'boolean', 'Whether new runs are suspended'),
    column('Active', 'integer', 'Number of running jobs'),
    column('Last Schedule', 'string', 'Time since the job was last scheduled'),
    ageColumn(),
    containersColumn(),
    imagesColumn(),
    selectorColumn(),
  ],
  row: (cj, now) => {
    const jobSpec = cj.spec?.jobTemplate?.spec ?? {};
    const [containers, images] = containerCells(jobSpec.template?.spec?.containers);
    // spec.suspend defaults to false.
    const suspend = isSet(cj.spec?.suspend) ? cj.spec.suspend : false;
    return {
      cells: [
        str(cj.metadata?.name),
        str(cj.spec?.schedule),
        isSet(cj.spec?.timeZone) ? str(cj.spec.timeZone) : '<none>',
        boolPtrText(suspend),
        arr(cj.status?.active).length,
        isSet(cj.status?.lastScheduleTime) ? since(cj.status.lastScheduleTime, now) : '<none>',
        since(cj.metadata?.creationTimestamp, now),
        containers,
        images,
        formatLabelSelector(jobSpec.selector),
      ],
    };
  },
};
