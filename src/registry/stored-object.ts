// An object a large write left (or found) in storage, handed to the layers above as its stored bytes: the JSON the
// endpoint answers is those bytes with the resourceVersion spliced in (registry/rv-splice.ts), written without a
// pass over the object. It is a KubeObject all the same: the first look at any of its fields decodes it, once, and
// from then on it is that object (and no longer served from the bytes, which it may no longer match).
import type { KubeObject } from '../api/object.js';
import { splicedParts } from './rv-splice.js';

export interface StoredForm {
  /** The stored bytes (without resourceVersion). */
  value: Uint8Array;
  /** Where the resourceVersion member goes (rv-splice.ts). */
  rvAt: number;
  /** Undefined: the object has none (a dry-run create). */
  rv?: string;
}

const forms = new WeakMap<object, StoredForm>();

/** The JSON of the object: its stored bytes with its resourceVersion, as pieces. */
function jsonParts(form: StoredForm): Buffer[] {
  if (form.rv === undefined) return [Buffer.from(form.value.buffer, form.value.byteOffset, form.value.byteLength)];
  return splicedParts(form.value, form.rvAt, form.rv);
}

/**
 * The object of `form`, decoded on first use. The endpoint serves it as it is (apiVersion and kind are the
 * endpoint's, no conversion): the caller checked that.
 */
export function storedObject(form: StoredForm): KubeObject {
  let real: KubeObject | undefined;
  let proxy: KubeObject;
  const obj = (): KubeObject => {
    if (real === undefined) {
      forms.delete(proxy);
      real = JSON.parse(Buffer.concat(jsonParts(form)).toString()) as KubeObject;
    }
    return real;
  };
  proxy = new Proxy({} as KubeObject, {
    // Resolving a promise with the object asks for its `then`, which no Kubernetes object has: no decoding for that.
    get: (_t, k) => (k === 'then' && real === undefined ? undefined : Reflect.get(obj(), k)),
    set: (_t, k, v) => Reflect.set(obj(), k, v),
    has: (_t, k) => Reflect.has(obj(), k),
    deleteProperty: (_t, k) => Reflect.deleteProperty(obj(), k),
    ownKeys: () => Reflect.ownKeys(obj()),
    getOwnPropertyDescriptor: (_t, k) => {
      const d = Reflect.getOwnPropertyDescriptor(obj(), k);
      if (d) d.configurable = true; // the (empty) target has no such property: a proxy may only report it configurable
      return d;
    },
    defineProperty: (_t, k, d) => Reflect.defineProperty(obj(), k, d),
  });
  forms.set(proxy, form);
  return proxy;
}

/** The JSON bytes of an object from storedObject that nothing has decoded yet; undefined otherwise. */
export function storedJson(obj: object): Buffer[] | undefined {
  const form = forms.get(obj);
  return form && jsonParts(form);
}

/** Whether `obj` is an undecoded object from storedObject (served as it is). */
export function isStoredObject(obj: object): boolean {
  return forms.has(obj);
}
