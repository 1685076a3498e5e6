// Secret strategy: stringData is write-only and folded into data (base64) on create and update; type defaults to Opaque.
import type { KObject } from '../../api/object.js';
import type { Strategy } from '../strategy.js';

function foldStringData(obj: KObject): void {
  if (obj.stringData && typeof obj.stringData === 'object') {
    obj.data = { ...(obj.data ?? {}) };
    for (const [k, v] of Object.entries(obj.stringData as Record<string, string>)) obj.data[k] = Buffer.from(String(v), 'utf8').toString('base64');
  }
  delete obj.stringData;
  if (!obj.type) obj.type = 'Opaque';
}

export function secretStrategy(base: Strategy): Strategy {
  return {
    ...base,
    prepareForCreate: (obj) => foldStringData(obj),
    prepareForUpdate: (obj) => foldStringData(obj),
  };
}
