// What kubectl reads before and around a request: discovery, OpenAPI (create -f, apply, replace, edit, explain,
// validation), every output format, and strategic merge patch — all with kubectl 1.33.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const skip = !findKubectl() && 'kubectl 1.33 not found (set KUBECTL)';
let s: TestServer;
before(async () => {
  s = await startTestServer();
});
after(async () => {
  await s.close();
});

async function ok(...args: string[]) {
  const r = await s.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
function file(name: string, text: string) {
  const p = join(s.dataDir, name);
  writeFileSync(p, text);
  return p;
}

test('api-resources and api-versions come from discovery', { skip }, async () => {
  const res = await ok('api-resources');
  assert.match(res, /^NAME\s+SHORTNAMES\s+APIVERSION\s+NAMESPACED\s+KIND$/m);
  assert.match(res, /^configmaps\s+cm\s+v1\s+true\s+ConfigMap$/m);
  assert.match(res, /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
  assert.match(res, /^customresourcedefinitions\s+crd,crds\s+apiextensions\.k8s\.io\/v1\s+false\s+CustomResourceDefinition$/m);
  const versions = (await ok('api-versions')).trim().split('\n');
  for (const v of ['v1', 'apps/v1', 'batch/v1', 'rbac.authorization.k8s.io/v1', 'coordination.k8s.io/v1']) assert.ok(versions.includes(v), v);
});

test('create -f, apply -f (client-side), replace -f with the default --validate=strict', { skip }, async () => {
  const p = file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wf\n  labels:\n    app: demo\ndata:\n  a: "1"\n');
  assert.match(await ok('create', '-f', p), /configmap\/wf created/);
  assert.match(await ok('apply', '-f', p), /configmap\/wf configured/);
  writeFileSync(p, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wf\n  labels:\n    app: demo\ndata:\n  a: "2"\n');
  assert.match(await ok('apply', '-f', p), /configmap\/wf configured/);
  const cm = JSON.parse(await ok('get', 'cm', 'wf', '-o', 'json'));
  assert.equal(cm.data.a, '2');
  assert.ok(cm.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
  writeFileSync(p, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wf\ndata:\n  a: "3"\n');
  assert.match(await ok('replace', '-f', p), /configmap\/wf replaced/);
  assert.equal(JSON.parse(await ok('get', 'cm', 'wf', '-o', 'json')).data.a, '3');
});

test('apply -f of a Deployment merges containers by name (strategic merge patch)', { skip }, async () => {
  const deploy = (image: string, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: main
        image: ${image}
${extra}`;
  const p = file('deploy.yaml', deploy('nginx:1'));
  await ok('apply', '-f', p);
  // Another writer adds a sidecar; a re-apply must keep it (merge by name), and change the image.
  await ok('patch', 'deployment', 'web', '--type=strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox"}]}}}}');
  writeFileSync(p, deploy('nginx:2'));
  await ok('apply', '-f', p);
  const d = JSON.parse(await ok('get', 'deployment', 'web', '-o', 'json'));
  const names = d.spec.template.spec.containers.map((c: { name: string }) => c.name).sort();
  assert.deepEqual(names, ['main', 'sidecar']);
  assert.equal(d.spec.template.spec.containers.find((c: { name: string }) => c.name === 'main').image, 'nginx:2');
  assert.equal(d.metadata.generation, 3);
});

test('edit with EDITOR set to a script', { skip }, async () => {
  await ok('create', 'configmap', 'edited', '--from-literal=a=1');
  const editor = file('editor.sh', '#!/bin/sh\nsed -i \'s/a: "1"/a: "edited"/\' "$1"\n');
  chmodSync(editor, 0o755);
  const r = await s.kubectl(['edit', 'configmap', 'edited'], { env: { EDITOR: editor, KUBE_EDITOR: editor } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /configmap\/edited edited/);
  assert.equal(JSON.parse(await ok('get', 'cm', 'edited', '-o', 'json')).data.a, 'edited');
});

test('explain reads the OpenAPI v3 documents', { skip }, async () => {
  const out = await ok('explain', 'deployment.spec.replicas');
  assert.match(out, /GROUP:\s+apps/);
  assert.match(out, /FIELD: replicas <integer>/);
});

test('get in every output format', { skip }, async () => {
  await ok('create', 'configmap', 'out1', '--from-literal=a=1', '--from-literal=b=2');
  await ok('label', 'configmap', 'out1', 'tier=web');
  const table = await ok('get', 'configmap', 'out1');
  assert.match(table, /^NAME\s+DATA\s+AGE\n/);
  assert.match(table, /^out1\s+2\s+\d+s\n/m);
  assert.match(await ok('get', 'configmap', 'out1', '-o', 'wide'), /^out1\s+2\s+/m);
  assert.equal(await ok('get', 'configmap', 'out1', '-o', 'name'), 'configmap/out1\n');
  assert.equal(await ok('get', 'configmap', 'out1', '-o', 'jsonpath={.data.b}'), '2');
  assert.match(await ok('get', 'configmap', 'out1', '-o', 'custom-columns=N:.metadata.name,A:.data.a'), /^N\s+A\nout1\s+1\n$/);
  assert.match(await ok('get', 'configmap', 'out1', '--show-labels'), /tier=web/);
  assert.match(await ok('get', 'configmap', 'out1', '-L', 'tier'), /^NAME\s+DATA\s+AGE\s+TIER\nout1\s+2\s+\S+\s+web\n$/);
  assert.match(await ok('get', 'configmap', 'out1', '-o', 'yaml'), /^apiVersion: v1\ndata:\n  a: "1"\n  b: "2"\nkind: ConfigMap\n/);
  const ns = await ok('get', 'namespaces');
  assert.match(ns, /^NAME\s+STATUS\s+AGE\n/);
  assert.match(ns, /^default\s+Active\s+/m);
  assert.match(await ok('get', 'all'), /service\/kubernetes\s+ClusterIP\s+10\.0\.0\.1\s+<none>\s+443\/TCP/);
});

test('--validate=strict|warn|false: the server rejects, warns about or ignores an unknown field', { skip }, async () => {
  const p = file('bad.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: badfield\nbogus: 1\n');
  const strict = await s.kubectl(['create', '-f', p]);
  assert.equal(strict.code, 1);
  assert.equal(
    strict.stderr.trim(),
    `Error from server (BadRequest): error when creating "${p}": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"`,
  );
  const warn = await s.kubectl(['create', '-f', p, '--validate=warn']);
  assert.equal(warn.code, 0, warn.stderr);
  assert.equal(warn.stderr.trim(), 'Warning: unknown field "bogus"');
  await ok('delete', 'configmap', 'badfield');
  const off = await s.kubectl(['create', '-f', p, '--validate=false']);
  assert.equal(off.code, 0, off.stderr);
  assert.equal(off.stderr, '');
  const stored = JSON.parse(await ok('get', 'configmap', 'badfield', '-o', 'json'));
  assert.equal(stored.bogus, undefined);
});
