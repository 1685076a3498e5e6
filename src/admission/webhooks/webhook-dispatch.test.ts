import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MutatingWebhooks, ValidatingWebhooks, type WebhookDeps } from './webhook-dispatch.js';
import { webhooksOf } from './config-source.js';
import type { WebhookConfigSource } from './config-source.js';
import type { AdmissionAttributes } from '../../registry/admission.js';
import { internalOperation } from '../../registry/operation-context.js';

type Obj = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: Server;
let base: string;
const answers = new Map<string, (rv: Obj) => Obj>();

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const rv = JSON.parse(body);
      const response = answers.get(req.url!.split('?')[0]!)!(rv);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ apiVersion: rv.apiVersion, kind: 'AdmissionReview', response: { uid: rv.request.uid, ...response } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const deps: WebhookDeps = {
  namespaceLabels: async () => ({}),
  equivalents: () => [],
  versioned: (a) => ({ object: a.object, oldObject: a.oldObject }),
  redefault: () => undefined,
  unversion: (_a, _inv, o) => o,
  subresourceView: (a) => ({ attrs: a }),
  resolveService: async () => ({ error: 'none' }),
};
const source = (type: 'mutating' | 'validating', hooks: Obj[]) => ({ webhooks: async () => webhooksOf(type, { metadata: { name: 'cfg' }, webhooks: hooks }) }) as unknown as WebhookConfigSource;
const hook = (name: string, url: string, extra: Obj = {}) => ({
  name,
  clientConfig: { url },
  rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: '*' }],
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  ...extra,
});
const attrs = (): AdmissionAttributes => ({
  operation: 'CREATE',
  kind: { group: '', version: 'v1', kind: 'ConfigMap' },
  resource: { group: '', version: 'v1', resource: 'configmaps' },
  subresource: '',
  name: 'cm',
  namespace: 'default',
  object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' } },
  dryRun: false,
  context: { ...internalOperation(), auditAnnotations: {} },
});

test('validating: audit annotations as <webhook>/<key>, warnings, and a failed-open annotation under Ignore', async () => {
  answers.set('/v', () => ({ allowed: true, warnings: ['careful'], auditAnnotations: { reason: 'looked' } }));
  const a = attrs();
  await new ValidatingWebhooks(source('validating', [hook('v.example.com', `${base}/v`), hook('gone.example.com', 'http://127.0.0.1:1/x', { failurePolicy: 'Ignore' })]), deps).validate(a);
  assert.deepEqual(a.context.warnings, ['careful']);
  assert.deepEqual(a.context.auditAnnotations, {
    'v.example.com/reason': 'looked',
    'failed-open.validating.webhook.admission.k8s.io/round_0_index_1': 'gone.example.com',
  });
});

test('mutating: the mutation annotation per call, the patch applied in place', async () => {
  const patch = Buffer.from(JSON.stringify([{ op: 'add', path: '/data', value: { k: 'v' } }])).toString('base64');
  answers.set('/m', () => ({ allowed: true, patchType: 'JSONPatch', patch }));
  answers.set('/n', () => ({ allowed: true }));
  const a = attrs();
  const obj = a.object!;
  await new MutatingWebhooks(source('mutating', [hook('m.example.com', `${base}/m`), hook('n.example.com', `${base}/n`)]), deps).admit(a);
  assert.equal(a.object, obj);
  assert.deepEqual(obj.data, { k: 'v' });
  assert.deepEqual(a.context.auditAnnotations, {
    'mutation.webhook.admission.k8s.io/round_0_index_0': '{"configuration":"cfg","webhook":"m.example.com","mutated":true}',
    'mutation.webhook.admission.k8s.io/round_0_index_1': '{"configuration":"cfg","webhook":"n.example.com","mutated":false}',
  });
});

test('mutating: a patch for a DELETE, an unsupported patch type and a patch that does not apply', async () => {
  const patch = Buffer.from('[{"op":"replace","path":"/nope/x","value":1}]').toString('base64');
  answers.set('/bad', () => ({ allowed: true, patchType: 'JSONPatch', patch }));
  answers.set('/type', () => ({ allowed: true, patchType: 'MergePatch', patch: Buffer.from('[{"op":"add","path":"/x","value":1}]').toString('base64') }));
  const run = async (h: Obj, a = attrs()) => {
    try {
      await new MutatingWebhooks(source('mutating', [h]), deps).admit(a);
    } catch (e) {
      return [(e as Obj).code, (e as Error).message];
    }
    return 'no error';
  };
  assert.deepEqual(await run(hook('type.example.com', `${base}/type`)), [500, 'Internal error occurred: failed calling webhook "type.example.com": unsupported patch type "MergePatch"']);
  const del = { ...attrs(), operation: 'DELETE' as const, object: undefined, oldObject: attrs().object };
  const deleteRule = { rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'], scope: '*' }] };
  assert.deepEqual(await run(hook('del.example.com', `${base}/bad`, deleteRule), del), [500, 'Internal error occurred: admission webhook "del.example.com" attempted to modify the object, which is not supported for this operation']);
  const [code, message] = (await run(hook('bad.example.com', `${base}/bad`))) as [number, string];
  assert.equal(code, 500);
  assert.match(message, /^Internal error occurred: /);
});
