// core/limitranges (LimitRange): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';

export const limitranges: BuiltinResource = {
  group: '',
  resource: 'limitranges',
  kind: 'LimitRange',
  allowCreateOnUpdate: true,
};
