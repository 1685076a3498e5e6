// Runtime and estimated costs of Kubernetes 1.33's CEL cost stability tests (apiextensions-apiserver
// celcoststability_test.go at v0.33.0), re-expressed as data: each rule sits on the root of a schema whose
// properties are val1, val2, …; the runtime cost is that of evaluating it on the object, the estimate is the
// estimated max cost of the rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JSONSchemaProps } from '../api/json-schema-props.js';
import { KubeEnv } from './kube-env.js';
import { assignTypeNames, schemaDeclType, SchemaTypeProvider } from './schema-types.js';
import { schemaValue } from './schema-values.js';
import { CelCompileError } from './issues.js';

const integer: JSONSchemaProps = { type: 'integer' };
const int32: JSONSchemaProps = { type: 'integer', format: 'int32' };
const int64: JSONSchemaProps = { type: 'integer', format: 'int64' };
const number: JSONSchemaProps = { type: 'number' };
const float: JSONSchemaProps = { type: 'number', format: 'float' };
const double: JSONSchemaProps = { type: 'number', format: 'double' };
const string: JSONSchemaProps = { type: 'string' };
const byte: JSONSchemaProps = { type: 'string', format: 'byte' };
const boolean: JSONSchemaProps = { type: 'boolean' };
const durationF: JSONSchemaProps = { type: 'string', format: 'duration' };
const dateF: JSONSchemaProps = { type: 'string', format: 'date' };
const dateTimeF: JSONSchemaProps = { type: 'string', format: 'date-time' };
const list = (items: JSONSchemaProps, listType = 'atomic', keys?: string[]): JSONSchemaProps =>
  ({ type: 'array', items, 'x-kubernetes-list-type': listType, ...(keys ? { 'x-kubernetes-list-map-keys': keys } : {}) });
const object = (properties: Record<string, JSONSchemaProps>): JSONSchemaProps => ({ type: 'object', properties });
const map = (v: JSONSchemaProps): JSONSchemaProps => ({ type: 'object', additionalProperties: v });
const maxItems = (s: JSONSchemaProps, n: number): JSONSchemaProps => ({ ...s, maxItems: n });
const maxProps = (s: JSONSchemaProps, n: number): JSONSchemaProps => ({ ...s, maxProperties: n });
const vals = (...s: JSONSchemaProps[]) => object(Object.fromEntries(s.map((x, i) => [`val${i + 1}`, x])));
const objs = (...v: unknown[]) => Object.fromEntries(v.map((x, i) => [`val${i + 1}`, x]));
const selfEq = (a: string, b: string, lit: string) => `${a} == ${lit} && ${lit} == ${a} && ${a} == ${b}`;
const MAX_INT64 = '9223372036854775807';

interface Case { name: string; schema: JSONSchemaProps; obj: Record<string, unknown>; costs: Record<string, number> }

