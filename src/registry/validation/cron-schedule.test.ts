import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cronScheduleError } from './cron-schedule.js';

test('standard schedules and descriptors parse', () => {
  for (const s of ['*/1 * * * *', '0 3 * * 1-5', '15,45 */2 1-31/3 JAN-jun sun', '@hourly', '@every 1h', ' 0  0 * * * ']) {
    assert.equal(cronScheduleError(s), undefined, s);
  }
});

test('robfig/cron v3 error texts', () => {
  const cases: [string, string][] = [
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['61 * * * *', 'end of range (61) above maximum (59): 61'],
    ['0 0 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['*/-1 * * * *', 'negative number (-1) not allowed: -1'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
  ];
  for (const [s, want] of cases) assert.equal(cronScheduleError(s), want, s);
});
