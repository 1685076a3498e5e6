// CronJob schedules as kube 1.33 checks them: robfig/cron v3's ParseStandard (five fields or a descriptor),
// whose first error text becomes the field error's detail. Time-zone prefixes and `@every` durations are
// left unchecked (their errors depend on Go's tz database and duration parser).
import { fieldErr, type FieldError } from '../../errors/field-error.js';

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MONTHS = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];
const DESCRIPTORS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

class CronError extends Error {}

/** strconv.Atoi then the cron parser's sign check. */
function mustParseInt(expr: string): number {
  const quoted = JSON.stringify(expr);
  if (!/^[+-]?[0-9]+$/.test(expr)) throw new CronError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${quoted}: invalid syntax`);
  const big = BigInt(expr);
  if (big > 2n ** 63n - 1n || big < -(2n ** 63n)) {
    throw new CronError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${quoted}: value out of range`);
  }
  if (big < 0n) throw new CronError(`negative number (${big}) not allowed: ${expr}`);
  return Number(big);
}

const parseIntOrName = (expr: string, names?: Record<string, number>): number => {
  const named = names ? (names as Record<string, number | undefined>)[expr.toLowerCase()] : undefined;
  return named ?? mustParseInt(expr);
};

function checkRange(expr: string, b: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
  } else {
    start = parseIntOrName(lowAndHigh[0]!, b.names);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = parseIntOrName(lowAndHigh[1]!, b.names);
    else throw new CronError(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = mustParseInt(rangeAndStep[1]!);
    if (lowAndHigh.length === 1) end = b.max;
  } else if (rangeAndStep.length > 2) throw new CronError(`too many slashes: ${expr}`);
  if (start < b.min) throw new CronError(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new CronError(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new CronError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new CronError(`step of range should be a positive number: ${expr}`);
}

/** The parser's error text for `spec`, or undefined when it parses (or is not checked here). */
export function cronScheduleError(spec: string): string | undefined {
  if (spec.includes('TZ')) return undefined;
  if (spec.startsWith('@')) {
    if (DESCRIPTORS.includes(spec) || spec.startsWith('@every ')) return undefined;
    return `unrecognized descriptor: ${spec}`;
  }
  // strings.Fields splits on Unicode white space; ASCII white space covers what clients send.
  const fields = spec.split(/[\t\n\v\f\r ]+/).filter((f) => f !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  try {
    fields.forEach((f, i) => f.split(',').filter((r) => r !== '').forEach((r) => checkRange(r, FIELDS[i]!)));
  } catch (e) {
    if (e instanceof CronError) return e.message;
    throw e;
  }
  return undefined;
}

export function validateCronSchedule(schedule: string, path: string): FieldError[] {
  const err = cronScheduleError(schedule);
  return err === undefined ? [] : [fieldErr.invalid(path, schedule, err)];
}
