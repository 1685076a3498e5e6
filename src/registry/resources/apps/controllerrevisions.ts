// apps/controllerrevisions (ControllerRevision): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { controllerRevisionPrinter } from '../../../printers/kinds/apps.js';

export const appsControllerrevisions: BuiltinResource = {
  group: 'apps',
  resource: 'controllerrevisions',
  kind: 'ControllerRevision',
  validateUpdate: (obj, _old, m) => [...m.update(), ...m.create()],
  printer: controllerRevisionPrinter,
};
