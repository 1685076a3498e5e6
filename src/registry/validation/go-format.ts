// Renders the few Go values kube's metadata errors print with %v / %#v, as GoValue texts.
import { GoValue } from '../../errors/field-error.js';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Parses an RFC 3339 timestamp as Go's metav1.Time does; undefined for empty or unparsable values. */
export function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Go's time.Time.String() of a UTC time: `2006-01-02 15:04:05 +0000 UTC` (fraction only when non-zero). */
export function goTimeString(ms: number | undefined): string {
  if (ms === undefined) return '0001-01-01 00:00:00 +0000 UTC';
  const d = new Date(ms);
  const frac = d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3).replace(/0+$/, '')}` : '';
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${frac} +0000 UTC`
  );
}

const goString = (v: unknown): string => JSON.stringify(typeof v === 'string' ? v : '');

// Go prints a non-nil pointer as its address, which no client can predict; a fixed address stands in.
const goBoolPtr = (v: unknown): string => (typeof v === 'boolean' ? '(*bool)(0xc000010000)' : '(*bool)(nil)');

/** %#v of a metav1.OwnerReference struct. */
export function goOwnerReference(ref: unknown): string {
  const r = (ref && typeof ref === 'object' ? ref : {}) as Record<string, unknown>;
  return (
    `v1.OwnerReference{APIVersion:${goString(r.apiVersion)}, Kind:${goString(r.kind)}, Name:${goString(r.name)}, ` +
    `UID:${goString(r.uid)}, Controller:${goBoolPtr(r.controller)}, BlockOwnerDeletion:${goBoolPtr(r.blockOwnerDeletion)}}`
  );
}

export const goOwnerReferenceValue = (ref: unknown): GoValue => new GoValue(goOwnerReference(ref));

/** %#v of a []metav1.OwnerReference. */
export const goOwnerReferencesValue = (refs: unknown[]): GoValue =>
  new GoValue(`[]v1.OwnerReference{${refs.map(goOwnerReference).join(', ')}}`);
