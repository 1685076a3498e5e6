import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors/status.js';
import {
  escapeFieldValue,
  FieldSelector,
  fieldSelectorFromSet,
  oneTermEqualSelector,
  parseFieldSelector,
  unescapeFieldValue,
} from './field-selector.js';

function parseError(input: string): StatusError {
  try {
    parseFieldSelector(input);
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected a StatusError for ${JSON.stringify(input)}`);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(input)} to be rejected`);
}
const message = (input: string): string => parseError(input).status.message!;

test('canonical strings: sorted terms, == printed as =, values escaped', () => {
  const cases: Array<[string, string]> = [
    ['metadata.name=foo', 'metadata.name=foo'],
    ['a==b', 'a=b'],
    ['b=1,a!=2', 'a!=2,b=1'],
    ['a=x\\,y', 'a=x\\,y'],
    ['a=\\=b', 'a=\\=b'],
    ['a=\\\\', 'a=\\\\'],
    ['a=b!c', 'a=b!c'],
    ['a=', 'a='],
    ['a=b,', 'a=b'],
    [',,a=b,,', 'a=b'],
    ['a!=', 'a!='],
    // Nothing is trimmed.
    ['a = b', 'a = b'],
    // The first operator position wins, "!=" before "==" before "=".
    ['a!=\\=b', 'a!=\\=b'],
    ['a==\\=b', 'a=\\=b'],
    ['!=b', '!=b'],
  ];
  for (const [input, canonical] of cases) assert.equal(parseFieldSelector(input).toString(), canonical, input);
});

test('terms keep field, operator and unescaped value', () => {
  assert.deepEqual(parseFieldSelector('b==1,a!=x\\,y,c=').terms, [
    { field: 'a', operator: '!=', value: 'x,y' },
    { field: 'b', operator: '=', value: '1' },
    { field: 'c', operator: '=', value: '' },
  ]);
  assert.deepEqual(parseFieldSelector('a = b').terms, [{ field: 'a ', operator: '=', value: ' b' }]);
});

test('empty selectors', () => {
  for (const s of ['', ',', ',,,']) {
    const sel = parseFieldSelector(s);
    assert.ok(sel.isEmpty(), s);
    assert.equal(sel.toString(), '');
    assert.ok(sel.matches({}));
  }
  assert.ok(!FieldSelector.nothing().isEmpty());
  assert.ok(!FieldSelector.nothing().matches({}));
});

test('parse errors are 400 BadRequest with the fields package text', () => {
  assert.deepEqual(parseError('a').toJSON(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: "invalid selector: 'a'; can't understand 'a'",
    reason: 'BadRequest',
    code: 400,
  });
  const cases: Array<[string, string]> = [
    ['involvedObject.kind in (Pod)', "invalid selector: 'involvedObject.kind in (Pod)'; can't understand 'involvedObject.kind in (Pod)'"],
    // Terms are checked in sorted order.
    ['z=1,a', "invalid selector: 'z=1,a'; can't understand 'a'"],
    ['a!b', "invalid selector: 'a!b'; can't understand 'a!b'"],
    ['a=b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a==b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a!==b', 'invalid field selector: unescaped character in value: 61'],
    ['a=b\\', 'invalid field selector: invalid escape sequence: \\'],
    ['a=b\\n', 'invalid field selector: invalid escape sequence: \\n'],
    ['a=\\!', 'invalid field selector: invalid escape sequence: \\!'],
    ['a=\\é', 'invalid field selector: invalid escape sequence: \\é'],
  ];
  for (const [input, text] of cases) assert.equal(message(input), text, input);
});

test('matching: fields the object lacks read as ""', () => {
  const fields = { 'metadata.name': 'foo', 'status.phase': 'Running' };
  const yes = (s: string) => assert.ok(parseFieldSelector(s).matches(fields), s);
  const no = (s: string) => assert.ok(!parseFieldSelector(s).matches(fields), s);
  yes('metadata.name=foo');
  yes('metadata.name==foo,status.phase=Running');
  yes('status.phase!=Pending');
  yes('spec.nodeName=');
  yes('spec.nodeName!=n1');
  no('metadata.name=bar');
  no('metadata.name=foo,status.phase=Pending');
  no('status.phase!=Running');
  no('spec.nodeName!=');
  // Prototype members are not fields.
  assert.ok(parseFieldSelector('toString=').matches({}));
  assert.ok(!parseFieldSelector('toString!=').matches({ toString: '' }));
});

test('requiresExactMatch takes the first = term in sorted order', () => {
  assert.equal(parseFieldSelector('metadata.name=b,metadata.name=a').requiresExactMatch('metadata.name'), 'a');
  assert.equal(parseFieldSelector('metadata.name==x').requiresExactMatch('metadata.name'), 'x');
  assert.equal(parseFieldSelector('metadata.name!=x').requiresExactMatch('metadata.name'), undefined);
  assert.equal(parseFieldSelector('metadata.namespace=x').requiresExactMatch('metadata.name'), undefined);
  assert.equal(parseFieldSelector('').requiresExactMatch('metadata.name'), undefined);
});

test('escaping round-trips', () => {
  assert.equal(escapeFieldValue('a\\b,c=d!'), 'a\\\\b\\,c\\=d!');
  assert.equal(unescapeFieldValue('a\\\\b\\,c\\=d!'), 'a\\b,c=d!');
  assert.equal(unescapeFieldValue('plain'), 'plain');
});

test('selectors built in code', () => {
  assert.equal(oneTermEqualSelector('metadata.name', 'a,b').toString(), 'metadata.name=a\\,b');
  assert.equal(oneTermEqualSelector('metadata.name', 'x').requiresExactMatch('metadata.name'), 'x');
  const s = fieldSelectorFromSet({ a: '1', b: '2' });
  assert.ok(s.matches({ a: '1', b: '2' }));
  assert.ok(!s.matches({ a: '1' }));
  assert.ok(fieldSelectorFromSet({}).isEmpty());
});

test('transform renames, drops terms mapped to nothing, and lets errors through', () => {
  const s = parseFieldSelector('spec.host=n1,metadata.name!=x');
  const renamed = s.transform((field, value) => (field === 'spec.host' ? { field: 'spec.nodeName', value } : { field, value }));
  assert.equal(renamed.toString(), 'metadata.name!=x,spec.nodeName=n1');
  assert.ok(s.transform(() => ({ field: '', value: '' })).isEmpty());
  assert.throws(() => s.transform(() => { throw new Error('boom'); }), /boom/);
});
