import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet } from './field-set.js';
import { decodeFieldsV1, encodeFieldsV1 } from './fields-v1.js';
import { compareElements, elementString, fieldPE, keyPE, parseElement, pathText, valuePE, type PathElement } from './path-element.js';

const f = fieldPE;

describe('FieldsV1 encoding (ssa.md §1.2)', () => {
  it('members are {}, member+child get "." first, children alone have no "."', () => {
    const s = FieldSet.of([f('data')], [f('data'), f('key')], [f('metadata'), f('labels')], [f('metadata'), f('labels'), f('app')]);
    assert.equal(JSON.stringify(encodeFieldsV1(s)), '{"f:data":{".":{},"f:key":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}');
  });

  it('the empty set is {}', () => {
    assert.deepEqual(encodeFieldsV1(new FieldSet()), {});
  });

  it('a member that lost its children stays {}', () => {
    const s = FieldSet.of([f('data')], [f('data'), f('key')]).difference(FieldSet.of([f('data'), f('key')]));
    assert.equal(JSON.stringify(encodeFieldsV1(s)), '{"f:data":{}}');
  });

  it('orders f: by name, then k:, v:, i:; keys field by field with numbers before strings', () => {
    const ports = [f('ports')];
    const s = FieldSet.of(
      [...ports, keyPE([['containerPort', 80], ['protocol', 'TCP']])],
      [...ports, keyPE([['containerPort', 80], ['protocol', 'TCP']]), f('containerPort')],
      [...ports, keyPE([['protocol', 'UDP'], ['containerPort', 53]])],
      [...ports, keyPE([['containerPort', 53], ['protocol', 'UDP']]), f('protocol')],
      [...ports, keyPE([['containerPort', 53], ['protocol', 'UDP']]), f('containerPort')],
    );
    assert.equal(
      JSON.stringify(encodeFieldsV1(s)),
      '{"f:ports":{"k:{\\"containerPort\\":53,\\"protocol\\":\\"UDP\\"}":{".":{},"f:containerPort":{},"f:protocol":{}},"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{}}}}',
    );
    const mixed = [{ kind: 'i', index: 2 }, valuePE('b'), valuePE(true), valuePE(3), keyPE([['name', 'x']]), f('z'), f('a'), valuePE(null)] as PathElement[];
    assert.deepEqual(mixed.sort(compareElements).map(elementString), ['f:a', 'f:z', 'k:{"name":"x"}', 'v:3', 'v:"b"', 'v:true', 'v:null', 'i:2']);
  });

  it('field names sort by UTF-8 bytes', () => {
    const names = ['\u{1F600}', '\uFFFD', 'a'];
    assert.deepEqual(names.map((n) => f(n)).sort(compareElements).map(elementString), ['f:a', 'f:\uFFFD', 'f:\u{1F600}']);
  });

  it('k: and v: payloads escape <, > and & as Go does; f: names are raw', () => {
    assert.equal(elementString(valuePE('a<b')), 'v:"a\\u003cb"');
    assert.equal(JSON.stringify({ [elementString(valuePE('a<b'))]: {} }), '{"v:\\"a\\\\u003cb\\"":{}}');
    assert.equal(elementString(f('kubernetes.io/a&b')), 'f:kubernetes.io/a&b');
  });
});

describe('FieldsV1 decoding (ssa.md §1.3)', () => {
  it('round-trips', () => {
    const raw = { 'f:data': { '.': {}, 'f:key': {} }, 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {} } } }, 'f:metadata': { 'f:finalizers': { 'v:"x"': {} } } };
    assert.deepEqual(encodeFieldsV1(decodeFieldsV1(raw)), { 'f:data': { '.': {}, 'f:key': {} }, 'f:metadata': { 'f:finalizers': { 'v:"x"': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {} } } } });
  });

  it('drops unknown element kinds with their subtree; ignores text after the first JSON value', () => {
    const s = decodeFieldsV1({ 'x:foo': { 'f:a': {} }, 'v:"a"junk': {}, 'k:{"b":1,"a":2}': {} });
    assert.deepEqual(encodeFieldsV1(s), { 'k:{"a":2,"b":1}': {}, 'v:"a"': {} });
  });

  it('rejects malformed elements', () => {
    assert.throws(() => decodeFieldsV1({ f: {} }));
    assert.throws(() => decodeFieldsV1({ 'fx': {} }));
    assert.throws(() => decodeFieldsV1({ 'v:': {} }));
    assert.throws(() => decodeFieldsV1({ 'i:x': {} }));
    assert.throws(() => decodeFieldsV1({ 'k:[1]': {} }));
  });

  it('k:null is an empty key', () => {
    assert.deepEqual(parseElement('k:null'), { kind: 'k', key: [] });
  });
});

describe('field sets', () => {
  const a = FieldSet.of([f('a')], [f('a'), f('x')], [f('b')]);
  const b = FieldSet.of([f('a')], [f('c')]);
  it('difference removes members only; recursive difference removes subtrees', () => {
    assert.deepEqual(encodeFieldsV1(a.difference(b)), { 'f:a': { 'f:x': {} }, 'f:b': {} });
    assert.deepEqual(encodeFieldsV1(a.recursiveDifference(b)), { 'f:b': {} });
  });
  it('union and intersection', () => {
    assert.deepEqual(encodeFieldsV1(a.union(b)), { 'f:a': { '.': {}, 'f:x': {} }, 'f:b': {}, 'f:c': {} });
    assert.deepEqual(encodeFieldsV1(a.intersection(b)), { 'f:a': {} });
  });
  it('iterates members before children (conflict path order)', () => {
    const s = FieldSet.of([f('metadata'), f('labels'), f('app')], [f('data'), f('b')], [f('data'), f('a')], [f('z')]);
    assert.deepEqual(s.paths().map(pathText), ['.z', '.data.a', '.data.b', '.metadata.labels.app']);
  });
  it('renders keys, set values and indexes as conflicts print them', () => {
    assert.equal(pathText([f('spec'), keyPE([['protocol', 'TCP'], ['containerPort', 80]]), valuePE('a"b'), { kind: 'i', index: 3 }]), '.spec[containerPort=80,protocol="TCP"][="a\\"b"][3]');
  });
});
