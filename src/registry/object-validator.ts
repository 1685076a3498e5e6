// Connects the generic store to registry/validation: metadata and kind rules in kube's order.
import { validateObjectCreate, validateObjectUpdate } from './validation/validate-object.js';
import type { MetaValidator } from './generic-store.js';

export const objectValidator: MetaValidator = {
  create: (obj, def) => validateObjectCreate({ group: def.group, kind: def.kind }, obj, { namespaced: def.namespaced }),
  update: (obj, old, def, subresource) =>
    validateObjectUpdate({ group: def.group, kind: def.kind }, obj, old, { namespaced: def.namespaced, subresource: subresource || undefined }),
};
