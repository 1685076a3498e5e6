// kube's etcd request metrics (etcd_request_duration_seconds, etcd_requests_total) around the etcd engine: each
// get, list, create, update and delete timed with the operation and the group-resource of the key. Everything else
// passes through to the engine.
import type { ApiserverMetrics } from '../observability/metrics/apiserver-metrics.js';
import type { Storage } from '../storage/interface.js';

export function instrumentStorage(inner: Storage, metrics: ApiserverMetrics, typeOf: (key: string) => string): Storage {
  const timed = <T>(operation: string, type: string, work: Promise<T>): Promise<T> => {
    const start = performance.now();
    const done = () => {
      metrics.etcdRequestDuration.observe({ operation, type }, (performance.now() - start) / 1000);
      metrics.etcdRequests.inc({ operation, type });
    };
    work.then(done, done);
    return work;
  };
  const wrapped: Partial<Storage> = {
    get: (key) => timed('get', typeOf(key), inner.get(key)),
    // A count-only range (limit 1 from the start: the object-count poller) is kube's listWithCount on the key.
    list: (prefix, opts) => (opts?.limit === 1 && !opts.startKey ? timed('listWithCount', prefix, inner.list(prefix, opts)) : timed('list', typeOf(prefix), inner.list(prefix, opts))),
    put: (key, value, expected) => timed(expected === 0 ? 'create' : 'update', typeOf(key), inner.put(key, value, expected)),
    delete: (key, expected) => timed('delete', typeOf(key), inner.delete(key, expected)),
  };
  // The engine's other methods, bound to it once (binding on every access made a function per storage call).
  const bound = new Map<string | symbol, unknown>();
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in wrapped) return wrapped[prop as keyof Storage];
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      let b = bound.get(prop);
      if (b === undefined) bound.set(prop, (b = v.bind(target)));
      return b;
    },
  });
}
