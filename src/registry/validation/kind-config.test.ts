import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldErrorText, type FieldError } from '../../errors/field-error.js';
import { invalid } from '../../errors/status.js';
import { validateConfigMapData, validateConfigMapImmutable, validateSecretData, validateSecretImmutable } from './kind-config.js';

const texts = (errs: FieldError[]): string[] => errs.map(fieldErrorText);
const b64 = (s: string | Buffer): string => Buffer.from(s).toString('base64');
const CONFIG_KEY =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

test('ConfigMap keys, duplicates across data and binaryData', () => {
  assert.deepEqual(texts(validateConfigMapData({ data: { 'app.properties': 'x', KEY_NAME: '', 'key-name': 'y' } })), []);
  assert.deepEqual(texts(validateConfigMapData({ data: { 'a b': 'x' } })), [`data[a b]: Invalid value: "a b": ${CONFIG_KEY}`]);
  assert.deepEqual(texts(validateConfigMapData({ data: { k: 'x' }, binaryData: { k: b64('y'), '..': b64('z') } })), [
    'data[k]: Invalid value: "k": duplicate of key present in binaryData',
    `binaryData[..]: Invalid value: "..": must not be '..'`,
  ]);
});

test('ConfigMap size: data bytes plus decoded binaryData, reported at []', () => {
  assert.deepEqual(texts(validateConfigMapData({ data: { a: 'x'.repeat(1048576) } })), []);
  const errs = validateConfigMapData({ data: { a: 'x'.repeat(1048000) }, binaryData: { b: b64(Buffer.alloc(577)) } });
  assert.deepEqual(texts(errs), ['[]: Too long: may not be more than 1048576 bytes']);
  assert.equal(invalid({ group: '', kind: 'ConfigMap' }, 'big', errs).message, 'ConfigMap "big" is invalid: []: Too long: may not be more than 1048576 bytes');
  assert.deepEqual(texts(validateConfigMapData({ data: { a: 'é'.repeat(524289) } })), ['[]: Too long: may not be more than 1048576 bytes']);
});

test('immutable ConfigMaps', () => {
  const old = { immutable: true, data: { a: '1' } };
  assert.deepEqual(texts(validateConfigMapImmutable({ immutable: true, data: { a: '1' } }, old)), []);
  assert.deepEqual(texts(validateConfigMapImmutable({ immutable: true, data: { a: '2' } }, old)), [
    'data: Forbidden: field is immutable when `immutable` is set',
  ]);
  assert.deepEqual(texts(validateConfigMapImmutable({ data: { a: '1' }, binaryData: { b: 'eA==' } }, old)), [
    'immutable: Forbidden: field is immutable when `immutable` is set',
    'binaryData: Forbidden: field is immutable when `immutable` is set',
  ]);
  assert.deepEqual(texts(validateConfigMapImmutable({ data: { a: '2' } }, { data: { a: '1' } })), []);
});

test('Secret keys and size; stringData counts as data', () => {
  assert.deepEqual(texts(validateSecretData({ type: 'Opaque', data: { 'a b': b64('x') }, stringData: { 'c/d': 'y' } })), [
    `data[a b]: Invalid value: "a b": ${CONFIG_KEY}`,
    `data[c/d]: Invalid value: "c/d": ${CONFIG_KEY}`,
  ]);
  assert.deepEqual(texts(validateSecretData({ data: { a: b64(Buffer.alloc(1048576)) } })), []);
  assert.deepEqual(texts(validateSecretData({ data: { a: b64(Buffer.alloc(1048576)) }, stringData: { b: 'x' } })), [
    'data: Too long: may not be more than 1048576 bytes',
  ]);
});

test('Secret types', () => {
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/service-account-token' })), [
    'metadata.annotations[kubernetes.io/service-account.name]: Required value',
  ]);
  assert.deepEqual(
    texts(validateSecretData({ type: 'kubernetes.io/service-account-token', metadata: { annotations: { 'kubernetes.io/service-account.name': 'default' } } })),
    [],
  );
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/dockerconfigjson' })), ['data[.dockerconfigjson]: Required value']);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64('{"auths":{}}') } })), []);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64('{"auths":') } })), [
    'data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": unexpected end of JSON input',
  ]);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/dockercfg', stringData: { '.dockercfg': '[]' } })), [
    'data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {}',
  ]);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/basic-auth', data: {} })), [
    'data[username]: Required value',
    'data[password]: Required value',
  ]);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/basic-auth', data: { password: '' } })), []);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': '' } })), ['data[ssh-privatekey]: Required value']);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/tls', data: { 'tls.key': '' } })), ['data[tls.crt]: Required value']);
  assert.deepEqual(texts(validateSecretData({ type: 'kubernetes.io/tls' })), ['data[tls.crt]: Required value', 'data[tls.key]: Required value']);
  assert.deepEqual(texts(validateSecretData({ type: 'example.com/custom' })), []);
});

test('Secret updates: type and immutable data', () => {
  assert.deepEqual(texts(validateSecretImmutable({ type: 'Opaque' }, { type: 'kubernetes.io/tls' })), [
    'type: Invalid value: "Opaque": field is immutable',
  ]);
  const old = { type: 'Opaque', immutable: true, data: { a: b64('1') } };
  assert.deepEqual(texts(validateSecretImmutable({ type: 'Opaque', immutable: true, data: { a: b64('1') } }, old)), []);
  assert.deepEqual(texts(validateSecretImmutable({ type: 'Opaque', immutable: true, stringData: { a: '1' } }, old)), []);
  assert.deepEqual(texts(validateSecretImmutable({ type: 'Opaque', immutable: false, data: { a: b64('2') } }, old)), [
    'immutable: Forbidden: field is immutable when `immutable` is set',
    'data: Forbidden: field is immutable when `immutable` is set',
  ]);
});
