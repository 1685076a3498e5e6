import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertWithWebhook } from './conversion-webhook.js';
import type { CRD } from './crd-types.js';
import { StatusError } from '../errors/status.js';

type Obj = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: Server;
let answer: (review: Obj) => Obj;
let url: string;

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(JSON.parse(body)))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/convert`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const crd = (versions = ['v1']): CRD => ({ metadata: { name: 'things.example.com' }, spec: { group: 'example.com', conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: versions, clientConfig: { url } } } } }) as unknown as CRD;
const noServices = async () => ({ error: 'none' });
const thing = (name: string, apiVersion = 'example.com/v1') => ({ apiVersion, kind: 'Thing', metadata: { name, uid: `uid-${name}`, labels: { a: '1' } }, spec: { x: name } });
const ok = (rv: Obj, objects: Obj[]) => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid: rv.request.uid, result: { status: 'Success' }, convertedObjects: objects } });
async function failure(objects: Obj[], desired = 'example.com/v2', versions?: string[]): Promise<string> {
  try {
    await convertWithWebhook(crd(versions), objects, desired, noServices);
  } catch (e) {
    assert.ok(e instanceof StatusError);
    assert.equal(e.code, 500);
    assert.equal(e.reason, '');
    return e.message;
  }
  return 'no error';
}

test('objects already in the desired version are not sent; metadata other than labels and annotations stays the original\'s', async () => {
  answer = (rv) => ok(rv, rv.request.objects.map((o: Obj) => ({ ...o, apiVersion: rv.request.desiredAPIVersion, metadata: { name: 'renamed', labels: { b: '2' } } })));
  const out = await convertWithWebhook(crd(), [thing('a'), thing('b', 'example.com/v2')], 'example.com/v2', noServices);
  assert.deepEqual(out.map((o) => [o.apiVersion, o.metadata.name, o.metadata.uid, o.metadata.labels]), [
    ['example.com/v2', 'a', 'uid-a', { b: '2' }],
    ['example.com/v2', 'b', 'uid-b', { a: '1' }],
  ]);
});

test('kube\'s errors for answers that are wrong', async () => {
  const gvk = 'conversion webhook for example.com/v1, Kind=Thing';
  answer = (rv) => ({ ...ok(rv, []), response: { uid: 'other', result: { status: 'Success' } } });
  assert.match(await failure([thing('a')]), new RegExp(`^${gvk} failed: expected response\\.uid="[0-9a-f-]{36}", got "other"$`));
  answer = (rv) => ({ ...ok(rv, []), apiVersion: 'apiextensions.k8s.io/v1beta1' });
  assert.equal(await failure([thing('a')]), `${gvk} failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1beta1, Kind=ConversionReview`);
  answer = (rv) => ({ ...ok(rv, []), response: { uid: rv.request.uid, result: { status: 'Failure' } } });
  assert.equal(await failure([thing('a')]), `${gvk} failed: response.result.status was 'Failure', not 'Success'`);
  answer = (rv) => ok(rv, []);
  assert.equal(await failure([thing('a')]), `${gvk} returned 0 objects, expected 1`);
  answer = (rv) => ok(rv, [thing('a', 'example.com/v3')]);
  assert.equal(await failure([thing('a')]), `${gvk} returned invalid object at index 0: invalid groupVersion (expected example.com/v2, received example.com/v3)`);
  answer = (rv) => ok(rv, [{ ...thing('a', 'example.com/v2'), kind: 'Other' }]);
  assert.equal(await failure([thing('a')]), `${gvk} returned invalid object at index 0: invalid kind (expected Thing, received Other)`);
  assert.equal(await failure([thing('a')], 'example.com/v2', ['v2']), 'no supported conversion review versions');
});

test('v1beta1 reviews: no uid or kind check on the answer', async () => {
  answer = (rv) => {
    assert.equal(rv.apiVersion, 'apiextensions.k8s.io/v1beta1');
    return { response: { result: { status: 'Success' }, convertedObjects: rv.request.objects.map((o: Obj) => ({ ...o, apiVersion: 'example.com/v2' })) } };
  };
  const [out] = await convertWithWebhook(crd(['v1beta1']), [thing('a')], 'example.com/v2', noServices);
  assert.equal(out!.apiVersion, 'example.com/v2');
});
