// The `object` of admission attributes for a write the worker prepared: the desired object's JSON text, decoded on a
// plug-in's first read. Whether any plug-in read or replaced it decides whether the prepared outcome can stand.
import type { KubeObject } from '../api/object.js';
import type { AdmissionAttributes } from './admission.js';
import { markDecoded } from './decoded-objects.js';

export interface LazyAdmittedObject {
  /** True once a plug-in read or replaced the object. */
  looked(): boolean;
  /** The object as admission left it (decoding the JSON when no plug-in did). */
  object(): KubeObject;
}

export function lazyAdmittedObject(attributes: AdmissionAttributes, json: string): LazyAdmittedObject {
  let obj: KubeObject | undefined;
  let looked = false;
  const decode = (): KubeObject => {
    if (obj === undefined) {
      obj = JSON.parse(json) as KubeObject;
      markDecoded(obj);
    }
    return obj;
  };
  Object.defineProperty(attributes, 'object', {
    enumerable: true,
    configurable: true,
    get: () => {
      looked = true;
      return decode();
    },
    set: (v: KubeObject) => {
      looked = true;
      obj = v;
    },
  });
  return { looked: () => looked, object: decode };
}
