import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatConstant, formatNamed, formatValidateCost, isDate, isDateTime, NAMED_FORMATS } from './format.js';

const validate = (name: string, s: string): string[] | undefined => formatConstant(name).validate(s);

test('format.named() knows exactly the 1.33 formats', () => {
  assert.deepEqual(
    [...NAMED_FORMATS.keys()].sort(),
    [
      'byte',
      'date',
      'datetime',
      'dns1035Label',
      'dns1035LabelPrefix',
      'dns1123Label',
      'dns1123LabelPrefix',
      'dns1123Subdomain',
      'dns1123SubdomainPrefix',
      'labelValue',
      'qualifiedName',
      'uri',
      'uuid',
    ],
  );
  assert.equal(formatNamed('unknown'), undefined);
  assert.ok(formatNamed('uuid')!.equals(formatConstant('uuid')));
  assert.ok(!formatConstant('uuid').equals(formatConstant('byte')));
});

test('valid values give none', () => {
  const ok: [string, string][] = [
    ['dns1123Label', 'my-label-name'],
    ['dns1123Subdomain', 'apiextensions.k8s.io'],
    ['qualifiedName', 'apiextensions.k8s.io/v1beta1'],
    ['dns1123LabelPrefix', 'my-label-prefix-'],
    ['dns1123SubdomainPrefix', 'mysubdomain.prefix.-'],
    ['dns1035LabelPrefix', 'my-label-prefix-'],
    ['uri', 'http://example.com'],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000'],
    ['uuid', '123E4567E89B12D3A456426614174000'],
    ['byte', 'aGVsbG8='],
    ['date', '2021-01-01'],
    ['date', '2024-02-29'],
    ['datetime', '2021-01-01T00:00:00Z'],
    ['datetime', '2021-01-01t23:59:59.123+02:00'],
    ['labelValue', 'my-cool-label-Value'],
    ['labelValue', ''],
  ];
  for (const [name, s] of ok) assert.equal(validate(name, s), undefined, `${name} ${s}`);
});

test("invalid values give apimachinery's messages (with RegexError's double spaces)", () => {
  assert.deepEqual(validate('dns1123Label', 'contains a space'), [
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(validate('dns1123Label', 'a.b'), ['must not contain dots']);
  assert.deepEqual(validate('dns1123SubdomainPrefix', 'contains a space-'), [
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
  assert.deepEqual(validate('qualifiedName', 'contains a space'), [
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ]);
  assert.deepEqual(validate('labelValue', 'my-cool-label-Value!!\n\n!!!'), [
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
  ]);
  assert.deepEqual(validate('dns1035Label', 'x'.repeat(64)), ['must be no more than 63 characters']);
  assert.deepEqual(validate('uri', 'example.com'), ['parse "example.com": invalid URI for request']);
  assert.deepEqual(validate('uuid', '123e4567-e89b-12d3-a456-42661417400'), ['does not match the UUID format']);
  assert.deepEqual(validate('byte', 'aGVsbG8'), ['invalid base64']);
  assert.deepEqual(validate('byte', ''), ['invalid base64']);
  assert.deepEqual(validate('date', '2020-01-32'), ['invalid date']);
  assert.deepEqual(validate('datetime', '2020-01-32T00:00:00Z'), ['invalid datetime']);
});

test('date and datetime follow time.Parse and strfmt.IsDateTime', () => {
  for (const s of ['2023-02-29', '2023-13-01', '2023-00-10', '2023-1-01', '23-01-01', '2023-01-01 ', '+202-01-01']) assert.equal(isDate(s), false, s);
  assert.equal(isDate('2000-02-29'), true);
  assert.equal(isDate('1900-02-29'), false);
  assert.equal(isDateTime('2021-01-01T24:00:00Z'), false);
  assert.equal(isDateTime('2021-01-01T23:60:00Z'), false);
  assert.equal(isDateTime('2021-01-01T10:00:00'), false); // an offset or z is required
  assert.equal(isDateTime('2021-01-01T10:00:00Zt'), true); // only the part after the first 't' is checked
  assert.equal(isDateTime('2021-01-01T10:00:00,5Z'), true); // strfmt's '.' accepts any separator
});

test('validate cost uses the format regex size', () => {
  assert.equal(formatValidateCost(formatConstant('dns1123Label'), 9), 1 * 8);
  assert.equal(formatValidateCost(formatConstant('uri'), 100), 11 * 276);
});
