// core/limitranges (LimitRange): everything kubelite knows about it beyond the catalog, in one place.
import type { BuiltinResource } from '../builtin-resource.js';
import { isMap, type TypeDefaults } from '../defaulting.js';

// SetDefaults_LimitRangeItem: a Container item's default comes from max, its default request from default, then min.
const limitRangeDefaults: TypeDefaults = {
  'io.k8s.api.core.v1.LimitRangeItem': (item) => {
    if (item.type !== 'Container') return;
    const fill = (key: string, from: unknown) => {
      if (!isMap(from)) return;
      const target = isMap(item[key]) ? (item[key] as Record<string, unknown>) : {};
      for (const [k, v] of Object.entries(from)) if (!(k in target)) target[k] = v;
      if (Object.keys(target).length) item[key] = target;
    };
    fill('default', item.max);
    fill('defaultRequest', item.default);
    fill('defaultRequest', item.min);
  },
};

export const limitranges: BuiltinResource = {
  group: '',
  resource: 'limitranges',
  kind: 'LimitRange',
  defaults: limitRangeDefaults,
  allowCreateOnUpdate: true,
};
