// Where the engine's keys live in etcd. The layers above build keys under /registry/ (registry/keys.ts); kube's
// --etcd-prefix moves that root, so /registry/configmaps/ns/a is stored at <prefix>/configmaps/ns/a. Keys under
// no mapped root pass unchanged; etcd keys outside the mapped prefix are not ours (another cluster's, the
// compactor's) and map back to nothing.

export class KeyMap {
  /**
   * @param from the root the callers use (e.g. "/registry/")
   * @param to where it lives in etcd (e.g. "/registry/" or "/cluster-a/")
   */
  constructor(
    readonly from = '/',
    readonly to = '/',
  ) {}

  /** The etcd prefix for kube's --etcd-prefix value (normalized as kube does: one leading and trailing slash). */
  static forEtcdPrefix(etcdPrefix: string, root = '/registry/'): KeyMap {
    const trimmed = etcdPrefix.replace(/^\/+|\/+$/g, '');
    return new KeyMap(root, trimmed ? `/${trimmed}/` : '/');
  }

  toEtcd(key: string): Buffer {
    return Buffer.from(key.startsWith(this.from) ? this.to + key.slice(this.from.length) : key, 'utf8');
  }

  /** The caller's key for an etcd key, or undefined when the etcd key lies outside the mapped prefix. */
  fromEtcd(key: Buffer): string | undefined {
    const k = key.toString('utf8');
    return k.startsWith(this.to) ? this.from + k.slice(this.to.length) : undefined;
  }
}

/** etcd's "prefix + 1" over bytes: the range end covering every key that starts with `prefix`. */
export function bytePrefixEnd(prefix: Buffer): Buffer {
  const end = Buffer.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    if (end[i]! < 0xff) {
      end[i]!++;
      return end.subarray(0, i + 1);
    }
  }
  return Buffer.from([0]); // every key
}
