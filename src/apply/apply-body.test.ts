import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeApplyBody } from './apply-body.js';

// A leading YAML comment sends the same text through the YAML reader: the JSON reading must agree with it.
const viaYaml = (json: string) => decodeApplyBody(`# yaml\n${json}`);

test('an apply body in JSON reads as the YAML reader reads it', () => {
  const texts = [
    '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","labels":{"app":"web"}},"spec":{"replicas":2,"paused":false,"x":null,"f":1.5,"n":-3,"z":0,"list":[1,"a",{"b":[]}]}}',
    ' \n {"a": "ünïcode ☃", "b": "1e3", "c": "yes", "d": "~", "e": "0x10", "f": "2001-12-14"}',
    '{"big": 123456789012345, "neg": -0.25, "s": "line: with # hash"}',
    '{"exp": 1e3, "upper": 2E-2}',
    '{"long": 12345678901234567890}',
    '{"esc": "tab\\tquote\\" slash\\/ \\u00e9"}',
  ];
  for (const t of texts) {
    const [json, yaml] = [decodeApplyBody(t), viaYaml(t)];
    assert.deepEqual(json.config, yaml.config, t);
    assert.equal(json.strictError, yaml.strictError, t);
  }
});

test('repeated keys in a JSON apply body keep the last value and give kube\'s strict-decoding text', () => {
  const r = decodeApplyBody('{"metadata":{"name":"a","name":"b"}}');
  assert.deepEqual(r.config, { metadata: { name: 'b' } });
  assert.equal(r.strictError, 'error converting YAML to JSON: yaml: unmarshal errors:\n  line 1: key "name" already set in map');
});

test('a YAML apply body with a repeated key is read once: last value wins, strict text names the line', () => {
  const r = decodeApplyBody('kind: ConfigMap\ndata:\n  a: "1"\n  a: "2"\n');
  assert.deepEqual(r.config, { kind: 'ConfigMap', data: { a: '2' } });
  assert.equal(r.strictError, 'error converting YAML to JSON: yaml: unmarshal errors:\n  line 4: key "a" already set in map');
});

test('a JSON apply body that is not an object is refused as the YAML reader refuses it', () => {
  assert.throws(() => decodeApplyBody('[1,2]'), { message: 'error decoding YAML: json: cannot unmarshal array into Go value of type map[string]interface {}' });
  assert.deepEqual(decodeApplyBody(''), { config: {}, strictError: undefined });
});
