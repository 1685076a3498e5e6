// Lists of several megabytes go out in chunks: the same bytes, Content-Length and headers as a body written whole
// (the gzip path still writes it whole), over HTTP/1.1 and HTTP/2, as JSON and as Table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';

const COUNT = 40;
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
const PATH = '/api/v1/namespaces/big/configmaps';

let s: TestServer;
before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  await s.request('POST', '/api/v1/namespaces', { headers: { 'content-type': 'application/json' }, body: '{"metadata":{"name":"big"}}' });
  const blob = 'x'.repeat(100 * 1024);
  for (let i = 0; i < COUNT; i++) {
    const r = await s.request('POST', `${PATH}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: `cm${i}`, labels: { n: String(i) } }, data: { blob } }) });
    assert.equal(r.status, 201);
  }
});
after(async () => {
  await s.close();
});

/** The list as a body written whole: gzip makes the server encode it in one piece. */
function gzipped(accept: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const u = new URL(PATH, s.url);
  return new Promise((resolve, reject) => {
    httpsRequest({ host: u.hostname, port: u.port, path: u.pathname, ca: s.ca, cert: s.admin.cert, key: s.admin.key, headers: { 'accept-encoding': 'gzip', accept } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve({ headers: r.headers, body: gunzipSync(Buffer.concat(chunks)) }));
    })
      .on('error', reject)
      .end();
  });
}

for (const http2 of [false, true]) {
  const proto = http2 ? 'HTTP/2' : 'HTTP/1.1';

  test(`${proto}: a JSON list of ${COUNT} objects of 100 KiB is the same bytes as the list written whole, with its Content-Length`, async () => {
    const whole = await gzipped('application/json');
    const r = await s.request('GET', PATH, { http2 });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers['cache-control'], 'no-cache, private');
    assert.equal(r.headers['content-encoding'], undefined);
    assert.ok(r.headers['audit-id']);
    assert.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body));
    assert.ok(Buffer.byteLength(r.body) > 3 * 1024 * 1024);
    assert.equal(r.body, whole.body.toString());
    const list = r.json();
    assert.equal(list.kind, 'ConfigMapList');
    assert.equal(list.items.filter((i: { metadata: { name: string } }) => i.metadata.name.startsWith('cm')).length, COUNT);
    const one = await s.request('GET', `${PATH}/cm7`, { http2 });
    assert.deepEqual(list.items.find((i: { metadata: { name: string } }) => i.metadata.name === 'cm7'), one.json());
  });

  test(`${proto}: a Table list of ${COUNT} objects with includeObject=Object is the Table written whole`, async () => {
    const path = `${PATH}?includeObject=Object`;
    const r = await s.request('GET', path, { http2, headers: { accept: TABLE } });
    assert.equal(r.status, 200);
    assert.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body));
    assert.ok(Buffer.byteLength(r.body) > 3 * 1024 * 1024);
    const table = r.json();
    const u = new URL(path, s.url);
    const whole = await new Promise<Buffer>((resolve, reject) => {
      httpsRequest({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, ca: s.ca, cert: s.admin.cert, key: s.admin.key, headers: { 'accept-encoding': 'gzip', accept: TABLE } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(gunzipSync(Buffer.concat(chunks))));
      })
        .on('error', reject)
        .end();
    });
    // Age cells may move on between the two requests; everything else is the same.
    const withoutAge = (t: { rows: { cells: unknown[] }[] }) => ({ ...t, rows: t.rows.map((row) => ({ ...row, cells: row.cells.slice(0, -1) })) });
    assert.deepEqual(withoutAge(table), withoutAge(JSON.parse(whole.toString())));
    assert.equal(table.rows.filter((row: { cells: string[] }) => row.cells[0]!.startsWith('cm')).length, COUNT);
  });
}

test('HEAD of a large list answers its headers without a body', async () => {
  const r = await s.request('HEAD', PATH, { http2: true });
  assert.equal(r.status, 200);
  assert.equal(r.body, '');
  assert.ok(Number(r.headers['content-length']) > 3 * 1024 * 1024);
});
