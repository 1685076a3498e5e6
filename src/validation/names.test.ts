import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isConfigMapKey,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  isValidPathSegmentName,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validatePathSegmentName,
} from './names.js';

// Texts as kube-apiserver 1.33 prints them (note the doubled space before each extra example's "or").
const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const CONFIG_KEY =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

test('DNS-1123 subdomain', () => {
  assert.deepEqual(isDNS1123Subdomain('example.com'), []);
  assert.deepEqual(isDNS1123Subdomain('a-b.c-d'), []);
  assert.deepEqual(isDNS1123Subdomain('Bad_Name'), [SUBDOMAIN]);
  assert.deepEqual(isDNS1123Subdomain(''), [SUBDOMAIN]);
  assert.deepEqual(isDNS1123Subdomain('a..b'), [SUBDOMAIN]);
  assert.deepEqual(isDNS1123Subdomain('a'.repeat(253)), []);
  assert.deepEqual(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
  assert.deepEqual(isDNS1123Subdomain('A'.repeat(254)), ['must be no more than 253 characters', SUBDOMAIN]);
  // Go counts bytes: 127 two-byte characters are 254 bytes.
  assert.deepEqual(isDNS1123Subdomain('é'.repeat(127)), ['must be no more than 253 characters', SUBDOMAIN]);
});

test('DNS-1123 label, with the short text for names that only fail on dots', () => {
  assert.deepEqual(isDNS1123Label('my-name'), []);
  assert.deepEqual(isDNS1123Label('123-abc'), []);
  assert.deepEqual(isDNS1123Label('a.b'), ['must not contain dots']);
  assert.deepEqual(isDNS1123Label('a_b'), [LABEL]);
  assert.deepEqual(isDNS1123Label('-a'), [LABEL]);
  assert.deepEqual(isDNS1123Label('a'.repeat(63)), []);
  assert.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.deepEqual(isDNS1123Label(`${'a'.repeat(62)}.b`), ['must be no more than 63 characters', 'must not contain dots']);
});

test('DNS-1035 label', () => {
  assert.deepEqual(isDNS1035Label('abc-123'), []);
  assert.deepEqual(isDNS1035Label('1abc'), [DNS1035]);
  assert.deepEqual(isDNS1035Label('a.b'), [DNS1035]);
  assert.deepEqual(isDNS1035Label('a'.repeat(64)), ['must be no more than 63 characters']);
});

test('qualified names with optional prefix', () => {
  assert.deepEqual(isQualifiedName('MyName'), []);
  assert.deepEqual(isQualifiedName('example.com/My_Name-1.x'), []);
  assert.deepEqual(isQualifiedName('-x'), [`name part ${QNAME}`]);
  assert.deepEqual(isQualifiedName(''), ['name part must be non-empty', `name part ${QNAME}`]);
  assert.deepEqual(isQualifiedName('/x'), ['prefix part must be non-empty']);
  assert.deepEqual(isQualifiedName('example.com/'), ['name part must be non-empty', `name part ${QNAME}`]);
  assert.deepEqual(isQualifiedName('Example.com/x'), [`prefix part ${SUBDOMAIN}`]);
  assert.deepEqual(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 characters']);
  assert.deepEqual(isQualifiedName('a/b/c'), [
    `a qualified name ${QNAME} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
  ]);
});

test('label values', () => {
  assert.deepEqual(isValidLabelValue(''), []);
  assert.deepEqual(isValidLabelValue('my_value'), []);
  assert.deepEqual(isValidLabelValue('a b'), [LABEL_VALUE]);
  assert.deepEqual(isValidLabelValue('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.deepEqual(isValidLabelValue('_a'), [LABEL_VALUE]);
});

test('config keys', () => {
  assert.deepEqual(isConfigMapKey('key.name'), []);
  assert.deepEqual(isConfigMapKey('.hidden'), []);
  assert.deepEqual(isConfigMapKey('a b'), [CONFIG_KEY]);
  assert.deepEqual(isConfigMapKey('.'), ["must not be '.'"]);
  assert.deepEqual(isConfigMapKey('..'), ["must not be '..'"]);
  assert.deepEqual(isConfigMapKey('..a'), ["must not start with '..'"]);
  assert.deepEqual(isConfigMapKey('a'.repeat(254)), ['must be no more than 253 characters']);
  assert.deepEqual(isConfigMapKey(''), [CONFIG_KEY]);
});

test('path segment names', () => {
  assert.deepEqual(isValidPathSegmentName('system:admin'), []);
  assert.deepEqual(isValidPathSegmentName('.'), ["may not be '.'"]);
  assert.deepEqual(isValidPathSegmentName('..'), ["may not be '..'"]);
  assert.deepEqual(isValidPathSegmentName('a/b%c'), ["may not contain '/'", "may not contain '%'"]);
  assert.deepEqual(validatePathSegmentName('..', true), []);
  assert.deepEqual(validatePathSegmentName('a%', true), ["may not contain '%'"]);
});

test('generateName prefixes may end in a dash', () => {
  assert.deepEqual(nameIsDNSSubdomain('web-', true), []);
  assert.deepEqual(nameIsDNSSubdomain('web-', false), [SUBDOMAIN]);
  assert.deepEqual(nameIsDNSLabel('a-', true), []);
  // kube masks the last two bytes, so the character before the dash is never checked.
  assert.deepEqual(nameIsDNSSubdomain('A_-', true), [SUBDOMAIN]);
  assert.deepEqual(nameIsDNSSubdomain('ab_-', true), []);
  assert.deepEqual(nameIsDNSSubdomain('-', true), [SUBDOMAIN]);
  assert.deepEqual(nameIsDNS1035Label('x-', true), []);
  assert.deepEqual(nameIsDNSSubdomain('Bad-', true), [SUBDOMAIN]);
});
