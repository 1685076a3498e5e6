// core/serviceaccounts (ServiceAccount): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { serviceAccountPrinter } from '../../../printers/kinds/core.js';
import { serviceAccountToken } from './serviceaccount-token.js';

export const serviceaccounts: BuiltinResource = {
  group: '',
  resource: 'serviceaccounts',
  kind: 'ServiceAccount',
  returnDeletedObject: true,
  validateUpdate: (obj, _old, m) => [...m.update(), ...m.create()],
  // POST serviceaccounts/{name}/token: a bound token for the account.
  subresources: { token: serviceAccountToken },
  printer: serviceAccountPrinter,
};
