import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Attributes, Authorizer } from '../authz/authorizer.js';
import type { RequestContext } from '../http/request-context.js';
import { writeJSON } from '../http/respond.js';
import { compose } from './filter.js';
import { withImpersonation } from './impersonation.js';

/** An authorizer that allows impersonating everything except the resources listed. */
function allowingExcept(denied: string[]): Authorizer {
  return { name: 'test', authorize: (a: Attributes) => (denied.includes(a.resource) ? { decision: 'noOpinion', reason: '' } : { decision: 'allow', reason: '' }) };
}

async function run(authorizer: Authorizer, headers: [string, string][]) {
  const handler = compose([withImpersonation(authorizer)], async (ctx) => writeJSON(ctx, 200, ctx.user));
  const server = createServer((req, res) => {
    const ctx = { req, res, http2: false, method: 'GET', path: '/x', query: new URLSearchParams(), receivedAt: 0, auditId: 'a', requestInfo: {} as never, warnings: [], user: { name: 'bob', groups: ['system:authenticated'] } } as unknown as RequestContext;
    void handler(ctx);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  try {
    return await new Promise<{ status: number; body: any }>((resolve, reject) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const req = request({ port, host: '127.0.0.1', path: '/x' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
      });
      for (const [k, v] of headers) req.appendHeader(k, v);
      req.on('error', reject).end();
    });
  } finally {
    server.close();
  }
}

const base: [string, string][] = [['Impersonate-User', 'jane'], ['Impersonate-Group', 'dev'], ['Impersonate-Extra-Scopes', 'read'], ['Impersonate-Uid', '1234']];

test('each impersonated value is authorized in order with kube\'s Forbidden texts', async () => {
  const groups = await run(allowingExcept(['groups']), base);
  assert.equal(groups.status, 403);
  assert.equal(groups.body.message, 'groups "dev" is forbidden: User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope');
  const extras = await run(allowingExcept(['userextras']), base);
  assert.equal(extras.body.message, 'userextras.authentication.k8s.io "read" is forbidden: User "bob" cannot impersonate resource "userextras/scopes" in API group "authentication.k8s.io" at the cluster scope');
  assert.deepEqual(extras.body.details, { name: 'read', group: 'authentication.k8s.io', kind: 'userextras' });
  const uids = await run(allowingExcept(['uids']), base);
  assert.equal(uids.body.message, 'uids.authentication.k8s.io "1234" is forbidden: User "bob" cannot impersonate resource "uids" in API group "authentication.k8s.io" at the cluster scope');
});

test('allowed: the new user is built from the headers only, one extra value per header line', async () => {
  const r = await run(allowingExcept([]), [...base, ['Impersonate-Extra-Scopes', 'write, admin']]);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { name: 'jane', groups: ['dev', 'system:authenticated'], uid: '1234', extra: { scopes: ['read', 'write, admin'] } });
});
