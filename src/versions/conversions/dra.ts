// resource.k8s.io (dynamic resource allocation) between its 1.33 versions. v1beta2 is the hub (the shape of kube's
// internal types); v1beta1 and v1alpha3 differ from it in two places:
// - a ResourceClaim's (and a template's) device request holds the "exactly one kind of device" fields directly
//   (deviceClassName, selectors, allocationMode, count, adminAccess, tolerations) where v1beta2 nests them under
//   `exactly`;
// - a ResourceSlice's device keeps its properties under `basic` where v1beta2 has them on the device itself, and
//   v1alpha3 writes a capacity as a bare quantity where the later versions write `{value: <quantity>}`.
// Every field has a place in every version, so the round trips lose nothing.
import type { KObject } from '../../api/object.js';

const EXACT_FIELDS = ['deviceClassName', 'selectors', 'allocationMode', 'count', 'adminAccess', 'tolerations'];

const isMap = (v: unknown): v is KObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies `f` to every device request of a claim spec (`{devices: {requests: [...]}}`), copying what it changes. */
function mapRequests(spec: unknown, f: (req: KObject) => KObject): unknown {
  if (!isMap(spec) || !isMap(spec.devices) || !Array.isArray(spec.devices.requests)) return spec;
  return { ...spec, devices: { ...spec.devices, requests: spec.devices.requests.map((r: unknown) => (isMap(r) ? f(r) : r)) } };
}

/** A v1beta1/v1alpha3 request in the v1beta2 form. */
function requestToHub(req: KObject): KObject {
  const exactly: KObject = {};
  const out: KObject = {};
  for (const [k, v] of Object.entries(req)) {
    if (EXACT_FIELDS.includes(k)) exactly[k] = v;
    else out[k] = v;
  }
  if (Object.keys(exactly).length === 0) return out;
  // v1beta2 field order: name, exactly, firstAvailable
  const { name, ...rest } = out;
  return { ...(name !== undefined ? { name } : {}), exactly, ...rest };
}

/** A v1beta2 request in the v1beta1/v1alpha3 form. */
function requestFromHub(req: KObject): KObject {
  const { name, exactly, firstAvailable, ...rest } = req;
  const out: KObject = {};
  if (name !== undefined) out.name = name;
  const flat = isMap(exactly) ? exactly : {};
  for (const k of EXACT_FIELDS.slice(0, 5)) if (flat[k] !== undefined) out[k] = flat[k];
  if (firstAvailable !== undefined) out.firstAvailable = firstAvailable;
  if (flat.tolerations !== undefined) out.tolerations = flat.tolerations;
  return { ...out, ...rest };
}

export function claimToHub(obj: KObject): KObject {
  return { ...obj, spec: mapRequests(obj.spec, requestToHub) };
}

export function claimFromHub(obj: KObject): KObject {
  return { ...obj, spec: mapRequests(obj.spec, requestFromHub) };
}

export function claimTemplateToHub(obj: KObject): KObject {
  if (!isMap(obj.spec)) return obj;
  return { ...obj, spec: { ...obj.spec, spec: mapRequests(obj.spec.spec, requestToHub) } };
}

export function claimTemplateFromHub(obj: KObject): KObject {
  if (!isMap(obj.spec)) return obj;
  return { ...obj, spec: { ...obj.spec, spec: mapRequests(obj.spec.spec, requestFromHub) } };
}

function mapDevices(obj: KObject, f: (d: KObject) => KObject): KObject {
  if (!isMap(obj.spec) || !Array.isArray(obj.spec.devices)) return obj;
  return { ...obj, spec: { ...obj.spec, devices: obj.spec.devices.map((d: unknown) => (isMap(d) ? f(d) : d)) } };
}

function mapCapacity(basic: KObject, f: (c: unknown) => unknown): KObject {
  if (!isMap(basic.capacity)) return basic;
  return { ...basic, capacity: Object.fromEntries(Object.entries(basic.capacity).map(([k, v]) => [k, f(v)])) };
}

const deviceToHub = (d: KObject): KObject => {
  const { name, basic, ...rest } = d;
  return { ...(name !== undefined ? { name } : {}), ...(isMap(basic) ? basic : {}), ...rest };
};

const deviceFromHub = (d: KObject): KObject => {
  const { name, ...props } = d;
  return { ...(name !== undefined ? { name } : {}), ...(Object.keys(props).length ? { basic: props } : {}) };
};

export function sliceToHub(obj: KObject): KObject {
  return mapDevices(obj, deviceToHub);
}

export function sliceFromHub(obj: KObject): KObject {
  return mapDevices(obj, deviceFromHub);
}

/** v1alpha3 → v1beta2: a bare capacity quantity becomes `{value}`. */
export function sliceV1alpha3ToHub(obj: KObject): KObject {
  return mapDevices(obj, (d) => deviceToHub(isMap(d.basic) ? { ...d, basic: mapCapacity(d.basic, (q) => ({ value: q })) } : d));
}

/** v1beta2 → v1alpha3: `{value}` becomes the bare quantity. */
export function sliceV1alpha3FromHub(obj: KObject): KObject {
  return mapDevices(obj, (d) => {
    const out = deviceFromHub(d);
    return isMap(out.basic) ? { ...out, basic: mapCapacity(out.basic, (c) => (isMap(c) ? c.value : c)) } : out;
  });
}
