// Objects that came through kube's decoding step (the request body decoded and defaulted by the endpoint): the store
// does not default them again before admission. Writers inside the server (controllers) skip that decoder, so the
// store defaults their objects itself; either way an object is defaulted once before admission and once more by
// the storage round trip, as in kube.
const decoded = new WeakSet<object>();

export function markDecoded(obj: object): void {
  decoded.add(obj);
}

export function wasDecoded(obj: object): boolean {
  return decoded.has(obj);
}
