// ConfigMap and Secret checks of kube-apiserver 1.33 (pkg/apis/core/validation): data keys, sizes,
// `immutable`, and the per-type rules of Secrets. Objects are the v1 JSON forms.
import { fieldErr, type FieldError } from '../../errors/field-error.js';
import { goJsonObjectError } from './go-json.js';
import { FIELD_IMMUTABLE } from './meta-fields.js';
import { isConfigMapKey } from '../../validation/names.js';
import { type Obj, record, str } from './untyped.js';

/** Shared limit of ConfigMap payloads and Secret data (core.MaxSecretSize). */
export const MAX_SECRET_SIZE = 1024 * 1024;
const IMMUTABLE_WHEN_SET = 'field is immutable when `immutable` is set';

const base64Bytes = (v: unknown): Buffer => Buffer.from(str(v), 'base64');

/** Deep equality of two JSON maps where a missing map equals an empty one only if both are missing. */
function sameMap(a: unknown, b: unknown): boolean {
  const present = (v: unknown): boolean => v !== undefined && v !== null;
  if (present(a) !== present(b)) return false;
  const ra = record(a);
  const rb = record(b);
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => k in rb && ra[k] === rb[k]);
}

const PLAIN_KEY = /^[-._a-zA-Z0-9]{1,253}$/;

/** A key isConfigMapKey accepts, found without building its messages (ConfigMaps of 100,000 keys). */
const plainValidKey = (k: string): boolean => PLAIN_KEY.test(k) && !k.startsWith('..') && k !== '.';

export function validateConfigMapData(cm: unknown): FieldError[] {
  const o = record(cm);
  const data = record(o.data);
  const binaryData = record(o.binaryData);
  const errs: FieldError[] = [];
  let total = 0;
  for (const k of Object.keys(data)) {
    if (!plainValidKey(k)) errs.push(...isConfigMapKey(k).map((m) => fieldErr.invalid(`data[${k}]`, k, m)));
    if (k in binaryData) errs.push(fieldErr.invalid(`data[${k}]`, k, 'duplicate of key present in binaryData'));
    total += Buffer.byteLength(str(data[k]), 'utf8');
  }
  for (const [k, v] of Object.entries(binaryData)) {
    errs.push(...isConfigMapKey(k).map((m) => fieldErr.invalid(`binaryData[${k}]`, k, m)));
    total += base64Bytes(v).length;
  }
  // kube reports the size against an empty path, which Go prints as `[]`.
  if (total > MAX_SECRET_SIZE) errs.push(fieldErr.tooLong('[]', MAX_SECRET_SIZE));
  return errs;
}

export function validateConfigMapImmutable(cm: unknown, old: unknown): FieldError[] {
  const n = record(cm);
  const o = record(old);
  if (o.immutable !== true) return [];
  const errs: FieldError[] = [];
  if (n.immutable !== true) errs.push(fieldErr.forbidden('immutable', IMMUTABLE_WHEN_SET));
  if (!sameMap(n.data, o.data)) errs.push(fieldErr.forbidden('data', IMMUTABLE_WHEN_SET));
  if (!sameMap(n.binaryData, o.binaryData)) errs.push(fieldErr.forbidden('binaryData', IMMUTABLE_WHEN_SET));
  return errs;
}

/**
 * The Secret's data as kube validates it: v1 `stringData` has already been merged into `data` (its values
 * win), so both are read here. Values are the decoded bytes.
 */
export function secretDataBytes(secret: unknown): Map<string, Buffer> {
  const o = record(secret);
  const out = new Map<string, Buffer>();
  for (const [k, v] of Object.entries(record(o.data))) out.set(k, base64Bytes(v));
  for (const [k, v] of Object.entries(record(o.stringData))) out.set(k, Buffer.from(str(v), 'utf8'));
  return out;
}

const SERVICE_ACCOUNT_NAME_KEY = 'kubernetes.io/service-account.name';
const REDACTED = '<secret contents redacted>';

function validateSecretType(secret: Obj, data: Map<string, Buffer>): FieldError[] {
  const required = (key: string): FieldError => fieldErr.required(`data[${key}]`);
  const jsonKey = (key: string): FieldError[] => {
    const bytes = data.get(key);
    if (!bytes) return [required(key)];
    const err = goJsonObjectError(bytes);
    return err ? [fieldErr.invalid(`data[${key}]`, REDACTED, err)] : [];
  };
  switch (str(secret.type)) {
    case 'kubernetes.io/service-account-token': {
      const annotations = record(record(secret.metadata).annotations);
      return str(annotations[SERVICE_ACCOUNT_NAME_KEY]) ? [] : [fieldErr.required(`metadata.annotations[${SERVICE_ACCOUNT_NAME_KEY}]`)];
    }
    case 'kubernetes.io/dockercfg':
      return jsonKey('.dockercfg');
    case 'kubernetes.io/dockerconfigjson':
      return jsonKey('.dockerconfigjson');
    case 'kubernetes.io/basic-auth':
      return data.has('username') || data.has('password') ? [] : [required('username'), required('password')];
    case 'kubernetes.io/ssh-auth':
      return data.get('ssh-privatekey')?.length ? [] : [required('ssh-privatekey')];
    case 'kubernetes.io/tls': {
      const errs: FieldError[] = [];
      if (!data.has('tls.crt')) errs.push(required('tls.crt'));
      if (!data.has('tls.key')) errs.push(required('tls.key'));
      return errs;
    }
    default:
      return [];
  }
}

export function validateSecretData(secret: unknown): FieldError[] {
  const o = record(secret);
  const data = secretDataBytes(secret);
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of data) {
    errs.push(...isConfigMapKey(k).map((m) => fieldErr.invalid(`data[${k}]`, k, m)));
    total += v.length;
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErr.tooLong('data', MAX_SECRET_SIZE));
  errs.push(...validateSecretType(o, data));
  return errs;
}

/** Type changes and, once `immutable` was set, any change of `immutable` or data. */
export function validateSecretImmutable(secret: unknown, old: unknown): FieldError[] {
  const n = record(secret);
  const o = record(old);
  const errs: FieldError[] = [];
  if (str(n.type) !== str(o.type)) errs.push(fieldErr.invalid('type', str(n.type), FIELD_IMMUTABLE));
  if (o.immutable === true) {
    if (n.immutable !== true) errs.push(fieldErr.forbidden('immutable', IMMUTABLE_WHEN_SET));
    const a = secretDataBytes(secret);
    const b = secretDataBytes(old);
    const same = a.size === b.size && [...a].every(([k, v]) => b.has(k) && b.get(k)!.equals(v));
    if (!same) errs.push(fieldErr.forbidden('data', IMMUTABLE_WHEN_SET));
  }
  return errs;
}
