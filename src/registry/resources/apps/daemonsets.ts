// apps/daemonsets (DaemonSet): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { jsonEqual, meta, type KObject } from '../../../api/object.js';
import { defaultPointers, defaultStrings, struct, type TypeDefaults } from '../defaulting.js';
import { daemonSetPrinter } from '../../../printers/kinds/apps.js';
import { validateDaemonSetSpec, validateSelectorUnchanged } from '../../validation/kind-workloads.js';

// SetDefaults_DaemonSet (apps/v1): rolling updates one pod at a time without surge, ten old revisions.
const daemonSetDefaults: TypeDefaults = {
  'io.k8s.api.apps.v1.DaemonSet': (d) => {
    const spec = struct(d, 'spec');
    const strategy = struct(spec, 'updateStrategy');
    defaultStrings(strategy, { type: 'RollingUpdate' });
    if (strategy.type === 'RollingUpdate') defaultPointers(struct(strategy, 'rollingUpdate'), { maxUnavailable: 1, maxSurge: 0 });
    defaultPointers(spec, { revisionHistoryLimit: 10 });
  },
};

// The internal spec.templateGeneration (1 on create, +1 when the template changes; clients cannot set it), which
// apps/v1 carries as an annotation (kube's DaemonSet strategy and v1 conversion).
const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function setTemplateGeneration(ds: KObject, generation: number): void {
  const md = meta(ds);
  md.annotations = { ...(md.annotations ?? {}), [TEMPLATE_GENERATION]: String(generation) };
}

function templateGenerationOf(ds: KObject): number {
  const n = Number(ds.metadata?.annotations?.[TEMPLATE_GENERATION]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export const appsDaemonsets: BuiltinResource = {
  group: 'apps',
  resource: 'daemonsets',
  kind: 'DaemonSet',
  defaults: daemonSetDefaults,
  tracksGeneration: true,
  strategy: (base) => ({
    ...base,
    async prepareForCreate(obj, ctx) {
      await base.prepareForCreate(obj, ctx);
      setTemplateGeneration(obj, 1);
    },
    prepareForUpdate(obj, old, ctx) {
      base.prepareForUpdate(obj, old, ctx);
      if (ctx.subresource) return;
      const previous = templateGenerationOf(old);
      setTemplateGeneration(obj, jsonEqual(obj.spec?.template, old.spec?.template) ? previous : previous + 1);
    },
  }),
  validateCreate: (obj) => validateDaemonSetSpec(obj),
  validateUpdate: (obj, old, m) => m.subresource ? m.update() : [...m.update(), ...validateDaemonSetSpec(obj), ...validateSelectorUnchanged(obj, old)],
  printer: daemonSetPrinter,
};
