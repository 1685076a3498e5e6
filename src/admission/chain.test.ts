import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdmissionChain, type AdmissionPlugin } from './chain.js';
import type { AdmissionAttributes, AdmissionOperation } from '../registry/admission.js';

function attrs(group: string, resource: string, operation: AdmissionOperation = 'CREATE'): AdmissionAttributes {
  return {
    operation,
    kind: { group, version: 'v1', kind: 'X' },
    resource: { group, version: 'v1', resource },
    subresource: '',
    name: 'n',
    namespace: 'ns',
    object: {},
    dryRun: false,
    context: {} as AdmissionAttributes['context'],
  };
}

function recorder(name: string, seen: string[], resources?: AdmissionPlugin['resources']): AdmissionPlugin {
  return {
    name,
    operations: new Set<AdmissionOperation>(['CREATE', 'UPDATE']),
    resources,
    async admit(a) {
      seen.push(`${name} admit ${a.resource.group}/${a.resource.resource}`);
    },
    async validate(a) {
      seen.push(`${name} validate ${a.resource.group}/${a.resource.resource}`);
    },
  };
}

test('admission chain calls a plug-in only for the resources it declares, in chain order', async () => {
  const seen: string[] = [];
  const chain = new AdmissionChain([recorder('Any', seen), recorder('Pods', seen, [['', 'pods']]), recorder('Rbac', seen, [['rbac.authorization.k8s.io', '*']])]);
  for (const [g, r] of [['', 'configmaps'], ['', 'pods'], ['rbac.authorization.k8s.io', 'roles'], ['', 'pods']] as const) {
    await chain.admit(attrs(g, r));
    await chain.validate(attrs(g, r, 'UPDATE'));
  }
  assert.deepEqual(seen, [
    'Any admit /configmaps',
    'Any validate /configmaps',
    'Any admit /pods',
    'Pods admit /pods',
    'Any validate /pods',
    'Pods validate /pods',
    'Any admit rbac.authorization.k8s.io/roles',
    'Rbac admit rbac.authorization.k8s.io/roles',
    'Any validate rbac.authorization.k8s.io/roles',
    'Rbac validate rbac.authorization.k8s.io/roles',
    'Any admit /pods',
    'Pods admit /pods',
    'Any validate /pods',
    'Pods validate /pods',
  ]);
});

test('admission chain counts a plug-in that does not act on the resource in its metrics all the same', async () => {
  const observed: string[] = [];
  const histogram = { observe: (labels: { name?: string; type: string }) => observed.push(`${labels.name ?? 'step'} ${labels.type}`) };
  const metrics = { admissionController: histogram, admissionStep: histogram } as unknown as ConstructorParameters<typeof AdmissionChain>[1];
  const chain = new AdmissionChain([recorder('Any', []), recorder('Pods', [], [['', 'pods']])], metrics);
  await chain.admit(attrs('', 'configmaps'));
  assert.deepEqual(observed, ['Any admit', 'Pods admit', 'step admit']);
});