/** Runtime costs (TestCelCostStability). */
const RUNTIME: Case[] = [
  { name: 'integers', schema: vals(integer, integer, int32, int32, int64, int64), obj: objs(2 ** 53, 2 ** 53, 2147483647, 2147483647, 2 ** 53, 2 ** 53),
    costs: { [selfEq('self.val1', 'self.val2', MAX_INT64).replace(/9223372036854775807/g, String(2 ** 53))]: 11, 'self.val1 == self.val6': 5, 'type(self.val1) == int': 4, 'self.val3 + 1 == 2147483647 + 1': 5 } },
  { name: 'numbers', schema: vals(number, number, float, float, double, double, double), obj: objs(1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1),
    costs: { [selfEq('self.val1', 'self.val2', '1.5')]: 11, 'self.val1 == self.val6': 5, 'type(self.val1) == double': 4, 'type(self.val7) == double': 4, 'self.val7 == 1.0': 3 } },
  { name: 'numeric comparisons', schema: vals(integer, number, float, double, number, float, double), obj: objs(5, 10, 10, 10, 10, 10, 10),
    costs: {
      'double(self.val1) < self.val4': 6, 'self.val1 < int(self.val4)': 6, 'double(self.val1) < self.val5': 6, 'self.val1 < int(self.val5)': 6,
      'double(self.val1) < self.val6': 6, 'self.val1 < int(self.val6)': 6, 'double(5) < 10.0': 1, '5 < int(10.0)': 1, 'double(self.val1) < 10.0': 4,
    } },
  { name: 'unicode strings', schema: vals(string, string), obj: objs('Rook takes 👑', 'Rook takes 👑'),
    costs: {
      [selfEq('self.val1', 'self.val2', "'Rook takes 👑'")]: 14, "self.val1.startsWith('Rook')": 4, "!self.val1.startsWith('knight')": 5,
      "self.val1.matches('^[^0-9]*$')": 8, "!self.val1.matches('^[0-9]*$')": 7, 'type(self.val1) == string': 4, 'size(self.val1) == 12': 4,
      "self.val1.charAt(3) == 'k'": 4, "self.val1.indexOf('o') == 1": 4, "self.val1.indexOf('o', 2) == 2": 4,
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'": 7, "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'": 7,
      "self.val1.split(' ') == ['Rook', 'takes', '👑']": 6, "self.val1.split(' ', 2) == ['Rook', 'takes 👑']": 6,
      "self.val1.substring(5) == 'takes 👑'": 5, "self.val1.substring(0, 4) == 'Rook'": 5, "self.val1.substring(4, 10).trim() == 'takes'": 6,
      "self.val1.upperAscii() == 'ROOK TAKES 👑'": 6, "self.val1.lowerAscii() == 'rook takes 👑'": 6, 'self.val1.lowerAscii() == self.val1.lowerAscii()': 10,
      "'%d %s %f %s %s'.format([1, 'abc', 1.0, duration('1m'), timestamp('2000-01-01T00:00:00.000Z')]) == '1 abc 1.000000 60s 2000-01-01T00:00:00Z'": 6,
      "'%e'.format([3.14]) == '3.140000×10⁰⁰'": 3, "'%o %o %o'.format([7, 8, 9]) == '7 10 11'": 2, "'%b %b %b'.format([7, 8, 9]) == '111 1000 1001'": 3,
    } },
  { name: 'escaped strings', schema: vals(string, string), obj: objs('l1\nl2', 'l1\nl2'),
    costs: { [selfEq('self.val1', 'self.val2', "'l1\\nl2'")]: 11, "self.val1 == '''l1\nl2'''": 3 } },
  { name: 'bytes', schema: vals(byte, byte), obj: objs('QUI=', 'QUI='),
    costs: { 'self.val1 == self.val2': 5, "self.val1 == b'AB'": 3, 'type(self.val1) == bytes': 4, 'size(self.val1) == 2': 4 } },
  { name: 'booleans', schema: vals(boolean, boolean, boolean, boolean), obj: objs(true, true, false, false),
    costs: { [selfEq('self.val1', 'self.val2', 'true')]: 11, 'self.val1 != self.val4': 5, 'type(self.val1) == bool': 4 } },
  { name: 'duration format', schema: vals(durationF, durationF), obj: objs('1h2m3s4ms', '1h2m3s4ms'),
    costs: {
      [selfEq('self.val1', 'self.val2', "duration('1h2m3s4ms')")]: 11, "self.val1 == duration('1h2m') + duration('3s4ms')": 4,
      'self.val1.getHours() == 1': 4, 'type(self.val1) == google.protobuf.Duration': 4,
    } },
  { name: 'date format', schema: vals(dateF, dateF), obj: objs('1997-07-16', '1997-07-16'),
    costs: { [selfEq('self.val1', 'self.val2', "timestamp('1997-07-16T00:00:00.000Z')")]: 11, 'self.val1.getDate() == 16': 4, 'type(self.val1) == google.protobuf.Timestamp': 4 } },
  { name: 'date-time format', schema: vals(dateTimeF, dateTimeF), obj: objs('2011-08-18T19:03:37.010000000+01:00', '2011-08-18T19:03:37.010000000+01:00'),
    costs: {
      [selfEq('self.val1', 'self.val2', "timestamp('2011-08-18T19:03:37.010+01:00')")]: 11,
      "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')": 4,
      "self.val1.getDate('01:00') == 18": 4, 'type(self.val1) == google.protobuf.Timestamp': 4,
    } },
  { name: 'enums', schema: object({ enumStr: { type: 'string', enum: ['Pending', 'Available', 'Bound', 'Released', 'Failed'] } }), obj: { enumStr: 'Pending' },
    costs: { "self.enumStr == 'Pending'": 3, "self.enumStr in ['Pending', 'Available']": 2 } },
  { name: 'conversions',
    schema: vals(integer, number, number, number, boolean, string, byte, string, durationF, string, dateTimeF, string, dateF),
    obj: objs(10, 10.0, 10.49, 10.5, true, '10', 'MTA=', '3723.004s', '1h2m3s4ms', '2011-08-18T19:03:37.01+01:00', '2011-08-18T19:03:37.01+01:00', '2011-08-18T00:00:00Z', '2011-08-18'),
    costs: {
      'int(self.val2) == self.val1': 6, 'double(self.val1) == self.val2': 6, 'bytes(self.val6) == self.val7': 6, 'string(self.val1) == self.val6': 6,
      "string(self.val4) == '10.5'": 4, 'string(self.val7) == self.val6': 6, 'duration(self.val8) == self.val9': 6,
      'timestamp(self.val10) == self.val11': 6, 'string(self.val11) == self.val10': 8, 'timestamp(self.val12) == self.val13': 6,
      'string(self.val13) == self.val12': 7,
    } },
  { name: 'lists', schema: vals(list(integer), list(integer)), obj: objs([1, 2, 3], [1, 2, 3]),
    costs: {
      [selfEq('self.val1', 'self.val2', '[1, 2, 3]')]: 11, '1 in self.val1': 5, 'self.val2[0] in self.val1': 8, '!(0 in self.val1)': 6,
      'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]': 6, 'self.val1 + [4, 5] == [1, 2, 3, 4, 5]': 4, 'has(self.val1)': 1, 'has(self.val1) && has(self.val2)': 2,
    } },
  { name: 'listSets', schema: vals(list(string, 'set'), list(string, 'set'), list(integer, 'set')), obj: objs(['a', 'b', 'c'], ['a', 'c', 'b'], Array.from({ length: 1000 }, (_, i) => i)),
    costs: {
      "self.val1 == ['c', 'b', 'a']": 3, 'self.val1 == self.val2': 5, "'a' in self.val1": 5, 'self.val2[0] in self.val1': 8, "!('x' in self.val1)": 6,
      "self.val1 + self.val2 == ['a', 'b', 'c']": 6, "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']": 4,
      "sets.contains(self.val1, ['a'])": 6, "sets.equivalent(self.val1, ['a', 'b', 'c'])": 21, "sets.intersects(self.val1, ['a'])": 6,
      'sets.contains(self.val3, [1])': 1003, '!sets.equivalent(self.val3, [1, 2, 3])': 6004, 'sets.intersects(self.val3, [1])': 1003,
    } },
  { name: 'listMaps',
    schema: object({ objs: list(list(object({ k: string, v: string }), 'map', ['k'])) }),
    obj: { objs: [[{ k: 'a', v: '1' }, { k: 'b', v: '2' }], [{ k: 'b', v: '2' }, { k: 'a', v: '1' }], [{ k: 'b', v: '3' }, { k: 'a', v: '1' }], [{ k: 'c', v: '4' }]] },
    costs: {
      'self.objs[0] == self.objs[1]': 7, 'self.objs[0] + self.objs[2] == self.objs[2]': 11, 'self.objs[2] + self.objs[0] == self.objs[0]': 11,
      'self.objs[0] == [self.objs[0][0], self.objs[0][1]]': 22, 'self.objs[0] == [self.objs[0][1], self.objs[0][0]]': 22,
      'self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]': 26, 'size(self.objs[0] + [self.objs[3][0]]) == 3': 20,
    } },
  { name: 'maps', schema: vals(map(string), map(string)), obj: objs({ k1: 'a', k2: 'b' }, { k2: 'b', k1: 'a' }),
    costs: { 'self.val1 == self.val2': 5, "'k1' in self.val1": 3, "!('k3' in self.val1)": 4, "self.val1 == {'k1': 'a', 'k2': 'b'}": 3 } },
  { name: 'objects', schema: object({ objs: list(object({ f1: string, f2: string })) }), obj: { objs: [{ f1: 'a', f2: 'b' }, { f1: 'a', f2: 'b' }] },
    costs: { 'self.objs[0] == self.objs[1]': 7 } },
  { name: 'object access',
    schema: object({
      a: object({ b: integer, c: integer, d: { ...integer, nullable: true } }),
      a1: object({ b1: object({ c1: integer }), d2: object({ e2: integer }) }),
    }),
    obj: { a: { b: 1, d: null }, a1: { b1: { c1: 4 } }, a3: {} },
    costs: { 'has(self.a.b)': 2, 'has(self.a1.b1.c1)': 3, '!(has(self.a1.d2) && has(self.a1.d2.e2))': 3, '!has(self.a1.d2)': 3 } },
  { name: 'map access', schema: object({ val: map(integer) }), obj: { val: { b: 1, d: 2 } },
    costs: {
      "!('a' in self.val)": 4, "'b' in self.val": 3, "!('c' in self.val)": 4, "'d' in self.val": 3, '!has(self.val.a)': 3, 'has(self.val.b)': 2,
      '!has(self.val.c)': 3, 'has(self.val.d)': 2, 'self.val.all(k, self.val[k] > 0)': 17, '!self.val.exists(k, self.val[k] == 3)': 20,
      'self.val.exists_one(k, self.val[k] == 2)': 14, '!self.val.exists_one(k, self.val[k] > 0)': 17, 'size(self.val) == 2': 4,
      'size(self.val.filter(k, self.val[k] > 1)) == 1': 26, 'self.val.all(k, v, v > 0)': 13, '!self.val.exists(k, v, v == 3)': 16,
      'self.val.existsOne(k, v, v == 2)': 10, 'self.val.transformMap(k, v, v > 1, v + 1).size() == 1': 14,
      'self.val.transformMap(k, v, v + 1).size() == 2': 15, "self.val.transformMapEntry(k, v, v > 1, {k + '2': v + 1}).size() == 1": 45,
      "self.val.transformMapEntry(k, v, {k + '2': v + 1}).size() == 2": 77,
    } },
  { name: 'listMap access',
    schema: object({ listMap: list(object({ k: string, v: string, v2: string }), 'map', ['k']) }),
    obj: { listMap: [{ k: 'a1', v: 'b1' }, { k: 'a2', v: 'b2' }, { k: 'a3', v: 'b3', v2: 'z' }] },
    costs: {
      'has(self.listMap[0].v)': 3, "self.listMap.all(m, m.k.startsWith('a'))": 21, "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')": 21,
      "self.listMap.exists(m, m.k.endsWith('1'))": 13, "self.listMap.exists_one(m, m.k == 'a3')": 15, "!self.listMap.all(m, m.k.endsWith('1'))": 18,
      "!self.listMap.exists(m, m.v == 'x')": 25, "!self.listMap.exists_one(m, m.k.startsWith('a'))": 20,
      "size(self.listMap.filter(m, m.k == 'a1')) == 1": 27, "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')": 16,
      "self.listMap.map(m, m.v).exists(v, v == 'b1')": 55, "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')": 21,
      "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')": 10, "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')": 12,
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1": 24, "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1": 25,
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1": 39, "self.listMap.exists(m, m.v2 == 'z')": 24,
      "!self.listMap.all(m, m.v2 != 'z')": 22, "!self.listMap.all(i, m, has(m.v2) && m.v2 != 'z')": 10,
      "self.listMap.exists(i, m, has(m.v2) && m.v2 == 'z')": 21, "self.listMap.existsOne(i, m, has(m.v2) && m.v2 == 'z')": 12,
      "self.listMap.transformList(i, m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1": 25, 'self.listMap.transformList(i, m, m.v).size() == 3': 47,
    } },
  { name: 'list access', schema: object({ array: list(integer) }), obj: { array: [1, 1, 2, 2, 3, 3, 4, 5] },
    costs: {
      '2 in self.array': 10, 'self.array.all(e, e > 0)': 43, 'self.array.exists(e, e > 2)': 36, 'self.array.exists_one(e, e > 4)': 22,
      '!self.array.all(e, e < 2)': 21, '!self.array.exists(e, e < 0)': 52, '!self.array.exists_one(e, e == 2)': 25, 'self.array.all(e, e < 100)': 43,
      'size(self.array.filter(e, e%2 == 0)) == 3': 68, 'self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)': 194, 'size(self.array) == 8': 4,
      'self.array.all(i, e, e > 0)': 43, 'self.array.exists(i, e, e > 2)': 36, 'self.array.existsOne(i, e, e > 4)': 22,
      'self.array.transformList(i, e, e > 2, e * 2).size() > 0': 77, 'self.array.transformList(i, e, e * 2).size() > 0': 117,
    } },
  { name: 'typemeta and objectmeta access specified',
    schema: object({ kind: string, apiVersion: string, metadata: object({ name: string, generateName: string }) }),
    obj: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo', generateName: 'pickItForMe', namespace: 'xyz' } },
    costs: { "self.kind == 'Pod'": 3, "self.apiVersion == 'v1'": 3, "self.metadata.name == 'foo'": 4, "self.metadata.generateName == 'pickItForMe'": 5 } },
  { name: 'typemeta and objectmeta access not specified', schema: object({ spec: object({ field1: string }) }),
    obj: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo', generateName: 'pickItForMe', namespace: 'xyz' }, spec: { field1: 'a' } },
    costs: { "self.kind == 'Pod'": 3, "self.apiVersion == 'v1'": 3, "self.metadata.name == 'foo'": 4, "self.metadata.generateName == 'pickItForMe'": 5, "self.spec.field1 == 'a'": 4 } },
  { name: 'embedded object', schema: object({ embedded: { type: 'object', 'x-kubernetes-embedded-resource': true } }),
    obj: { embedded: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo', generateName: 'pickItForMe', namespace: 'xyz' }, spec: { field1: 'a' } } },
    costs: { "self.embedded.kind == 'Pod'": 4, "self.embedded.apiVersion == 'v1'": 4, "self.embedded.metadata.name == 'foo'": 5, "self.embedded.metadata.generateName == 'pickItForMe'": 6 } },
  { name: 'embedded object with preserve unknown',
    schema: object({ embedded: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true } }),
    obj: { embedded: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo', generateName: 'pickItForMe', namespace: 'xyz' }, spec: { field1: 'a' } } },
    costs: { "self.embedded.kind == 'Pod'": 4, "self.embedded.metadata.generateName == 'pickItForMe'": 6, 'has(self.embedded)': 1 } },
  { name: 'string in intOrString', schema: object({ something: { 'x-kubernetes-int-or-string': true } }), obj: { something: '25%' },
    costs: {
      "type(self.something) == int ? self.something == 1 : self.something == '25%'": 7, "type(self.something) == string && self.something == '25%'": 7,
      "self.something == '25%'": 3, 'self.something != 1': 3, "self.something == 1 || self.something == '25%'": 6,
      "self.something == '25%' || self.something == 1": 3, "self.something != ['anything']": 3,
    } },
  { name: 'int in intOrString', schema: object({ something: { 'x-kubernetes-int-or-string': true } }), obj: { something: 1 },
    costs: {
      "type(self.something) == int ? self.something == 1 : self.something == '25%'": 7, 'type(self.something) == int && self.something == 1': 7,
      'self.something == 1': 3, "self.something != 'some string'": 3, "self.something == 1 || self.something == '25%'": 3,
      "self.something == '25%' || self.something == 1": 6, "self.something != ['anything']": 3,
    } },
  { name: 'null in intOrString', schema: object({ something: { 'x-kubernetes-int-or-string': true, nullable: true } }), obj: { something: null },
    costs: { '!has(self.something)': 2 } },
  { name: 'percent comparison using intOrString', schema: object({ min: { 'x-kubernetes-int-or-string': true }, current: integer, available: integer }),
    obj: { min: '50%', current: 5, available: 10 },
    costs: {
      "type(self.min) == string && self.min.matches(r'(\\d+(\\.\\d+)?%)')": 10,
      "type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0": 17,
    } },
  { name: 'quantity', schema: vals(string, string), obj: objs('20', '200M'),
    costs: {
      'isQuantity(self.val1)': 3, 'isQuantity(self.val2)': 3, 'isQuantity("200M")': 1, 'isQuantity("20Mi")': 1,
      'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")': 6,
      'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")': 9,
      'quantity("50M").isLessThan(quantity("100M"))': 3, 'quantity("50Mi").isGreaterThan(quantity("50M"))': 3,
      'quantity("200M").compareTo(quantity("0.2G")) == 0': 4, 'quantity("50k").add(quantity("20")) == quantity("50.02k")': 5,
      'quantity("50k").sub(20) == quantity("49980")': 4, 'quantity("50").isInteger()': 2, 'quantity(self.val1).isInteger()': 4,
      'quantity(self.val1).isLessThan(quantity(self.val2))': 7,
    } },
  { name: 'preserve unknown fields',
    schema: object({
      withUnknown: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      withUnknownList: list({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }),
      withUnknownFieldList: list(object({ fieldOfUnknownType: { 'x-kubernetes-preserve-unknown-fields': true } })),
      anyvalList: list({ 'x-kubernetes-preserve-unknown-fields': true }),
      anyvalMap: map({ 'x-kubernetes-preserve-unknown-fields': true }),
      anyvalField1: { 'x-kubernetes-preserve-unknown-fields': true },
      anyvalField2: { 'x-kubernetes-preserve-unknown-fields': true },
    }),
    obj: {
      withUnknown: { field1: 'a', field2: 'b' },
      withUnknownList: [{ field1: 'a', field2: 'b' }, { field1: 'x', field2: 'y' }, { field1: 'x', field2: 'y' }, {}, {}],
      withUnknownFieldList: [{ fieldOfUnknownType: 'a' }, { fieldOfUnknownType: 1 }, { fieldOfUnknownType: 1 }],
      anyvalList: ['a', 2], anyvalMap: { k: '1' }, anyvalField1: 1, anyvalField2: 'a',
    },
    costs: {
      'has(self.withUnknown)': 1, 'self.withUnknownList.size() == 5': 4, 'self.withUnknownList[0] != self.withUnknownList[1]': 7,
      'self.withUnknownList[1] == self.withUnknownList[2]': 7, 'self.withUnknownList[3] == self.withUnknownList[4]': 6,
      'self.withUnknownFieldList[0] != self.withUnknownFieldList[1]': 7, 'self.withUnknownFieldList[1] == self.withUnknownFieldList[2]': 7,
    } },
  { name: 'known and unknown fields',
    schema: object({
      withUnknown: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: integer } },
      withUnknownList: list({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: integer } }),
    }),
    obj: {
      withUnknown: { known: 1, unknown: 'a' },
      withUnknownList: [{ known: 1, unknown: 'a' }, { known: 1, unknown: 'b' }, { known: 1, unknown: 'b' }, { known: 1 }, { known: 1 }, { known: 2 }],
    },
    costs: {
      'self.withUnknown.known == 1': 4, 'self.withUnknownList[1] == self.withUnknownList[2]': 7, 'self.withUnknownList[0] != self.withUnknownList[1]': 7,
      'self.withUnknownList[0] != self.withUnknownList[3]': 7, 'self.withUnknownList[0] != self.withUnknownList[5]': 7,
      'self.withUnknownList[3] == self.withUnknownList[4]': 7, 'self.withUnknownList[4] != self.withUnknownList[5]': 7,
    } },
  { name: 'field nullability',
    schema: object({
      unsetPlainStr: string, unsetDefaultedStr: { ...string, default: 'default value' }, unsetNullableStr: { ...string, nullable: true },
      setPlainStr: string, setDefaultedStr: { ...string, default: 'default value' }, setNullableStr: { ...string, nullable: true },
      setToNullNullableStr: { ...string, nullable: true },
    }),
    obj: { setPlainStr: 'v1', setDefaultedStr: 'v2', setNullableStr: 'v3', setToNullNullableStr: null, unsetDefaultedStr: 'default value' },
    costs: {
      '!has(self.unsetPlainStr)': 2, "has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'": 5, '!has(self.unsetNullableStr)': 2,
      "has(self.setPlainStr) && self.setPlainStr == 'v1'": 4, "has(self.setDefaultedStr) && self.setDefaultedStr == 'v2'": 4,
      "has(self.setNullableStr) && self.setNullableStr == 'v3'": 4, 'type(self.setNullableStr) != null_type': 4, '!has(self.setToNullNullableStr)': 2,
    } },
  { name: 'null values in container types',
    schema: object({ m: map({ ...string, nullable: true }), l: list({ ...string, nullable: true }), s: list({ ...string, nullable: true }, 'set') }),
    obj: { m: { a: null, b: 'not-nil' }, l: [null, 'not-nil'], s: [null, 'not-nil'] },
    costs: { 'self.m.size() == 2': 4, "'a' in self.m": 3, "type(self.m['a']) == null_type": 5 } },
  { name: 'object types are not accessible',
    schema: object({ nestedInMap: map(object({ inMapField: integer })), nestedInList: list(object({ inListField: integer })) }),
    obj: { nestedInMap: { k1: { inMapField: 1 }, k2: { inMapField: 2 } }, nestedInList: [{ inListField: 1 }, { inListField: 2 }] },
    costs: { 'type(self) == type(self)': 5, "type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])": 9 } },
  { name: 'listMaps with unsupported identity characters in property names',
    schema: object({ objs: list(list(object({ 'k!': string, 'k.': string }), 'map', ['k!', 'k.'])) }),
    obj: { objs: [
      [{ 'k!': 'a', 'k.': '1' }, { 'k!': 'b', 'k.': '2' }], [{ 'k!': 'b', 'k.': '2' }, { 'k!': 'a', 'k.': '1' }],
      [{ 'k!': 'b', 'k.': '2' }, { 'k!': 'c', 'k.': '1' }], [{ 'k!': 'b', 'k.': '2' }, { 'k!': 'a', 'k.': '3' }],
    ] },
    costs: { 'self.objs[0] == self.objs[1]': 7, "self.objs[0][0].k__dot__ == '1'": 6 } },
  { name: 'container type composition',
    schema: object({
      obj: object({ field: string }), mapOfMap: map(map(string)), mapOfObj: map(object({ field2: string })),
      mapOfListMap: map(list(object({ k: string, v: string }), 'map', ['k'])), mapOfList: map(list(string)),
      listMapOfObj: list(object({ k2: string, v2: string }), 'map', ['k2']), listOfMap: list(map(string)), listOfObj: list(object({ field3: string })),
      listOfListMap: list(list(object({ k3: string, v3: string }), 'map', ['k3'])),
    }),
    obj: {
      obj: { field: 'a' }, mapOfMap: { x: { y: 'b' } }, mapOfObj: { k: { field2: 'c' } }, mapOfListMap: { o: [{ k: '1', v: 'd' }] },
      mapOfList: { l: ['e'] }, listMapOfObj: [{ k2: '2', v2: 'f' }], listOfMap: [{ z: 'g' }], listOfObj: [{ field3: 'h' }],
      listOfListMap: [[{ k3: '3', v3: 'i' }]],
    },
    costs: {
      "self.obj.field == 'a'": 4, "self.mapOfMap['x']['y'] == 'b'": 5, "self.mapOfObj['k'].field2 == 'c'": 5,
      "self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')": 14, "self.mapOfList['l'][0] == 'e'": 5,
      "self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')": 13, "self.listOfMap[0]['z'] == 'g'": 5, "self.listOfObj[0].field3 == 'h'": 5,
      "self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')": 14, 'self.mapOfMap.map(k, k).map(k, k).size() == 1': 32,
      'self.mapOfListMap.map(k, k).map(k, k).size() == 1': 32, 'self.mapOfList.map(k, k).map(k, k).size() == 1': 32,
      'self.listOfMap.map(e, e).map(e, e).size() == 1': 32, 'self.listOfListMap.map(e, e).map(e, e).size() == 1': 32,
      'self.mapOfMap.map(k, self.mapOfMap[k].map(m, m)).size() == 1': 34, 'self.mapOfListMap.map(k, self.mapOfListMap[k].map(m, m)).size() == 1': 34,
      'self.mapOfList.map(k, self.mapOfList[k].map(l, l)).size() == 1': 34, 'self.listOfMap.map(e, e.map(m, m)).size() == 1': 32,
      'self.listOfListMap.map(e, e.map(e, e)).size() == 1': 32,
    } },
  { name: 'optionals', schema: object({ obj: object({ field: string, absentField: string }), m: map(string), l: list(string) }),
    obj: { obj: { field: 'a' }, m: { k: 'v' }, l: ['a'] },
    costs: {
      "optional.of('a') != optional.of('b')": 3, "optional.of('a') != optional.none()": 3, "optional.of('a').hasValue()": 2,
      "optional.of('a').or(optional.of('a')).hasValue()": 2, "optional.none().or(optional.of('a')).hasValue()": 3,
      "optional.of('a').optMap(v, v == 'value').hasValue()": 8, "self.obj.?field == optional.of('a')": 5,
      'self.obj.?absentField == optional.none()': 4, "self.obj.?field.orValue('v') == 'a'": 4, "self.m[?'k'] == optional.of('v')": 5,
      "self.l[?0] == optional.of('a')": 5, 'optional.ofNonZeroValue(1).hasValue()': 2,
    } },
  { name: 'listSet access', schema: object({ set: list(integer) }), obj: { set: [1, 2, 3, 4, 5] },
    costs: {
      '3 in self.set': 7, 'self.set.all(e, e > 0)': 28, 'self.set.exists(e, e > 3)': 30, 'self.set.exists_one(e, e == 3)': 16, '!self.set.all(e, e < 3)': 21,
      '!self.set.exists(e, e < 0)': 34, '!self.set.exists_one(e, e > 3)': 19, 'self.set.all(e, e < 10)': 28, 'size(self.set.filter(e, e%2 == 0)) == 2': 46,
      'self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)': 133, 'size(self.set) == 5': 4,
    } },
];

