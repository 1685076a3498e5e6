import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestInfo } from '../../http/request-info.js';
import { parsePolicy, PolicyEvaluator } from './policy.js';

const policy = parsePolicy(`apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
- level: None
  users: ["system:kube-proxy"]
  verbs: ["watch"]
  resources:
  - group: ""
    resources: ["endpoints", "services", "services/status"]
- level: Metadata
  resources:
  - group: ""
    resources: ["configmaps"]
    resourceNames: ["controller-leader"]
  namespaces: ["kube-system"]
- level: Request
  resources:
  - group: ""
    resources: ["pods/log", "*/status"]
- level: RequestResponse
  resources:
  - group: "apps"
    resources: ["deployments/*"]
- level: None
  nonResourceURLs: ["/healthz*", "/version"]
- level: Request
  userGroups: ["system:authenticated"]
  omitStages: ["ResponseStarted"]
  omitManagedFields: true
- level: RequestResponse
`);
const ev = new PolicyEvaluator(policy);
const user = (name: string, groups: string[] = []) => ({ name, groups });
const at = (method: string, url: string, u = user('jane', ['system:authenticated'])) => {
  const [path, q = ''] = url.split('?');
  return ev.evaluate({ user: u, requestInfo: parseRequestInfo(method, path!, new URLSearchParams(q)) });
};

test('the first matching rule gives the level; stages omitted by the policy and the rule are joined', () => {
  assert.equal(at('GET', '/api/v1/namespaces/default/services?watch=1', user('system:kube-proxy')).level, 'None');
  assert.equal(at('GET', '/api/v1/namespaces/default/services', user('system:kube-proxy')).level, 'RequestResponse');
  assert.equal(at('GET', '/api/v1/namespaces/kube-system/configmaps/controller-leader').level, 'Metadata');
  assert.equal(at('GET', '/api/v1/namespaces/default/configmaps/controller-leader').level, 'Request');
  assert.equal(at('GET', '/api/v1/namespaces/kube-system/configmaps/other').level, 'Request');
  assert.equal(at('GET', '/api/v1/namespaces/default/pods/p/log').level, 'Request');
  assert.equal(at('PUT', '/api/v1/namespaces/default/pods/p/status').level, 'Request');
  assert.equal(at('GET', '/apis/apps/v1/namespaces/default/deployments/d', user('x')).level, 'RequestResponse');
  assert.equal(at('GET', '/apis/apps/v1/namespaces/default/deployments/d/scale', user('x')).level, 'RequestResponse');
  assert.equal(at('GET', '/healthz/etcd').level, 'None');
  assert.equal(at('GET', '/version').level, 'None');
  assert.equal(at('GET', '/versions', user('anon')).level, 'RequestResponse');
  const c = at('GET', '/api/v1/namespaces');
  assert.deepEqual(c, { level: 'Request', omitStages: ['RequestReceived', 'ResponseStarted'], omitManagedFields: true });
});

test('invalid policies are refused with kube texts', () => {
  const load = (rules: string) => () => parsePolicy(`apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n${rules}`);
  assert.throws(load('- users: ["a"]\n'), { message: 'rules[0].level: Required value' });
  assert.throws(load('- level: Metadata\n  nonResourceURLs: ["healthz"]\n'), { message: `rules[0].nonResourceURLs[0]: Invalid value: "healthz": non-resource URL rules must begin with a '/' character` });
  assert.throws(load('- level: Metadata\n  nonResourceURLs: ["/a*b"]\n'), { message: `rules[0].nonResourceURLs[0]: Invalid value: "/a*b": non-resource URL wildcards '*' must be the final character of the rule` });
  assert.throws(load('- level: Metadata\n  resources:\n  - resourceNames: ["x"]\n'), { message: 'rules[0].resources.resourceNames: Invalid value: []string{"x"}: using resourceNames requires at least one resource' });
  assert.throws(load('- level: Metadata\n  omitStages: ["Done"]\n'), { message: 'rules[0].omitStages[0]: Invalid value: "Done": allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic' });
  assert.throws(() => parsePolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n'), { message: 'loaded illegal policy with 0 rules' });
});
