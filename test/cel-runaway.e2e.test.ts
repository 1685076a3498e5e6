// A custom resource whose CEL rules exhaust kube's per-object runtime budget (each evaluation within the per-call
// limit, so the CRD is accepted; together far beyond 10,000,000): the write is refused with kube's budget error while
// the server's event loop keeps turning (evaluations are time-sliced, and one too long for a slice runs in a worker).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../src/testing/test-server.js';
import { compileSchemaRules } from '../src/apiextensions/cel/compile-rules.js';
import { evaluateRules } from '../src/apiextensions/cel/evaluate-rules.js';

let s: TestServer;
const JSON_CT = { 'content-type': 'application/json' };
const HEAVIES = '/apis/runaway.example.com/v1/namespaces/default/heavies';

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'heavies.runaway.example.com' },
  spec: {
    group: 'runaway.example.com', scope: 'Namespaced', names: { plural: 'heavies', singular: 'heavy', kind: 'Heavy', listKind: 'HeavyList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: {
        groups: { type: 'array', maxItems: 10, items: {
          type: 'object',
          // Nested comprehensions: about 330 × 330 iterations per evaluation, two rules per group. Each rule alone fits
          // kube's estimated limit (cost × 10 groups); both together exceed the runtime budget.
          'x-kubernetes-validations': [{ rule: 'self.vals.all(a, self.vals.all(b, a + b >= 0))' }, { rule: 'self.vals.all(a, self.vals.all(b, a - b <= 1000))' }],
          properties: { vals: { type: 'array', maxItems: 330, items: { type: 'integer' } } },
        } },
      } } } } },
    }],
  },
};

before(async () => {
  s = await startTestServer({ storageBackend: 'memory' });
  const r = await s.request('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { headers: JSON_CT, body: JSON.stringify(crd) });
  assert.equal(r.status, 201, r.body);
});
after(async () => {
  await s.close();
});

test('rules past the runtime budget: kube\'s budget error, and the event loop never held for long', async () => {
  const vals = Array.from({ length: 330 }, (_, i) => i);
  const body = JSON.stringify({ apiVersion: 'runaway.example.com/v1', kind: 'Heavy', metadata: { name: 'h' }, spec: { groups: Array.from({ length: 10 }, () => ({ vals })) } });
  let r = await s.request('POST', HEAVIES, { headers: JSON_CT, body });
  for (let i = 0; i < 50 && r.status === 404; i++) {
    await new Promise((res) => setTimeout(res, 100));
    r = await s.request('POST', HEAVIES, { headers: JSON_CT, body });
  }
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  r = await s.request('POST', HEAVIES, { headers: JSON_CT, body: body.replace('"name":"h"', '"name":"h2"') });
  const took = performance.now() - started;
  histogram.disable();
  assert.equal(r.status, 422, r.body);
  const causes = r.json().details.causes as { field: string; message: string }[];
  const budget = causes.find((c) => c.message.includes('running out of cost budget'));
  assert.ok(budget, JSON.stringify(causes));
  assert.match(budget.message, /^Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run$/);
  assert.match(budget.field, /^spec\.groups\[\d+\]$/);
  // The same rules evaluated in one go, as one synchronous stretch, on this machine now: what the event loop would
  // be held for. Sliced, it is held a few milliseconds at a time; the bounds are generous (a loaded machine, garbage
  // collection and the test client share the loop).
  const object = JSON.parse(body);
  const rules = compileSchemaRules(crd.spec.versions[0]!.schema.openAPIV3Schema as never)!;
  const t0 = performance.now();
  const inOneGo = evaluateRules(rules, object, undefined);
  const syncMs = performance.now() - t0;
  assert.equal(inOneGo.errors.length, 1, 'the same budget error');
  const maxMs = histogram.max / 1e6;
  const message = `event loop held for ${maxMs.toFixed(1)} ms (request ${took.toFixed(0)} ms; the rules in one go take ${syncMs.toFixed(0)} ms)`;
  assert.ok(maxMs < syncMs / 3, message);
  assert.ok(maxMs < 250, message);
});
