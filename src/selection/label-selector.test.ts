import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../errors/status.js';
import {
  formatLabels,
  formatLabelSelector,
  labelSelectorFromMetaV1,
  labelSelectorFromSet,
  LabelSelector,
  parseLabelSelector,
  SelectorError,
  validatedLabelSelectorFromSet,
} from './label-selector.js';

const QNAME_RULE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_RULE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const SUBDOMAIN_RULE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

function parseError(input: string): StatusError {
  try {
    parseLabelSelector(input);
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected a StatusError for ${JSON.stringify(input)}`);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(input)} to be rejected`);
}

const message = (input: string): string => parseError(input).status.message!;

test('canonical strings of accepted selectors', () => {
  const cases: Array<[string, string]> = [
    ['x=a,y=b,z=c', 'x=a,y=b,z=c'],
    ['', ''],
    ['x!=a,y=b', 'x!=a,y=b'],
    ['x=', 'x='],
    ['x= ', 'x='],
    ['x=,z= ', 'x=,z='],
    ['x= ,z= ', 'x=,z='],
    ['!x', '!x'],
    ['! x', '!x'],
    ['x>1', 'x>1'],
    ['x>1,z<5', 'x>1,z<5'],
    ['x==a', 'x==a'],
    ['x=a,a=x', 'a=x,x=a'],
    ['x in (c,a,b)', 'x in (a,b,c)'],
    ['x in ( a , a )', 'x in (a)'],
    ['x notin ()', 'x notin ()'],
    ['x in (,a)', 'x in (,a)'],
    ['x in (a,)', 'x in (,a)'],
    ['x in (a,,b)', 'x in (,a,b)'],
    ['x in (a,,,b)', 'x in (,a,b)'],
    ['in in (in)', 'in in (in)'],
    ['notin=in', 'notin=in'],
    [' x\tin\n( a )\r', 'x in (a)'],
    ['x,y', 'x,y'],
    ['b=1,a,b!=2', 'a,b=1,b!=2'],
    ['example.com/key=v1.0_b-c', 'example.com/key=v1.0_b-c'],
    ['x>007', 'x>007'],
  ];
  for (const [input, canonical] of cases) {
    assert.equal(parseLabelSelector(input).toString(), canonical, input);
  }
});

test('empty selectors select everything', () => {
  for (const s of ['', '   ', '\t\n']) {
    const sel = parseLabelSelector(s);
    assert.ok(sel.isEmpty());
    assert.ok(sel.matches({}));
    assert.ok(sel.matches(undefined));
  }
  assert.ok(!parseLabelSelector('a').isEmpty());
});

test('matching follows labels.Requirement.Matches', () => {
  const yes = (sel: string, labels: Record<string, string> | undefined) => assert.ok(parseLabelSelector(sel).matches(labels), `${sel} should match ${JSON.stringify(labels)}`);
  const no = (sel: string, labels: Record<string, string> | undefined) => assert.ok(!parseLabelSelector(sel).matches(labels), `${sel} should not match ${JSON.stringify(labels)}`);
  yes('x=y', { x: 'y' });
  yes('x==y', { x: 'y' });
  yes('x=y,z=w', { x: 'y', z: 'w' });
  yes('x!=y,z!=w', { x: 'z', z: 'a' });
  yes('x!=y', {}); // != also selects objects without the key
  yes('x notin (a)', {});
  yes('x notin (a,b)', { x: 'c' });
  yes('notin=in', { notin: 'in' });
  yes('x', { x: '' });
  yes('!x', { y: 'z' });
  yes('!x', undefined);
  yes('x=', { x: '' });
  yes('x in (,a)', { x: '' });
  yes('x>1', { x: '2' });
  yes('x<1', { x: '0' });
  yes('x>9223372036854775806', { x: '9223372036854775807' });
  no('x=', {});
  no('x=z', {});
  no('x=y', { x: 'z' });
  no('x in (a)', {});
  no('x notin (a,b)', { x: 'b' });
  no('x', { y: 'z' });
  no('x', undefined);
  no('!x', { x: 'z' });
  no('x>1', { x: '0' });
  no('x>1', { x: '1' });
  no('x<1', { x: '2' });
  no('x>1', {}); // Gt/Lt need the key
  no('x>1', { x: 'abc' });
  no('x<1', { x: '99999999999999999999' }); // not an int64
  no('x=y,z=w', { x: 'w', z: 'w' });
  no('foo=bar,foobar=bar,baz=blah', { foo: 'bar', baz: 'blah' });
});

