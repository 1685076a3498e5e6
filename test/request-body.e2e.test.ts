// Request bodies are read up to --max-request-body-bytes (kube's limitedReadBody): a body that passes the limit
// is refused with kube's 413 whether or not it declared its length, nothing is stored, and the server keeps
// serving; bodies within the limit are read whole, over HTTP/2 (no content-length) and HTTP/1.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const LIMIT = 4096;
const CMS = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'content-type': 'application/json' };
let s: TestServer;

const configMap = (name: string, bytes: number): string =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { text: 'x'.repeat(bytes) } });

before(async () => {
  s = await startTestServer({ maxRequestBodyBytes: LIMIT });
});
after(async () => {
  await s?.stop();
});

for (const http2 of [true, false]) {
  const how = http2 ? 'HTTP/2 without content-length' : 'HTTP/1.1 with content-length';

  test(`a body past the limit over ${how} is refused with 413 and nothing is stored`, async () => {
    const name = http2 ? 'big-h2' : 'big-h1';
    const r = await s.request('POST', CMS, { http2, headers: JSON_CT, body: configMap(name, 3 * LIMIT) });
    assert.equal(r.status, 413);
    const st = r.json();
    assert.equal(st.reason, 'RequestEntityTooLarge');
    assert.equal(st.message, `Request entity too large: limit is ${LIMIT}`);
    assert.equal((await s.request('GET', `${CMS}/${name}`)).status, 404);
    assert.equal((await s.request('GET', '/readyz')).status, 200);
  });

  test(`a body within the limit over ${how} is read whole`, async () => {
    const name = http2 ? 'small-h2' : 'small-h1';
    const r = await s.request('POST', CMS, { http2, headers: JSON_CT, body: configMap(name, LIMIT - 200) });
    assert.equal(r.status, 201, r.body);
    assert.equal(r.json().data.text.length, LIMIT - 200);
  });
}
