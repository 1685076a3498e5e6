// kube's duration.HumanDuration (apimachinery util/duration) and the printers' "time since" helper:
// the text of every Age-like cell.
import { timeField } from '../golang/time.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Renders a duration given in milliseconds, truncating each unit toward zero as Go's integer division does. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  // A clock slightly ahead of ours (less than 2 s) still reads as "now".
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) {
    const dy = days % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** Time elapsed since a timestamp field, `<unknown>` when the field holds Go's zero time. */
export function since(timestamp: unknown, now: number): string {
  const t = timeField(timestamp);
  return t === null ? '<unknown>' : humanDuration(now - t);
}
