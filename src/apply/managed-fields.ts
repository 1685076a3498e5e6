// metadata.managedFields ⇄ the managers' field sets (ssa.md §1.5, §3.3, §5.2): entries are keyed by their
// identity (manager, operation, apiVersion for Update, subresource), decoded strictly and written back in
// kube's entry order.
import { FieldSet } from './field-set.js';
import { decodeFieldsV1, decodeStoredFieldsV1, encodeFieldsV1 } from './fields-v1.js';
import { compareStrings, goJson } from './path-element.js';

export type Operation = 'Apply' | 'Update';

export interface ManagerInfo {
  manager: string;
  operation: Operation;
  apiVersion: string;
  /** '' for the main resource. */
  subresource: string;
}

export interface ManagerEntry extends ManagerInfo {
  /** RFC 3339 seconds, absent for entries recorded by a no-op apply. */
  time?: string;
  set: FieldSet;
}

/** Entries by identity. */
export type Managed = Map<string, ManagerEntry>;

/** Upstream's manager identifier: the entry's JSON without fields and time, and without apiVersion for appliers. */
export function managerIdentity(e: ManagerInfo): string {
  const parts: string[] = [];
  if (e.manager) parts.push(`"manager":${goJson(e.manager)}`);
  if (e.operation) parts.push(`"operation":${goJson(e.operation)}`);
  if (e.apiVersion && e.operation !== 'Apply') parts.push(`"apiVersion":${goJson(e.apiVersion)}`);
  if (e.subresource) parts.push(`"subresource":${goJson(e.subresource)}`);
  return `{${parts.join(',')}}`;
}

export class ManagedFieldsDecodeError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Decodes a managedFields list; throws ManagedFieldsDecodeError when any entry is invalid. `stored`: the list was
 * read from storage (JSON data), so its field sets may come from the cache of decoded sets.
 */
export function decodeManagedFields(list: unknown, stored = false): Managed {
  const out: Managed = new Map();
  if (list === undefined || list === null) return out;
  if (!Array.isArray(list)) throw new ManagedFieldsDecodeError('managedFields must be a list');
  list.forEach((raw, i) => {
    if (!isObject(raw)) throw new ManagedFieldsDecodeError(`managed fields entry ${i} is not an object`);
    const operation = raw.operation;
    if (operation !== 'Apply' && operation !== 'Update') throw new ManagedFieldsDecodeError('operation must be `Apply` or `Update`');
    const apiVersion = typeof raw.apiVersion === 'string' ? raw.apiVersion : '';
    if (!apiVersion) throw new ManagedFieldsDecodeError('apiVersion must not be empty');
    const fieldsType = typeof raw.fieldsType === 'string' ? raw.fieldsType : '';
    if (fieldsType === '') throw new ManagedFieldsDecodeError(`missing fieldsType in managed fields entry ${i}`);
    if (fieldsType !== 'FieldsV1') throw new ManagedFieldsDecodeError(`invalid fieldsType ${JSON.stringify(fieldsType)} in managed fields entry ${i}`);
    let set: FieldSet;
    try {
      set = stored ? decodeStoredFieldsV1(raw.fieldsV1) : decodeFieldsV1(raw.fieldsV1);
    } catch (e) {
      throw new ManagedFieldsDecodeError(`error decoding set: ${(e as Error).message}`);
    }
    const entry: ManagerEntry = {
      manager: typeof raw.manager === 'string' ? raw.manager : '',
      operation,
      apiVersion,
      subresource: typeof raw.subresource === 'string' ? raw.subresource : '',
      set,
    };
    if (typeof raw.time === 'string' && raw.time) entry.time = raw.time;
    out.set(managerIdentity(entry), entry); // the later of two equal identities wins
  });
  return out;
}

/** Decodes, or undefined when the list is undecodable. */
export function tryDecodeManagedFields(list: unknown, stored = false): Managed | undefined {
  try {
    return decodeManagedFields(list, stored);
  } catch {
    return undefined;
  }
}

/** Whole seconds since the epoch; a missing time sorts first. */
export const timeSeconds = (t: string | undefined): number => (t ? Math.floor(Date.parse(t) / 1000) || 0 : 0);

/** The entries in kube's order: operation, time, manager, apiVersion, subresource. */
export function sortedEntries(managed: Managed): ManagerEntry[] {
  return [...managed.values()].sort(
    (a, b) =>
      compareStrings(a.operation, b.operation) ||
      timeSeconds(a.time) - timeSeconds(b.time) ||
      compareStrings(a.manager, b.manager) ||
      compareStrings(a.apiVersion, b.apiVersion) ||
      compareStrings(a.subresource, b.subresource),
  );
}

export interface ManagedFieldsEntryJSON {
  manager?: string;
  operation: Operation;
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

/** The managedFields list the server writes (field order manager, operation, apiVersion, time, fieldsType, fieldsV1, subresource). */
export function encodeManagedFields(managed: Managed): ManagedFieldsEntryJSON[] {
  return sortedEntries(managed).map((e) => {
    const out: Partial<ManagedFieldsEntryJSON> = {};
    if (e.manager) out.manager = e.manager;
    out.operation = e.operation;
    out.apiVersion = e.apiVersion;
    if (e.time) out.time = e.time;
    out.fieldsType = 'FieldsV1';
    out.fieldsV1 = encodeFieldsV1(e.set);
    if (e.subresource) out.subresource = e.subresource;
    return out as ManagedFieldsEntryJSON;
  });
}

/**
 * Whether a non-apply write asks to clear managedFields. The seed (000_cb740c40ae2c812c, "Clearing
 * managedFields") is the contract: only a list with one empty entry resets; an empty list does not
 * (kube 1.33's code resets on both — see docs/deviations.md).
 */
export function isResetRequest(list: unknown): boolean {
  return Array.isArray(list) && list.length === 1 && isObject(list[0]) && Object.values(list[0]).every(isZero);
}

// `fieldsV1: {}` is not zero: a present FieldsV1 makes the entry non-empty.
const isZero = (v: unknown): boolean => v === undefined || v === null || v === '';
