// --openapi-descriptions: descriptions from a kube-style swagger.json (here a small one written by the test) reach
// kubectl explain through /openapi/v3 and /openapi/v2; without it, or for schemas the file does not name, explain
// prints <no description>.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { findKubectl } from '../src/testing/kubectl.js';

const dir = mkdtempSync(join(tmpdir(), 'kubelite-descriptions-'));
const swagger = join(dir, 'swagger.json');
writeFileSync(
  swagger,
  JSON.stringify({
    swagger: '2.0',
    definitions: {
      'io.k8s.api.core.v1.ConfigMap': { description: 'Test text for the ConfigMap kind.', properties: { data: { description: 'Test text for the data field.', type: 'object' } } },
    },
  }),
);
let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory', openapiDescriptions: swagger });
});
after(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('kubectl explain shows the descriptions of the file, and <no description> where it has none', { skip: !findKubectl() && 'no kubectl 1.33' }, async () => {
  const kind = await s.kubectl(['explain', 'configmaps']);
  assert.equal(kind.code, 0, kind.stderr);
  assert.match(kind.stdout, /DESCRIPTION:\n {4}Test text for the ConfigMap kind\.\n/);
  assert.match(kind.stdout, /data\t<map\[string\]string>\n {4}Test text for the data field\.\n/);
  assert.match(kind.stdout, /binaryData\t<map\[string\]string>\n {4}<no description>\n/);
  const field = await s.kubectl(['explain', 'configmaps.data']);
  assert.match(field.stdout, /DESCRIPTION:\n {4}Test text for the data field\.\n/);
  const other = await s.kubectl(['explain', 'secrets']);
  assert.match(other.stdout, /DESCRIPTION:\n {4}<empty>\n|DESCRIPTION:\n {4}<no description>\n/);
});

test('the v2 document carries them too', async () => {
  const r = await s.request('GET', '/openapi/v2', { headers: { accept: 'application/json' } });
  const defs = r.json().definitions;
  assert.equal(defs['io.k8s.api.core.v1.ConfigMap'].description, 'Test text for the ConfigMap kind.');
  assert.equal(defs['io.k8s.api.core.v1.ConfigMap'].properties.data.description, 'Test text for the data field.');
  assert.equal(defs['io.k8s.api.core.v1.Secret'].description, undefined);
});

test('a missing file is refused at start', async () => {
  await assert.rejects(startTestServer({ storageBackend: 'memory', openapiDescriptions: join(dir, 'nope.json') }), { message: `--openapi-descriptions: no such file or directory: ${join(dir, 'nope.json')}` });
});