test('a label named like an Object.prototype member is not taken from the prototype', () => {
  assert.ok(!parseLabelSelector('constructor').matches({}));
  assert.ok(parseLabelSelector('!toString').matches({}));
});

test('errors are 400 BadRequest with the parser text', () => {
  const e = parseError('x (');
  assert.deepEqual(e.toJSON(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: "unable to parse requirement: found '(', expected: in, notin, =, ==, !=, gt, lt",
    reason: 'BadRequest',
    code: 400,
  });
});

test('structural parse errors', () => {
  const cases: Array<[string, string]> = [
    // The requirement is checked as soon as it is read, before the '=' after it.
    ['x=a||y=b', `unable to parse requirement: values[0][x]: Invalid value: "a||y": ${VALUE_RULE}`],
    ['x=a|y,b', `unable to parse requirement: values[0][x]: Invalid value: "a|y": ${VALUE_RULE}`],
    ['x==a==b', "found '==', expected: ',' or 'end of string'"],
    ['!x=a', "found '=', expected: ',' or 'end of string'"],
    ['x=b c', "found 'c', expected: ',' or 'end of string'"],
    ['x in (a) b', "found 'b', expected: ',' or 'end of string'"],
    [',x', "found ',', expected: !, identifier, or 'end of string'"],
    ['=x', "found '=', expected: !, identifier, or 'end of string'"],
    ['!=x', "found '!=', expected: !, identifier, or 'end of string'"],
    ['(x)', "found '(', expected: !, identifier, or 'end of string'"],
    ['x,', "found '', expected: identifier after ','"],
    ['x,,y', "found ',', expected: identifier after ','"],
    ['x,=', "found '=', expected: identifier after ','"],
    ['x y', "unable to parse requirement: found 'y', expected: in, notin, =, ==, !=, gt, lt"],
    ['x !', "unable to parse requirement: found '!', expected: in, notin, =, ==, !=, gt, lt"],
    ['x )', "unable to parse requirement: found ')', expected: in, notin, =, ==, !=, gt, lt"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['!,a', "unable to parse requirement: found ',', expected: identifier"],
    ['!!a', "unable to parse requirement: found '!', expected: identifier"],
    ['x in a', "unable to parse requirement: found 'a' expected: '('"],
    ['x notin', "unable to parse requirement: found '' expected: '('"],
    ['x in (a b)', "unable to parse requirement: found 'b', expected: ',' or ')'"],
    ['x in (a', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['x in (a,', "unable to parse requirement: found '', expected: ',', or identifier"],
    ['x in (a,=)', "unable to parse requirement: found '=', expected: ',', or identifier"],
    ['x in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['x in (', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['x=(a)', "unable to parse requirement: found '(', expected: identifier"],
    ['x!=!', "unable to parse requirement: found '!', expected: identifier"],
  ];
  for (const [input, text] of cases) assert.equal(message(input), text, input);
});

test('integer checks of > and <', () => {
  const intErr = (v: string) => `values[0]: Invalid value: "${v}": for 'Gt', 'Lt' operators, the value must be an integer`;
  assert.equal(message('x<a'), `unable to parse requirement: ${intErr('a')}`);
  assert.equal(message('x>'), `unable to parse requirement: ${intErr('')}`);
  assert.equal(message('x>,y'), `unable to parse requirement: ${intErr('')}`);
  assert.equal(message('x>99999999999999999999'), `unable to parse requirement: ${intErr('99999999999999999999')}`);
  // A negative number is an integer but not a label value.
  assert.equal(message('x>-1'), `unable to parse requirement: values[0][x]: Invalid value: "-1": ${VALUE_RULE}`);
  assert.equal(message('x>a_'), `unable to parse requirement: [${intErr('a_')}, values[0][x]: Invalid value: "a_": ${VALUE_RULE}]`);
});

test('key validation texts', () => {
  const keyErr = (key: string, detail: string) => `unable to parse requirement: <nil>: Invalid value: "${key}": ${detail}`;
  assert.equal(
    message('a/b/c=d'),
    keyErr('a/b/c', `a qualified name ${QNAME_RULE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`),
  );
  assert.equal(message('-x'), keyErr('-x', `name part ${QNAME_RULE}`));
  assert.equal(message('!x_'), keyErr('x_', `name part ${QNAME_RULE}`));
  assert.equal(message('x/ in (a)'), keyErr('x/', `name part must be non-empty; name part ${QNAME_RULE}`));
  assert.equal(message('/x'), keyErr('/x', 'prefix part must be non-empty'));
  assert.equal(message('Foo.com/x'), keyErr('Foo.com/x', `prefix part ${SUBDOMAIN_RULE}`));
  const long = 'k'.repeat(64);
  assert.equal(message(long), keyErr(long, 'name part must be no more than 63 characters'));
  const longPrefix = `${'p'.repeat(254)}/x`;
  assert.equal(message(longPrefix), keyErr(longPrefix, 'prefix part must be no more than 253 characters'));
  // Go's %q escapes what is not printable.
  assert.equal(message('a\u0001b'), keyErr('a\\x01b', `name part ${QNAME_RULE}`));
  // Keys are validated before anything that follows them.
  assert.equal(message('-x in'), keyErr('-x', `name part ${QNAME_RULE}`));
});

test('value validation texts', () => {
  assert.equal(message('x=b/c'), `unable to parse requirement: values[0][x]: Invalid value: "b/c": ${VALUE_RULE}`);
  const long = 'v'.repeat(64);
  assert.equal(message(`x=${long}`), `unable to parse requirement: values[0][x]: Invalid value: "${long}": must be no more than 63 characters`);
  // Parsed values are sorted before they are checked, so indexes follow the sorted order.
  assert.equal(
    message('x in (z_,b_)'),
    `unable to parse requirement: [values[0][x]: Invalid value: "b_": ${VALUE_RULE}, values[1][x]: Invalid value: "z_": ${VALUE_RULE}]`,
  );
  // UTF-8 length counts bytes: 32 two-byte characters are 64 bytes.
  const wide = 'é'.repeat(32);
  assert.equal(message(`x=${wide}`), `unable to parse requirement: values[0][x]: Invalid value: "${wide}": must be no more than 63 characters; ${VALUE_RULE}`);
});

test('a NUL character ends the input where a token would start', () => {
  assert.equal(message('a=b, \u0000junk'), "found '', expected: identifier after ','");
  // Right after a symbol the NUL is swallowed with it.
  assert.equal(parseLabelSelector('a=b,\u0000junk').toString(), 'a=b,junk');
  assert.ok(parseLabelSelector('\u0000a b c').isEmpty());
  // Inside a token it only ends that token.
  assert.equal(message('a\u0000b'), "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt");
  assert.equal(parseLabelSelector('a=\u0000').toString(), 'a=');
});

test('requiresExactMatch', () => {
  assert.equal(parseLabelSelector('a=1').requiresExactMatch('a'), '1');
  assert.equal(parseLabelSelector('a==1').requiresExactMatch('a'), '1');
  assert.equal(parseLabelSelector('a in (1)').requiresExactMatch('a'), '1');
  assert.equal(parseLabelSelector('a in (1,2)').requiresExactMatch('a'), undefined);
  assert.equal(parseLabelSelector('a!=1').requiresExactMatch('a'), undefined);
  assert.equal(parseLabelSelector('b=1').requiresExactMatch('a'), undefined);
});

test('selectors from maps', () => {
  const s = labelSelectorFromSet({ b: '2', a: '1' });
  assert.equal(s.toString(), 'a=1,b=2');
  assert.ok(s.matches({ a: '1', b: '2', c: '3' }));
  assert.ok(!s.matches({ a: '1' }));
  assert.ok(labelSelectorFromSet({}).isEmpty());
  assert.ok(labelSelectorFromSet(undefined).matches({ x: 'y' }));
  assert.throws(
    () => validatedLabelSelectorFromSet({ a: 'b c' }),
    (e: unknown) => e instanceof SelectorError && e.message === `values[0][a]: Invalid value: "b c": ${VALUE_RULE}`,
  );
  assert.equal(formatLabels({ b: '2', a: '1' }), 'a=1,b=2');
  assert.equal(formatLabels({}), '<none>');
  assert.equal(formatLabels(undefined), '<none>');
});

test('metav1.LabelSelector conversion', () => {
  assert.ok(!labelSelectorFromMetaV1(null).matches({}));
  assert.ok(!labelSelectorFromMetaV1(undefined).isEmpty());
  assert.equal(labelSelectorFromMetaV1(null).toString(), '');
  assert.ok(labelSelectorFromMetaV1({}).isEmpty());
  assert.ok(labelSelectorFromMetaV1({ matchLabels: {}, matchExpressions: [] }).matches({ any: 'thing' }));
  const s = labelSelectorFromMetaV1({
    matchLabels: { b: '2', a: '1' },
    matchExpressions: [
      { key: 'c', operator: 'In', values: ['z', 'y'] },
      { key: 'a', operator: 'Exists' },
      { key: 'd', operator: 'NotIn', values: ['x'] },
      { key: 'e', operator: 'DoesNotExist' },
    ],
  });
  assert.equal(s.toString(), 'a=1,a,b=2,c in (y,z),d notin (x),!e');
  assert.ok(s.matches({ a: '1', b: '2', c: 'y' }));
  assert.ok(!s.matches({ a: '1', b: '2', c: 'y', e: '' }));
  // Values keep their duplicates; only the printed form sorts them.
  assert.equal(labelSelectorFromMetaV1({ matchExpressions: [{ key: 'x', operator: 'In', values: ['b', 'a', 'b'] }] }).toString(), 'x in (a,b,b)');
});

test('metav1.LabelSelector conversion errors', () => {
  const err = (ps: Parameters<typeof labelSelectorFromMetaV1>[0]): string => {
    try {
      labelSelectorFromMetaV1(ps);
    } catch (e) {
      assert.ok(e instanceof SelectorError);
      return e.message;
    }
    assert.fail('expected an error');
  };
  assert.equal(err({ matchExpressions: [{ key: 'a', operator: 'Foo' }] }), '"Foo" is not a valid label selector operator');
  assert.equal(
    err({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }),
    "values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty",
  );
  assert.equal(
    err({ matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] }),
    'values: Invalid value: []string{"x"}: values set must be empty for exists and does not exist',
  );
  assert.equal(err({ matchLabels: { 'a b': 'c' } }), `key: Invalid value: "a b": name part ${QNAME_RULE}`);
  assert.equal(err({ matchLabels: { a: 'c d' } }), `values[0][a]: Invalid value: "c d": ${VALUE_RULE}`);
  assert.equal(
    err({ matchExpressions: [{ key: '-', operator: 'NotIn', values: [] }] }),
    `[key: Invalid value: "-": name part ${QNAME_RULE}, values: Invalid value: []string{}: for 'in', 'notin' operators, values set can't be empty]`,
  );
});

test('formatLabelSelector as printers show it', () => {
  assert.equal(formatLabelSelector(null), '<none>');
  assert.equal(formatLabelSelector({}), '<none>');
  assert.equal(formatLabelSelector({ matchLabels: { app: 'web' } }), 'app=web');
  assert.equal(formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }), '<error>');
});

test('add keeps requirements sorted by key and nothing stays nothing', () => {
  const s = parseLabelSelector('b=1').add(...parseLabelSelector('a=2').requirements);
  assert.equal(s.toString(), 'a=2,b=1');
  assert.equal(LabelSelector.nothing().add(...s.requirements), LabelSelector.nothing());
});
