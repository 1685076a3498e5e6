// core/podtemplates (PodTemplate): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { podTemplatePrinter } from '../../../printers/kinds/core.js';

export const podtemplates: BuiltinResource = {
  group: '',
  resource: 'podtemplates',
  kind: 'PodTemplate',
  printer: podTemplatePrinter,
};
