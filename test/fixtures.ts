// Objects several end-to-end suites create.
import { connect } from 'node:http2';
import type { TestServer } from '../src/testing/test-server.js';

/** A namespaced CRD `things.example.com/v1` (kind Thing) whose spec keeps any fields. */
export const THING_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'things.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'things', singular: 'thing', kind: 'Thing', listKind: 'ThingList' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } } } }],
  },
};

/** One HTTP/2 request as the admin, answering the raw bytes (for Protobuf and CBOR bodies). */
export async function rawRequest(s: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const session = connect(s.url, { ca: s.ca, cert: s.admin.cert, key: s.admin.key });
  try {
    return await new Promise((resolve, reject) => {
      const req = session.request({ ':method': method, ':path': path, ...headers });
      let status = 0;
      let type = '';
      const chunks: Buffer[] = [];
      req.on('response', (h) => {
        status = Number(h[':status']);
        type = String(h['content-type'] ?? '');
      });
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve({ status, type, bytes: Buffer.concat(chunks) }));
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    session.close();
  }
}