function envFor(schema: JSONSchemaProps) {
  const decl = assignTypeNames(schemaDeclType(schema, true)!, 'selfType');
  const env = new KubeEnv({
    mode: 'StoredExpressions', variables: { self: decl.celType }, provider: new SchemaTypeProvider(decl), selfType: decl,
  });
  return { decl, env };
}

test('kube cost: runtime costs of Kubernetes 1.33 cost stability tests', () => {
  const failures: string[] = [];
  let checked = 0;
  for (const c of RUNTIME) {
    const { decl, env } = envFor(c.schema);
    const self = schemaValue(c.obj, decl);
    for (const [rule, want] of Object.entries(c.costs)) {
      let program;
      try {
        program = env.compile(rule);
      } catch (e) {
        failures.push(`${c.name}: ${rule}: ${e instanceof CelCompileError ? e.message : String(e)}`);
        continue;
      }
      const r = program.evalWithCost({ self });
      checked++;
      if (r.error) failures.push(`${c.name}: ${rule}: error ${r.error.message}`);
      else if (r.value !== true) failures.push(`${c.name}: ${rule}: evaluated to ${String(r.value)}`);
      else if (r.cost !== want) failures.push(`${c.name}: ${rule}: cost ${r.cost}, want ${want}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 80, `only ${checked} checked`);
});

/** Estimated max costs (TestCelEstimatedCostStability). */
const ESTIMATED: Omit<Case, 'obj'>[] = [
  { name: 'integers', schema: vals(integer, integer, int32, int32, int64, int64),
    costs: { [selfEq('self.val1', 'self.val2', MAX_INT64)]: 8, 'self.val1 == self.val6': 4, 'type(self.val1) == int': 4, 'self.val3 + 1 == 2147483647 + 1': 5 } },
  { name: 'numbers', schema: vals(number, number, float, float, double, double, double),
    costs: { [selfEq('self.val1', 'self.val2', '179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000')]: 8,
      'self.val1 == self.val6': 4, 'type(self.val1) == double': 4, 'type(self.val7) == double': 4, 'self.val7 == 1.0': 2 } },
  { name: 'numeric comparisons', schema: vals(integer, number, float, double, number, float, double),
    costs: {
      'double(self.val1) < self.val4': 6, 'self.val1 < int(self.val4)': 6, 'double(self.val1) < self.val5': 6, 'self.val1 < int(self.val5)': 6,
      'double(self.val1) < self.val6': 6, 'self.val1 < int(self.val6)': 6, 'double(5) < 10.0': 2, '5 < int(10.0)': 2, 'double(self.val1) < 10.0': 4,
    } },
  { name: 'unicode strings', schema: vals(string, string),
    costs: {
      [selfEq('self.val1', 'self.val2', "'Rook takes 👑'")]: 314585, "self.val1.startsWith('Rook')": 3, "!self.val1.startsWith('knight')": 4,
      "self.val1.matches('^[^0-9]*$')": 943721, "!self.val1.matches('^[0-9]*$')": 629149, 'type(self.val1) == string': 4, 'size(self.val1) == 12': 4,
      "self.val1.charAt(3) == 'k'": 4, "self.val1.indexOf('o') == 1": 314576, "self.val1.indexOf('o', 2) == 2": 314576,
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'": 629150, "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'": 629150,
      "self.val1.split(' ') == ['Rook', 'takes', '👑']": 629159, "self.val1.split(' ', 2) == ['Rook', 'takes 👑']": 629159,
      "self.val1.substring(5) == 'takes 👑'": 314576, "self.val1.substring(0, 4) == 'Rook'": 314576,
      "self.val1.substring(4, 10).trim() == 'takes'": 629149, "self.val1.upperAscii() == 'ROOK TAKES 👑'": 314577,
      "self.val1.lowerAscii() == 'rook takes 👑'": 314577, 'self.val1.lowerAscii() == self.val1.lowerAscii()': 943723,
    } },
  { name: 'escaped strings', schema: vals(string, string), costs: { [selfEq('self.val1', 'self.val2', "'l1\\nl2'")]: 314583, "self.val1 == '''l1\nl2'''": 3 } },
  { name: 'bytes', schema: vals(byte, byte), costs: { 'self.val1 == self.val2': 314577, "self.val1 == b'AB'": 3, 'type(self.val1) == bytes': 4, 'size(self.val1) == 2': 4 } },
  { name: 'booleans', schema: vals(boolean, boolean, boolean, boolean), costs: { [selfEq('self.val1', 'self.val2', 'true')]: 8, 'self.val1 != self.val4': 4, 'type(self.val1) == bool': 4 } },
  { name: 'duration format', schema: vals(durationF, durationF),
    costs: { [selfEq('self.val1', 'self.val2', "duration('1h2m3s4ms')")]: 16, "self.val1 == duration('1h2m') + duration('3s4ms')": 6, 'self.val1.getHours() == 1': 4, 'type(self.val1) == google.protobuf.Duration': 4 } },
  { name: 'date format', schema: vals(dateF, dateF),
    costs: { [selfEq('self.val1', 'self.val2', "timestamp('1997-07-16T00:00:00.000Z')")]: 14, 'self.val1.getDate() == 16': 4, 'type(self.val1) == google.protobuf.Timestamp': 4 } },
  { name: 'date-time format', schema: vals(dateTimeF, dateTimeF),
    costs: {
      [selfEq('self.val1', 'self.val2', "timestamp('2011-08-18T19:03:37.010+01:00')")]: 16,
      "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')": 6, "self.val1.getDate('01:00') == 18": 4,
      'type(self.val1) == google.protobuf.Timestamp': 4,
    } },
  { name: 'enums', schema: object({ enumStr: { type: 'string', enum: ['Pending', 'Available', 'Bound', 'Released', 'Failed'] } }),
    costs: { "self.enumStr == 'Pending'": 3, "self.enumStr in ['Pending', 'Available']": 14 } },
  { name: 'conversions', schema: vals(integer, number, number, number, boolean, string, byte, string, durationF, string, dateTimeF, string, dateF),
    costs: {
      'int(self.val2) == self.val1': 5, 'double(self.val1) == self.val2': 5, 'bytes(self.val6) == self.val7': 629150, 'string(self.val1) == self.val6': 314578,
      "string(self.val4) == '10.5'": 4, 'string(self.val7) == self.val6': 629150, 'duration(self.val8) == self.val9': 6, 'timestamp(self.val10) == self.val11': 6,
      'string(self.val11) == self.val10': 314578, 'timestamp(self.val12) == self.val13': 6, 'string(self.val13) == self.val12': 314578,
    } },
  { name: 'lists', schema: vals(list(integer), list(integer)),
    costs: {
      [selfEq('self.val1', 'self.val2', '[1, 2, 3]')]: 157317, '1 in self.val1': 1572865, 'self.val2[0] in self.val1': 1572868, '!(0 in self.val1)': 1572866,
      'self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]': 16, 'self.val1 + [4, 5] == [1, 2, 3, 4, 5]': 24, 'has(self.val1)': 1, 'has(self.val1) && has(self.val2)': 2,
      '!has(self.val1)': 2, 'self.val1.all(k, size(self.val1) > 0)': 11010044, 'self.val1.exists_one(k, self.val1 == [2])': 23592949,
      '!self.val1.exists_one(k, size(self.val1) > 0)': 9437183, 'size(self.val1) == 2': 4, 'size(self.val1.filter(k, size(self.val1) > 1)) == 1': 26738686,
    } },
  { name: 'listSets', schema: vals(list(string, 'set'), list(string, 'set')),
    costs: {
      "self.val1 == ['c', 'b', 'a']": 13, 'self.val1 == self.val2': 104862, "'a' in self.val1": 1048577, 'self.val2[0] in self.val1': 1048580,
      "!('x' in self.val1)": 1048578, "self.val1 + self.val2 == ['a', 'b', 'c']": 16, "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']": 24,
      'self.val1.all(k, size(self.val1) > 0)': 7340028, "self.val1.exists_one(k, self.val1 == ['a'])": 15728629,
      '!self.val1.exists_one(k, size(self.val1) > 0)': 6291455, 'size(self.val1.filter(k, size(self.val1) > 1)) == 1': 17825790,
    } },
  { name: 'listMaps', schema: object({ objs: list(list(object({ k: string, v: string }), 'map', ['k'])) }),
    costs: {
      'self.objs[0] == self.objs[1]': 104864, 'self.objs[0] + self.objs[2] == self.objs[2]': 104868, 'self.objs[2] + self.objs[0] == self.objs[0]': 104868,
      'self.objs[0] == [self.objs[0][0], self.objs[0][1]]': 22, 'self.objs[0] == [self.objs[0][1], self.objs[0][0]]': 22,
      'self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]': 104883, 'size(self.objs[0] + [self.objs[3][0]]) == 3': 20,
      'has(self.objs)': 1, 'has(self.objs) && has(self.objs)': 2, '!has(self.objs)': 2, 'self.objs[0].all(k, size(self.objs[0]) > 0)': 8388604,
      'self.objs[0].exists_one(k, size(self.objs[0]) > 0)': 7340030, '!self.objs[0].exists_one(k, size(self.objs[0]) > 0)': 7340031,
      'size(self.objs[0]) == 2': 5, 'size(self.objs[0].filter(k, size(self.objs[0]) > 1)) == 1': 18874366,
    } },
  { name: 'maps', schema: vals(map(string), map(string)),
    costs: {
      'self.val1 == self.val2': 39326, "'k1' in self.val1": 3, "!('k3' in self.val1)": 4, "self.val1 == {'k1': 'a', 'k2': 'b'}": 33, 'has(self.val1)': 1,
      'self.val1.all(k, size(self.val1) > 0)': 2752508, 'self.val1.exists_one(k, size(self.val1) > 0)': 2359294,
      'size(self.val1.filter(k, size(self.val1) > 1)) == 1': 6684670,
    } },
  { name: 'objects', schema: object({ objs: list(object({ f1: string, f2: string })) }), costs: { 'self.objs[0] == self.objs[1]': 6 } },
  { name: 'object access',
    schema: object({ a: object({ b: integer, c: integer, d: { ...integer, nullable: true } }), a1: object({ b1: object({ c1: integer }), d2: object({ e2: integer }) }) }),
    costs: {
      'has(self.a.b)': 2, 'has(self.a1.b1.c1)': 3, '!(has(self.a1.d2) && has(self.a1.d2.e2))': 6, '!has(self.a1.d2)': 3, 'has(self.a)': 1,
      'has(self.a) && has(self.a1)': 2, '!has(self.a)': 2,
    } },
  { name: 'map access', schema: object({ val: map(integer) }),
    costs: {
      "!('a' in self.val)": 4, "'b' in self.val": 3, '!has(self.val.a)': 3, 'has(self.val.b)': 2, 'self.val.all(k, self.val[k] > 0)': 3595115,
      'self.val.exists_one(k, self.val[k] == 2)': 2696338, '!self.val.exists_one(k, self.val[k] > 0)': 3145728, 'size(self.val) == 2': 4,
      'size(self.val.filter(k, self.val[k] > 1)) == 1': 8089017,
    } },
  { name: 'listMap access', schema: object({ listMap: list(object({ k: string, v: string, v2: string }), 'map', ['k']) }),
    costs: {
      'has(self.listMap[0].v)': 3, "self.listMap.all(m, m.k.startsWith('a'))": 6291453, "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')": 8388603,
      "self.listMap.exists(m, m.k.endsWith('1'))": 7340028, "self.listMap.exists_one(m, m.k == 'a3')": 5242879,
      "!self.listMap.all(m, m.k.endsWith('1'))": 6291454, "!self.listMap.exists(m, m.v == 'x')": 7340029,
      "!self.listMap.exists_one(m, m.k.startsWith('a'))": 5242880, "size(self.listMap.filter(m, m.k == 'a1')) == 1": 16777215,
      "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')": 10485753, "self.listMap.map(m, m.v).exists(v, v == 'b1')": 19922939,
      "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')": 8388603, "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')": 7340029,
      "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')": 6291454, "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1": 17825790,
      "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1": 18874365,
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1": 32505851,
      "self.listMap.exists(m, m.v2 == 'z')": 7340028, "!self.listMap.all(m, m.v2 != 'z')": 6291454,
    } },
  { name: 'list access', schema: object({ array: list(integer) }),
    costs: {
      '2 in self.array': 1572865, 'self.array.all(e, e > 0)': 7864318, 'self.array.exists(e, e > 2)': 9437181, 'self.array.exists_one(e, e > 4)': 6291456,
      '!self.array.all(e, e < 2)': 7864319, '!self.array.exists(e, e < 0)': 9437182, '!self.array.exists_one(e, e == 2)': 4718594,
      'size(self.array.filter(e, e%2 == 0)) == 3': 25165823, 'self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)': 53477367,
      'size(self.array) == 8': 4,
    } },
  { name: 'listSet access', schema: object({ set: list(integer) }),
    costs: {
      '3 in self.set': 1572865, 'self.set.exists_one(e, e == 3)': 4718593, '!self.set.exists_one(e, e > 3)': 6291457,
      'self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)': 50331642,
    } },
  { name: 'typemeta and objectmeta access specified',
    schema: object({ kind: string, apiVersion: string, metadata: object({ name: string, generateName: string }) }),
    costs: { "self.kind == 'Pod'": 3, "self.apiVersion == 'v1'": 3, "self.metadata.name == 'foo'": 4, "self.metadata.generateName == 'pickItForMe'": 5 } },
  { name: 'embedded object', schema: object({ embedded: { type: 'object', 'x-kubernetes-embedded-resource': true } }),
    costs: { "self.embedded.kind == 'Pod'": 4, "self.embedded.apiVersion == 'v1'": 4, "self.embedded.metadata.name == 'foo'": 5, "self.embedded.metadata.generateName == 'pickItForMe'": 6 } },  { name: 'string in intOrString', schema: object({ something: { 'x-kubernetes-int-or-string': true } }),
    costs: {
      "type(self.something) == int ? self.something == 1 : self.something == '25%'": 7, "type(self.something) == string && self.something == '25%'": 7,
      "self.something == '25%'": 3, 'self.something != 1': 3, "self.something == 1 || self.something == '25%'": 6,
      "self.something == '25%' || self.something == 1": 6, "self.something != ['anything']": 13, "self.something != 'some string'": 4,
    } },
  { name: 'null in intOrString', schema: object({ something: { 'x-kubernetes-int-or-string': true, nullable: true } }), costs: { '!has(self.something)': 2 } },
  { name: 'percent comparison using intOrString', schema: object({ min: { 'x-kubernetes-int-or-string': true }, current: integer, available: integer }),
    costs: {
      "type(self.min) == string && self.min.matches(r'(\\d+(\\.\\d+)?%)')": 1258298,
      "type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0": 629162,
    } },
  { name: 'container type composition',
    schema: object({
      obj: object({ field: string }), mapOfMap: maxProps(map(maxProps(map(string), 10)), 10), mapOfObj: map(object({ field2: string })),
      mapOfListMap: maxProps(map(maxItems(list(object({ k: string, v: string }), 'map', ['k']), 10)), 10),
      mapOfList: maxProps(map(maxItems(list(string), 10)), 10),
      listMapOfObj: maxItems(list(object({ k2: string, v2: string }), 'map', ['k2']), 10), listOfMap: maxItems(list(maxProps(map(string), 10)), 10),
      listOfObj: list(object({ field3: string })), listOfListMap: maxItems(list(maxItems(list(object({ k3: string, v3: string }), 'map', ['k']), 10)), 10),
    }),
    costs: {
      "self.obj.field == 'a'": 4, "self.mapOfMap['x']['y'] == 'b'": 5, "self.mapOfObj['k'].field2 == 'c'": 5,
      "self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')": 104, "self.mapOfList['l'][0] == 'e'": 5,
      "self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')": 103, "self.listOfMap[0]['z'] == 'g'": 5, "self.listOfObj[0].field3 == 'h'": 5,
      "self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')": 104, 'self.mapOfMap.map(k, k).map(k, k).size() == 1': 286,
      'self.listOfMap.map(e, e).map(e, e).size() == 1': 286, 'self.mapOfMap.map(k, self.mapOfMap[k].map(m, m)).size() == 1': 1585,
      'self.mapOfList.map(k, self.mapOfList[k].map(l, l)).size() == 1': 1585, 'self.listOfMap.map(e, e.map(m, m)).size() == 1': 1555,
      'self.listOfListMap.map(e, e.map(e, e)).size() == 1': 1555,
    } },
  { name: 'optionals', schema: object({ obj: object({ field: string, absentField: string }), m: map(string), l: list(string) }),
    costs: {
      "optional.of('a') != optional.of('b')": 1844674407370955266, "optional.of('a').hasValue()": 2, "optional.of('a').or(optional.of('a')).hasValue()": 4,
      "optional.none().or(optional.of('a')).hasValue()": 4, "optional.of('a').optMap(v, v == 'value').hasValue()": 18,
      "self.obj.?field == optional.of('a')": 1844674407370955268, "self.obj.?field.orValue('v') == 'a'": 5,
      "self.m[?'k'] == optional.of('v')": 1844674407370955268, "self.l[?0] == optional.of('a')": 1844674407370955268,
      'optional.ofNonZeroValue(1).hasValue()': 2, 'optional.of([1, 2, 3, 4, 5]).optMap(v, v.size()).hasValue()': 38,
      "optional.of('abcdefgabcdefg').optMap(v, v.size()).hasValue()": 18, "self.l[?0].optMap(v, v == 'a').hasValue()": 22,
    } },
  { name: 'quantity', schema: vals(string, string),
    costs: {
      'isQuantity(self.val1)': 314575, 'isQuantity("200M")': 1, 'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")': 6,
      'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")': 9,
      'quantity(self.val1).isLessThan(quantity(self.val2))': 629151, 'quantity("50M").isLessThan(quantity("100M"))': 3,
      'quantity("200M").compareTo(quantity("0.2G")) == 0': 4, 'quantity("50k").add(quantity("20")) == quantity("50.02k")': 5,
      'quantity("50k").sub(20) == quantity("49980")': 4, 'quantity("50").isInteger()': 2, 'quantity(self.val1).isInteger()': 314576,
    } },
];

test('kube cost: estimated costs of Kubernetes 1.33 cost stability tests', () => {
  const failures: string[] = [];
  let checked = 0;
  for (const c of ESTIMATED) {
    const { env } = envFor(c.schema);
    for (const [rule, want] of Object.entries(c.costs)) {
      let program;
      try {
        program = env.compile(rule);
      } catch (e) {
        failures.push(`${c.name}: ${rule}: ${e instanceof CelCompileError ? e.message : String(e)}`);
        continue;
      }
      checked++;
      const got = env.estimateCost(program.ast).max;
      if (got !== BigInt(want) && !(want > Number.MAX_SAFE_INTEGER && Number(got) === want)) failures.push(`${c.name}: ${rule}: estimated ${got}, want ${want}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 100, `only ${checked} checked`);
});

test('kube cost: the sets extension estimates size(a) × size(b) (× 2 for equivalent) + 1, as cel-go', () => {
  const { env } = envFor(object({ l: { type: 'array', items: integer, maxItems: 10 } }));
  const estimate = (rule: string) => env.estimateCost(env.compile(rule).ast).max;
  assert.equal(estimate('sets.contains(self.l, [1])'), 2n + 10n + 11n);
  assert.equal(estimate('sets.equivalent(self.l, [1, 2])'), 2n + 10n + 41n);
});
